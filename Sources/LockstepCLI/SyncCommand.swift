import ArgumentParser
import LockstepCore

/// `lockstep sync`: every repo of the workspace on its remote branch's tip, for a CI job's fresh checkout.
struct SyncCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Put every repo on the tip of its remote's branch, with all tags fetched (for CI checkouts).",
        discussion: """
            Fetches the branches and tags of each component and app from the remote, through libgit2, then checks \
            out the branch HEAD is on, fast-forwarded to the remote; a repo on a detached HEAD (how CI checks \
            submodules out) gets the remote's default branch (or --branch). `integrate` commits pins on the main \
            apps' branches and reads every release, so a CI job runs this first. Local commits the remote lacks are \
            kept (the pins `integrate --push` pushes). Every repo is checked before any is changed: local changes, a \
            merge or rebase in progress, a missing remote or a branch that diverged from the remote stop it. \
            Example: `lockstep sync --workspace . && lockstep integrate Cart --push`.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The remote to fetch from, in every repo.", valueName: "name"))
    var remote = "origin"

    @Option(
        help: ArgumentHelp(
            "The branch to check out in repos whose HEAD is detached (default: the remote's default branch).",
            valueName: "name"))
    var branch: String?

    @Option(help: "Output format: text, or json (see docs/json/sync.md).")
    var format: Format = .text

    var jsonCommand: String? { format == .json ? "sync" : nil }

    func validate() throws {
        guard !remote.isEmpty, !remote.hasPrefix("-") else {
            throw ValidationError("--remote needs a remote's name, e.g. origin")
        }
        if let branch, !Publisher.isValidBranchName(branch) {
            throw ValidationError("--branch: `\(branch)` is not a valid branch name")
        }
    }

    func run(console: Console) async throws {
        let config = try options.loadConfig(console)
        let outcomes: [SyncOutcome]
        do {
            var sync = WorkspaceSync(config: config, remote: remote, environment: console.environment, branch: branch)
            outcomes = try console.withProgress(.repos) { progress in
                sync.progress = progress
                return try sync.run()
            }
        } catch IntegrationError.usage(let message) {
            throw CommandFailure(code: 2, message: "error: \(message)")
        } catch IntegrationError.refused(let message) {
            throw CommandFailure(code: 1, message: "error: \(message)")
        }
        if format == .json {
            console.line(try JSONText.document("sync", SyncJSON(remote: remote, repos: outcomes)))
            return
        }
        for outcome in outcomes {
            let detail: String
            switch outcome.change {
            case "fast-forwarded": detail = "fast-forwarded \(outcome.forwarded) commit(s)"
            case "ahead": detail = "\(outcome.ahead) local commit(s) not on \(remote) yet, kept"
            case "checked-out":
                detail =
                    "checked out"
                    + (outcome.ahead > 0 ? ", \(outcome.ahead) local commit(s) not on \(remote) yet, kept" : "")
            default: detail = "up to date"
            }
            console.line("\(outcome.name): \(outcome.branch) at \(outcome.commit.prefix(7)) (\(detail))")
            if !outcome.differingTags.isEmpty {
                if console.verbosity > .quiet {
                    console.error(
                        """
                        warning: \(outcome.name): local tag(s) \(outcome.differingTags.joined(separator: ", ")) name \
                        other commits than \(remote)'s; \
                        kept as they are (delete them with `git -C \(outcome.path) tag -d NAME` and sync again to take \
                        \(remote)'s)
                        """)
                }
            }
        }
    }
}

/// `lockstep sync --format json`'s own fields (docs/json/sync.md).
struct SyncJSON: Codable {
    var remote: String
    var repos: [SyncOutcome]
}
