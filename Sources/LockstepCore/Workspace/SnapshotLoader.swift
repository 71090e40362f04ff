import Foundation
import LockstepGit
import LockstepManifest
import Version

/// Reads every repo of a workspace through libgit2, several at once.
public enum SnapshotLoader {
    /// Loads the snapshot. Fails with `WorkspaceError` when a declared repo is missing or unreadable.
    public static func load(_ config: WorkspaceConfig) throws -> WorkspaceSnapshot {
        let manifests = ManifestStore(config: config)
        // Apps first in one pool with the components: a main app's large manifest parses while
        // component repos are read, instead of after them.
        enum Loaded: Sendable { case component(ComponentSnapshot), app(AppSnapshot) }
        enum Job: Sendable { case component(Component), app(App) }
        let jobs = config.apps.map(Job.app) + config.components.map(Job.component)
        let loaded = try parallelMap(jobs) { job -> Loaded in
            switch job {
            case .component(let component):
                return .component(try loadComponent(component, config: config, manifests: manifests))
            case .app(let app): return .app(try loadApp(app, config: config))
            }
        }
        let components = loaded.compactMap { if case .component(let c) = $0 { return c } else { return nil } }
        let apps = loaded.compactMap { if case .app(let a) = $0 { return a } else { return nil } }
        return WorkspaceSnapshot(config: config, components: components, apps: apps, manifests: manifests)
    }

    /// Opens the repo at a workspace path, turning libgit2's error into one that says what to do.
    static func openRepository(_ relative: String, name: String, config: WorkspaceConfig) throws -> Repository {
        let url = config.absolutePath(relative)
        try config.checkInside(url, name: name)
        do {
            return try Repository.open(at: url.path)
        } catch let error as GitError {
            let exists = FileManager.default.fileExists(atPath: url.path)
            let reason = exists ? "is not a git repository (\(error.message))" : "does not exist"
            throw WorkspaceError(
                "\(name): \(url.path) \(reason). Clone the repo there or fix `path` in \(WorkspaceConfig.fileName).")
        }
    }

    static func loadComponent(_ component: Component, config: WorkspaceConfig, manifests: ManifestStore) throws
        -> ComponentSnapshot
    {
        let repository = try openRepository(component.path, name: component.name, config: config)
        do {
            var versionTags: [VersionTag] = []
            var otherTags: [Tag] = []
            var tagObjects: [String: ObjectID] = [:]
            for tag in try repository.tags() {
                if let version = VersionTag.parse(tag.name) {
                    versionTags.append(
                        VersionTag(name: tag.name, version: version, commit: tag.commit, isAnnotated: tag.isAnnotated))
                    if tag.isAnnotated { tagObjects[tag.name] = tag.object }
                } else {
                    otherTags.append(tag)
                }
            }
            versionTags.sort { ($0.version, $0.name) < ($1.version, $1.name) }
            let head = try repository.head()
            var ahead = 0
            if let tip = head.commit {
                let release = versionTags.last { !$0.isPrerelease }
                ahead = try repository.countCommits(from: tip, excluding: release?.commit)
            }
            var snapshot = ComponentSnapshot(
                component: component, versionTags: versionTags, otherTags: otherTags,
                head: head.commit, branch: head.branch, commitsAhead: ahead)
            snapshot.tagObjects = tagObjects
            if let release = snapshot.newestRelease, release.isAnnotated {
                snapshot.newestReleaseMessage = try repository.tagObject(named: release.name)?.message
            }
            snapshot.unpublishedTags = try UnpublishedMark.list(.tags, in: repository)
            // Read, with this thread's handle, the manifests the cheap rules need: newest release and HEAD
            // (layering), and every version of an implementation (the tie).
            var commits = [snapshot.newestRelease?.commit, head.commit].compactMap { $0 }
            if component.kind.isBusiness { commits += versionTags.map(\.commit) }
            manifests.prefetch(component, at: commits, using: repository)
            return snapshot
        } catch let error as GitError {
            throw WorkspaceError("\(component.name): cannot read \(config.absolutePath(component.path).path): \(error)")
        }
    }

