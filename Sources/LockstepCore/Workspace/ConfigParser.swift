import Foundation
import LockstepAPI
import LockstepManifest
import Yams

/// Validates the YAML node tree of `lockstep.yml` key by key, so every error can point at its mark.
struct ConfigParser {
    let file: String
    let root: URL

    private static let topKeys = ["remote", "components", "apps", "swift-tools-version", "accept", "specs"]
    private static let componentKeys = [
        "name", "path", "kind", "implements", "url", "aliases", "manifest", "platforms",
    ]
    private static let appKeys = ["name", "path", "role", "build", "manifest"]

    /// A component's `kind:` with its `implements:`: a business component must name its protocol set, and no other
    /// kind may have `implements:`.
    private func componentKind(
        _ entry: Node.Mapping, _ kindText: String, name: String,
        owner: Node
    ) throws -> ComponentKind {
        guard ComponentKind.names.contains(kindText) else {
            let names = ComponentKind.names.joined(separator: ", ")
            throw error(at: entry["kind"]!, "unknown kind `\(kindText)`; use one of: \(names)")
        }
        let implements = try optionalString(entry, "implements")
        switch kindText {
        case "business":
            guard let implements else {
                throw error(
                    at: owner,
                    "business component `\(name)` is missing `implements:` (the protocol set it implements)")
            }
            return .business(implements: implements)
        default:
            if let node = entry["implements"] {
                throw error(at: node, "only business components have `implements:`; `\(name)` is \(kindText)")
            }
            return kindText == "base" ? .base : .protocols
        }
    }

    func parse(_ text: String) throws -> WorkspaceConfig {
        if let found = YAMLAnchorScan.first(in: text) {
            let message: String
            switch found.kind {
            case .alias, .anchor:
                let what = found.isAlias ? "alias `*\(found.name)`" : "anchor `&\(found.name)`"
                message =
                    """
                    YAML \(what): \(WorkspaceConfig.fileName) does not accept anchors or aliases; write each \
                    value out in full
                    """
            case .collectionKey:
                message =
                    """
                    a mapping key that is a list or a mapping; keys in \(WorkspaceConfig.fileName) are plain \
                    words like `name`
                    """
            case .tooDeep, .tooLarge:
                message =
                    """
                    lists and mappings nested more than \(YAMLAnchorScan.maximumDepth) deep; \
                    \(WorkspaceConfig.fileName) needs only a few levels
                    """
            }
            throw ConfigError(file: file, line: found.line, column: found.column, message: message)
        }
        let resolvedRoot: String
        do {
            resolvedRoot = try ResolvedPath.resolve(root.standardizedFileURL.path)
        } catch let failure as ResolvedPath.Failure {
            throw ConfigError(
                file: file, line: 0, column: 0, message: "cannot resolve the workspace folder: \(failure.message)")
        }
        let node = try compose(text, ifEmpty: "the workspace file is empty; declare `components:` and `apps:`")
        guard let mapping = node.mapping else {
            throw error(at: node, "expected a mapping with `remote`, `components` and `apps`")
        }
        try rejectUnknownKeys(mapping, allowed: Self.topKeys, in: "the workspace file")
        let remotes = try remotePatterns(mapping)
        var seen: [String: (name: String, node: Node)] = [:]
        var components: [Component] = []
        var componentNodes: [(Component, Node.Mapping)] = []
        for item in try sequence(mapping, "components", required: true) {
            guard let entry = item.mapping else {
                throw error(at: item, "each component is a mapping like `{ name: X, path: components/X, kind: base }`")
            }
            try rejectUnknownKeys(entry, allowed: Self.componentKeys, in: "a component")
            let name = try checkedName(entry, owner: item)
            try checkUnique(name, entry, &seen)
            let path = try checkedPath(entry, owner: item, resolvedRoot: resolvedRoot)
            let kindText = try requiredString(entry, "kind", owner: item)
            let kind = try componentKind(entry, kindText, name: name, owner: item)
            let (url, aliases) = try identityFields(entry)
            var component = Component(name: name, path: path, kind: kind, url: url, aliases: aliases)
            if let manifest = try optionalString(entry, "manifest") {
                let format = ManifestFormat(path: manifest)
                guard Self.isRelativeInside(manifest),
                    format == .swiftPackage || format == .podspec || format == .podspecJSON
                else {
                    throw error(
                        at: entry["manifest"]!,
                        """
                        manifest `\(manifest)` is not a component manifest lockstep reads; name, inside the \
                        component's repo, \
                        its Package.swift or its podspec (`\(name).podspec`, `\(name).podspec.json`), without `..`
                        """)
                }
                component.manifest = manifest
            }
            component.platforms = try platformList(entry)
            components.append(component)
            componentNodes.append((component, entry))
        }
        try checkIdentitiesUnique(componentNodes)
        for (component, entry) in componentNodes {
            guard let target = component.implements else { continue }
            if !components.contains(where: { $0.name == target && $0.kind == .protocols }) {
                throw error(
                    at: entry["implements"]!,
                    """
                    `\(component.name)` implements `\(target)`, which is not a protocol set declared in \
                    `components:` (kind: protocols)
                    """
                )
            }
        }
        var apps: [App] = []
        for item in try sequence(mapping, "apps", required: false) {
            guard let entry = item.mapping else {
                throw error(at: item, "each app is a mapping like `{ name: Main, path: apps/Main, role: main }`")
            }
            try rejectUnknownKeys(entry, allowed: Self.appKeys, in: "an app")
            let name = try checkedName(entry, owner: item)
            try checkUnique(name, entry, &seen)
            let path = try checkedPath(entry, owner: item, resolvedRoot: resolvedRoot)
            let roleText = try requiredString(entry, "role", owner: item)
            guard let role = AppRole(rawValue: roleText) else {
                throw error(
                    at: entry["role"]!,
                    """
                    unknown role `\(roleText)`; use one of: \
                    \(AppRole.allCases.map(\.rawValue).joined(separator: ", "))
                    """
                )
            }
            let build = try optionalString(entry, "build") ?? "swift build"
            var app = App(name: name, path: path, role: role, build: build)
            if let manifest = try optionalString(entry, "manifest") {
                guard Self.isRelativeInside(manifest), let format = ManifestFormat(path: manifest), !format.isPodspec
                else {
                    throw error(
                        at: entry["manifest"]!,
                        """
                        manifest `\(manifest)` is not a manifest lockstep reads; name, inside the app's repo, its \
                        Package.swift, \
                        its Xcode project file (`App.xcodeproj/project.pbxproj`), its project.yml, its Tuist manifest \
                        (`Tuist/Package.swift` or `Project.swift`) or its Podfile, without `..`
                        """)
                }
                app.manifest = manifest
            }
            apps.append(app)
        }
        var config = WorkspaceConfig(
            root: root.standardizedFileURL, remotes: remotes, components: components, apps: apps)
        config.swiftToolsVersion = try toolsVersion(mapping["swift-tools-version"])
        config.accepts = try acceptEntries(mapping, components: components)
        if let node = mapping["specs"] {
            guard let value = node.scalar?.string, !value.isEmpty else {
                throw error(
                    at: node,
                    "specs is the path of the team's CocoaPods spec repo inside the workspace, e.g. `specs: Specs`")
            }
            let specs = try checkedPath(value, node: node, resolvedRoot: resolvedRoot)
            // The spec repo is a repo of its own: Lockstep commits releases to it.
            if let owner = (components.map { ($0.name, $0.path) } + apps.map { ($0.name, $0.path) }).first(where: {
                $0.1 == specs || specs.hasPrefix($0.1 + "/")
            }) {
                throw error(
                    at: node,
                    """
                    specs `\(value)` is \(owner.0)'s repo (\(owner.1)); the spec repo is a repo of its own, where \
                    lockstep commits release podspecs
                    """
                )
            }
            config.specs = specs
        }
        return config
    }

