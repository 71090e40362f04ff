import Foundation
import Yams

/// Validates the YAML node tree of `lockstep.yml` key by key, so every error can point at its mark.
struct ConfigParser {
    let file: String
    let root: URL

    private static let topKeys = ["remote", "components", "apps"]
    private static let componentKeys = ["name", "path", "kind", "implements"]
    private static let appKeys = ["name", "path", "role", "build"]

    func parse(_ text: String) throws -> WorkspaceConfig {
        let node: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else {
                throw ConfigError(file: file, line: 1, column: 1, message: "the workspace file is empty; declare `components:` and `apps:`")
            }
            node = composed
        } catch let error as YamlError {
            throw yamlSyntaxError(error)
        }
        guard let mapping = node.mapping else {
            throw error(at: node, "expected a mapping with `remote`, `components` and `apps`")
        }
        try rejectUnknownKeys(mapping, allowed: Self.topKeys, in: "the workspace file")
        let remote = try optionalString(mapping, "remote")
        if let remote, let node = mapping["remote"], !remote.contains("{name}") {
            throw error(at: node, "`remote` must contain `{name}`, e.g. https://git.example.com/ios/{name}.git")
        }
        var seen: [String: Node] = [:]
        var components: [Component] = []
        var componentNodes: [(Component, Node.Mapping)] = []
        for item in try sequence(mapping, "components", required: true) {
            guard let entry = item.mapping else { throw error(at: item, "each component is a mapping like `{ name: X, path: components/X, kind: base }`") }
            try rejectUnknownKeys(entry, allowed: Self.componentKeys, in: "a component")
            let name = try requiredString(entry, "name", owner: item)
            try checkNameStaysInFolder(name, at: entry["name"]!)
            try checkUnique(name, entry, &seen)
            let path = try checkedPath(entry, owner: item)
            let kindText = try requiredString(entry, "kind", owner: item)
            guard let kind = ComponentKind(rawValue: kindText) else {
                throw error(at: entry["kind"]!, "unknown kind `\(kindText)`; use one of: \(ComponentKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let implements = try optionalString(entry, "implements")
            if kind == .business, implements == nil {
                throw error(at: item, "business component `\(name)` is missing `implements:` (the protocol set it implements)")
            }
            if kind != .business, let node = entry["implements"] {
                throw error(at: node, "only business components have `implements:`; `\(name)` is \(kind.rawValue)")
            }
            let component = Component(name: name, path: path, kind: kind, implements: implements)
            components.append(component)
            componentNodes.append((component, entry))
        }
        for (component, entry) in componentNodes {
            guard let target = component.implements else { continue }
            if !components.contains(where: { $0.name == target && $0.kind == .protocols }) {
                throw error(at: entry["implements"]!, "`\(component.name)` implements `\(target)`, which is not a protocol set declared in `components:` (kind: protocols)")
            }
        }
        var apps: [App] = []
        for item in try sequence(mapping, "apps", required: false) {
            guard let entry = item.mapping else { throw error(at: item, "each app is a mapping like `{ name: Main, path: apps/Main, role: main }`") }
            try rejectUnknownKeys(entry, allowed: Self.appKeys, in: "an app")
            let name = try requiredString(entry, "name", owner: item)
            try checkNameStaysInFolder(name, at: entry["name"]!)
            try checkUnique(name, entry, &seen)
            let path = try checkedPath(entry, owner: item)
            let roleText = try requiredString(entry, "role", owner: item)
            guard let role = AppRole(rawValue: roleText) else {
                throw error(at: entry["role"]!, "unknown role `\(roleText)`; use one of: \(AppRole.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let build = try optionalString(entry, "build") ?? "swift build"
            apps.append(App(name: name, path: path, role: role, build: build))
        }
        return WorkspaceConfig(root: root.standardizedFileURL, remote: remote, components: components, apps: apps)
    }

    private func error(at node: Node, _ message: String) -> ConfigError {
        ConfigError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, message: message)
    }

    private func yamlSyntaxError(_ error: YamlError) -> ConfigError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return ConfigError(file: file, line: mark.line, column: mark.column, message: "YAML syntax error: \(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigError(file: file, line: context.mark.line, column: context.mark.column,
                               message: "duplicate keys \(duplicates.joined(separator: ", "))")
        default:
            return ConfigError(file: file, line: 1, column: 1, message: "YAML error: \(error)")
        }
    }

    private func rejectUnknownKeys(_ mapping: Node.Mapping, allowed: [String], in place: String) throws {
        for (key, _) in mapping {
            guard let name = key.string, allowed.contains(name) else {
                throw error(at: key, "unknown key `\(key.string ?? "?")` in \(place); allowed keys: \(allowed.joined(separator: ", "))")
            }
        }
    }

    private func requiredString(_ mapping: Node.Mapping, _ key: String, owner: Node) throws -> String {
        guard let node = mapping[key] else {
            throw error(at: owner, "missing field `\(key)`")
        }
        guard let value = node.scalar?.string, !value.isEmpty else {
            throw error(at: node, "`\(key)` must be a non-empty string")
        }
        return value
    }

    private func optionalString(_ mapping: Node.Mapping, _ key: String) throws -> String? {
        guard let node = mapping[key] else { return nil }
        guard let value = node.scalar?.string, !value.isEmpty else {
            throw error(at: node, "`\(key)` must be a non-empty string")
        }
        return value
    }

    private func sequence(_ mapping: Node.Mapping, _ key: String, required: Bool) throws -> [Node] {
        guard let node = mapping[key] else {
            if required { throw ConfigError(file: file, line: 1, column: 1, message: "missing field `\(key)`") }
            return []
        }
        guard let sequence = node.sequence else { throw error(at: node, "`\(key)` must be a list") }
        return Array(sequence)
    }

    private func checkUnique(_ name: String, _ entry: Node.Mapping, _ seen: inout [String: Node]) throws {
        let node = entry["name"]!
        if let first = seen[name] {
            throw error(at: node, "the name `\(name)` is used twice (first at line \(first.mark?.line ?? 0)); names must be unique across components and apps")
        }
        seen[name] = node
    }

    private func checkedPath(_ entry: Node.Mapping, owner: Node) throws -> String {
        let path = try requiredString(entry, "path", owner: owner)
        let node = entry["path"]!
        let base = root.standardizedFileURL.path
        let resolved = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)).standardizedFileURL.path
        guard resolved.hasPrefix(base + "/") else {
            throw error(at: node, "path `\(path)` is outside the workspace \(base); repos must live inside the folder of lockstep.yml")
        }
        return String(resolved.dropFirst(base.count + 1))
    }
}
