import Yams

/// Reads the Swift packages of an XcodeGen spec (`project.yml`): each entry of `packages:` with its `url:` (or
/// `github: owner/repo`) and requirement (`exactVersion`/`version`, `from`/`majorVersion`, `minorVersion`,
/// `minVersion` + `maxVersion`, `branch`, `revision`), or a local `path:`. A pin rewrites only the requirement's
/// `key: value` (both keys of a range), every other byte kept.
public enum XcodeGenReader {
    /// Parses `text`; a YAML error or a `packages:` that is not a mapping throws `ManifestError` with its place.
    public static func parse(_ text: String, file: ManifestFile) throws -> Manifest {
        let lines = LineOffsets(text)
        // XcodeGen specs share settings through anchors: allowed, within a bound an alias bomb exceeds.
        try YAMLAnchorScan.requirePlain(text, file: file, expansionLimit: 200_000)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ManifestError(file: file, line: 1, column: 1, reason: "project.yml is not valid YAML: \(error)")
        }
        var manifest = Manifest(packageName: root?.mapping?["name"]?.string, dependencies: [], text: text, file: file)
        manifest.format = .xcodeGen
        guard let packages = root?.mapping?["packages"] else { return manifest }
        guard let entries = packages.mapping else {
            throw ManifestError(
                file: file, line: packages.mark?.line ?? 1, column: packages.mark?.column ?? 1,
                reason: "`packages:` must map each package's name to its url and requirement")
        }
        for (nameNode, value) in entries {
            let name = nameNode.string ?? ""
            let line = nameNode.mark?.line ?? 1, column = nameNode.mark?.column ?? 1
            do {
                manifest.dependencies.append(
                    try dependency(name, value, line: line, column: column, lines: lines, file: file))
            } catch let error as ManifestError {
                manifest.unreadableDependencies.append(error)
            }
        }
        return manifest
    }

    private static let requirementKeys = [
        "exactVersion", "version", "from", "majorVersion", "minorVersion", "minVersion", "maxVersion", "branch",
        "revision",
    ]

    private static func dependency(
        _ name: String, _ node: Node, line: Int, column: Int, lines: LineOffsets, file: ManifestFile
    ) throws -> PackageDependency {
        func problem(_ reason: String) -> ManifestError {
            ManifestError(file: file, line: line, column: column, reason: "package `\(name)`: \(reason)")
        }
        guard let mapping = node.mapping else { throw problem("expected a mapping with `url:` and a requirement") }
        func value(_ key: String) -> String? { mapping[key]?.string }
        if let path = value("path"), value("url") == nil, value("github") == nil {
            let range = try lines.range(of: mapping, key: "path", file: file)
            return PackageDependency(
                url: nil, explicitName: nil, requirement: .path(path), line: line, column: column,
                requirementRange: range)
        }
        guard let url = value("url") ?? value("github").map({ "https://github.com/\($0)" }) else {
            throw problem("no `url:`, `github:` or `path:`")
        }
        let requirement: Requirement
        let keys: [String]
        if let version = value("exactVersion") ?? value("version") {
            requirement = .exact(version); keys = [value("exactVersion") != nil ? "exactVersion" : "version"]
        } else if let version = value("from") ?? value("majorVersion") {
            requirement = .upToNextMajor(version); keys = [value("from") != nil ? "from" : "majorVersion"]
        } else if let version = value("minorVersion") {
            requirement = .upToNextMinor(version); keys = ["minorVersion"]
        } else if let low = value("minVersion"), let high = value("maxVersion") {
            requirement = .range(low, high); keys = ["minVersion", "maxVersion"]
        } else if let branch = value("branch") {
            requirement = .branch(branch); keys = ["branch"]
        } else if let revision = value("revision") {
            requirement = .revision(revision); keys = ["revision"]
        } else {
            throw problem(
                """
                no requirement (exactVersion, from, majorVersion, minorVersion, minVersion + maxVersion, branch \
                or revision)
                """
            )
        }
        // The pair(s) a pin replaces must sit next to each other, or the rewrite would swallow what lies between.
        let ordered = mapping.map { $0.key.string ?? "" }
        let positions = keys.compactMap { ordered.firstIndex(of: $0) }.sorted()
        guard let first = positions.first, let last = positions.last, last - first == positions.count - 1 else {
            throw problem("put `minVersion:` and `maxVersion:` next to each other so that lockstep can rewrite them")
        }
        let start = try lines.range(of: mapping, key: ordered[first], file: file).lowerBound
        let end = try lines.range(of: mapping, key: ordered[last], file: file).upperBound
        return PackageDependency(
            url: url, explicitName: nil, requirement: requirement, line: line, column: column,
            requirementRange: start..<end)
    }

    /// `exactVersion: 1.2.3`, the pin as XcodeGen spells it (a version is a plain YAML string).
    public static func exactRequirementText(_ version: String) -> String {
        let plain =
            !version.isEmpty
            && version.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                    || ".-+".unicodeScalars.contains($0)
            }
            && version.contains(".") && version.split(separator: ".").count >= 3
        return "exactVersion: "
            + (plain
                ? version
                : "\""
                    + version.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\"")
    }
}

extension LineOffsets {
    /// The bytes of `key: value` in a block mapping: from the key to the end of its one-line scalar value.
    func range(of mapping: Node.Mapping, key: String, file: ManifestFile) throws -> Range<Int> {
        guard let pair = mapping.first(where: { $0.key.string == key }), let keyMark = pair.key.mark,
            let valueMark = pair.value.mark,
            pair.value.scalar != nil,
            let start = offset(line: keyMark.line, column: keyMark.column),
            let valueStart = offset(line: valueMark.line, column: valueMark.column)
        else {
            throw ManifestError(
                file: file, line: mapping.first?.key.mark?.line ?? 1, column: 1,
                reason: "`\(key):` must be a one-line value")
        }
        var end = valueStart
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "'") {
            let quote = bytes[end]
            end += 1
            while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\n") {
                end += bytes[end] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") ? 2 : 1
            }
            guard end < bytes.count, bytes[end] == quote else {
                throw ManifestError(
                    file: file, line: valueMark.line, column: valueMark.column,
                    reason: "`\(key):` must be a one-line value")
            }
            end += 1
        } else {
            // A one-line plain scalar is written exactly as its value reads (no escapes), in block and flow style.
            let written = Array((pair.value.string ?? "").utf8)
            end = valueStart + written.count
            guard end <= bytes.count, Array(bytes[valueStart..<end]) == written else {
                throw ManifestError(
                    file: file, line: valueMark.line, column: valueMark.column,
                    reason: "`\(key):` must be a one-line value")
            }
        }
        guard keyMark.line == valueMark.line else {
            throw ManifestError(
                file: file, line: keyMark.line, column: keyMark.column,
                reason: "`\(key):` must be written on one line with its value")
        }
        return start..<end
    }
}
