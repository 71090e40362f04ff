extension IntegrationPlan {
    /// What the candidates' release changes in the rules' verdict: every rule runs on the workspace before and after
    /// the speculative release (the API rules, which are slow and judge one component's own history, on the candidates
    /// only), and a finding after it counts only when no finding with its fingerprint was there before. So findings
    /// about earlier versions, of the candidates or of anything else, never refuse a run, while a problem the new
    /// release carries (its own version, its pin, its manifest) does, also when it is about another component.
    /// `accept:` entries and the baseline then mark what a review accepted.
    static func introducedFindings(
        before: WorkspaceSnapshot, after: WorkspaceSnapshot, candidates: Set<String>,
        afterContext: RuleContext
    ) throws -> (introduced: [Finding], earlier: Int) {
        func run(_ snapshot: WorkspaceSnapshot, focused: RuleContext) throws -> [Finding] {
            let whole = try Rules.run(Rules.withoutAPIDiff, on: RuleContext(snapshot: snapshot))
            let api = try Rules.run(Rules.all.filter(\.needsAPIDiff), on: focused)
            return (whole + api).filter { $0.rule != "LS405" }  // "ahead" is what a release is made of
        }
        let earlier = Set(try run(before, focused: RuleContext(snapshot: before, focus: candidates)).map(\.fingerprint))
        let afterFindings = try run(after, focused: afterContext)
        let introduced = afterFindings.filter { !earlier.contains($0.fingerprint) }
        let reviewed = FindingReview.apply(
            introduced, config: after.config, baseline: try Baseline.load(for: after.config))
        return (
            reviewed.sorted { ($1.severity, $0.subject, $0.rule) < ($0.severity, $1.subject, $1.rule) },
            afterFindings.count - introduced.count
        )
    }
}
