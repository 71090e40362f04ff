import ArgumentParser
import LockstepCore

/// `lockstep graph`: how components and apps depend on each other, for Graphviz, Mermaid or as data.
struct GraphCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the dependency graph of components and apps (DOT, Mermaid or JSON).",
        discussion: """
            Nodes are components (layered base → protocols → business) and apps; edges are the requirements of \
            each manifest (components at HEAD, or their newest release when HEAD's manifest cannot be read; apps at \
            HEAD), labelled as the manifest spells them. Edges the layering forbids and dependency cycles are red \
            (LS301 judges them the same way); a dashed line joins an implementation to its protocol set. \
            Examples: `lockstep graph | dot -Tsvg > graph.svg`; `lockstep graph --format mermaid --focus Cart` \
            inside a ```mermaid block of a pull-request comment.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case dot, mermaid, json }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Output format: dot (Graphviz), mermaid (Markdown diagrams) or json (see docs/json/graph.md).")
    var format: Format = .dot

    @Option(
        help: ArgumentHelp(
            "Show only this component or app, what it depends on and what depends on it.", valueName: "name"),
        completion: ComponentCompletion.kind)
    var focus: String?

    var jsonCommand: String? { format == .json ? "graph" : nil }

    func run(console: Console) async throws {
        let config = try options.loadConfig(console)
        let snapshot = try console.timed("read \(config.components.count + config.apps.count) repos") {
            try SnapshotLoader.load(config)
        }
        var graph = DependencyGraph.make(snapshot)
        if let focus { graph = try graph.focused(on: focus) }
        switch format {
        case .dot: console.line(String(graph.dot.dropLast()))
        case .mermaid: console.line(String(graph.mermaid.dropLast()))
        case .json: console.line(try JSONText.document("graph", graph))
        }
    }
}
