import Version
import Yams

/// One `accept:` entry of `lockstep.yml`: the finding of `rule` on `component` at `version` is a reviewed decision.
public struct AcceptEntry: Sendable, Equatable {
    public var component: String
    public var version: Version
    public var rule: String
    public var reason: String

    public init(component: String, version: Version, rule: String, reason: String) {
        self.component = component
        self.version = version
        self.rule = rule
        self.reason = reason
    }

    /// True when this entry accepts `finding` (same rule, subject and version; `v1.2.0` and `1.2.0` are one version).
    public func matches(_ finding: Finding) -> Bool {
        guard finding.rule == rule, finding.subject == component, let text = finding.version,
            let version = VersionTag.parse(text)
        else { return false }
        return version == self.version
    }
}

extension ConfigParser {
    private static let acceptKeys = ["component", "version", "rule", "reason"]

    /// Reads `accept:`, a list of `{ component, version, rule, reason }`; every field is required.
    func acceptEntries(_ mapping: Node.Mapping, components: [Component]) throws -> [AcceptEntry] {
        let ruleIDs = Rules.all.map(\.id)
        var entries: [AcceptEntry] = []
        for item in try sequence(mapping, "accept", required: false) {
            guard let entry = item.mapping else {
                throw error(
                    at: item,
                    """
                    each `accept:` entry is a mapping like `{ component: Cart, version: 1.2.0, rule: LS203, \
                    reason: \"why\" }`
                    """
                )
            }
            try rejectUnknownKeys(entry, allowed: Self.acceptKeys, in: "an `accept:` entry")
            let component = try requiredString(entry, "component", owner: item)
            guard components.contains(where: { $0.name == component }) else {
                throw error(
                    at: entry["component"]!,
                    "`accept:` names `\(component)`, which is not a component declared in `components:`")
            }
            let versionText = try requiredString(entry, "version", owner: item)
            guard let version = VersionTag.parse(versionText) else {
                throw error(
                    at: entry["version"]!,
                    "`\(versionText)` is not a version; write the version the finding names, e.g. 1.2.0")
            }
            let rule = try requiredString(entry, "rule", owner: item)
            guard ruleIDs.contains(rule) else {
                throw error(at: entry["rule"]!, "unknown rule `\(rule)`; rules: \(ruleIDs.joined(separator: ", "))")
            }
            let reason = try requiredString(entry, "reason", owner: item)
            guard !reason.allSatisfy(\.isWhitespace) else {
                throw error(at: entry["reason"]!, "`reason` must say why the finding is accepted")
            }
            entries.append(AcceptEntry(component: component, version: version, rule: rule, reason: reason))
        }
        return entries
    }
}
