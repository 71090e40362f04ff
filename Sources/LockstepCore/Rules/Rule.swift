/// One rule of SPEC §3: takes the workspace and returns what it finds.
public protocol Rule: Sendable {
    /// The rule's ID, e.g. `LS401`.
    var id: String { get }
    /// The severity of what it finds.
    var severity: Severity { get }
    /// One line saying what the rule enforces.
    var summary: String { get }
    /// True for rules that diff public APIs (slow: `check` runs them, `matrix` does not).
    var needsAPIDiff: Bool { get }
    /// Runs the rule.
    func check(_ context: RuleContext) throws -> [Finding]
}

extension Rule {
    public var needsAPIDiff: Bool { false }

    /// A finding of this rule with its severity.
    func finding(
        _ subject: String, app: String? = nil, version: String? = nil, _ message: String, help: String? = nil,
        locations: [ManifestLocation] = [], key: String? = nil
    ) -> Finding {
        var result = Finding(
            rule: id, severity: severity, subject: subject, app: app, version: version, message: message, help: help,
            locations: locations)
        result.key = key
        return result
    }
}

/// Every rule, in ID order.
public enum Rules {
    /// All rules of SPEC §3.
    public static var all: [any Rule] {
        [
            LS101(), LS102(), LS103(), LS104(), LS201(), LS202(), LS203(), LS204(), LS205(), LS301(), LS302(), LS401(),
            LS402(), LS403(), LS404(), LS405(), LS406(), LS407(), LS408(), LS409(), LS410(), LS411(),
        ]
    }

    /// The rules cheap enough for `matrix` (no API diff).
    public static var withoutAPIDiff: [any Rule] { all.filter { !$0.needsAPIDiff } }

    /// Runs `rules` and returns their findings sorted by severity, subject and rule.
    public static func run(_ rules: [any Rule], on context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for rule in rules { findings += try rule.check(context) }
        return findings.sorted { ($1.severity, $0.subject, $0.rule) < ($0.severity, $1.subject, $1.rule) }
    }
}

/// What rules read: the snapshot, plus manifests and API surfaces loaded on demand.
public final class RuleContext: @unchecked Sendable {
    public let snapshot: WorkspaceSnapshot
    /// Component manifests at any commit, cached.
    public let manifests: ManifestStore
    /// Public API surfaces at any commit, cached per file.
    public let api: APIReader
    /// Only these components are judged (all when empty).
    public let focus: Set<String>
    /// Told of each release whose API is judged (LS203), when the command shows progress.
    public var progress: WorkProgress?
    /// Releases the baseline accepts, which LS203 does not judge again (none unless the command sets it).
    public var acceptedHistory = AcceptedHistory.none

    public init(snapshot: WorkspaceSnapshot, focus: Set<String> = []) {
        self.snapshot = snapshot
        self.manifests = snapshot.manifests
        self.api = APIReader(config: snapshot.config, manifests: snapshot.manifests)
        self.focus = focus
    }

    /// True when findings about `name` should be reported.
    public func isInFocus(_ name: String) -> Bool { focus.isEmpty || focus.contains(name) }

    /// Components in focus.
    public var components: [ComponentSnapshot] { snapshot.components.filter { isInFocus($0.component.name) } }
}
