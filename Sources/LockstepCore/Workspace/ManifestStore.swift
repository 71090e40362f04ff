import Foundation
import LockstepGit
import LockstepManifest

/// Reads component manifests at any commit through libgit2 and caches them; safe from several threads.
public final class ManifestStore: @unchecked Sendable {
    private let config: WorkspaceConfig
    private let lock = NSLock()
    private var cache: [String: Result<Manifest, any Error>] = [:]
    /// The podspecs beside a Package.swift (`podspec(of:at:)`), by the same keys.
    private var podspecs: [String: Result<Manifest?, any Error>] = [:]
    /// Parses by blob id: most of a component's tags share their manifest's bytes.
    private let parsed = ParsedManifests()
    /// Handles reused across commits: a warm `check` reads a manifest per release.
    private let repositories: RepositoryPool

    init(config: WorkspaceConfig) {
        self.config = config
        repositories = RepositoryPool(config: config)
    }

    /// The component's manifest at `commit` (the file SwiftPM would load: `Package.swift` or a
    /// `Package@swift-X.Y.swift`), parsed. Throws a `WorkspaceError` or `ManifestError`.
    public func manifest(of component: Component, at commit: ObjectID) throws -> Manifest {
        let key = component.name + "@" + commit.hex
        if let cached = lock.withLock({ cache[key] }) { return try cached.get() }
        let result = Result {
            try repositories.use(component.path, name: component.name) { repository in
                try SnapshotLoader.readManifest(
                    repository, at: commit, folder: component.path, owner: component.name, config: config,
                    parsed: parsed, component: component)
            }
        }
        lock.withLock { cache[key] = result }
        return try result.get()
    }

    /// Reads and caches the manifests at `commits` through an already open repository (errors are cached too,
    /// and thrown when the manifest is asked for).
    func prefetch(_ component: Component, at commits: [ObjectID], using repository: Repository) {
        for commit in Set(commits) {
            let key = component.name + "@" + commit.hex
            if lock.withLock({ cache[key] }) != nil { continue }
            let result = Result {
                try SnapshotLoader.readManifest(
                    repository, at: commit, folder: component.path, owner: component.name, config: config,
                    parsed: parsed, component: component)
            }
            lock.withLock { cache[key] = result }
        }
    }

    /// The component's dependencies at `commit`, or nil when its manifest cannot be read (a `ManifestError`:
    /// a syntax error, a `.package(...)` Lockstep cannot read, nesting too deep). LS103 reports those; rules skip
    /// them so that one bad manifest does not hide the rest of the workspace. Other errors are thrown.
    public func readableDependencies(of component: Component, at commit: ObjectID) throws -> [ResolvedDependency]? {
        do {
            return try dependencies(of: component, at: commit)
        } catch is ManifestError {
            return nil
        }
    }

    /// Why the component's manifest at `commit` cannot be read, nil when it can (or fails for another reason).
    public func manifestError(of component: Component, at commit: ObjectID) -> ManifestError? {
        do {
            _ = try manifest(of: component, at: commit)
            return nil
        } catch {
            return error as? ManifestError
        }
    }

    /// The component's dependencies at `commit`, matched to workspace components.
    public func dependencies(of component: Component, at commit: ObjectID) throws -> [ResolvedDependency] {
        try manifest(of: component, at: commit).dependencies.map {
            ResolvedDependency(dependency: $0, component: config.componentName(for: $0))
        }
    }
}

extension ManifestStore {
    /// The component's podspec at `commit`: its manifest when that is one, else the podspec beside its
    /// Package.swift (a component shipped both ways, as many pods are: SwiftPM apps read the package, CocoaPods
    /// apps and the spec repo the podspec); nil when it has none.
    public func podspec(of component: Component, at commit: ObjectID) throws -> Manifest? {
        let manifest = try manifest(of: component, at: commit)
        if manifest.format.isPodspec { return manifest }
        // Read once per commit, like the manifests: planning, the build copies and the spec repo all ask.
        let key = component.name + "@" + commit.hex
        if let cached = lock.withLock({ podspecs[key] }) { return try cached.get() }
        let result = Result { () -> Manifest? in
            let repository = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
            let names = try repository.rootNames(at: commit)
            guard let file = try SnapshotLoader.podspecFile(repository, at: commit, names: names, component: component),
                let data = try repository.readFile(file, at: commit)
            else { return nil }
            return try SnapshotLoader.parseManifest(
                String(decoding: data, as: UTF8.self),
                file: ManifestFile(path: "\(component.path)/\(file)", revision: commit.short), config: config)
        }
        lock.withLock { podspecs[key] = result }
        return try result.get()
    }

    /// The manifest file read for `component` at `commit` (its Package.swift, a `Package@swift-X.Y.swift` or its
    /// podspec), named by `revision` (a tag, `HEAD`): where a finding about that revision points.
    public func file(of component: Component, at commit: ObjectID, revision: String) -> ManifestFile {
        ManifestFile(path: "\(component.path)/\(fileName(of: component, at: commit))", revision: revision)
    }

    /// The name of the manifest file read for `component` at `commit` (`Package.swift`, a
    /// `Package@swift-X.Y.swift`, or the podspec of a component without a Package.swift), for messages;
    /// `Package.swift` when it cannot be told.
    public func fileName(of component: Component, at commit: ObjectID) -> String {
        let path: String
        if let manifest = try? manifest(of: component, at: commit) {
            path = manifest.file.path
        } else if let error = manifestError(of: component, at: commit) {
            path = error.file.path
        } else {
            return "Package.swift"
        }
        return path.split(separator: "/").last.map(String.init) ?? "Package.swift"
    }
}
