internal import CLibgit2
import Foundation

/// A file in a commit's tree.
public struct TreeFile: Sendable, Equatable {
    /// Path from the repository root, `/`-separated.
    public var path: String
    /// The blob's id.
    public var blob: ObjectID
    /// True for an executable file (mode 100755).
    public var isExecutable: Bool
    /// True for a symbolic link (the blob holds the link target).
    public var isSymlink: Bool
}

private final class TreeCollector {
    var files: [(String, git_oid, git_filemode_t)] = []
    let prefix: String
    init(prefix: String) { self.prefix = prefix }
}

extension Repository {
    /// Reads the bytes of `path` in `commit`'s tree, straight from the object database; nil when absent.
    public func readFile(_ path: String, at commit: ObjectID) throws -> Data? {
        try blobID(of: path, at: commit).map { try readBlob($0) }
    }

    /// The blob id of `path` in `commit`'s tree (nil when absent or not a file): two commits with the same id hold
    /// the same bytes, so what is computed from them can be shared.
    public func blobID(of path: String, at commit: ObjectID) throws -> ObjectID? {
        try withTree(of: commit) { tree in
            var entry: OpaquePointer?
            let code = git_tree_entry_bypath(&entry, tree, path)
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try check(code, "git_tree_entry_bypath", path: self.path)
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return nil }
            return ObjectID(git_tree_entry_id(entry).pointee)
        }
    }

    /// Reads a blob's bytes.
    public func readBlob(_ id: ObjectID) throws -> Data {
        try blobData(id.raw)
    }

    func blobData(_ oid: git_oid) throws -> Data {
        var id = oid
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &id), "git_blob_lookup", path: path)
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let raw = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: raw, count: size)
    }

    /// Lists the files (blobs and links) of `commit`'s tree, recursively, optionally under a folder.
    public func listFiles(at commit: ObjectID, under folder: String? = nil) throws -> [TreeFile] {
        let prefix = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        return try withTree(of: commit) { tree in
            let collector = TreeCollector(prefix: prefix)
            let box = Unmanaged.passUnretained(collector).toOpaque()
            let code = git_tree_walk(
                tree, GIT_TREEWALK_PRE,
                { root, entry, payload in
                    guard let root, let entry, let payload else { return 0 }
                    let collector = Unmanaged<TreeCollector>.fromOpaque(payload).takeUnretainedValue()
                    let rootPath = String(cString: root)
                    let name = String(cString: git_tree_entry_name(entry))
                    let full = rootPath + name
                    if git_tree_entry_type(entry) == GIT_OBJECT_TREE {
                        // Skip folders outside the prefix (return 1 = do not descend).
                        let folder = full + "/"
                        return (collector.prefix.hasPrefix(folder) || folder.hasPrefix(collector.prefix)) ? 0 : 1
                    }
                    guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB, full.hasPrefix(collector.prefix) else {
                        return 0
                    }
                    collector.files.append((full, git_tree_entry_id(entry).pointee, git_tree_entry_filemode(entry)))
                    return 0
                }, box)
            try check(code, "git_tree_walk", path: path)
            return collector.files.map { path, oid, mode in
                TreeFile(
                    path: path, blob: ObjectID(oid),
                    isExecutable: mode == GIT_FILEMODE_BLOB_EXECUTABLE,
                    isSymlink: mode == GIT_FILEMODE_LINK)
            }
        }
    }

    func withTree<T>(of commit: ObjectID, _ body: (OpaquePointer) throws -> T) throws -> T {
        var commitObject: OpaquePointer?
        var oid = commit.raw
        try check(git_commit_lookup(&commitObject, pointer, &oid), "git_commit_lookup", path: path)
        defer { git_commit_free(commitObject) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commitObject), "git_commit_tree", path: path)
        defer { git_tree_free(tree) }
        return try body(tree!)
    }
}
