import Foundation
import LockstepGit

extension Integrator {
    /// Every refusal a real run makes before it builds anything, in the same order and with the same errors, so
    /// that `integrate --dry-run` refuses exactly what the run would: lockstep's state folders, the rules, the main
    /// apps' checkouts (`checkMainApps`) and the candidates' repos (`checkCandidates`).
    public func preflight(_ plan: IntegrationPlan) throws {
        try WorkspaceState.requireRealFolders(in: config.root)
        guard plan.errors.isEmpty else { throw IntegrationError.rules(plan.errors) }
        try checkMainApps(plan)
        try checkCandidates(plan)
    }

    /// Refuses a candidate whose release tag could not be written: no git identity for the tagger, or its release
    /// tag already on another commit. Found after the builds these would cost a whole run, so they come first.
    public func checkCandidates(_ plan: IntegrationPlan) throws {
        try SpecRepoRelease.make(plan.candidates, manifests: plan.manifests, config: config).check(config)
        for candidate in plan.candidates where !candidate.isAlreadyReleased {
            let repository = try SnapshotLoader.openRepository(
                candidate.component.path, name: candidate.component.name, config: config)
            if let existing = try repository.referenceTarget("refs/tags/\(candidate.releaseTagName)"),
                try repository.resolveCommit("refs/tags/\(candidate.releaseTagName)") != candidate.commit
            {
                throw IntegrationError.refused(
                    """
                    \(candidate.component.name): the tag \(candidate.releaseTagName) already exists on another \
                    commit (\(existing.short)), not on \(candidate.tag.name); nothing was tagged or pinned. Bump \
                    a new rc
                    """
                )
            }
            do { _ = try repository.defaultSignature() } catch {
                throw IntegrationError.refused(
                    """
                    no git identity configured for \(candidate.component.path); set user.name and user.email (git \
                    config) so the release tag has a tagger. Nothing was built, tagged or pinned
                    """
                )
            }
        }
    }
}
