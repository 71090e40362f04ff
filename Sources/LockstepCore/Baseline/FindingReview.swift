/// Applies the workspace's reviewed decisions to findings: `accept:` entries of `lockstep.yml`, then the baseline.
/// Decisions kept in tag annotations are applied by the rule that reads them (LS203).
public enum FindingReview {
    /// `findings` with `accepted` set wherever an `accept:` entry or, unless `baseline` is nil, the baseline covers
    /// them.
    public static func apply(_ findings: [Finding], config: WorkspaceConfig, baseline: Baseline?) -> [Finding] {
        findings.map { finding in
            guard finding.accepted == nil else { return finding }
            var result = finding
            if let entry = config.accepts.first(where: { $0.matches(finding) }) {
                result.accepted = FindingAcceptance(by: .accept, reason: entry.reason)
            } else if let entry = baseline?.entry(for: finding) {
                result.accepted = FindingAcceptance(by: .baseline, reason: entry.reason)
            }
            return result
        }
    }
}
