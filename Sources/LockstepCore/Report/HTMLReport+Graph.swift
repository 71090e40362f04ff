import Foundation

extension HTMLReport {
    /// Where each node sits: one row per layer (apps on top, base at the bottom), ordered inside a row by one
    /// barycenter pass from the top (each node under the mean position of what depends on it), so edges cross less.
    struct Layout {
        var position: [String: (x: Double, y: Double)] = [:]
        var width: Double = 0
        var height: Double = 0
        static let nodeWidth = 150.0, nodeHeight = 44.0, gap = 16.0, rowHeight = 120.0, margin = 20.0, perRow = 12

        init(_ graph: DependencyGraph) {
            var rows: [[String]] = (0...3).reversed().map { layer in
                graph.nodes.filter { $0.layer == layer }.map(\.name)
            }
            var dependents: [String: [String]] = [:]
            for edge in graph.edges { dependents[edge.to, default: []].append(edge.from) }
            var column: [String: Double] = [:]
            for (rowIndex, row) in rows.enumerated() {
                if rowIndex > 0 {
                    let original = Dictionary(uniqueKeysWithValues: row.enumerated().map { ($1, Double($0)) })
                    rows[rowIndex] = row.sorted { a, b in
                        func centre(_ name: String) -> Double {
                            let above = (dependents[name] ?? []).compactMap { column[$0] }
                            return above.isEmpty ? original[name]! : above.reduce(0, +) / Double(above.count)
                        }
                        return (centre(a), original[a]!) < (centre(b), original[b]!)
                    }
                }
                for (index, name) in rows[rowIndex].enumerated() { column[name] = Double(index) }
            }
            // A layer wider than `perRow` continues on the next row, so 200 components make a block, not a strip.
            rows = rows.flatMap { row in
                stride(from: 0, to: max(row.count, 1), by: Self.perRow).map {
                    Array(row[$0..<min($0 + Self.perRow, row.count)])
                }
            }
            let widest = rows.map(\.count).max() ?? 0
            width = Self.margin * 2 + Double(max(widest, 1)) * (Self.nodeWidth + Self.gap)
            var y = Self.margin
            for row in rows where !row.isEmpty {
                let rowWidth = Double(row.count) * (Self.nodeWidth + Self.gap)
                var x = (width - rowWidth) / 2 + Self.gap / 2
                for name in row {
                    position[name] = (x, y)
                    x += Self.nodeWidth + Self.gap
                }
                y += Self.rowHeight
            }
            height = y - Self.rowHeight + Self.nodeHeight + Self.margin * 2
        }
    }

