import Foundation
import LockstepGit

/// Open repository handles kept for reuse by one reader (manifests, API surfaces, headers).
///
/// Opening a repository (libgit2 finds and reads its configuration and object database; `openRepository` first
/// checks every folder on the way for links out of the workspace) cost a third of a warm `check` over 300
/// components when every manifest read opened its own: 9,000 opens for 9,000 releases. A handle serves one
/// thread at a time (libgit2's rule for a repository object): `use` takes it out of the pool and puts it back
/// after. At most `idleLimit` handles wait, the least recently used leave first, so open files stay few
/// however many components the workspace has.
final class RepositoryPool: @unchecked Sendable {
    static let idleLimit = 16

    private let config: WorkspaceConfig
    private let lock = NSLock()
    /// Handles not in use by workspace path, most recently returned last.
    private var idle: [(path: String, repository: Repository)] = []

    init(config: WorkspaceConfig) { self.config = config }

    /// Runs `body` with a handle on the repo at the workspace path `relative` (`name` for errors).
    func use<T>(_ relative: String, name: String, _ body: (Repository) throws -> T) throws -> T {
        let repository = try take(relative, name: name)
        defer { putBack(repository, relative) }
        return try body(repository)
    }

    /// A handle on the repo at the workspace path `relative`, for this thread alone until `putBack`: a waiting one,
    /// else one opened through `SnapshotLoader.openRepository` (`name` for its errors).
    func take(_ relative: String, name: String) throws -> Repository {
        let waiting = lock.withLock { () -> Repository? in
            guard let index = idle.lastIndex(where: { $0.path == relative }) else { return nil }
            return idle.remove(at: index).repository
        }
        return try waiting ?? SnapshotLoader.openRepository(relative, name: name, config: config)
    }

    /// Hands back a handle `take` gave for `relative`.
    func putBack(_ repository: Repository, _ relative: String) {
        lock.withLock {
            idle.append((relative, repository))
            if idle.count > Self.idleLimit { idle.removeFirst() }
        }
    }
}
