import Foundation
import LockstepGit
import LockstepManifest

/// LS408: a CocoaPods release `integrate` tagged whose podspec the spec repo (`specs:`) does not hold: a run that
/// stopped between tag and spec, so Podfiles cannot install the release yet.
struct LS408: Rule {
    let id = "LS408"
    let severity = Severity.warning
    let summary =
        "a CocoaPods release is tagged but missing from the spec repo (an integrate stopped between tag and spec)"

    func check(_ context: RuleContext) throws -> [Finding] {
        let config = context.snapshot.config
        guard let specs = config.specs else { return [] }
        let pods = context.components.compactMap { state -> (ComponentSnapshot, VersionTag, Manifest)? in
            guard let release = state.newestRelease, state.newestReleaseIsFromIntegrate,
                let manifest = (try? context.manifests.podspec(of: state.component, at: release.commit)) ?? nil
            else { return nil }
            return (state, release, manifest)
        }
        let repository: Repository, tip: ObjectID
        do {
            (repository, _, tip) = try SpecRepoRelease.open(config)
        } catch {
            return [
                finding(
                    specs, "the spec repo `specs: \(specs)` cannot be read: \(error)",
                    help: "point `specs:` at a clone of your CocoaPods spec repo, on its branch")
            ]
        }
        guard !pods.isEmpty else { return [] }
        return try pods.compactMap { state, release, manifest in
            let pod = manifest.podspec?.name ?? state.component.name
            let folder = "\(pod)/\(release.version)/"
            let present = try [".podspec", ".podspec.json"].contains {
                try repository.blobID(of: folder + pod + $0, at: tip) != nil
            }
            guard !present else { return nil }
            let file = folder + pod + (manifest.format == .podspecJSON ? ".podspec.json" : ".podspec")
            return finding(
                state.component.name, version: "\(release.version)",
                """
                \(state.component.name) \(release.version) is tagged but the spec repo \(specs) has no \(file); \
                Podfiles cannot install it yet
                """,
                help: "run `lockstep integrate \(state.component.name)` to publish it (nothing is built again)")
        }
    }
}

/// LS409: a Podfile app whose tracked Podfile.lock resolved a component to another version than the Podfile pins
/// exactly (a pin lockstep or a person wrote, with no `pod install` since), or a Podfile.lock that cannot be read.
struct LS409: Rule {
    let id = "LS409"
    let severity = Severity.warning
    let summary = "a Podfile.lock resolves a component to another version than the Podfile pins (run pod install)"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for app in context.snapshot.apps where app.manifest?.format == .podfile {
            guard let path = app.podfileLockPath else { continue }
            if let error = app.podfileLockError {
                findings.append(
                    finding(
                        app.app.name, app: app.app.name, "\(error)", help: "run `pod install` and commit Podfile.lock",
                        locations: [ManifestLocation(file: path, line: error.line)]))
                continue
            }
            guard let lock = app.podfileLock else { continue }
            for resolved in app.dependencies {
                guard let name = resolved.component, context.isInFocus(name),
                    case .exact(let pinned) = resolved.dependency.requirement,
                    let pod = resolved.dependency.podName, let locked = lock[pod], locked.version != pinned
                else { continue }
                findings.append(
                    finding(
                        name, app: app.app.name,
                        """
                        \(app.app.name)'s Podfile pins \(pod) \(pinned), but its Podfile.lock still resolves \
                        \(locked.version)
                        """,
                        help:
                            """
                            run `pod install` in \(app.app.path) and commit Podfile.lock (lockstep pins the \
                            Podfile; CocoaPods writes the lock)
                            """,
                        locations: [ManifestLocation(file: path, line: locked.line)]))
            }
        }
        return findings
    }
}
