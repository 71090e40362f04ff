import Foundation
import LockstepGit
import Version

/// Branches of a main app, other than the one checked out, whose tip pins a component exactly at a version: where
/// `integrate --push --pin-branch` left a pin waiting for its pull/merge request.
enum PinBranches {
    /// The short names (`lockstep/pin-cart`, `origin/lockstep/pin-cart`) of `app`'s local and remote-tracking
    /// branches whose manifest pins `component` `exact:` `version`; empty when none or the repo cannot be read.
    static func pinning(_ component: String, at version: Version, in app: AppSnapshot, config: WorkspaceConfig)
        -> [String]
    {
        guard let repository = try? SnapshotLoader.openRepository(app.app.path, name: app.app.name, config: config),
            let references = try? repository.references(withPrefix: "refs/heads/")
                + repository.references(withPrefix: "refs/remotes/")
        else { return [] }
        let checkedOut = app.branch.map { "refs/heads/\($0)" }
        var seen: Set<ObjectID> = app.head.map { [$0] } ?? []
        var result: [String] = []
        for reference in references where reference.name != checkedOut && !reference.name.hasSuffix("/HEAD") {
            guard seen.insert(reference.target).inserted,
                let manifest = try? SnapshotLoader.readManifest(
                    repository, at: reference.target, folder: app.app.path, owner: app.app.name, config: config,
                    app: app.app)
            else { continue }
            let pins = manifest.dependencies.filter { config.componentName(for: $0) == component }.compactMap(
                \.requirement.exactVersion)
            if pins.contains(version) {
                result.append(String(reference.name.dropFirst(reference.name.hasPrefix("refs/heads/") ? 11 : 13)))
            }
        }
        return result
    }
}
