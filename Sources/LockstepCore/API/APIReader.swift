import Foundation
import LockstepAPI
import LockstepGit

/// Reads a component's public API at any commit straight from the object database, with swift-syntax.
///
/// Files are cached per blob, so a file unchanged across releases is parsed once, and surfaces per commit.
/// Both caches keep only recent entries (a few surfaces per component, a few versions per file): `check`
/// walks releases in order and diffs each against the one before, so older entries are never asked for
/// again, and memory stays flat however many releases a component has.
public final class APIReader: @unchecked Sendable {
    /// Surfaces kept per component (the previous release, the tag being judged, and some slack).
    static let surfacesPerComponent = 4
    /// Parsed versions kept per file path.
    static let versionsPerFile = 3

    private let config: WorkspaceConfig
    private let lock = NSLock()
    /// Per component: recent surfaces, most recently used last.
    private var surfaceCache: [String: [(commit: ObjectID, surface: APISurface)]] = [:]
    /// Per file label (`components/Cart/Sources/…`): recent parsed versions, most recent last.
    private var fileCache: [String: [(blob: ObjectID, part: APIFileSurface)]] = [:]
    private var counts = Statistics()

    /// What the reader has done so far (to see that the work grows with the number of releases, not its square).
    public struct Statistics: Sendable, Equatable {
        /// Surfaces assembled (each lists one tree and combines its files).
        public var surfacesBuilt = 0
        /// Source files parsed with swift-syntax.
        public var filesParsed = 0
        /// Surfaces and file versions held right now.
        public var cachedSurfaces = 0
        public var cachedFileVersions = 0
    }

    public init(config: WorkspaceConfig) { self.config = config }

    /// Work done and entries cached so far.
    public var statistics: Statistics {
        lock.withLock {
            var result = counts
            result.cachedSurfaces = surfaceCache.values.reduce(0) { $0 + $1.count }
            result.cachedFileVersions = fileCache.values.reduce(0) { $0 + $1.count }
            return result
        }
    }

    /// The public surface of every `.swift` file under the component's `Sources/` at `commit`.
    ///
    /// Each file is parsed once per blob (unchanged files are shared between releases); the cross-file pass
    /// (extensions of non-public types) runs on the whole set.
    public func surface(of component: Component, at commit: ObjectID) throws -> APISurface {
        if let cached = lock.withLock({ () -> APISurface? in
            guard var recent = surfaceCache[component.name], let index = recent.firstIndex(where: { $0.commit == commit }) else { return nil }
            let hit = recent.remove(at: index)
            recent.append(hit)
            surfaceCache[component.name] = recent
            return hit.surface
        }) { return cached }
        let repository = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
        let files = try repository.listFiles(at: commit, under: "Sources").filter { $0.path.hasSuffix(".swift") && !$0.isSymlink }
        let parts = try files.map { file -> APIFileSurface in
            let label = "\(component.path)/\(file.path)"
            if let cached = lock.withLock({ fileCache[label]?.last(where: { $0.blob == file.blob })?.part }) { return cached }
            let text = String(decoding: try repository.readBlob(file.blob), as: UTF8.self)
            let part: APIFileSurface
            do {
                part = try APIFileSurface.read(from: SourceFile(path: label, text: text))
            } catch let error as SourceFileError {
                throw WorkspaceError("\(component.name): cannot read the public API at \(commit.short): \(error)")
            }
            lock.withLock {
                counts.filesParsed += 1
                var recent = fileCache[label] ?? []
                recent.append((file.blob, part))
                if recent.count > Self.versionsPerFile { recent.removeFirst() }
                fileCache[label] = recent
            }
            return part
        }
        let surface = APISurface(combining: parts)
        lock.withLock {
            counts.surfacesBuilt += 1
            var recent = surfaceCache[component.name] ?? []
            recent.append((commit, surface))
            if recent.count > Self.surfacesPerComponent { recent.removeFirst() }
            surfaceCache[component.name] = recent
        }
        return surface
    }

    /// Drops what was cached for `component` (a finished component's surfaces are not needed again).
    public func forget(_ component: Component) {
        let filePrefix = component.path + "/"
        lock.withLock {
            surfaceCache[component.name] = nil
            fileCache = fileCache.filter { !$0.key.hasPrefix(filePrefix) }
        }
    }

    /// The API changes between two commits of a component.
    public func diff(of component: Component, from old: ObjectID, to new: ObjectID) throws -> APIDiff {
        APIDiff(old: try surface(of: component, at: old), new: try surface(of: component, at: new))
    }
}

extension APIDiff {
    /// The least bump level these changes require (SPEC §2).
    public var requiredLevel: BumpLevel {
        switch impact {
        case .none: return .patch
        case .additive: return .minor
        case .breaking: return .breaking
        }
    }

    /// The changes that require `level` (the declarations behind it).
    public func changes(requiring level: BumpLevel) -> [APIChange] {
        switch level {
        case .patch: return []
        case .minor: return changes.filter { $0.impact == .additive }
        case .breaking: return changes.filter { $0.impact == .breaking }
        }
    }

    /// One line naming what drives the level, e.g. "breaking: removed protocol requirement `func X.y()` (+2 more)".
    public var levelReason: String {
        let level = requiredLevel
        let drivers = changes(requiring: level)
        guard let first = drivers.first else { return "patch: internal changes only" }
        let more = drivers.count > 1 ? " (+\(drivers.count - 1) more)" : ""
        return "\(level): \(first.summary)\(more)"
    }
}