    func error(at node: Node, _ message: String) -> ConfigError {
        ConfigError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, message: message)
    }

    /// The YAML node tree of `text`; an empty file is an error saying `ifEmpty`, a syntax error one with its place.
    func compose(_ text: String, ifEmpty: String) throws -> Node {
        do {
            guard let composed = try Yams.compose(yaml: text) else {
                throw ConfigError(file: file, line: 1, column: 1, message: ifEmpty)
            }
            return composed
        } catch let error as YamlError {
            throw yamlSyntaxError(error)
        }
    }

    func yamlSyntaxError(_ error: YamlError) -> ConfigError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return ConfigError(
                file: file, line: mark.line, column: mark.column, message: "YAML syntax error: \(detail)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "duplicate keys \(duplicates.joined(separator: ", "))")
        default:
            return ConfigError(file: file, line: 1, column: 1, message: "YAML error: \(error)")
        }
    }

    func rejectUnknownKeys(_ mapping: Node.Mapping, allowed: [String], in place: String) throws {
        for (key, _) in mapping {
            guard let name = key.string, allowed.contains(name) else {
                throw error(
                    at: key,
                    "unknown key `\(key.string ?? "?")` in \(place); allowed keys: \(allowed.joined(separator: ", "))")
            }
        }
    }

    func requiredString(_ mapping: Node.Mapping, _ key: String, owner: Node) throws -> String {
        guard let node = mapping[key] else {
            throw error(at: owner, "missing field `\(key)`")
        }
        guard let value = node.scalar?.string, !value.isEmpty else {
            throw error(at: node, "`\(key)` must be a non-empty string")
        }
        return value
    }

    func optionalString(_ mapping: Node.Mapping, _ key: String) throws -> String? {
        guard let node = mapping[key] else { return nil }
        guard let value = node.scalar?.string, !value.isEmpty else {
            throw error(at: node, "`\(key)` must be a non-empty string")
        }
        return value
    }

    /// A component's `platforms:` (`[iOS, macOS, Linux]`): the platforms its public API is read for, each one
    /// `#if os(…)` knows; nil when absent.
    private func platformList(_ entry: Node.Mapping) throws -> [String]? {
        guard let node = entry["platforms"] else { return nil }
        guard let items = node.sequence, !items.isEmpty else {
            throw error(at: node, "`platforms` must be a non-empty list, e.g. [iOS, macOS, Linux]")
        }
        var result: [String] = []
        for item in items {
            guard let name = item.scalar?.string, let os = APIContext.osName(name) else {
                throw error(
                    at: item,
                    """
                    unknown platform `\(item.scalar?.string ?? "")`; use iOS, macOS, tvOS, watchOS, visionOS, \
                    Linux, Windows, Android, FreeBSD, OpenBSD or WASI
                    """
                )
            }
            if !result.contains(os) { result.append(os) }
        }
        return result
    }

    func sequence(_ mapping: Node.Mapping, _ key: String, required: Bool) throws -> [Node] {
        guard let node = mapping[key] else {
            if required { throw ConfigError(file: file, line: 1, column: 1, message: "missing field `\(key)`") }
            return []
        }
        guard let sequence = node.sequence else { throw error(at: node, "`\(key)` must be a list") }
        return Array(sequence)
    }

    /// A name that is safe as a file name (it names logs, mirrors and build copies).
    private func checkedName(_ entry: Node.Mapping, owner: Node) throws -> String {
        guard let node = entry["name"] else { throw error(at: owner, "missing field `name`") }
        guard let name = node.scalar?.string else { throw error(at: node, "`name` must be a non-empty string") }
        if let problem = SafeName.problem(with: name) {
            throw error(at: node, "`name: \(name.debugDescription.dropFirst().dropLast())` is not allowed: \(problem)")
        }
        return name
    }

    /// Names are unique, also ignoring case: on a case-insensitive disk `Cart` and `cart` share their files.
    private func checkUnique(_ name: String, _ entry: Node.Mapping, _ seen: inout [String: (name: String, node: Node)])
        throws
    {
        let node = entry["name"]!
        let key = SafeName.collisionKey(name)
        if let first = seen[key] {
            let line = first.node.mark?.line ?? 0
            if first.name == name {
                throw error(
                    at: node,
                    """
                    the name `\(name)` is used twice (first at line \(line)); names must be unique across \
                    components and apps
                    """
                )
            }
            throw error(
                at: node,
                """
                the names `\(first.name)` (line \(line)) and `\(name)` differ only in case; names must differ in \
                more than case, as their files would clash on macOS
                """
            )
        }
        seen[key] = (name, node)
    }

    /// The repo path relative to the workspace, with symbolic links resolved: where the repo really is must be
    /// inside the workspace folder, so a link cannot lead Lockstep to read or write elsewhere.
    private func checkedPath(_ entry: Node.Mapping, owner: Node, resolvedRoot: String) throws -> String {
        let path = try requiredString(entry, "path", owner: owner)
        return try checkedPath(path, node: entry["path"]!, resolvedRoot: resolvedRoot)
    }

    /// A folder path of the workspace file, resolved through links, relative to the workspace; refused outside it.
    private func checkedPath(_ path: String, node: Node, resolvedRoot: String) throws -> String {
        if let bad = path.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw error(
                at: node, "path contains the control character \(SafeName.describe(bad)); write the folder's plain path"
            )
        }
        let base = root.standardizedFileURL.path
        let absolute = path.hasPrefix("/") ? path : base + "/" + path
        let resolved: String
        do {
            resolved = try ResolvedPath.resolve(absolute)
        } catch let failure as ResolvedPath.Failure {
            throw error(at: node, "path `\(path)`: \(failure.message)")
        }
        guard resolved != resolvedRoot, ResolvedPath.isInside(resolved, root: resolvedRoot) else {
            let how =
                resolved == (URL(fileURLWithPath: absolute).standardizedFileURL.path)
                ? "" : " (it leads to \(resolved) through a symbolic link)"
            throw error(
                at: node,
                """
                path `\(path)` is outside the workspace \(base)\(how); repos must live inside the folder of \
                lockstep.yml
                """
            )
        }
        return resolvedRoot == "/" ? String(resolved.dropFirst()) : String(resolved.dropFirst(resolvedRoot.count + 1))
    }

    /// A path inside a repo: relative, without empty, `.` or `..` parts.
    static func isRelativeInside(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    }

    /// `remote` is pasted into manifests as a URL, so it must look like one: `{name}` and no character a URL
    /// cannot hold (spaces, quotes, backslashes, control characters).
    func checkRemote(_ remote: String, at node: Node) throws {
        guard remote.contains("{name}") else {
            throw error(at: node, "`remote` must contain `{name}`, e.g. https://git.example.com/ios/{name}.git")
        }
        if let bad = Self.firstNonURLCharacter(in: remote.replacingOccurrences(of: "{name}", with: "")) {
            throw error(
                at: node,
                """
                `remote` contains \(SafeName.describe(bad)), which cannot appear in a URL; percent-encode it \
                (e.g. %20 for a space) or fix the pattern
                """
            )
        }
    }
}
