import Foundation
import LockstepGit

extension Integrator {
    /// `lockstep build APP --plan`: builds one app of `plan` against the same speculative release a full run
    /// makes (mirrors, rewritten manifests), honouring the build cache.
    public func buildOne(_ appName: String, plan: IntegrationPlan) async throws -> BuildOutcome {
        guard let build = plan.builds.first(where: { $0.app.name == appName }) else {
            throw IntegrationError.usage(
                "the plan builds no app \(appName); it builds \(plan.builds.map(\.app.name).joined(separator: ", "))")
        }
        try WorkspaceState.requireRealFolders(in: config.root)
        let sandbox = try BuildSandbox(
            config: config, candidates: plan.candidates, temporaryDirectory: options.temporaryDirectory)
        defer { sandbox.remove() }
        return try await self.build(build, in: sandbox, manifests: plan.manifests, attempt: 1)
    }

    /// `integrate --finish`: marks the builds that other machines reported green as green here, so the run that
    /// follows tags and pins without building them again.
    public func acceptGreenBuilds(_ plan: IntegrationPlan) {
        for build in plan.builds { cache.recordGreen(BuildCache.key(for: build, toolchain: toolchain), build: build) }
    }
}
