import ArgumentParser
import LockstepCore

/// `lockstep matrix`: the version matrix of the whole workspace.
struct MatrixCommand: ParsableCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Print the version matrix: one row per component with releases, rcs, pins, requirements and status.",
        discussion: """
            The status column shows every rule that needs no public-API diff; run `lockstep check` for all rules. \
            The PINS column summarises the apps (main apps' pins, and whether the shells admit them); --wide gives \
            each app its own column instead.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, markdown
    }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Components to show (default: all).", completion: ComponentCompletion.kind)
    var components: [String] = []

    @Option(help: "Output format: table (for people), json (stable schema, see docs/json/matrix.md) or markdown (for a CI job summary).")
    var format: Format = .table

    @Flag(help: "One column per app (each main's pin, each shell's requirement) instead of the PINS summary.")
    var wide = false

    var jsonCommand: String? { format == .json ? "matrix" : nil }

    func run() throws {
        let config = try options.loadConfig()
        try ComponentCompletion.requireKnown(components, in: config)
        let snapshot = try Output.timed("read \(config.components.count + config.apps.count) repos") { try SnapshotLoader.load(config) }
        let matrix = try MatrixReport.build(snapshot).filtered(to: components)
        switch format {
        case .table: Output.line(matrix.table(style: Output.style, wide: wide))
        case .json: Output.line(try JSONText.document("matrix", matrix.json))
        case .markdown: Output.line(matrix.markdown(wide: wide))
        }
    }
}

/// Builds the matrix with the rules cheap enough for it.
enum MatrixReport {
    static func build(_ snapshot: WorkspaceSnapshot) throws -> Matrix {
        let context = RuleContext(snapshot: snapshot)
        let findings = try Output.timed("ran \(Rules.withoutAPIDiff.count) rules") { try Rules.run(Rules.withoutAPIDiff, on: context) }
        return Matrix.build(snapshot, findings: findings, manifests: context.manifests)
    }
}
