/// `bump --format json` (schema: docs/json/bump.md); also the `bump` part of `demo --format json`.
public struct BumpJSON: Codable, Sendable {
    public var component: String, from: String?, to: String, tag: String, level: String
    public var reasons: [String], commit: String, dryRun: Bool
    public var changes: [String]
    /// Set when `--level L --reason TEXT` chose a lower level than the API diff requires.
    public var accepted: Accepted?
    public struct Accepted: Codable, Sendable { public var level: String, required: String, reason: String }

    public init(_ plan: BumpPlan, dryRun: Bool) {
        self.init(
            component: plan.component, from: plan.from?.version.description, to: plan.to.description,
            tag: plan.tagName, level: "\(plan.level)", reasons: plan.reasons, commit: plan.commit.hex,
            dryRun: dryRun, changes: plan.changes.map(\.summary))
        accepted = plan.accepted.map {
            .init(level: $0.chosen.flagName, required: $0.required.flagName, reason: $0.reason)
        }
    }

    public init(
        component: String, from: String?, to: String, tag: String, level: String, reasons: [String], commit: String,
        dryRun: Bool, changes: [String]
    ) {
        self.component = component
        self.from = from
        self.to = to
        self.tag = tag
        self.level = level
        self.reasons = reasons
        self.commit = commit
        self.dryRun = dryRun
        self.changes = changes
    }
}
