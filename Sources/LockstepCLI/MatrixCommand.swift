import ArgumentParser
import LockstepCore

/// `lockstep matrix`: the version matrix of the whole workspace.
struct MatrixCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
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

    @Option(
        help:
            """
            Output format: table (for people), json (stable schema, see docs/json/matrix.md) or markdown (for a \
            CI job summary).
            """
    )
    var format: Format = .table

    @Flag(help: "One column per app (each main's pin, each shell's requirement) instead of the PINS summary.")
    var wide = false

    var jsonCommand: String? { format == .json ? "matrix" : nil }

    func run(console: Console) async throws {
        let config = try options.loadConfig(console)
        try ComponentCompletion.requireKnown(components, in: config)
        let snapshot = try console.timed("read \(config.components.count + config.apps.count) repos") {
            try SnapshotLoader.load(config)
        }
        let matrix = try console.matrix(snapshot).filtered(to: components)
        switch format {
        case .table: console.line(matrix.table(style: console.style, wide: wide))
        case .json: console.line(try JSONText.document("matrix", matrix.json))
        case .markdown: console.line(matrix.markdown(wide: wide))
        }
    }
}

extension Console {
    /// The workspace's matrix (Core's `MatrixPipeline`), its rules timed with `--verbose`.
    func matrix(_ snapshot: WorkspaceSnapshot) throws -> Matrix {
        try MatrixPipeline.build(snapshot) { what, body in try timed(what, body) }
    }
}
