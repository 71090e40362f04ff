import Foundation
import LockstepAPI
import LockstepGit

/// Reads a component's public API at any commit straight from the object database, with swift-syntax.
///
/// Surfaces are cached per commit and files per blob, so a file unchanged across releases is parsed once.
public final class APIReader: @unchecked Sendable {
    private let config: WorkspaceConfig
    private let lock = NSLock()
    private var surfaceCache: [String: APISurface] = [:]
    private var fileCache: [String: APIFileSurface] = [:]

    public init(config: WorkspaceConfig) { self.config = config }

    /// The public surface of every `.swift` file under the component's `Sources/` at `commit`.
    ///
    /// Each file is parsed once per blob (unchanged files are shared between releases); the cross-file pass
    /// (extensions of non-public types) runs on the whole set.
    public func surface(of component: Component, at commit: ObjectID) throws -> APISurface {
        let surfaceKey = component.name + "@" + commit.hex
        if let cached = lock.withLock({ surfaceCache[surfaceKey] }) { return cached }
        let repository = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
        let files = try repository.listFiles(at: commit, under: "Sources").filter { $0.path.hasSuffix(".swift") && !$0.isSymlink }
        let parts = try files.map { file -> APIFileSurface in
            let label = "\(component.path)/\(file.path)"
            let key = file.blob.hex + ":" + label
            if let cached = lock.withLock({ fileCache[key] }) { return cached }
            let text = String(decoding: try repository.readBlob(file.blob), as: UTF8.self)
            let part: APIFileSurface
            do {
                part = try APIFileSurface.read(from: SourceFile(path: label, text: text))
            } catch let error as SourceFileError {
                throw WorkspaceError("\(component.name): cannot read the public API at \(commit.short): \(error)")
            }
            lock.withLock { fileCache[key] = part }
            return part
        }
        let surface = APISurface(combining: parts)
        lock.withLock { surfaceCache[surfaceKey] = surface }
        return surface
    }

    /// Drops what was cached for `component` (a finished component's surfaces are not needed again).
    public func forget(_ component: Component) {
        let surfacePrefix = component.name + "@"
        let filePart = ":" + component.path + "/"
        lock.withLock {
            surfaceCache = surfaceCache.filter { !$0.key.hasPrefix(surfacePrefix) }
            fileCache = fileCache.filter { !$0.key.contains(filePart) }
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