    func graphSection() -> String {
        let layout = Layout(graph)
        let w = Layout.nodeWidth, h = Layout.nodeHeight
        var svg = """
            <svg id="graph-svg" role="img" aria-labelledby="graph-title graph-desc" viewBox="0 0 \(Int(layout.width)) \
            \(Int(layout.height))" \
            width="\(Int(layout.width))" height="\(Int(layout.height))">
            <desc id="graph-desc">\(graph.nodes.count) nodes and \(graph.edges.count) requirements; apps on top, base \
            components at the bottom</desc>
            <defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" \
            orient="auto-start-reverse">\
            <path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>

            """
        // Text labels stay readable only on small graphs; every edge keeps its requirement as a tooltip (<title>).
        let labelled = graph.edges.count <= 20
        for edge in graph.edges {
            guard let from = layout.position[edge.from], let to = layout.position[edge.to] else { continue }
            let (x1, y1) = (from.x + w / 2, from.y + (from.y < to.y ? h : 0))
            let (x2, y2) = (to.x + w / 2, to.y + (from.y < to.y ? 0 : h))
            let problem = edge.problem.map { " problem \($0)" } ?? ""
            svg +=
                """
                <g class=\"edge\(problem)\" data-from=\"\(Self.escape(edge.from))\" \
                data-to=\"\(Self.escape(edge.to))\">
                """
            svg +=
                "<title>\(Self.escape("\(edge.from) → \(edge.to): \(edge.requirement)\(edge.problem.map { " (\($0))" } ?? "")"))</title>"
            svg +=
                """
                <line x1=\"\(Int(x1))\" y1=\"\(Int(y1))\" x2=\"\(Int(x2))\" y2=\"\(Int(y2))\" \
                marker-end=\"url(#arrow)\"/>
                """
            if labelled {
                svg +=
                    """
                    <text x=\"\(Int((x1 + x2) / 2))\" y=\"\(Int((y1 + y2) / 2))\" \
                    class=\"edge-label\">\(Self.escape(edge.requirement))</text>
                    """
            }
            svg += "</g>\n"
        }
        for node in graph.nodes {
            guard let implements = node.implements, let from = layout.position[node.name],
                let to = layout.position[implements]
            else { continue }
            svg +=
                """
                <line class=\"pair\" x1=\"\(Int(from.x + w / 2))\" y1=\"\(Int(from.y + h))\" \
                x2=\"\(Int(to.x + w / 2))\" \
                y2=\"\(Int(to.y))\"><title>\(Self.escape("\(node.name) implements \(implements)"))</title></line>\n
                """
        }
        for node in graph.nodes {
            guard let at = layout.position[node.name] else { continue }
            let detail = [node.role.map { "\($0) app" } ?? node.kind, node.version].compactMap { $0 }.joined(
                separator: " ")
            svg +=
                "<g class=\"node \(node.role == nil ? node.kind : "app")\" id=\"node-\(Self.anchor(node.name))\" data-name=\"\(Self.escape(node.name))\" "
            svg +=
                "tabindex=\"0\" role=\"button\" aria-label=\"\(Self.escape("\(node.name), \(detail); show details"))\">"
            svg += "<rect x=\"\(Int(at.x))\" y=\"\(Int(at.y))\" width=\"\(Int(w))\" height=\"\(Int(h))\" rx=\"8\"/>"
            svg +=
                """
                <text x=\"\(Int(at.x + w / 2))\" y=\"\(Int(at.y + 18))\" \
                class=\"node-name\">\(Self.escape(Self.clip(node.name)))</text>
                """
            svg +=
                """
                <text x=\"\(Int(at.x + w / 2))\" y=\"\(Int(at.y + 35))\" \
                class=\"node-detail\">\(Self.escape(detail))</text></g>\n
                """
        }
        svg += "</svg>"
        var out = """
            <section id="graph" aria-labelledby="graph-title"><h2 id="graph-title">Dependency graph</h2>
            <p class="legend"><span class="key base">base</span> <span class="key protocols">protocols</span> <span \
            class="key business">business</span> \
            <span class="key app">app</span> · arrows point at what is required · <span class="bad">red</span>: a \
            dependency the layering forbids or a cycle · \
            dashed: implementation and its protocol set · click a box for details</p>
            <div class="scroll graph">\(svg)</div>

            """
        for node in graph.nodes { out += detailPanel(node) }
        if !graph.cycles.isEmpty {
            out +=
                """
                <p class=\"bad\">Cycles: \
                \(graph.cycles.map { Self.escape(($0 + [$0[0]]).joined(separator: " → ")) }.joined(separator: "; "))</p>\n
                """
        }
        return out + "</section>\n"
    }

    func detailPanel(_ node: DependencyGraph.Node) -> String {
        let row = matrix.components.first { $0.name == node.name }
        var items: [String] = []
        if let row {
            items.append("kind \(row.kind)\(row.protocolSet.map { ", implements \($0.name)" } ?? "")")
            items.append(
                """
                newest release \
                \(row.newestRelease.map { "\($0.version) (tag \($0.tag), \($0.commit.prefix(7)))" } ?? "none")
                """
            )
            items.append("rc series \(row.newestPrerelease.map { "\($0.version) (tag \($0.tag))" } ?? "none")")
            items.append("\(row.commitsAhead) commit\(row.commitsAhead == 1 ? "" : "s") ahead of its newest tag")
        } else if let role = node.role {
            items.append("\(role) app")
        }
        let requires = graph.edges.filter { $0.from == node.name }.map { "\($0.to) \($0.requirement)" }
        let requiredBy = graph.edges.filter { $0.to == node.name }.map { "\($0.from) \($0.requirement)" }
        if !requires.isEmpty { items.append("requires " + requires.joined(separator: ", ")) }
        if !requiredBy.isEmpty { items.append("required by " + requiredBy.joined(separator: ", ")) }
        let related = findings.filter { $0.subject == node.name || $0.app == node.name }
        items += related.map { "\($0.severity.rawValue) \($0.rule): \($0.message)" }
        return """
            <div class="detail" id="detail-\(Self.anchor(node.name))" role="region" \
            aria-label="\(Self.escape(node.name)) details" hidden>
            <h3>\(Self.escape(node.name))</h3><ul>\(items.map { "<li>\(Self.escape($0))</li>" }.joined())</ul></div>

            """
    }

    /// Long names are shortened in the box (the full name is in the details and the tooltip).
    static func clip(_ name: String) -> String { name.count > 20 ? String(name.prefix(19)) + "…" : name }
}