    static func loadApp(_ app: App, config: WorkspaceConfig) throws -> AppSnapshot {
        let repository = try openRepository(app.path, name: app.name, config: config)
        let head: Repository.Head
        do { head = try repository.head() } catch let error as GitError {
            throw WorkspaceError("\(app.name): cannot read HEAD of \(config.absolutePath(app.path).path): \(error)")
        }
        guard let commit = head.commit else {
            return AppSnapshot(app: app, head: nil, branch: head.branch, manifest: nil, dependencies: [])
        }
        let manifest: Manifest
        do {
            manifest = try readManifest(
                repository, at: commit, folder: app.path, owner: app.name, config: config, app: app)
        } catch let error as ManifestError {
            // One unreadable app manifest does not stop the workspace: LS103 reports it, integrate refuses.
            var snapshot = AppSnapshot(app: app, head: commit, branch: head.branch, manifest: nil, dependencies: [])
            snapshot.manifestError = error
            return snapshot
        }
        let dependencies = manifest.dependencies.map {
            ResolvedDependency(dependency: $0, component: config.componentName(for: $0))
        }
        var snapshot = AppSnapshot(
            app: app, head: commit, branch: head.branch, manifest: manifest, dependencies: dependencies)
        snapshot.unpublishedPins = (try? UnpublishedMark.list(.pins, in: repository)) ?? []
        if manifest.format == .podfile {
            let podfile = manifest.file.path
            let inRepo = String(podfile.dropFirst(app.path.count + 1))
            let lock = ((inRepo as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                "Podfile.lock")
            if let data = try? repository.readFile(lock, at: commit) {
                snapshot.podfileLockPath = "\(app.path)/\(lock)"
                do {
                    snapshot.podfileLock = try PodfileLockReader.parse(
                        String(decoding: data, as: UTF8.self), file: ManifestFile(path: "\(app.path)/\(lock)"))
                } catch let error as ManifestError {
                    snapshot.podfileLockError = error
                }
            }
        }
        return snapshot
    }

    /// Reads and parses, at a commit, the manifest SwiftPM would load for the configured toolchain
    /// (`Package.swift` or a `Package@swift-X.Y.swift`); a missing or unparsable one is an error naming the file.
    static func readManifest(
        _ repository: Repository, at commit: ObjectID, folder: String, owner: String, config: WorkspaceConfig,
        parsed: ParsedManifests? = nil, app: App? = nil, component: Component? = nil
    ) throws -> Manifest {
        let blob: ObjectID?
        let name: String
        do {
            name = try manifestFileName(repository, at: commit, config: config, app: app, component: component)
            blob = try repository.blobID(of: name, at: commit)
        } catch let error as GitError {
            throw WorkspaceError("\(owner): cannot read \(folder)/Package.swift at \(commit.short): \(error)")
        }
        guard let blob else {
            throw WorkspaceError(
                """
                \(owner): \(folder)/\(name) does not exist at \(commit.short); every component needs a \
                Package.swift or a podspec; every app a Package.swift, a project.yml, one *.xcodeproj, a \
                Tuist/Package.swift or a Podfile at its root (or `manifest:` naming its file)
                """
            )
        }
        let label = ManifestFile(path: "\(folder)/\(name)", revision: commit.short)
        // Many tags share one manifest blob: parse each blob once, and name the commit asked for in messages.
        return try (parsed ?? ParsedManifests()).manifest(blob: blob, label: label) {
            let data: Data
            do { data = try repository.readBlob(blob) } catch let error as GitError {
                throw WorkspaceError("\(owner): cannot read \(folder)/\(name) at \(commit.short): \(error)")
            }
            return try parseManifest(String(decoding: data, as: UTF8.self), file: label, config: config)
        }
    }
}

/// Maps `items` on all cores, keeping order; the first error wins.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) throws -> R) throws -> [R] {
    let results = UnsafeResultBox<R>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        results.set(index, Result { try transform(items[index]) })
    }
    return try results.values.map { try $0!.get() }
}

/// Slots written once each from `concurrentPerform`; a lock keeps the array's storage consistent.
private final class UnsafeResultBox<R>: @unchecked Sendable {
    private var storage: [Result<R, any Error>?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<R, any Error>) { lock.withLock { storage[index] = value } }
    var values: [Result<R, any Error>?] { lock.withLock { storage } }
}
