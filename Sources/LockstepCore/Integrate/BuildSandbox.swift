import Foundation
import LockstepGit
import LockstepManifest

/// A temporary folder holding the mirrors and app copies of one integration run. Removed at the end,
/// or by `Interruption` when the run is stopped.
///
/// Beside the folder, `<folder>.lock` is flock-ed for the run's whole life: it tells later runs, whatever
/// their pid namespace, whether the folder's owner is alive (see `removeStaleSandboxes`).
///
/// Builds run with TMPDIR pointing into it (`temporaryInside`), so what they leave in their temp folder (`swift`
/// leaves an empty `TemporaryDirectory.*` per call) goes with it, also when the run is killed. The process's own
/// environment is never changed: runs in one process (tests) do not see each other's TMPDIR.
/// Sendable for parallel builds (`--jobs`): its one mutable part, the mirrors, is only touched under the Integrator's
/// build lock.
final class BuildSandbox: @unchecked Sendable {
    let root: URL
    private let config: WorkspaceConfig
    private let candidates: [Candidate]
    private var mirrors: [String: URL] = [:]
    private let lock: FileLock
    /// The builds' TMPDIR, inside the sandbox.
    let temporaryInside: URL

    /// A new sandbox in `temporaryDirectory` (the run's TMPDIR; nil: the process's temporary folder).
    init(config: WorkspaceConfig, candidates: [Candidate], temporaryDirectory: URL? = nil) throws {
        self.config = config
        self.candidates = candidates
        let temporary = temporaryDirectory ?? FileManager.default.temporaryDirectory
        Self.removeStaleSandboxes(in: temporary)
        // The lock first, then the folder: a folder of this version never exists without its held lock.
        var root: URL
        var lock: FileLock
        // A name whose lock a sweeping run took in the instant after creation: try another name.
        repeat {
            root = temporary.appendingPathComponent("\(Self.prefix)\(getpid())-\(UUID().uuidString.prefix(8))")
            lock = FileLock(path: root.path + Self.lockSuffix)
        } while !(try lock.tryLock(create: true))
        self.root = root
        self.lock = lock
        temporaryInside = root.appendingPathComponent("tmp")
        Interruption.shared.register(folder: root)
        Interruption.shared.register(folder: URL(fileURLWithPath: lock.path))
        do {
            try FileManager.default.createDirectory(at: temporaryInside, withIntermediateDirectories: true)
        } catch {
            remove()
            throw error
        }
    }

    static let prefix = "lockstep-integrate-"
    static let lockSuffix = ".lock"
    /// Folders without a lock file come from versions before the lock; they are removed once this old.
    static let legacyAge: TimeInterval = 24 * 3600

