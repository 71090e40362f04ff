import Foundation
import LockstepGit
import LockstepManifest

/// A main app's `Package.resolved` before and after a pin, committed with the pinned manifest. Not a `Pin`: it is
/// the file's bytes that a change's pins rewrite (the manifests' bytes are carried the same way, as tuples).
struct PinnedResolved {
    /// SwiftPM's pin file at the package root.
    static let file = "Package.resolved"
    /// Where the file is in the repo: `Package.resolved`, or for an Xcode project
    /// `X.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved`.
    var path = PinnedResolved.file
    var base: Data
    var pinned: Data
    /// What happened to it, for the pin line (`Package.resolved updated`, or which entry it lacks).
    var note: String
}

extension Integrator {
    /// Main's `Package.resolved` at `tip` with the change's pins applied, so that `swift build` and Xcode use the
    /// pinned versions without resolving again; nil when the app tracks no `Package.resolved` at its root.
    /// Entries are matched by package identity; a file with no entry for a component is left as it is for that one.
    /// `manifests` are the pinned manifest files; `Package.swift`'s (else the first) stands for the package.
    func pinnedResolved(
        _ change: PinChange, at tip: ObjectID, manifests: [(file: String, base: Data, pinned: Data)],
        repository: Repository
    ) throws -> PinnedResolved? {
        guard let manifest = manifests.first(where: { $0.file == "Package.swift" }) ?? manifests.first else {
            return nil
        }
        let path = Self.resolvedPath(forManifest: manifest.file)
        guard let base = try repository.readFile(path, at: tip) else { return nil }
        let parsed = try SnapshotLoader.parseManifest(
            String(decoding: manifest.base, as: UTF8.self),
            file: ManifestFile(path: "\(change.app.path)/\(manifest.file)", revision: tip.short), config: config)
        var pins: [ResolvedPin] = []
        for pin in change.pins {
            guard let dependency = parsed.dependencies.first(where: { config.componentName(for: $0) == pin.component })
            else { continue }
            pins.append(
                ResolvedPin(identity: dependency.identity, version: pin.version.description, revision: pin.commit.hex))
        }
        let update: PackageResolvedUpdate
        do {
            update = try PackageResolved.update(base, pins: pins, manifest: (manifest.base, manifest.pinned))
        } catch let error as PackageResolvedError {
            throw IntegrationError.refused("\(change.app.path)/\(error.description); nothing was tagged or pinned")
        }
        var notes: [String] = []
        if !update.updated.isEmpty { notes.append("Package.resolved updated") }
        if !update.missing.isEmpty {
            notes.append(
                """
                Package.resolved has no entry for \(update.missing.joined(separator: ", ")), left as it is \
                (SwiftPM adds it on its next resolve)
                """
            )
        }
        return PinnedResolved(path: path, base: base, pinned: update.data, note: notes.joined(separator: "; "))
    }

    /// Where SwiftPM keeps the resolved versions for a manifest: beside Package.swift, or in an Xcode project's
    /// shared workspace data (what Xcode writes and commits).
    static func resolvedPath(forManifest file: String) -> String {
        // Tuist's `Tuist/Package.swift` keeps its `Tuist/Package.resolved` beside it.
        if ManifestFormat(path: file) == .swiftPackage, file.contains("/") {
            return (file as NSString).deletingLastPathComponent + "/" + PinnedResolved.file
        }
        guard ManifestFormat(path: file) == .xcodeProject else { return PinnedResolved.file }
        let project = (file as NSString).deletingLastPathComponent
        return "\(project)/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
    }
}
