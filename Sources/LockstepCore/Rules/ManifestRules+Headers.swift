import LockstepAPI
import LockstepGit

extension LS103 {
    /// Public Objective-C headers that cannot be read in full (SPEC §7) at the newest release or HEAD: an
    /// `@interface` without `@end`, an `#if` without `#endif`. The rest of the header set is still judged, so the
    /// finding says where the reading stopped.
    func headerFindings(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for state in context.components {
            var revisions: [(label: String, commit: ObjectID)] = []
            if let release = state.newestRelease { revisions.append((release.name, release.commit)) }
            if let head = state.head, head != state.newestRelease?.commit { revisions.append(("HEAD", head)) }
            var seen = Set<String>()
            for (label, commit) in revisions {
                // A header set that cannot be listed at all is the snapshot's problem, reported elsewhere.
                guard let problems = try? context.api.objc.problems(of: state.component, at: commit, moduleFolders: [])
                else { continue }
                for problem in problems where seen.insert(problem.description).inserted {
                    findings.append(
                        finding(
                            state.component.name, version: label,
                            """
                            \(problem.file) cannot be read in full at \(label): \(problem.message) (line \
                            \(problem.line)); the rest of its declarations are judged
                            """,
                            help: "balance the header's @interface/@end and #if/#endif, then release the fix",
                            locations: [ManifestLocation(file: problem.file, revision: label, line: problem.line)]))
                }
            }
        }
        return findings
    }
}
