/// `integrate --push`: a green run's release tags and pin commits sent to each repo's remote; when another run pushed
/// first, pinned again on the remote's tip (through `again`, which rebuilds only if the inputs changed) and pushed
/// again, up to `attempts` tries in all.
public struct PushRetry {
    public var publisher: Publisher
    public var attempts: Int
    /// Colours the refusal texts (stderr's style).
    public var style: Style

    public init(publisher: Publisher, attempts: Int, style: Style = Style(enabled: false)) {
        self.publisher = publisher
        self.attempts = attempts
        self.style = style
    }

    /// Before the run: an earlier run's release that never reached the remote (its tag, or a pin) is finished
    /// first, and every repo the push needs has the remote.
    public func prepare(_ integrator: Integrator, arguments: [String]) throws {
        do {
            integrator.unpublished = try publisher.unpublished(arguments)
        } catch IntegrationError.refused(let message) {
            throw CommandFailure(code: 1, message: "error: \(message). Nothing was built, tagged or pinned")
        }
        do { try publisher.checkRemotes(integrator.plan(arguments)) } catch let error as IntegrationError {
            throw IntegrationText.failure(error, style: style)
        }
    }

    /// Pushes `result`; `say` gets a line per push and per retry. Returns the run that was pushed last and what the
    /// remote took.
    public func publish(
        _ first: IntegrationResult, arguments: [String], say: (String) -> Void,
        again: ([String]) async throws -> IntegrationResult
    ) async throws -> (IntegrationResult, PublishOutcome) {
        let remote = publisher.remote
        var result = first
        var attempt = 1
        while true {
            let outcome: PublishOutcome
            do {
                outcome = try publisher.publish(result)
            } catch let error as IntegrationError {
                throw failure(error, result: result)
            }
            for tag in outcome.tags { say("pushed \(tag) to \(remote)") }
            if let specs = outcome.specs { say("pushed the release's podspecs of the spec repo \(specs) to \(remote)") }
            for branch in outcome.branches {
                say(
                    publisher.pinBranch == nil
                        ? "pushed the pins of \(branch) to \(remote)"
                        : "pushed the pins of \(branch) to \(remote): open a pull/merge request from it")
            }
            guard !outcome.behind.isEmpty else { return (result, outcome) }
            attempt += 1
            guard attempt <= attempts else {
                throw CommandFailure(
                    code: 1,
                    message: """
                        error: \(outcome.behind.joined(separator: ", ")): other runs pushed first \(attempts) time(s); \
                        the release \
                        tags are on \(remote), the pins are not. Run `\(IntegrationText.rerunCommand(arguments)) \
                        --push` again to pin on the new tip
                        """)
            }
            say(
                """
                \(outcome.behind.joined(separator: ", ")): \(remote) moved; pinning again on its tip (attempt \
                \(attempt) of \(attempts))
                """
            )
            // The same versions again (the release tags exist now): another run may have pinned them meanwhile.
            result = try await again(result.plan.candidates.map { "\($0.component.name)@\($0.tag.version)" })
        }
    }

    /// A push that failed after the local release and pin: what is done here, and that the same command finishes it.
    public func failure(_ error: IntegrationError, result: IntegrationResult) -> CommandFailure {
        let remote = publisher.remote
        var base = IntegrationText.failure(error, style: style)
        guard base.code == 1 else { return base }
        // The gate passed; it is the push that failed.
        base.message = base.message.replacingOccurrences(
            of: "error: integrate refused: ", with: "error: the push to \(remote) failed: ")
        // Another release owns the tag on the remote: no rerun can finish this one.
        if base.message.contains(Publisher.tagConflictSentence) { return base }
        let released = result.plan.candidates.map { "\($0.component.name) \($0.releaseTagName)" }.joined(
            separator: ", ")
        return CommandFailure(
            code: 1,
            message: base.message + """

                Released and pinned in this clone, not (all) on \(remote): \(released). Once the remote takes the \
                push, \
                `\(IntegrationText.rerunCommand(result.plan.candidates.map(\.component.name))) --push` finishes it (it \
                pushes what \(remote) \
                lacks; nothing is tagged twice, and builds that went green are not run again); `lockstep check` shows \
                it meanwhile (LS411)
                """)
    }
}
