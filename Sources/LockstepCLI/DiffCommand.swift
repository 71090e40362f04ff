import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep diff`: the public-API changes of a component and the bump level they require.
struct DiffCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Print a component's public-API changes between two revisions and the bump level they require.",
        discussion:
            """
            FROM and TO are versions (1.2.0 or v1.2.0), tags, branches or commits. Default: the newest release to \
            HEAD. The sources are read from git, never from the work tree. With --fail-on, exits 1 (after \
            printing the diff) when the changes require that level or more: `--fail-on breaking` in a \
            pull-request check refuses API breaks.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    /// The level from which `--fail-on` makes the command fail.
    enum FailLevel: String, ExpressibleByArgument, CaseIterable {
        case breaking, minor

        var level: BumpLevel { self == .breaking ? .breaking : .minor }
    }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The component to diff.", completion: ComponentCompletion.kind)
    var component: String

    @Argument(help: "The old revision (default: the newest release).")
    var from: String?

    @Argument(help: "The new revision (default: HEAD).")
    var to: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(
        help:
            """
            Exit 1 when the changes require this level or more: breaking (a major version) or minor (any addition \
            too).
            """
    )
    var failOn: FailLevel?

    var jsonCommand: String? { format == .json ? "diff" : nil }

    func run(console: Console) async throws {
        let snapshot = try console.timed("read the workspace") { try options.loadSnapshot(console) }
        let comparison = try console.timed("compared the public API") {
            try APIComparison.make(
                snapshot, component: component, from: from, to: to,
                reader: APIReader(config: snapshot.config, manifests: snapshot.manifests))
        }
        let required = comparison.diff.requiredLevel
        let fails = failOn.map { required >= $0.level } ?? false
        switch format {
        case .text:
            console.line(comparison.render(style: console.style))
        case .json:
            let json = DiffJSON(
                component: component, from: comparison.fromLabel, to: comparison.toLabel,
                fromCommit: comparison.from.hex, toCommit: comparison.to.hex,
                level: "\(required)", reason: comparison.diff.levelReason,
                changes: comparison.diff.changes, failOn: failOn?.rawValue, failed: failOn.map { _ in fails })
            console.line(try JSONText.document("diff", json))
        }
        if let failOn, fails {
            throw CommandFailure(
                code: 1,
                message: "\(component): the changes require a \(required) version (--fail-on \(failOn.rawValue))",
                reported: format == .json)
        }
    }
}
