import Foundation
import LockstepGit

extension Integrator {
    /// Builds every planned app, `options.jobs` at a time (1: one after another, in plan order, stopping at the
    /// first red). In parallel, the first red build cancels the ones still running (their process groups are
    /// stopped) and starts no more; the failure reported is the first red one in plan order, and the outcomes are
    /// kept in plan order, so output and reports do not depend on which build finished first.
    func buildAll(_ builds: [AppBuild], in sandbox: BuildSandbox, manifests: ManifestStore) async throws -> [String:
        ObjectID]
    {
        // With one job this is the plain sequence: the next build starts only after a green one, a red one ends it.
        var built: [String: ObjectID] = [:]
        var finished: [Int: BuildOutcome] = [:]
        // Every copy is made before the first build starts: a tree that cannot be copied (a `.GIT` folder, a link
        // out of the copy) stops the run before any build, whichever order parallel builds would start in.
        var copies: [Int: URL] = [:]
        if options.buildsAllowed {
            for (index, build) in builds.enumerated()
            where !(options.useCache && cache.isGreen(BuildCache.key(for: build, toolchain: toolchain))) {
                copies[index] = try buildLock.withLock { try sandbox.prepare(build, manifests: manifests) }
            }
        }
        let prepared = copies
        try await withThrowingTaskGroup(of: (Int, BuildOutcome).self) { group in
            var next = 0
            func startNext() {
                guard next < builds.count else { return }
                let index = next, build = builds[index]
                next += 1
                group.addTask {
                    (
                        index,
                        try await self.build(
                            build, in: sandbox, manifests: manifests, attempt: 1, prepared: prepared[index])
                    )
                }
            }
            for _ in 0..<max(1, min(options.jobs, builds.count)) { startNext() }
            while let (index, outcome) = try await group.next() {
                finished[index] = outcome
                if outcome.isGreen { startNext() } else { group.cancelAll() }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: builds.enumerated().map { ($1.app.name, $0) })
        buildLock.withLock { outcomes.sort { order[$0.app, default: .max] < order[$1.app, default: .max] } }
        // The red build that stopped the others is the failure, not one it stopped.
        if let red = builds.indices.compactMap({ finished[$0] }).first(where: { !$0.isGreen && $0.status != .stopped })
            ?? builds.indices.compactMap({ finished[$0] }).first(where: { !$0.isGreen })
        {
            throw IntegrationError.buildFailed(red)
        }
        for index in builds.indices where finished[index] != nil {
            built[builds[index].app.name] = builds[index].commit
        }
        return built
    }
}
