import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep report`: the workspace at a glance, as one self-contained HTML page.
struct ReportCommand: ParsableCommand, ConsoleCommand, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page: the version matrix, the dependency graph and the findings.",
        discussion: """
            The page needs no network (inline CSS, script and SVG) and works from file:// and as a CI artifact: a \
            sortable, filterable matrix (a name filter can be given in the address: report.html#filter=Cart), the \
            graph layered base → protocols → business → apps (click a box for its versions, rc series, commits \
            ahead and findings), and every finding of `lockstep check` (the baseline's marked accepted). \
            Example: `lockstep report --output public/ --integration integrate.json`.
            """
    )

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            """
            A folder (the page is written as lockstep-report.html in it, created if needed) or a file ending in \
            .html.
            """,
            valueName: "path"))
    var outputPath: String

    @Option(
        name: .customLong("integration"),
        help: ArgumentHelp(
            "An `integrate --format json` output to list under recent integrations (repeatable).", valueName: "file"))
    var integrations: [String] = []

    func run(console: Console) async throws {
        let target = try Self.target(outputPath, in: console)
        let records = try integrations.map { try IntegrationRecord.read(console.url($0)) }
        let config = try options.loadConfig(console)
        let baseline = try Baseline.load(for: config)
        let (snapshot, context, raw) = try console.withProgress(.releases) { progress in
            let snapshot = try console.timed("read \(config.components.count + config.apps.count) repos") {
                try SnapshotLoader.load(config)
            }
            let context = RuleContext(snapshot: snapshot)
            context.progress = progress
            context.acceptedHistory = AcceptedHistory(baseline: baseline, snapshot: snapshot)
            return (
                snapshot, context,
                try console.timed("ran \(Rules.all.count) rules") { try Rules.run(Rules.all, on: context) }
            )
        }
        let findings = FindingReview.apply(raw, config: snapshot.config, baseline: baseline)
        let matrix = MatrixPipeline.build(snapshot, allFindings: raw, context: context)
        let report = HTMLReport(
            matrix: matrix.json, findings: findings, graph: DependencyGraph.make(snapshot), integrations: records,
            generated: ISO8601DateFormatter().string(from: Date()))
        do {
            try Data(report.html.utf8).write(to: target, options: .atomic)
        } catch {
            throw CommandFailure(
                code: 2,
                message: "error: cannot write \(target.path): \(error.localizedDescription); choose another --output")
        }
        console.line("wrote \(target.path)")
    }

    /// The file to write: `path` itself when it ends in .html, else `lockstep-report.html` in the folder `path`.
    static func target(_ path: String, in console: Console) throws -> URL {
        let url = console.url(path)
        if url.pathExtension.lowercased() == "html" {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder),
                isFolder.boolValue
            else {
                throw CommandFailure(
                    code: 2,
                    message:
                        """
                        error: --output \(path): the folder \(url.deletingLastPathComponent().path) does not \
                        exist; create it first
                        """
                )
            }
            return url
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                code: 2, message: "error: --output \(path) cannot be a folder here: \(error.localizedDescription)")
        }
        return url.appendingPathComponent("lockstep-report.html")
    }
}
