import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep bump`: tag a component's HEAD with its next release candidate.
struct BumpCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "bump",
        abstract: "Tag a component's HEAD with its next release candidate (X.Y.Z-rc.N).",
        discussion: """
            The level is computed: the public-API diff since the newest release gives the least level, the tie \
            raises an implementation to its protocol set's line, and a flag may raise it further. A level lower \
            than required is refused unless --reason says why: then it is released at that level and the decision \
            is kept in the tag (`Lockstep-Accepted-Level: patch (required: major): TEXT`), which LS203 honours. \
            Bumping never builds anything and never touches any app.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The component to bump.", completion: ComponentCompletion.kind)
    var component: String

    @Flag(help: "Raise the bump to the next compatibility line (X+1.0.0, or 0.Y+1.0 below 1.0).")
    var major = false
    @Flag(help: "Raise the bump to at least a minor version.")
    var minor = false
    @Flag(help: "Ask for a patch version (refused when the changes need more).")
    var patch = false

    /// `--level`'s values.
    enum Level: String, ExpressibleByArgument, CaseIterable { case patch, minor, major }

    @Option(help: "The level to release at (patch, minor, major); lower than the diff requires only with --reason.")
    var level: Level?

    @Option(help: "Why a level lower than the public-API diff requires is right (kept in the tag annotation).")
    var reason: String?

    @Flag(help: "Print what would be tagged; write nothing.")
    var dryRun = false

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    func validate() throws {
        if [major, minor, patch, level != nil].filter({ $0 }).count > 1 {
            throw ValidationError("pass at most one of --major, --minor, --patch, --level")
        }
        if let reason {
            guard requested != nil else {
                throw ValidationError("--reason goes with the level it explains: add --level patch|minor|major")
            }
            if reason.allSatisfy(\.isWhitespace) {
                throw ValidationError("--reason must say why the lower level is right")
            }
        }
    }

    var jsonCommand: String? { format == .json ? "bump" : nil }

    var requested: BumpLevel? {
        if let level { return BumpLevel(flagName: level.rawValue) }
        return major ? .breaking : minor ? .minor : patch ? .patch : nil
    }

    func run(console: Console) async throws {
        let snapshot = try console.timed("read the workspace") { try options.loadSnapshot(console) }
        let plan = try console.timed(dryRun ? "planned the bump" : "planned the bump and wrote its tag") {
            try Bumper.bump(component, requested: requested, reason: reason, dryRun: dryRun, snapshot: snapshot)
        }
        switch format {
        case .text:
            let outcome =
                dryRun ? "would tag \(plan.commit.short) (dry run: nothing written)" : "tagged at \(plan.commit.short)"
            console.line("\(plan.summary) \(outcome)")
            if let accepted = plan.accepted {
                console.line(
                    "  \(accepted.chosen.flagName) instead of the \(accepted.required.flagName) the API diff requires, accepted: \(accepted.reason) (kept in the tag; LS203 honours it)"
                )
            }
            // The rc is made; what remains is integrate (with any component whose rc this one needs), never another
            // bump.
            let command =
                (try? snapshot.integrateCommand(for: plan.component, at: plan.commit))
                ?? "lockstep integrate \(plan.component)"
            console.line("next: `\(command)` builds the apps against it, then releases and pins it")
        case .json:
            console.line(try JSONText.document("bump", BumpJSON(plan, dryRun: dryRun)))
        }
    }
}
