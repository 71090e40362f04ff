import ArgumentParser
import Foundation
import LockstepCore

/// `integrate --push`: the options that send a green run to the repos' remote.
struct PushOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            """
            After a green run, push the release tags and then the main apps' pin commits to each repo's remote through \
            libgit2 (a branch only as a fast-forward; tags are never rewritten). When another run pushed first, pin \
            again on the remote's tip (rebuilding only if the inputs changed) and push again.
            """))
    var push = false

    @Option(help: ArgumentHelp("The remote to push to, in every repo (with --push).", valueName: "name"))
    var remote = "origin"

    @Option(
        help: ArgumentHelp(
            """
            With --push: push each main app's pin commit to this branch of its remote (for a pull/merge request) \
            instead \
            of to the branch it was made on; `check` reports a release whose pin waits there.
            """, valueName: "name"))
    var pinBranch: String?

    @Option(
        help: ArgumentHelp(
            "How many times --push tries in all when other runs keep pushing first (1 to 20).", valueName: "n"))
    var pushAttempts = 3

    func validate() throws {
        guard (1...20).contains(pushAttempts) else {
            throw ValidationError("--push-attempts must be from 1 to 20, not \(pushAttempts)")
        }
        guard !remote.isEmpty, !remote.hasPrefix("-") else {
            throw ValidationError("--remote needs a remote's name, e.g. origin")
        }
        if let pinBranch {
            guard push else {
                throw ValidationError("--pin-branch needs --push: it names the remote branch the pins are pushed to")
            }
            guard Publisher.isValidBranchName(pinBranch) else {
                throw ValidationError(
                    """
                    --pin-branch \(pinBranch) is not a valid branch name (no spaces, `..`, `~^:?*[\\`, leading \
                    `-` or `/`)
                    """
                )
            }
        }
    }
}

extension IntegrateCommand {
    /// `--push`'s publisher and retries (Core's `PushRetry`), with the run's credentials.
    func pushRetry(_ config: WorkspaceConfig, console: Console) -> PushRetry {
        PushRetry(
            publisher: Publisher(
                config: config, remote: pushing.remote, environment: console.environment, pinBranch: pushing.pinBranch),
            attempts: pushing.pushAttempts, style: console.errorStyle)
    }

    /// With `--push` (also in a dry run): every repo the push needs has the remote.
    func checkRemotesForPush(_ plan: IntegrationPlan, config: WorkspaceConfig, console: Console) throws {
        guard pushing.push else { return }
        try wrap(console) {
            try Publisher(config: config, remote: pushing.remote, environment: console.environment).checkRemotes(plan)
        }
    }

    /// Runs the gate and, with `--push`, publishes it; a push that finds the remote moved pins again on its tip.
    func integrateAndPublish(
        _ integrator: Integrator, config: WorkspaceConfig, display: ProgressDisplay, arguments: [String],
        console: Console, onFailure: (IntegrationPlan, [BuildOutcome]) -> Void = { _, _ in }
    )
        async throws -> (IntegrationResult, PublishOutcome?)
    {
        let retry = pushRetry(config, console: console)
        if pushing.push { try retry.prepare(integrator, arguments: arguments) }
        let result = try await IntegrationRun.integrate(
            arguments, with: integrator, display: display, console: console, onFailure: onFailure)
        guard pushing.push else { return (result, nil) }
        let json = format == .json
        let (pushed, outcome) = try await retry.publish(
            result, arguments: arguments, say: { json ? console.error($0) : console.line($0) }
        ) { again in
            try await IntegrationRun.integrate(
                again, with: integrator, display: display, console: console, onFailure: onFailure)
        }
        return (pushed, outcome)
    }
}
