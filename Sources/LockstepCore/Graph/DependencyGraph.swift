import Foundation
import LockstepGit
import LockstepManifest

/// The workspace as a graph: components and apps as nodes, manifest requirements as edges, layered
/// base → protocols → business → apps, with the edges the layering forbids and the cycles marked (the same
/// judgement as LS301). What `lockstep graph` prints and the report draws.
public struct DependencyGraph: Sendable, Codable, Equatable {
    /// A component or an app.
    public struct Node: Sendable, Codable, Equatable {
        public var name: String
        /// `base`, `protocols`, `business`, or `app`.
        public var kind: String
        /// `shell` or `main` for apps; nil for components.
        public var role: String?
        /// The protocol set a business component implements.
        public var implements: String?
        /// The newest release (`1.2.0`), nil when there is none (or for an app).
        public var version: String?
        /// 0 base, 1 protocols, 2 business, 3 apps: the drawing's rows.
        public var layer: Int
    }

    /// A requirement of `from`'s manifest on component `to`.
    public struct Edge: Sendable, Codable, Equatable {
        public var from: String
        public var to: String
        /// The requirement as the manifest spells it (`from: "1.2.0"`, `exact: "1.2.0"`).
        public var requirement: String
        /// Why the edge is wrong (`layering`, `cycle`), nil when it is fine.
        public var problem: String?
    }

    public var nodes: [Node]
    public var edges: [Edge]
    /// Each dependency cycle once, as the names along it.
    public var cycles: [[String]]

    /// Reads the graph from components' manifests at HEAD (their newest release when HEAD's cannot be read) and
    /// apps' manifests at HEAD.
    public static func make(_ snapshot: WorkspaceSnapshot) -> DependencyGraph {
        var nodes: [Node] = []
        var edges: [Edge] = []
        let kinds = Dictionary(uniqueKeysWithValues: snapshot.components.map { ($0.component.name, $0.component.kind) })
        for state in snapshot.components {
            let component = state.component
            nodes.append(
                Node(
                    name: component.name, kind: component.kind.name, role: nil, implements: component.implements,
                    version: state.newestRelease.map { "\($0.version)" }, layer: layer(of: component.kind)))
            let commits = [state.head, state.newestRelease?.commit].compactMap { $0 }
            let dependencies =
                commits.lazy.compactMap { try? snapshot.manifests.readableDependencies(of: component, at: $0) }.first
                ?? []
            for resolved in dependencies {
                guard let target = resolved.component, target != component.name, let targetKind = kinds[target] else {
                    continue
                }
                edges.append(
                    Edge(
                        from: component.name, to: target, requirement: resolved.dependency.requirementText,
                        problem: LS301.allows(component.kind, targetKind) ? nil : "layering"))
            }
        }
        for app in snapshot.apps {
            nodes.append(
                Node(
                    name: app.app.name, kind: "app", role: app.app.role.rawValue, implements: nil, version: nil,
                    layer: 3))
            for resolved in app.dependencies {
                guard let target = resolved.component, kinds[target] != nil else { continue }
                edges.append(
                    Edge(from: app.app.name, to: target, requirement: resolved.dependency.requirementText, problem: nil)
                )
            }
        }
        var adjacency: [String: [String]] = [:]
        for edge in edges where kinds[edge.from] != nil { adjacency[edge.from, default: []].append(edge.to) }
        let cycles = LS301.cycles(in: adjacency)
        let cycleEdges = Set(
            cycles.flatMap { cycle in cycle.indices.map { "\(cycle[$0])\u{0}\(cycle[($0 + 1) % cycle.count])" } })
        for index in edges.indices
        where edges[index].problem == nil && cycleEdges.contains("\(edges[index].from)\u{0}\(edges[index].to)") {
            edges[index].problem = "cycle"
        }
        return DependencyGraph(
            nodes: nodes, edges: edges, cycles: cycles.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") })
    }

    static func layer(of kind: ComponentKind) -> Int {
        switch kind {
        case .base: return 0
        case .protocols: return 1
        case .business: return 2
        }
    }

    /// Only `name`, everything it depends on and everything that depends on it (transitively), and the edges
    /// between those. Throws a `WorkspaceError` naming the known nodes when `name` is not one.
    public func focused(on name: String) throws -> DependencyGraph {
        guard nodes.contains(where: { $0.name == name }) else {
            throw WorkspaceError(
                """
                graph --focus \(name): no component or app of that name; known: \
                \(nodes.map(\.name).sorted().joined(separator: ", "))
                """
            )
        }
        func reach(_ next: (Edge) -> (String, String)) -> Set<String> {
            var seen: Set<String> = [name]
            var queue = [name]
            while let current = queue.popLast() {
                for edge in edges {
                    let (source, target) = next(edge)
                    if source == current, seen.insert(target).inserted { queue.append(target) }
                }
            }
            return seen
        }
        let keep = reach { ($0.from, $0.to) }.union(reach { ($0.to, $0.from) })
        return DependencyGraph(
            nodes: nodes.filter { keep.contains($0.name) },
            edges: edges.filter { keep.contains($0.from) && keep.contains($0.to) },
            cycles: cycles.filter { $0.allSatisfy(keep.contains) })
    }
}
