import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep init`: writes a first `lockstep.yml` for the repos a team already has.
struct InitCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Guess a commented lockstep.yml from the git repos under a folder.",
        discussion: """
            Finds the git repos under DIR (not inside other repos, hidden folders or .build; 4 levels deep), reads \
            each one's Package.swift at HEAD and its origin URL, and guesses components (depended on, or offering a \
            library), apps (depending on components, depended on by none), kinds (XProtocols/XInterface/XAPI next \
            to X: protocols and business), app roles (all exact: → main, else shell) and the remote pattern. The \
            reasons go to stderr and into the file as comments. Exit 1 when lockstep.yml exists (without --force).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var output: OutputOptions

    @Option(help: "Output format: text (for people) or json (docs/json/init.md).")
    var format: Format = .text

    @Argument(help: ArgumentHelp("The workspace folder. Default: the current folder.", valueName: "dir"))
    var dir: String?

    @Option(help: .hidden)
    var workspace: String?

    @Flag(help: "Replace an existing lockstep.yml.")
    var force = false

    @Flag(help: "Print the file to stdout and write nothing.")
    var dryRun = false

    func validate() throws {
        if let dir, let workspace, dir != workspace {
            throw ValidationError("give the folder once: either DIR or --workspace")
        }
    }

    var jsonCommand: String? { format == .json ? "init" : nil }

    func run(console: Console) async throws {
        let folder = console.url(dir ?? workspace ?? ".")
        do {
            if !dryRun { try WorkspaceInit.requireWritable(folder, force: force) }
        } catch let refusal as WorkspaceInit.Refusal {
            throw CommandFailure(code: 1, message: "error: \(refusal.description)")
        }
        let proposal = try console.withProgress(.repos) { try WorkspaceInit.propose(in: folder, progress: $0) }
        if format == .text { for line in proposal.summary where console.verbosity >= .normal { console.error(line) } }
        func report(file: URL?) throws {
            let json = InitJSON(
                file: file?.path, written: file != nil, dryRun: dryRun, components: proposal.componentCount,
                apps: proposal.appCount, guesses: proposal.summary, text: proposal.text)
            console.line(try JSONText.document("init", json))
        }
        if dryRun {
            if format == .json { return try report(file: nil) }
            console.write(proposal.text)
            return
        }
        do {
            let file = try WorkspaceInit.write(proposal, force: force)
            if format == .json { return try report(file: file) }
            console.line(
                """
                wrote \(file.path): \(proposal.componentCount) components, \(proposal.appCount) apps; review the \
                lines marked REVIEW, then run `lockstep matrix`
                """
            )
        } catch let refusal as WorkspaceInit.Refusal {
            throw CommandFailure(code: 1, message: "error: \(refusal.description)")
        }
    }
}

/// `init --format json` (docs/json/init.md).
struct InitJSON: Codable {
    /// The file written, absent with `--dry-run`.
    var file: String?
    var written: Bool
    var dryRun: Bool
    var components: Int
    var apps: Int
    /// Each guess with its reason, one line each (what stderr shows in text mode).
    var guesses: [String]
    /// The generated `lockstep.yml`.
    var text: String
}