    /// Removes sandboxes of runs that are gone (SIGKILL leaves no chance to clean up): those whose lock can be
    /// taken, since a live run holds its lock until it ends. Pids say nothing here: they are reused, and
    /// runs in other PID namespaces may share the temp folder.
    static func removeStaleSandboxes(in temporary: URL = FileManager.default.temporaryDirectory) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let url = temporary.appendingPathComponent(name)
            if name.hasSuffix(lockSuffix) {
                let lock = FileLock(path: url.path)
                guard (try? lock.tryLock(create: false)) == true else { continue }  // alive, or already swept
                try? FileManager.default.removeItem(
                    at: URL(fileURLWithPath: String(url.path.dropLast(lockSuffix.count))))
                lock.removeAndUnlock()
            } else if !FileManager.default.fileExists(atPath: url.path + lockSuffix),
                let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate]
                    as? Date,
                Date().timeIntervalSince(modified) > legacyAge
            {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }

    /// Removes the folder, then its lock file (still held, so no other run can take the lock in between).
    func remove() {
        Interruption.shared.remove(folder: root)
        lock.removeAndUnlock()
        Interruption.shared.unregister(folder: URL(fileURLWithPath: lock.path))
    }

    /// A bare mirror of a component sharing its objects, where each candidate's rc commit already carries
    /// its release tag: the speculative release that exists only here.
    func mirror(of component: Component) throws -> URL {
        if let existing = mirrors[component.name] { return existing }
        let path = root.appendingPathComponent("mirrors").appendingPathComponent(
            "\(try SafeName.fileName(component.name)).git")
        let source = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
        let mirror = try source.makeSharedMirror(at: path.path)
        for candidate in candidates where candidate.component.name == component.name && !candidate.isAlreadyReleased {
            try mirror.createLightweightTag(named: candidate.releaseTagName, commit: candidate.commit)
        }
        mirrors[component.name] = path
        return path
    }

    /// Exports the app at the build's commit and rewrites its manifest to the build's exact versions.
    func prepare(_ build: AppBuild, manifests: ManifestStore) throws -> URL {
        let folder = root.appendingPathComponent("apps").appendingPathComponent(
            "\(try SafeName.fileName(build.app.name))-\(build.commit.short)")
        if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let repository = try SnapshotLoader.openRepository(build.app.path, name: build.app.name, config: config)
        try repository.exportTree(of: build.commit, to: folder)
        // Every manifest file (Package.swift and each Package@swift-X.Y.swift) gets the pins: whichever one
        // SwiftPM loads for the build's toolchain builds exactly these versions.
        var originals: [String: Set<String>] = [:]
        let manifestFiles = try SnapshotLoader.manifestFileNames(repository, at: build.commit, app: build.app)
        // What each format's tools need redirected besides the pins (resolved files that would fight them, where
        // SwiftPM reads mirrors, a spec repo), as LockstepManifest knows it.
        var redirections: [BuildRedirection] = []
        for file in manifestFiles {
            for redirection in (ManifestFormat(path: file) ?? .swiftPackage).buildRedirections(manifestPath: file)
            where !redirections.contains(redirection) {
                redirections.append(redirection)
            }
        }
        for case .removeResolved(let path) in redirections {
            try? FileManager.default.removeItem(at: try Self.insideCopy(path, of: folder, creating: false))
        }
        if redirections.contains(.specRepo),
            let podfile = manifestFiles.first(where: { ManifestFormat(path: $0) == .podfile })
        {
            try preparePods(folder: folder, podfile: podfile, build: build, manifests: manifests)
            return folder
        }
        for file in manifestFiles {
            try pinManifest(
                folder.appendingPathComponent(file),
                label: ManifestFile(path: "\(build.app.path)/\(file)", revision: build.commit.short),
                build: build, originals: &originals)
        }

        // Every URL by which the graph's manifests name a component, pointed at that component's mirror.
        for pinned in build.versions {
            guard let component = config.component(named: pinned.component) else { continue }
            for dependency in try manifests.dependencies(of: component, at: pinned.commit) {
                guard let name = dependency.component, let url = dependency.dependency.url else { continue }
                originals[name, default: []].insert(url)
            }
        }
        var entries: [[String: String]] = []
        for (name, urls) in originals.sorted(by: { $0.key < $1.key }) {
            guard let component = config.component(named: name) else { continue }
            let mirror = try mirror(of: component)
            for url in urls.sorted() { entries.append(["original": url, "mirror": mirror.path]) }
        }
        let json = try JSONSerialization.data(
            withJSONObject: ["version": 1, "object": entries], options: [.prettyPrinted, .sortedKeys])
        let configurations = redirections.compactMap { redirection -> String? in
            guard case .swiftPMMirrors(let folderPath) = redirection else { return nil }
            return folderPath + "/configuration/mirrors.json"
        }
        for configuration in configurations {
            try json.write(to: try Self.insideCopy(configuration, of: folder, creating: true), options: .atomic)
        }
        return folder
    }

    /// `path` (relative) inside the copy `folder`, never through a link: the tree may hold any of its folders, or
    /// the file itself, as a link to anywhere, which is replaced (by a real folder, or removed) rather than
    /// followed. With `creating`, missing folders are made.
    static func insideCopy(_ path: String, of folder: URL, creating: Bool) throws -> URL {
        let manager = FileManager.default
        var current = folder
        let parts = path.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated() {
            current = current.appendingPathComponent(part)
            if (try? manager.destinationOfSymbolicLink(atPath: current.path)) != nil {
                try manager.removeItem(at: current)
            }
            guard index < parts.count - 1 else { break }
            var isFolder: ObjCBool = false
            let exists = manager.fileExists(atPath: current.path, isDirectory: &isFolder)
            if exists && isFolder.boolValue { continue }
            // Nothing (or a file) where a folder goes: made when asked, else there is nothing below to find.
            guard creating else { return folder.appendingPathComponent(path) }
            if exists { try manager.removeItem(at: current) }
            try manager.createDirectory(at: current, withIntermediateDirectories: false)
        }
        return current
    }

    /// The CocoaPods build copy: a temporary spec repo holding every component of the build at its version (each
    /// podspec's `version` set to it, its `source` pointing at the component's mirror at the commit built), the
    /// Podfile's `source` lines led by that spec repo, and every component pod pinned to its exact version, so
    /// `pod install` resolves exactly main's versions with the candidates as releases that exist nowhere else.
    private func preparePods(folder: URL, podfile: String, build: AppBuild, manifests: ManifestStore) throws {
        let specs = root.appendingPathComponent("specs").appendingPathComponent(
            "\(try SafeName.fileName(build.app.name))-\(build.commit.short)")
        if FileManager.default.fileExists(atPath: specs.path) { try FileManager.default.removeItem(at: specs) }
        let repository = try Repository.create(at: specs.path, bare: false)
        for pinned in build.versions where !build.asWritten.contains(pinned.component) {
            guard let component = config.component(named: pinned.component) else { continue }
            // A component without a podspec was refused when planned.
            guard let spec = try manifests.podspec(of: component, at: pinned.commit) else { continue }
            let pod = spec.podspec?.name ?? component.name
            let mirror = try mirror(of: component)
            let text = try spec.podspecForRelease(
                version: pinned.version.description, git: mirror.path, commit: pinned.commit.hex)
            let file = specs.appendingPathComponent(try SafeName.fileName(pod)).appendingPathComponent(
                pinned.version.description
            )
            .appendingPathComponent(
                try SafeName.fileName(pod) + (spec.format == .podspecJSON ? ".podspec.json" : ".podspec"))
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let signature = Signature(name: "lockstep", email: "lockstep@localhost")
        try repository.commitWorkTree(message: "Speculative release for \(build.app.name)", author: signature)

        let podfileURL = folder.appendingPathComponent(podfile)
        let label = ManifestFile(path: "\(build.app.path)/\(podfile)", revision: build.commit.short)
        let manifest = try SnapshotLoader.parseManifest(
            String(decoding: try Data(contentsOf: podfileURL), as: UTF8.self), file: label, config: config)
        let versions = Dictionary(uniqueKeysWithValues: build.versions.map { ($0.component, $0) })
        let pins = manifest.dependencies.compactMap {
            dependency -> (dependency: PackageDependency, version: String, url: String?)? in
            // A pod the plan leaves as written (`:path`, a `:git` branch, no usable podspec) keeps its line.
            guard let name = config.componentName(for: dependency), let version = versions[name],
                !build.asWritten.contains(name)
            else { return nil }
            return (dependency: dependency, version: version.version.description, url: nil)
        }
        let text = PodfileReader.addingSource(specs.standardizedFileURL.absoluteString, to: manifest.pinning(pins))
        // The tree may hold the Podfile as a link (to anywhere): replace it, never write through.
        try FileManager.default.removeItem(at: podfileURL)
        try text.write(to: podfileURL, atomically: true, encoding: .utf8)
    }

    /// Rewrites one manifest file of a build copy so every component is pinned `exact:` to the build's version,
    /// adding the components the app reaches only transitively; records the URLs it names them by.
    private func pinManifest(
        _ manifestURL: URL, label: ManifestFile, build: AppBuild, originals: inout [String: Set<String>]
    ) throws {
        // Lossy: a stray non-UTF-8 byte in a comment must not stop a build copy (main's pin refuses such a file).
        let manifest = try SnapshotLoader.parseManifest(
            String(decoding: try Data(contentsOf: manifestURL), as: UTF8.self), file: label, config: config)
        let versions = Dictionary(uniqueKeysWithValues: build.versions.map { ($0.component, $0) })
        var declared = Set<String>()
        var pins: [(dependency: PackageDependency, version: String, url: String?)] = []
        for dependency in manifest.dependencies + manifest.inactiveDependencies {
            guard let name = config.componentName(for: dependency), let version = versions[name] else { continue }
            if manifest.dependencies.contains(dependency) { declared.insert(name) }
            // A registry dependency keeps its id (only its requirement is pinned): it has no URL to mirror.
            let url = dependency.registryID != nil ? nil : dependency.url ?? config.remoteURL(of: name)
            pins.append((dependency: dependency, version: version.version.description, url: url))
            if let url { originals[name, default: []].insert(url) }
        }
        var text = manifest.pinning(pins)
        // Components reached only through other packages get a pin too, so every build sees main's versions.
        let extra = build.versions.filter { !declared.contains($0.component) }.compactMap {
            pinned -> (url: String, version: String)? in
            guard let url = config.remoteURL(of: pinned.component) else { return nil }
            originals[pinned.component, default: []].insert(url)
            return (url: url, version: pinned.version.description)
        }
        // An Xcode project cannot take new package references by text alone (each needs product and target
        // objects): there the components it reaches only transitively follow the pinned packages' own manifests.
        if manifest.format == .swiftPackage {
            text = try SnapshotLoader.parseManifest(text, file: manifest.file, config: config).addingDependencies(extra)
        }
        // The tree may hold the manifest or .swiftpm as links (to anywhere): replace them, never write through.
        try FileManager.default.removeItem(at: manifestURL)
        try text.write(to: manifestURL, atomically: true, encoding: .utf8)
    }
}
