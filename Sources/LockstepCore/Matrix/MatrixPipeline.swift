/// The matrix of a workspace, the one way `matrix`, `report` and `demo` make it: the snapshot, the rules that need
/// no public-API diff (the status column), then the matrix.
public enum MatrixPipeline {
    /// The rules whose findings the matrix shows.
    public static let rules = Rules.withoutAPIDiff

    /// Runs `body` (the rules) and returns its findings; `what` says what it does (for a `--verbose` timing line).
    public typealias Timing = (_ what: String, _ body: () throws -> [Finding]) throws -> [Finding]

    /// Runs the matrix's rules on `snapshot` and builds the matrix.
    public static func build(_ snapshot: WorkspaceSnapshot, timing: Timing = { try $1() }) throws -> Matrix {
        let context = RuleContext(snapshot: snapshot)
        let findings = try timing("ran \(rules.count) rules") { try Rules.run(rules, on: context) }
        return Matrix.build(snapshot, findings: findings, manifests: context.manifests)
    }

    /// The matrix from the findings of every rule (`report`, which shows them all): only the matrix's own count
    /// in its status column.
    public static func build(_ snapshot: WorkspaceSnapshot, allFindings: [Finding], context: RuleContext) -> Matrix {
        Matrix.build(
            snapshot, findings: allFindings.filter { finding in rules.contains { $0.id == finding.rule } },
            manifests: context.manifests)
    }
}
