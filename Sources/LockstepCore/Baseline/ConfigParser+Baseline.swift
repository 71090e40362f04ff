import LockstepManifest
import Yams

extension ConfigParser {
    private static let baselineKeys = ["components", "findings"]
    private static let baselineComponentKeys = ["name", "version", "history"]
    private static let baselineFindingKeys = ["fingerprint", "rule", "component", "version", "app", "reason"]

    /// Validates `lockstep-baseline.yml` as strictly as `lockstep.yml`: unknown keys, missing fields, names the
    /// workspace does not declare and fingerprints listed twice are errors with line and column.
    func parseBaseline(_ text: String, config: WorkspaceConfig) throws -> Baseline {
        if let found = YAMLAnchorScan.first(in: text) {
            throw ConfigError(
                file: file, line: found.line, column: found.column,
                message:
                    """
                    \(Baseline.fileName) holds plain lists only (no anchors, aliases, complex keys or deep \
                    nesting); regenerate it with `lockstep baseline`
                    """
            )
        }
        let node = try compose(
            text, ifEmpty: "the baseline file is empty; regenerate it with `lockstep baseline` or delete it")
        guard let mapping = node.mapping else {
            throw error(at: node, "expected a mapping with `components` and `findings`")
        }
        try rejectUnknownKeys(mapping, allowed: Self.baselineKeys, in: "the baseline file")
        let componentNames = Set(config.components.map(\.name))
        let subjects = componentNames.union(config.apps.map(\.name))
        var components: [Baseline.ComponentEntry] = []
        for item in try sequence(mapping, "components", required: false) {
            guard let entry = item.mapping else {
                throw error(at: item, "each component is a mapping like `{ name: Cart, version: 1.2.0 }`")
            }
            try rejectUnknownKeys(entry, allowed: Self.baselineComponentKeys, in: "a baseline component")
            let name = try requiredString(entry, "name", owner: item)
            guard componentNames.contains(name) else {
                throw error(
                    at: entry["name"]!,
                    """
                    `\(name)` is not a component of \(WorkspaceConfig.fileName); remove the entry or regenerate \
                    the baseline with `lockstep baseline`
                    """
                )
            }
            let version = try requiredString(entry, "version", owner: item)
            guard VersionTag.parse(version) != nil else {
                throw error(at: entry["version"]!, "`\(version)` is not a version")
            }
            let history = try optionalString(entry, "history")
            if let history,
                history.count != 64 || !history.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            {
                throw error(
                    at: entry["history"]!,
                    """
                    `history` is a digest of 64 lowercase hex digits that `lockstep baseline` writes; regenerate the \
                    baseline, or delete the field to have every release judged
                    """
                )
            }
            components.append(.init(name: name, version: version, history: history))
        }
        var findings: [Baseline.Entry] = []
        var seen: [String: Int] = [:]
        for item in try sequence(mapping, "findings", required: false) {
            guard let entry = item.mapping else {
                throw error(at: item, "each finding is a mapping with `fingerprint`, `rule`, `component` and `reason`")
            }
            try rejectUnknownKeys(entry, allowed: Self.baselineFindingKeys, in: "a baseline finding")
            let fingerprint = try requiredString(entry, "fingerprint", owner: item)
            let rule = try requiredString(entry, "rule", owner: item)
            let component = try requiredString(entry, "component", owner: item)
            let reason = try requiredString(entry, "reason", owner: item)
            let fingerprintNode = entry["fingerprint"]!
            guard fingerprint.hasPrefix("\(rule) \(component)") else {
                throw error(
                    at: fingerprintNode,
                    """
                    fingerprint `\(fingerprint)` does not start with its rule and component (`\(rule) \
                    \(component)`); regenerate the baseline with `lockstep baseline`
                    """
                )
            }
            guard subjects.contains(component) else {
                throw error(
                    at: entry["component"]!,
                    """
                    `\(component)` is not a component or app of \(WorkspaceConfig.fileName); remove the entry or \
                    regenerate the baseline
                    """
                )
            }
            if let first = seen[fingerprint] {
                throw error(
                    at: fingerprintNode,
                    "fingerprint `\(fingerprint)` is listed twice (first at line \(first)); keep one entry")
            }
            seen[fingerprint] = fingerprintNode.mark?.line ?? 0
            findings.append(
                .init(
                    fingerprint: fingerprint, rule: rule, component: component,
                    version: try optionalString(entry, "version"),
                    app: try optionalString(entry, "app"), reason: reason))
        }
        return Baseline(components: components, findings: findings)
    }
}
