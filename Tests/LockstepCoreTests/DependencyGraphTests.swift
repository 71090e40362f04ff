import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `lockstep graph`'s model and its DOT/Mermaid renderings.
final class DependencyGraphTests: XCTestCase {
    /// Base ← CartProtocols ← Cart, an app, a base component that reaches up into Cart (layering) and two base
    /// components requiring each other (a cycle).
    func workspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        try ws.component("Base").release("1.0.0")
        try ws.component("CartProtocols", kind: "protocols", dependencies: [ws.dep("Base", "from: \"1.0.0\"")]).release(
            "1.0.0")
        try ws.component(
            "Cart", kind: "business", implements: "CartProtocols",
            dependencies: [ws.dep("CartProtocols", "from: \"1.0.0\""), ws.dep("Base", "from: \"1.0.0\"")]
        ).release("1.2.0")
        try ws.component("Upward", dependencies: [ws.dep("Cart", "from: \"1.0.0\"")]).release("0.1.0")
        try ws.component("Ping", dependencies: [ws.dep("Pong", "branch: \"main\"")]).commit("unreleased")
        try ws.component("Pong", dependencies: [ws.dep("Ping", "revision: \"abc\"")]).commit("unreleased")
        try ws.app(
            "Main", role: "main",
            dependencies: [ws.dep("Cart", "exact: \"1.2.0\""), ws.dep("Base", "exact: \"1.0.0\"")])
        try ws.writeConfig()
        return ws
    }

    func testNodesEdgesLayersProblemsAndCycles() throws {
        let graph = DependencyGraph.make(try workspace().snapshot())
        XCTAssertEqual(graph.nodes.map(\.name), ["Base", "CartProtocols", "Cart", "Upward", "Ping", "Pong", "Main"])
        let cart = try XCTUnwrap(graph.nodes.first { $0.name == "Cart" })
        XCTAssertEqual(
            [cart.kind, cart.implements, cart.version, cart.role, "\(cart.layer)"],
            ["business", "CartProtocols", "1.2.0", nil, "2"])
        XCTAssertEqual(graph.nodes.first { $0.name == "Main" }?.layer, 3)
        XCTAssertEqual(graph.nodes.first { $0.name == "Ping" }?.version, nil)
        let edges = graph.edges.map { "\($0.from)→\($0.to) \($0.requirement) \($0.problem ?? "-")" }
        XCTAssertEqual(
            edges,
            [
                "CartProtocols→Base from: \"1.0.0\" -",
                "Cart→CartProtocols from: \"1.0.0\" -",
                "Cart→Base from: \"1.0.0\" -",
                "Upward→Cart from: \"1.0.0\" layering",
                "Ping→Pong branch: \"main\" cycle",
                "Pong→Ping revision: \"abc\" cycle",
                "Main→Cart exact: \"1.2.0\" -",
                "Main→Base exact: \"1.0.0\" -",
            ])
        XCTAssertEqual(graph.cycles, [["Ping", "Pong"]])
    }

    func testFocusKeepsDependenciesAndDependentsOnly() throws {
        let graph = DependencyGraph.make(try workspace().snapshot())
        let cart = try graph.focused(on: "CartProtocols")
        XCTAssertEqual(Set(cart.nodes.map(\.name)), ["CartProtocols", "Base", "Cart", "Upward", "Main"])
        XCTAssertFalse(cart.edges.contains { $0.from == "Ping" || $0.to == "Ping" })
        XCTAssertEqual(cart.cycles, [])
        XCTAssertThrowsError(try graph.focused(on: "Nope")) {
            XCTAssertTrue("\($0)".contains("known: Base, Cart"), "\($0)")
        }
    }

    func testDotDrawsLayersPairsAndProblemsInRedAndGraphvizReadsIt() throws {
        let dot = DependencyGraph.make(try workspace().snapshot()).dot
        XCTAssertTrue(dot.hasPrefix("digraph lockstep {"), dot)
        XCTAssertTrue(dot.contains("{ rank=same; \"Main\"; }"), dot)
        XCTAssertTrue(dot.contains("\"Cart\" -> \"CartProtocols\" [label=\"from: \\\"1.0.0\\\"\"];"), dot)
        XCTAssertTrue(dot.contains("\"Upward\" -> \"Cart\" [label=\"from: \\\"1.0.0\\\"\", color=\"#c62828\""), dot)
        XCTAssertTrue(dot.contains("\"Ping\" -> \"Pong\" [label=\"branch: \\\"main\\\"\", color=\"#c62828\""), dot)
        XCTAssertTrue(dot.contains("\"Cart\" -> \"CartProtocols\" [style=dashed"), dot)
        let dotTool = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let dotTool else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("Graphviz is missing; ci/ensure-deps --test installs it")
            }
            throw XCTSkip("Graphviz (dot) is not installed")
        }
        let folder = try TemporaryFolder("lockstep-graph")
        let file = folder.url.appendingPathComponent("graph.dot")
        try dot.write(to: file, atomically: true, encoding: .utf8)
        let svg = try ProcessRunner.run(
            dotTool, ["-Tsvg", file.path], in: folder.url, environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertEqual(svg.stdout.components(separatedBy: "class=\"node\"").count - 1, 7, "every node drawn")
        XCTAssertEqual(
            svg.stdout.components(separatedBy: "class=\"edge\"").count - 1, 9, "eight requirements and one pair")
    }

    func testMermaidUsesSafeIdsAndEscapesEveryLabel() throws {
        let mermaid = DependencyGraph.make(try workspace().snapshot()).mermaid
        let lines = mermaid.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "graph TD")
        XCTAssertTrue(lines.contains("  n2[\"Cart<br/>business 1.2.0\"]:::business"), mermaid)
        XCTAssertTrue(lines.contains("  n3 -->|\"from: #34;1.0.0#34;\"| n2"), mermaid)
        XCTAssertTrue(lines.contains("  n2 -.-|implements| n1"), mermaid)
        XCTAssertTrue(lines.contains("  linkStyle 3,4,5 stroke:#c62828,stroke-width:3px,color:#c62828"), mermaid)
        XCTAssertFalse(mermaid.contains("\"main\""), "no raw quote inside a label")
    }

    func testHostileTextCannotBreakOutOfALabel() {
        XCTAssertEqual(DependencyGraph.dotID("a\"];\nevil -> x [\\"), "\"a\\\"];\\nevil -> x [\\\\\"")
        XCTAssertEqual(
            DependencyGraph.mermaidText("x\"]-->|y|<script>&"), "x#34;#93;--#62;#124;y#124;#60;script#62;#38;")
    }
}
