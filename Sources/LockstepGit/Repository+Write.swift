internal import CLibgit2
import Foundation

extension Repository {
    /// Stages every change of the work tree (new, modified and deleted files) and commits it on HEAD.
    @discardableResult
    public func commitWorkTree(message: String, author: Signature, committer: Signature? = nil) throws -> ObjectID {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index", path: path)
        defer { git_index_free(index) }
        try withStrArray(["*"]) { paths in
            try check(git_index_add_all(index, paths, 0, nil, nil), "git_index_add_all", path: path)
            try check(git_index_update_all(index, paths, nil, nil), "git_index_update_all", path: path)
        }
        try check(git_index_write(index), "git_index_write", path: path)
        var treeID = git_oid()
        try check(git_index_write_tree(&treeID, index), "git_index_write_tree", path: path)
        let parent = try head().commit
        return try createCommit(
            tree: treeID, parents: parent.map { [$0] } ?? [], message: message,
            author: author, committer: committer ?? author, updating: "HEAD")
    }

    /// Commits `contents` as `file` on top of `branch`, only if the branch still points at `expectedTip`.
    ///
    /// The ref update is a compare-and-swap: when another writer moved the branch meanwhile, this throws a
    /// `GitError` with `isModified` and nothing is changed. The work tree is not touched.
    public func commitFile(
        _ file: String, contents: Data, onBranch branch: String, expectedTip: ObjectID,
        message: String, author: Signature
    ) throws -> ObjectID {
        try commitFiles(
            [(file, contents)], onBranch: branch, expectedTip: expectedTip, message: message, author: author)
    }

    /// Commits several files in one commit on top of `branch` (compare-and-swap, as `commitFile`): a pin in
    /// `Package.swift`, its `Package@swift-X.Y.swift` variants and `Package.resolved` land together or not at all.
    public func commitFiles(
        _ files: [(path: String, contents: Data)], onBranch branch: String, expectedTip: ObjectID,
        message: String, author: Signature
    ) throws -> ObjectID {
        var blobs: [git_oid] = []
        for file in files {
            var blob = git_oid()
            _ = try file.contents.withUnsafeBytes { bytes in
                try check(
                    git_blob_create_from_buffer(&blob, pointer, bytes.baseAddress, bytes.count),
                    "git_blob_create_from_buffer", path: path)
            }
            blobs.append(blob)
        }
        let treeID: git_oid = try withTree(of: expectedTip) { baseline in
            var modes: [git_filemode_t] = []
            for file in files {
                var mode = GIT_FILEMODE_BLOB
                var existing: OpaquePointer?
                if git_tree_entry_bypath(&existing, baseline, file.path) == 0 {
                    mode = git_tree_entry_filemode(existing)
                    git_tree_entry_free(existing)
                }
                modes.append(mode)
            }
            var out = git_oid()
            try withStrArray(files.map(\.path)) { paths in
                var updates: [git_tree_update] = []
                for index in files.indices {
                    updates.append(
                        git_tree_update(
                            action: GIT_TREE_UPDATE_UPSERT, id: blobs[index], filemode: modes[index],
                            path: UnsafePointer(paths.pointee.strings[index])))
                }
                try check(
                    git_tree_create_updated(&out, pointer, baseline, updates.count, &updates),
                    "git_tree_create_updated", path: path)
            }
            return out
        }
        let commit = try createCommit(
            tree: treeID, parents: [expectedTip], message: message,
            author: author, committer: author, updating: nil)
        try moveBranch(
            branch, to: commit, from: expectedTip, reason: "lockstep: \(message.split(separator: "\n").first ?? "")")
        return commit
    }

    /// Points `refs/heads/<branch>` at `commit` only if it still points at `expected` (compare-and-swap).
    public func moveBranch(_ branch: String, to commit: ObjectID, from expected: ObjectID, reason: String) throws {
        var reference: OpaquePointer?
        var new = commit.raw, old = expected.raw
        try check(
            git_reference_create_matching(&reference, pointer, "refs/heads/\(branch)", &new, 1, &old, reason),
            "git_reference_create_matching", path: path)
        git_reference_free(reference)
    }

    /// Creates or moves any reference (e.g. `refs/heads/main`, `refs/tags/1.0.0`) to `target`.
    public func setReference(_ name: String, to target: ObjectID, force: Bool = true) throws {
        var reference: OpaquePointer?
        var oid = target.raw
        try check(
            git_reference_create(&reference, pointer, name, &oid, force ? 1 : 0, nil), "git_reference_create",
            path: path)
        git_reference_free(reference)
    }

    /// Deletes reference `name` (e.g. `refs/lockstep/…`); nothing when it does not exist.
    public func deleteReferenceIfPresent(_ name: String) throws {
        let code = git_reference_remove(pointer, name)
        if code == GIT_ENOTFOUND.rawValue { return }
        try check(code, "git_reference_remove", path: path)
    }

    /// Deletes a tag reference; used only to roll back a tag this process just wrote.
    public func deleteTag(named name: String) throws {
        try check(git_tag_delete(pointer, name), "git_tag_delete", path: path)
    }

    /// Points HEAD at a branch (`refs/heads/<branch>`).
    public func setHead(branch: String) throws {
        try check(git_repository_set_head(pointer, "refs/heads/\(branch)"), "git_repository_set_head", path: path)
    }

    private func createCommit(
        tree: git_oid, parents: [ObjectID], message: String,
        author: Signature, committer: Signature, updating ref: String?
    ) throws -> ObjectID {
        var treeID = tree
        var treeObject: OpaquePointer?
        try check(git_tree_lookup(&treeObject, pointer, &treeID), "git_tree_lookup", path: path)
        defer { git_tree_free(treeObject) }
        var parentObjects: [OpaquePointer?] = []
        defer { parentObjects.forEach { git_commit_free($0) } }
        for parent in parents {
            var oid = parent.raw
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup", path: path)
            parentObjects.append(commit)
        }
        var out = git_oid()
        _ = try author.withGitSignature { authorSignature in
            try committer.withGitSignature { committerSignature in
                try parentObjects.withUnsafeMutableBufferPointer { buffer in
                    try check(
                        git_commit_create(
                            &out, pointer, ref, authorSignature, committerSignature, "UTF-8", message,
                            treeObject, buffer.count, buffer.baseAddress), "git_commit_create", path: path)
                }
            }
        }
        return ObjectID(out)
    }
}

/// Lends a `git_strarray` of `strings` to `body`.
func withStrArray<T>(_ strings: [String], _ body: (UnsafeMutablePointer<git_strarray>) throws -> T) rethrows -> T {
    let duplicates = strings.map { strdup($0) }
    defer { duplicates.forEach { free($0) } }
    var pointers = duplicates
    return try pointers.withUnsafeMutableBufferPointer { buffer in
        var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
        return try body(&array)
    }
}
