import LockstepGit

/// Writes a bump plan: one annotated tag through libgit2, with the repo's configured signature.
public enum Bumper {
    /// `bump`'s pipeline: plans a bump of `component` on `snapshot` and (unless a dry run) writes its tag. A refusal
    /// (a level the API diff does not allow, nothing to release) is exit 1 with its reason.
    public static func bump(
        _ component: String, requested: BumpLevel?, reason: String? = nil, dryRun: Bool,
        snapshot: WorkspaceSnapshot
    ) throws -> BumpPlan {
        let context = RuleContext(snapshot: snapshot)
        do {
            let plan = try BumpPlanner(snapshot: snapshot, manifests: context.manifests, api: context.api)
                .plan(component, requested: requested, reason: reason)
            if !dryRun { _ = try apply(plan, config: snapshot.config) }
            return plan
        } catch let refusal as BumpRefusal {
            throw CommandFailure(code: 1, message: "error: \(refusal)")
        }
    }

    /// Tags the plan's commit; returns the tag object's id. Throws `BumpRefusal` when no identity is configured.
    @discardableResult
    public static func apply(_ plan: BumpPlan, config: WorkspaceConfig) throws -> ObjectID {
        guard let component = config.component(named: plan.component) else {
            throw WorkspaceError("unknown component `\(plan.component)`")
        }
        let repository = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
        let tagger: Signature
        do {
            tagger = try repository.defaultSignature()
        } catch {
            throw BumpRefusal(
                plan.component, "no git identity configured for \(component.path)",
                details: [
                    """
                    set one: git -C \(config.absolutePath(component.path).path) config user.name \"Your Name\" && \
                    git -C … config user.email you@example.com
                    """
                ])
        }
        // The repo may have moved since the plan was made; never tag anything but what was planned.
        guard try repository.head().commit == plan.commit else {
            throw BumpRefusal(plan.component, "HEAD moved while planning (was \(plan.commit.short)); run bump again")
        }
        do {
            return try repository.createAnnotatedTag(
                named: plan.tagName, commit: plan.commit, message: plan.tagMessage, tagger: tagger)
        } catch let error as GitError where error.isExists {
            throw BumpRefusal(plan.component, "tag \(plan.tagName) already exists")
        }
    }
}
