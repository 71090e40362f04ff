import LockstepGit
import Version

/// LS301: layering (SPEC §1's table) and dependency cycles.
struct LS301: Rule {
    let id = "LS301"
    let severity = Severity.error
    let summary = "layering: a dependency §1 forbids, or a dependency cycle"

    /// Whether a component of `kind` may depend on one of `target`.
    static func allows(_ kind: ComponentKind, _ target: ComponentKind) -> Bool {
        switch kind {
        case .base, .protocols: return target == .base
        case .business: return !target.isBusiness
        }
    }

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        let kinds = Dictionary(
            uniqueKeysWithValues: context.snapshot.components.map { ($0.component.name, $0.component.kind) })
        // Two graphs: as released (newest release) and as developed (HEAD).
        var graphs: [String: [String: [String]]] = ["newest release": [:], "HEAD": [:]]
        for state in context.snapshot.components {
            let revisions: [(String, ObjectID, String)] = [
                state.newestRelease.map { ("newest release", $0.commit, $0.name) },
                state.head.map { ("HEAD", $0, "HEAD") },
            ].compactMap { $0 }
            var reported = Set<String>()
            for (graph, commit, label) in revisions {
                guard let dependencies = try context.manifests.readableDependencies(of: state.component, at: commit)
                else { continue }  // LS103
                let names = dependencies.compactMap(\.component).filter { $0 != state.component.name }
                graphs[graph]![state.component.name] = names
                guard context.isInFocus(state.component.name) else { continue }
                for resolved in dependencies {
                    guard let target = resolved.component, let targetKind = kinds[target],
                        !Self.allows(state.component.kind, targetKind), reported.insert(target).inserted
                    else { continue }
                    let why =
                        state.component.kind.isBusiness && targetKind.isBusiness
                        ? "business components call each other through protocol sets, never implementations"
                        : """
                        a \(state.component.kind.name) component may depend only on \
                        \(state.component.kind.isBusiness ? "base and protocols" : "base") components
                        """
                    findings.append(
                        finding(
                            state.component.name, version: label,
                            """
                            \(state.component.name) (\(state.component.kind.name)) depends on \(target) \
                            (\(targetKind.name)) at \(label); \(why)
                            """,
                            help: targetKind.isBusiness
                                ? """
                                depend on \(targetKind.implements ?? "its protocol set") instead and resolve \
                                \(target) through the mediator
                                """
                                : "move the shared code into a base component, or remove the dependency",
                            locations: [
                                ManifestLocation(
                                    context.manifests.file(of: state.component, at: commit, revision: label),
                                    line: resolved.dependency.line)
                            ],
                            key: "on \(target)"))
                }
            }
        }
        var cycles = Set<[String]>()
        for graph in graphs.keys.sorted() {
            for cycle in Self.cycles(in: graphs[graph]!) where cycles.insert(cycle).inserted {
                guard cycle.contains(where: context.isInFocus) else { continue }
                findings.append(
                    finding(
                        cycle[0], "dependency cycle at \(graph): \((cycle + [cycle[0]]).joined(separator: " → "))",
                        help: "break the cycle: move what both need into a base component or a protocol set",
                        key: "cycle \(graph): \(cycle.joined(separator: " → "))"))
            }
        }
        return findings
    }

    /// Elementary cycles found by depth-first search, each rotated to start at its smallest name.
    static func cycles(in graph: [String: [String]]) -> [[String]] {
        var found = Set<[String]>()
        var state: [String: Int] = [:]  // 1 = on stack, 2 = done
        var stack: [String] = []
        func visit(_ node: String) {
            state[node] = 1
            stack.append(node)
            for next in graph[node] ?? [] {
                if state[next] == 1, let start = stack.firstIndex(of: next) {
                    let cycle = Array(stack[start...])
                    let pivot = cycle.indices.min { cycle[$0] < cycle[$1] }!
                    found.insert(Array(cycle[pivot...] + cycle[..<pivot]))
                } else if state[next] == nil {
                    visit(next)
                }
            }
            stack.removeLast()
            state[node] = 2
        }
        for node in graph.keys.sorted() where state[node] == nil { visit(node) }
        return found.sorted { $0.joined() < $1.joined() }
    }
}

/// LS406: main's pins must resolve together.
struct LS406: Rule {
    let id = "LS406"
    let severity = Severity.error
    let summary = "a main app's pins cannot resolve: a pinned component's own requirement excludes another pin"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for main in context.snapshot.mainApps {
            let pins = Dictionary(
                main.dependencies.compactMap { resolved in
                    resolved.component.flatMap { name in resolved.dependency.requirement.exactVersion.map { (name, $0) }
                    }
                }, uniquingKeysWith: { first, _ in first })
            for (name, version) in pins.sorted(by: { $0.key < $1.key }) {
                guard let state = context.snapshot.component(name), let tag = state.tag(for: version) else { continue }
                for dependency in try context.manifests.readableDependencies(of: state.component, at: tag.commit) ?? []
                {
                    guard let other = dependency.component, let pinned = pins[other],
                        context.isInFocus(name) || context.isInFocus(other),
                        dependency.dependency.requirement.isVersioned, !dependency.dependency.requirement.admits(pinned)
                    else { continue }
                    findings.append(
                        finding(
                            name, app: main.app.name, version: "\(version)",
                            """
                            \(main.app.name) pins \(name) \(version), which requires \(other) \
                            `\(dependency.dependency.requirementText)`, but \(main.app.name) pins \(other) \
                            \(pinned)
                            """,
                            help:
                                """
                                pin versions that resolve together: a \(name) release whose manifest admits \
                                \(other) \(pinned), or a \(other) version admitted by \(name) \(version)
                                """,
                            locations: [
                                ManifestLocation(
                                    context.manifests.file(of: state.component, at: tag.commit, revision: tag.name),
                                    line: dependency.dependency.line)
                            ]))
                }
            }
        }
        return findings
    }
}
