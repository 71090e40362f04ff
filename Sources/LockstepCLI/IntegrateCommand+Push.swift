import ArgumentParser
import Foundation
import LockstepCore
import LockstepGit

/// `integrate --push`: the options that send a green run to the repos' remote.
struct PushOptions: ParsableArguments {
    @Flag(help: ArgumentHelp("""
        After a green run, push the release tags and then the main apps' pin commits to each repo's remote through \
        libgit2 (a branch only as a fast-forward; tags are never rewritten). When another run pushed first, pin \
        again on the remote's tip (rebuilding only if the inputs changed) and push again.
        """))
    var push = false

    @Option(help: ArgumentHelp("The remote to push to, in every repo (with --push).", valueName: "name"))
    var remote = "origin"

    @Option(help: ArgumentHelp("""
        With --push: push each main app's pin commit to this branch of its remote (for a pull/merge request) instead \
        of to the branch it was made on; `check` reports a release whose pin waits there.
        """, valueName: "name"))
    var pinBranch: String?

    @Option(help: ArgumentHelp("How many times --push tries in all when other runs keep pushing first (1 to 20).", valueName: "n"))
    var pushAttempts = 3

    func validate() throws {
        guard (1...20).contains(pushAttempts) else { throw ValidationError("--push-attempts must be from 1 to 20, not \(pushAttempts)") }
        guard !remote.isEmpty, !remote.hasPrefix("-") else { throw ValidationError("--remote needs a remote's name, e.g. origin") }
        if let pinBranch {
            guard push else { throw ValidationError("--pin-branch needs --push: it names the remote branch the pins are pushed to") }
            guard Publisher.isValidBranchName(pinBranch) else {
                throw ValidationError("--pin-branch \(pinBranch) is not a valid branch name (no spaces, `..`, `~^:?*[\\`, leading `-` or `/`)")
            }
        }
    }
}

extension IntegrateCommand {
    /// With `--push` (also in a dry run): every repo the push needs has the remote.
    func checkRemotesForPush(_ plan: IntegrationPlan, config: WorkspaceConfig) throws {
        guard pushing.push else { return }
        try wrap { try Publisher(config: config, remote: pushing.remote).checkRemotes(plan) }
    }

    /// Runs the gate and, with `--push`, publishes it; a push that finds the remote moved pins again on its tip.
    func integrateAndPublish(_ integrator: Integrator, config: WorkspaceConfig, display: ProgressDisplay, arguments: [String],
                             onFailure: (IntegrationPlan, [BuildOutcome]) -> Void = { _, _ in }) async throws -> (IntegrationResult, PublishOutcome?) {
        let publisher = Publisher(config: config, remote: pushing.remote, pinBranch: pushing.pinBranch)
        if pushing.push {
            // An earlier run's release that never reached the remote (its tag, or a pin) is finished first.
            do {
                integrator.unpublished = try publisher.unpublished(arguments)
            } catch IntegrationError.refused(let message) {
                throw CommandFailure(code: 1, message: "error: \(message). Nothing was built, tagged or pinned")
            }
            try wrap { try publisher.checkRemotes(integrator.plan(arguments)) }
        }
        var result = try await Self.integrate(arguments, with: integrator, display: display, onFailure: onFailure)
        guard pushing.push else { return (result, nil) }
        let json = format == .json
        let say: (String) -> Void = { json ? Output.error($0) : Output.line($0) }
        var attempt = 1
        while true {
            let outcome: PublishOutcome
            do {
                outcome = try publisher.publish(result)
            } catch let error as IntegrationError {
                throw pushFailure(error, result: result)
            }
            for tag in outcome.tags { say("pushed \(tag) to \(pushing.remote)") }
            if let specs = outcome.specs { say("pushed the release's podspecs of the spec repo \(specs) to \(pushing.remote)") }
            for branch in outcome.branches {
                say(pushing.pinBranch == nil ? "pushed the pins of \(branch) to \(pushing.remote)"
                                             : "pushed the pins of \(branch) to \(pushing.remote): open a pull/merge request from it")
            }
            guard !outcome.behind.isEmpty else { return (result, outcome) }
            attempt += 1
            guard attempt <= pushing.pushAttempts else {
                throw CommandFailure(code: 1, message: """
                    error: \(outcome.behind.joined(separator: ", ")): other runs pushed first \(pushing.pushAttempts) time(s); the release \
                    tags are on \(pushing.remote), the pins are not. Run `\(Self.rerunCommand(arguments)) --push` again to pin on the new tip
                    """)
            }
            say("\(outcome.behind.joined(separator: ", ")): \(pushing.remote) moved; pinning again on its tip (attempt \(attempt) of \(pushing.pushAttempts))")
            // The same versions again (the release tags exist now): another run may have pinned them meanwhile.
            let again = result.plan.candidates.map { "\($0.component.name)@\($0.tag.version)" }
            result = try await Self.integrate(again, with: integrator, display: display, onFailure: onFailure)
        }
    }

    /// A push that failed after the local release and pin: what is done here, and that the same command finishes it.
    func pushFailure(_ error: IntegrationError, result: IntegrationResult) -> CommandFailure {
        var base = IntegrationText.failure(error)
        guard base.code == 1 else { return base }
        // The gate passed; it is the push that failed.
        base.message = base.message.replacingOccurrences(of: "error: integrate refused: ", with: "error: the push to \(pushing.remote) failed: ")
        // Another release owns the tag on the remote: no rerun can finish this one.
        if base.message.contains(Publisher.tagConflictSentence) { return base }
        let released = result.plan.candidates.map { "\($0.component.name) \($0.releaseTagName)" }.joined(separator: ", ")
        return CommandFailure(code: 1, message: base.message + """

            Released and pinned in this clone, not (all) on \(pushing.remote): \(released). Once the remote takes the push, \
            `\(Self.rerunCommand(result.plan.candidates.map(\.component.name))) --push` finishes it (it pushes what \(pushing.remote) \
            lacks; nothing is tagged twice, and builds that went green are not run again); `lockstep check` shows it meanwhile (LS411)
            """)
    }
}
