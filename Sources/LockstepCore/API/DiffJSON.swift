import LockstepAPI

/// `diff --format json` (schema: docs/json/diff.md).
public struct DiffJSON: Codable {
    public var component, from, to, fromCommit, toCommit, level, reason: String
    public var changes: [APIChange]
    /// The `--fail-on` level asked for, and whether the changes reached it (the exit code is then 1).
    public var failOn: String?
    public var failed: Bool?

    public init(
        component: String, from: String, to: String, fromCommit: String, toCommit: String, level: String,
        reason: String,
        changes: [APIChange], failOn: String?, failed: Bool?
    ) {
        self.component = component
        self.from = from
        self.to = to
        self.fromCommit = fromCommit
        self.toCommit = toCommit
        self.level = level
        self.reason = reason
        self.changes = changes
        self.failOn = failOn
        self.failed = failed
    }
}
