import Foundation

/// `<workspace>/.lockstep/`: the logs, build cache and locks of integrate runs, and the API-surface cache.
///
/// A workspace folder is often a repository of its own, so `.lockstep` or a folder in it may arrive as a
/// symbolic link; lockstep never writes through one (its files would land outside the workspace).
public enum WorkspaceState {
    /// The folders lockstep writes into, relative to the workspace.
    static let folders = [
        ".lockstep", ".lockstep/logs", ".lockstep/cache", ".lockstep/cache/green-builds",
        ".lockstep/cache/api-surfaces",
    ]

    /// Refuses (exit 2) when one of lockstep's state folders exists but is not a real folder.
    public static func requireRealFolders(in root: URL) throws {
        if let path = firstNotARealFolder(in: root, among: folders) {
            let target =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " (a link to \($0))" }
                ?? " (not a folder)"
            throw WorkspaceError(
                """
                \(path) is not a real folder\(target); lockstep keeps its logs, build cache and locks there and \
                never writes through a link. Remove it; lockstep creates it again
                """
            )
        }
    }

    /// The first of `folders` (relative to `root`) that exists but is not a real folder (a link, a file), nil
    /// when each is a folder or absent (lockstep then creates it as a real one).
    static func firstNotARealFolder(in root: URL, among folders: [String]) -> String? {
        for folder in folders {
            let path = root.appendingPathComponent(folder).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT != S_IFDIR { return path }
        }
        return nil
    }
}
