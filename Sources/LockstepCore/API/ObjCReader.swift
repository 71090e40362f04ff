import Foundation
import LockstepAPI
import LockstepGit

/// Reads a component's public Objective-C headers at a commit straight from the object database and diffs them
/// (SPEC §7); `APIReader` merges the changes with the Swift ones, so a component has one surface and one level.
final class ObjCReader: @unchecked Sendable {
    private let config: WorkspaceConfig
    private let lock = NSLock()
    /// Recent surfaces by component and commit (a release is diffed against the one before, then against the next).
    private var recent: [String: [(key: String, surface: ObjCSurface?)]] = [:]

    /// Handles reused across revisions.
    private let repositories: RepositoryPool

    init(config: WorkspaceConfig) {
        self.config = config
        repositories = RepositoryPool(config: config)
    }

    /// The headers' surface at `commit`, nil when the component has no podspec and no `include/` folder in a
    /// library module (a pure Swift package: nothing to read). `neighbour` is the release it is compared with, whose
    /// podspec a revision without one borrows (`ObjCHeaderSet.headers`).
    func surface(of component: Component, at commit: ObjectID, neighbour: ObjectID? = nil, moduleFolders: [String])
        throws -> ObjCSurface?
    {
        // A revision with a podspec of its own reads alike whatever it is compared with, so `check` walking the
        // releases reads each once; one without depends on its neighbour's.
        let plainKey = commit.hex
        let borrowingKey = "\(commit.hex) \(neighbour?.hex ?? "-")"
        if let hit = lock.withLock({ recent[component.name]?.first { $0.key == plainKey || $0.key == borrowingKey } }) {
            return hit.surface
        }
        let repository = try repositories.take(component.path, name: component.name)
        defer { repositories.putBack(repository, component.path) }
        // A Swift package with no podspec at its root (most components) has no headers but those of its modules'
        // `include/` folders (`ObjCHeaderSet.headers`): only those folders are listed, not the whole tree at every
        // release (swift-crypto vendors thousands of files; 4 % of a cold `check` of the swift-nio family).
        let plainPackage = try Self.isPackageWithoutPodspec(repository, at: commit)
        let files =
            try plainPackage
            ? Self.includeFiles(repository, at: commit, moduleFolders: moduleFolders) : repository.listFiles(at: commit)
        let own = plainPackage ? nil : try ObjCHeaderSet.podspecRules(repository, component: component, files: files)
        var borrowed: ObjCHeaderSet.PodspecRules?
        // A package's revision borrows nothing (`headers` reads no rules beside a Package.swift).
        if own == nil, !plainPackage, let neighbour {
            borrowed = try ObjCHeaderSet.podspecRules(
                repository, component: component, files: try repository.listFiles(at: neighbour))
        }
        // A package's surface does not depend on the neighbour either: the next diff reuses it.
        let key = own == nil && !plainPackage ? borrowingKey : plainKey
        var surface: ObjCSurface?
        if let (headers, podspecPlatforms) = ObjCHeaderSet.headers(
            files, rules: own, neighbour: borrowed, moduleFolders: moduleFolders, hasPackage: plainPackage ? true : nil)
        {
            let sources = try headers.map {
                SourceFile(
                    path: "\(component.path)/\($0.path)",
                    text: String(decoding: try repository.readBlob($0.blob), as: UTF8.self))
            }
            // The platforms the pod ships on at this revision (its podspec's), among those the component is read for:
            // a declaration cannot break a client on a platform the pod did not support.
            let configured = ObjCSurface.applePlatforms(component.platforms ?? podspecPlatforms)
            let shipped = configured.filter(podspecPlatforms.contains)
            let platforms = shipped.isEmpty ? configured : shipped
            surface = ObjCSurface.extract(from: sources, platforms: platforms)
        }
        lock.withLock {
            var list = recent[component.name] ?? []
            list.append((key, surface))
            // Room for the lanes LS203 walks a long history in (two surfaces each).
            if list.count > 8 { list.removeFirst() }
            recent[component.name] = list
        }
        return surface
    }

    /// True when `commit` has a `Package.swift` file at its root and nothing there named like a podspec.
    static func isPackageWithoutPodspec(_ repository: Repository, at commit: ObjectID) throws -> Bool {
        let names = try repository.rootNames(at: commit)
        guard !names.contains(where: { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }) else {
            return false
        }
        return try repository.blobID(of: "Package.swift", at: commit) != nil
    }

    /// The files under each module folder's `include/` (what `ObjCHeaderSet.headers` reads of a package), once each.
    static func includeFiles(_ repository: Repository, at commit: ObjectID, moduleFolders: [String]) throws
        -> [TreeFile]
    {
        var seen = Set<String>()
        return try moduleFolders.flatMap { folder in
            try repository.listFiles(at: commit, under: folder + "/include/").filter { seen.insert($0.path).inserted }
        }
    }

    /// The Objective-C changes between two commits, nil when neither has headers to read.
    func diff(
        of component: Component, from old: ObjectID, oldFolders: [String], to new: ObjectID, newFolders: [String],
        addedRequirementImpact: APIImpact
    ) throws -> ObjCDiff? {
        let before = try surface(of: component, at: old, neighbour: new, moduleFolders: oldFolders)
        let after = try surface(of: component, at: new, neighbour: old, moduleFolders: newFolders)
        guard before != nil || after != nil else { return nil }
        var empty = ObjCSurface()
        for platform in (before ?? after)?.platforms.keys.sorted() ?? [] { empty.platforms[platform] = [:] }
        return ObjCDiff(old: before ?? empty, new: after ?? empty, addedRequirementImpact: addedRequirementImpact)
    }

    /// What could not be read in the headers at `commit` (LS103), empty when all was read.
    func problems(of component: Component, at commit: ObjectID, moduleFolders: [String]) throws -> [ObjCHeaderProblem] {
        try surface(of: component, at: commit, moduleFolders: moduleFolders)?.problems ?? []
    }
}
