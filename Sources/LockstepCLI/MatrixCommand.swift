import ArgumentParser
import LockstepCore

/// `lockstep matrix`: the version matrix of the whole workspace.
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Print the version matrix: one row per component with releases, rcs, pins, requirements and status.",
        discussion: "The status column shows every rule that needs no public-API diff; run `lockstep check` for all rules."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, markdown
    }

    @OptionGroup var options: WorkspaceOptions

    @Option(help: "Output format: table (for people), json (stable schema, see docs/matrix-json.md) or markdown (for a CI job summary).")
    var format: Format = .table

    func run() throws {
        let snapshot = try options.loadSnapshot()
        let matrix = try MatrixReport.build(snapshot)
        switch format {
        case .table: Output.line(matrix.table(style: Output.style))
        case .json: Output.line(try matrix.jsonText())
        case .markdown: Output.line(matrix.markdown())
        }
    }
}

/// Builds the matrix with the rules cheap enough for it.
enum MatrixReport {
    static func build(_ snapshot: WorkspaceSnapshot) throws -> Matrix {
        let context = RuleContext(snapshot: snapshot)
        let findings = try Rules.run(Rules.withoutAPIDiff, on: context)
        return Matrix.build(snapshot, findings: findings, manifests: context.manifests)
    }
}
