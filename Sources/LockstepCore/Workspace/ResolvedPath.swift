import Foundation

/// Paths with every symbolic link resolved, so "inside the workspace" means where the files really are.
enum ResolvedPath {
    /// Why a path could not be resolved.
    struct Failure: Error {
        var message: String
    }

    /// The absolute path `path` leads to, like realpath(3), except that a part that does not exist (yet) is
    /// kept as written after the resolved part that does, and a dangling link is followed as text.
    static func resolve(_ path: String) throws -> String {
        precondition(path.hasPrefix("/"), "resolve takes absolute paths")
        var resolved: [String] = []
        var pending = Array(components(of: path).reversed())
        var links = 0
        var missing = false
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            let candidate = "/" + (resolved + [part]).joined(separator: "/")
            // Below a missing folder nothing exists, so the kernel would stop there too.
            guard !missing, let isLink = isSymbolicLink(candidate) else {
                missing = true
                resolved.append(part)
                continue
            }
            guard isLink else {
                resolved.append(part)
                continue
            }
            links += 1
            // The same bound the kernel uses against link loops (MAXSYMLINKS on Linux).
            guard links <= 40 else { throw Failure(message: "too many symbolic links (a loop?) in \(path)") }
            let target: String
            do {
                target = try FileManager.default.destinationOfSymbolicLink(atPath: candidate)
            } catch {
                throw Failure(message: "cannot read the symbolic link \(candidate)")
            }
            if target.hasPrefix("/") { resolved = [] }
            pending.append(contentsOf: components(of: target).reversed())
        }
        return "/" + resolved.joined(separator: "/")
    }

    /// Whether `path` is `root` or lies below it (both already resolved).
    static func isInside(_ path: String, root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// `resolve` for a workspace root, remembered for the process: every repo opened is checked against it, and
    /// the root does not move under a running command (each repo's own path is still resolved every time).
    static func resolvedRoot(_ path: String) throws -> String {
        if let known = rootLock.withLock({ roots[path] }) { return known }
        let resolved = try resolve(path)
        rootLock.withLock { roots[path] = resolved }
        return resolved
    }

    private static let rootLock = NSLock()
    nonisolated(unsafe) private static var roots: [String: String] = [:]

    /// Whether the item at `path` is a symbolic link, without following it (lstat), or nil when nothing is there.
    /// A plain `lstat`: FileManager's attribute dictionary cost a tenth of `matrix` on 500 repos.
    private static func isSymbolicLink(_ path: String) -> Bool? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFLNK
    }
}
