import Foundation
import LockstepGit
import LockstepManifest

/// LS408: a CocoaPods release `integrate` tagged whose podspec the spec repo (`specs:`) does not hold: a run that
/// stopped between tag and spec, so Podfiles cannot install the release yet.
struct LS408: Rule {
    let id = "LS408"
    let severity = Severity.warning
    let summary = "a CocoaPods release is tagged but missing from the spec repo (an integrate stopped between tag and spec)"

    func check(_ context: RuleContext) throws -> [Finding] {
        let config = context.snapshot.config
        guard let specs = config.specs else { return [] }
        let pods = context.components.compactMap { state -> (ComponentSnapshot, VersionTag, Manifest)? in
            guard let release = state.newestRelease, state.newestReleaseIsFromIntegrate,
                  let manifest = try? context.manifests.manifest(of: state.component, at: release.commit), manifest.format.isPodspec else { return nil }
            return (state, release, manifest)
        }
        guard !pods.isEmpty else { return [] }
        let repository: Repository, tip: ObjectID
        do {
            (repository, _, tip) = try SpecRepoRelease.open(config)
        } catch {
            return [finding(specs, "the spec repo `specs: \(specs)` cannot be read: \(error)",
                            help: "point `specs:` at a clone of your CocoaPods spec repo, on its branch")]
        }
        return try pods.compactMap { state, release, manifest in
            let pod = manifest.podspec?.name ?? state.component.name
            let folder = "\(pod)/\(release.version)/"
            let present = try [".podspec", ".podspec.json"].contains { try repository.blobID(of: folder + pod + $0, at: tip) != nil }
            guard !present else { return nil }
            return finding(state.component.name, version: "\(release.version)",
                           "\(state.component.name) \(release.version) is tagged but the spec repo \(specs) has no \(folder)\(pod).podspec; Podfiles cannot install it yet",
                           help: "run `lockstep integrate \(state.component.name)` to publish it (nothing is built again)")
        }
    }
}
