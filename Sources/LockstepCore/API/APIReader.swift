import Foundation
import LockstepAPI
import LockstepGit

/// Reads a component's public API at any commit straight from the object database, with swift-syntax.
///
/// Files are parsed once per blob and a commit's files are listed once. Both caches keep only recent
/// entries (a few commits per component, a few versions per file): `check` walks releases in order and
/// diffs each against the one before, so older entries are never asked for again and memory stays flat
/// however many releases a component has. A diff compares in full only the files that differ.
public final class APIReader: @unchecked Sendable {
    /// Commits whose files are kept per component (the previous release, the tag being judged, and slack).
    static let commitsPerComponent = 4
    /// Parsed versions kept per file path.
    static let versionsPerFile = 3

    /// One source file of a commit: its path and content.
    struct FileVersion: Hashable {
        var path: String
        var blob: ObjectID
    }

    private typealias CommitFiles = [(file: FileVersion, part: APIFileSurface)]

    private let config: WorkspaceConfig
    private let lock = NSLock()
    /// Per component: the parsed files of recent commits, most recently used last.
    private var commitCache: [String: [(commit: ObjectID, files: CommitFiles)]] = [:]
    /// Per file label (`components/Cart/Sources/…`): recent parsed versions, most recent last.
    private var fileCache: [String: [(blob: ObjectID, part: APIFileSurface)]] = [:]
    private var counts = Statistics()

    /// What the reader has done so far (to see that the work grows with the number of releases, not its square).
    public struct Statistics: Sendable, Equatable {
        /// Commits whose file lists were read.
        public var treesRead = 0
        /// Source files parsed with swift-syntax.
        public var filesParsed = 0
        /// Commits and file versions held right now.
        public var cachedCommits = 0
        public var cachedFileVersions = 0
    }

    public init(config: WorkspaceConfig) { self.config = config }

    /// Work done and entries cached so far.
    public var statistics: Statistics {
        lock.withLock {
            var result = counts
            result.cachedCommits = commitCache.values.reduce(0) { $0 + $1.count }
            result.cachedFileVersions = fileCache.values.reduce(0) { $0 + $1.count }
            return result
        }
    }

    /// The public surface of every `.swift` file under the component's `Sources/` at `commit`.
    ///
    /// Each file is parsed once per blob (unchanged files are shared between releases); the cross-file pass
    /// (extensions of non-public types) runs on the whole set.
    public func surface(of component: Component, at commit: ObjectID) throws -> APISurface {
        APISurface(combining: try files(of: component, at: commit).map(\.part))
    }

    /// The API changes between two commits of a component; only the files that differ are compared in full
    /// (see `APIDiff(old:new:shared:)`), so a release costs what it changed, not the component's size.
    public func diff(of component: Component, from old: ObjectID, to new: ObjectID) throws -> APIDiff {
        let before = try files(of: component, at: old)
        let after = try files(of: component, at: new)
        let unchanged = Set(before.map(\.file)).intersection(after.map(\.file))
        return APIDiff(old: before.filter { !unchanged.contains($0.file) }.map(\.part),
                       new: after.filter { !unchanged.contains($0.file) }.map(\.part),
                       shared: before.filter { unchanged.contains($0.file) }.map(\.part))
    }

    /// Every `.swift` file under `Sources/` at `commit`, parsed (from the caches when they have it).
    private func files(of component: Component, at commit: ObjectID) throws -> CommitFiles {
        if let cached = lock.withLock({ () -> CommitFiles? in
            guard var recent = commitCache[component.name], let index = recent.firstIndex(where: { $0.commit == commit }) else { return nil }
            let hit = recent.remove(at: index)
            recent.append(hit)
            commitCache[component.name] = recent
            return hit.files
        }) { return cached }
        let repository = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
        let listed = try repository.listFiles(at: commit, under: "Sources").filter { $0.path.hasSuffix(".swift") && !$0.isSymlink }
        let files = try listed.map { file -> (file: FileVersion, part: APIFileSurface) in
            let label = "\(component.path)/\(file.path)"
            let version = FileVersion(path: file.path, blob: file.blob)
            if let cached = lock.withLock({ fileCache[label]?.last(where: { $0.blob == file.blob })?.part }) { return (version, cached) }
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
            return (version, part)
        }
        lock.withLock {
            counts.treesRead += 1
            var recent = commitCache[component.name] ?? []
            recent.append((commit, files))
            if recent.count > Self.commitsPerComponent { recent.removeFirst() }
            commitCache[component.name] = recent
        }
        return files
    }

    /// Drops what was cached for `component` (a finished component's files are not needed again).
    public func forget(_ component: Component) {
        let filePrefix = component.path + "/"
        lock.withLock {
            commitCache[component.name] = nil
            fileCache = fileCache.filter { !$0.key.hasPrefix(filePrefix) }
        }
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
