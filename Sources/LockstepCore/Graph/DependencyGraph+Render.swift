import Foundation

extension DependencyGraph {
    /// Graphviz DOT: one row per layer (apps on top, base at the bottom), a dashed line from each business
    /// component to the protocol set it implements, and forbidden edges and cycles in red.
    public var dot: String {
        var lines = [
            "digraph lockstep {", "  rankdir=TB;",
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for layer in (0...3).reversed() {
            let names = nodes.filter { $0.layer == layer }.map { Self.dotID($0.name) }
            if !names.isEmpty { lines.append("  { rank=same; \(names.joined(separator: "; ")); }") }
        }
        for node in nodes {
            let detail = [node.role.map { "\($0) app" } ?? node.kind, node.version].compactMap { $0 }.joined(
                separator: " ")
            lines.append(
                "  \(Self.dotID(node.name)) [label=\(Self.dotID(node.name + "\n" + detail)), fillcolor=\"\(Self.colour(node))\"];"
            )
        }
        for edge in edges {
            let red =
                edge.problem.map { ", color=\"#c62828\", fontcolor=\"#c62828\", penwidth=2, tooltip=\(Self.dotID($0))" }
                ?? ""
            lines.append(
                "  \(Self.dotID(edge.from)) -> \(Self.dotID(edge.to)) [label=\(Self.dotID(edge.requirement))\(red)];")
        }
        for node in nodes {
            guard let protocols = node.implements, nodes.contains(where: { $0.name == protocols }) else { continue }
            lines.append(
                "  \(Self.dotID(node.name)) -> \(Self.dotID(protocols)) [style=dashed, arrowhead=none, constraint=false, label=\"implements\"];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid flowchart (for Markdown job summaries and pull-request comments): node ids are `n0`, `n1`, … so
    /// no name can break the syntax; labels are quoted with Mermaid's entity escapes.
    public var mermaid: String {
        var ids: [String: String] = [:]
        for (index, node) in nodes.enumerated() { ids[node.name] = "n\(index)" }
        var lines = ["graph TD"]
        for node in nodes {
            let detail = [node.role.map { "\($0) app" } ?? node.kind, node.version].compactMap { $0 }.joined(
                separator: " ")
            lines.append(
                "  \(ids[node.name]!)[\"\(Self.mermaidText(node.name))<br/>\(Self.mermaidText(detail))\"]:::\(node.role == nil ? node.kind : "app")"
            )
        }
        var red: [Int] = []
        for (index, edge) in edges.enumerated() {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            lines.append("  \(from) -->|\"\(Self.mermaidText(edge.requirement))\"| \(to)")
            if edge.problem != nil { red.append(index) }
        }
        for node in nodes {
            guard let protocols = node.implements, let from = ids[node.name], let to = ids[protocols] else { continue }
            lines.append("  \(from) -.-|implements| \(to)")
        }
        if !red.isEmpty {
            lines.append(
                "  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:#c62828,stroke-width:3px,color:#c62828"
            )
        }
        for (kind, colour) in [
            ("base", "#e3f2fd"), ("protocols", "#f3e5f5"), ("business", "#e8f5e9"), ("app", "#fff3e0"),
        ] {
            lines.append("  classDef \(kind) fill:\(colour),stroke:#555")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func colour(_ node: Node) -> String {
        switch node.kind {
        case "base": return "#e3f2fd"
        case "protocols": return "#f3e5f5"
        case "business": return "#e8f5e9"
        default: return "#fff3e0"
        }
    }

    /// A DOT quoted ID: backslashes and quotes escaped, line breaks as DOT's `\n`, control characters dropped.
    public static func dotID(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 32 || scalar.value == 127: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Text inside a quoted Mermaid label: characters that could end the label or the edge, or be read as
    /// HTML, become Mermaid's `#code;` entities; line breaks become spaces.
    public static func mermaidText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "|", "<", ">", "&", "#", "[", "]", "{", "}", "`": out += "#\(scalar.value);"
            case _ where scalar.value < 32 || scalar.value == 127: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
