internal import CLibgit2
import Foundation

/// What the index records for one path: the staged blob and the flags that hide work-tree changes from git.
public struct IndexEntry: Sendable, Equatable {
    /// The staged blob.
    public var blob: ObjectID
    /// The file mode, e.g. 0o100644.
    public var mode: UInt32
    /// `git update-index --assume-unchanged`: git stops looking at the work-tree file.
    public var assumeUnchanged: Bool
    /// `git update-index --skip-worktree` (or a sparse checkout): the work-tree file is not git's business.
    public var skipWorktree: Bool
    /// The path is in a merge conflict (stages 1–3 instead of 0).
    public var isConflicted: Bool
}

extension Repository {
    /// The work tree's folder with a trailing slash; nil for a bare repository.
    public var workDirectory: String? { git_repository_workdir(pointer).map { String(cString: $0) } }

    /// True while another git process holds `index.lock` (a commit, an add, an editor's git integration).
    public var isIndexLocked: Bool {
        FileManager.default.fileExists(atPath: gitDirectory + "index.lock")
    }

    /// The index's entry for `path` as it is on disk now; nil when the path is not tracked.
    public func indexEntry(_ path: String) throws -> IndexEntry? {
        try withIndex(reload: true) { index in
            if let entry = git_index_get_bypath(index, path, 0) {
                return IndexEntry(
                    blob: ObjectID(entry.pointee.id), mode: entry.pointee.mode,
                    assumeUnchanged: Int32(entry.pointee.flags) & Int32(GIT_INDEX_ENTRY_VALID.rawValue) != 0,
                    skipWorktree: Int32(entry.pointee.flags_extended) & Int32(GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue)
                        != 0,
                    isConflicted: false)
            }
            for stage in 1...3 {
                if let entry = git_index_get_bypath(index, path, Int32(stage)) {
                    return IndexEntry(
                        blob: ObjectID(entry.pointee.id), mode: entry.pointee.mode,
                        assumeUnchanged: false, skipWorktree: false, isConflicted: true)
                }
            }
            return nil
        }
    }

    /// Stages `contents` for `path` only if the index still records `expected` for it (a check-then-write under
    /// libgit2's `index.lock`). Throws `GitError` with `isLocked` when another process holds the lock, and
    /// `isModified` when the entry changed since it was read.
    public func replaceIndexEntry(_ path: String, expected: ObjectID, contents: Data) throws {
        try withIndex(reload: true) { index in
            guard let current = git_index_get_bypath(index, path, 0), ObjectID(current.pointee.id) == expected else {
                throw GitError(
                    code: GIT_EMODIFIED.rawValue, errorClass: 0,
                    message: "the index entry for \(path) changed meanwhile",
                    function: "replaceIndexEntry", path: self.path)
            }
            var entry = current.pointee
            // No cached stat data: git must compare the work-tree file by content, never trust an old mtime.
            entry.mtime = git_index_time(seconds: 0, nanoseconds: 0)
            entry.ctime = git_index_time(seconds: 0, nanoseconds: 0)
            _ = try contents.withUnsafeBytes { bytes in
                try path.withCString { cPath in
                    entry.path = cPath
                    try check(
                        git_index_add_from_buffer(index, &entry, bytes.baseAddress, bytes.count),
                        "git_index_add_from_buffer", path: self.path)
                }
            }
            try check(git_index_write(index), "git_index_write", path: self.path)
        }
    }

    /// Stages the work tree's current `path`, refreshing the index's file stat data (`git add path`).
    public func stageWorkTreeFile(_ path: String) throws {
        try withIndex(reload: true) { index in
            try check(git_index_add_bypath(index, path), "git_index_add_bypath", path: self.path)
            try check(git_index_write(index), "git_index_write", path: self.path)
        }
    }

    /// The paths of the other work trees (`git worktree add`, or the main one when this is a linked one) whose
    /// HEAD is `branch`: committing there from a stale index would revert what is committed here.
    public func worktreesCheckingOut(_ branch: String) throws -> [String] {
        let ref = "refs/heads/\(branch)"
        var found: [String] = []
        var names = git_strarray()
        try check(git_worktree_list(&names, pointer), "git_worktree_list", path: path)
        defer { git_strarray_dispose(&names) }
        let own = workDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        for index in 0..<names.count {
            guard let cName = names.strings[index] else { continue }
            var worktree: OpaquePointer?
            guard git_worktree_lookup(&worktree, pointer, cName) == 0 else { continue }
            defer { git_worktree_free(worktree) }
            let location = URL(fileURLWithPath: String(cString: git_worktree_path(worktree))).standardizedFileURL.path
            guard location != own else { continue }
            var head: OpaquePointer?
            guard git_repository_head_for_worktree(&head, pointer, cName) == 0 else { continue }
            defer { git_reference_free(head) }
            if String(cString: git_reference_name(head)) == ref { found.append(location) }
        }
        if git_repository_is_worktree(pointer) == 1 {
            // This checkout is a linked work tree: the main work tree may have the branch too.
            let common = String(cString: git_repository_commondir(pointer))
            if let main = try? Repository.open(at: common), (try? main.head().branch) == branch {
                found.append(main.workDirectory ?? common)
            }
        }
        return found
    }

    /// The operation in progress in this checkout (`rebase`, `merge`, `cherry-pick` …); nil when there is none
    /// (or only a bisect, which detaches HEAD and commits nothing).
    public var operationInProgress: String? {
        switch git_repository_state(pointer) {
        case Int32(GIT_REPOSITORY_STATE_NONE.rawValue), Int32(GIT_REPOSITORY_STATE_BISECT.rawValue): return nil
        case Int32(GIT_REPOSITORY_STATE_MERGE.rawValue): return "a merge"
        case Int32(GIT_REPOSITORY_STATE_REVERT.rawValue), Int32(GIT_REPOSITORY_STATE_REVERT_SEQUENCE.rawValue):
            return "a revert"
        case Int32(GIT_REPOSITORY_STATE_CHERRYPICK.rawValue), Int32(GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE.rawValue):
            return "a cherry-pick"
        case Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX.rawValue),
            Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE.rawValue):
            return "a `git am`"
        default: return "a rebase"
        }
    }

    /// `data` converted by the repository's filters for `path` (`core.autocrlf`, `.gitattributes` `eol`/`text`):
    /// to the form git stores (`toWorkTree: false`, "clean") or the form the work tree holds ("smudge").
    public func filtered(_ data: Data, path: String, toWorkTree: Bool) throws -> Data {
        var filters: OpaquePointer?
        try check(
            git_filter_list_load(
                &filters, pointer, nil, path, toWorkTree ? GIT_FILTER_TO_WORKTREE : GIT_FILTER_TO_ODB,
                GIT_FILTER_DEFAULT.rawValue), "git_filter_list_load", path: self.path)
        guard let filters else { return data }
        defer { git_filter_list_free(filters) }
        var out = git_buf()
        defer { git_buf_dispose(&out) }
        try data.withUnsafeBytes { bytes in
            let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(emptyBuffer)
            try check(
                git_filter_list_apply_to_buffer(&out, filters, start, bytes.count), "git_filter_list_apply_to_buffer",
                path: self.path)
        }
        guard let result = out.ptr, out.size > 0 else { return Data() }
        return Data(bytes: result, count: out.size)
    }

    /// Three-way merges text files like `git merge-file`: nil when the two sides change the same (or adjacent) lines.
    public static func mergeFile(base: Data, ours: Data, theirs: Data) throws -> Data? {
        Git.bootstrap()
        var result = git_merge_file_result()
        defer { git_merge_file_result_free(&result) }
        try base.withUnsafeBytes { baseBytes in
            try ours.withUnsafeBytes { ourBytes in
                try theirs.withUnsafeBytes { theirBytes in
                    var ancestor = git_merge_file_input(), mine = git_merge_file_input(), other = git_merge_file_input()
                    try check(
                        git_merge_file_input_init(&ancestor, UInt32(GIT_MERGE_FILE_INPUT_VERSION)),
                        "git_merge_file_input_init")
                    try check(
                        git_merge_file_input_init(&mine, UInt32(GIT_MERGE_FILE_INPUT_VERSION)),
                        "git_merge_file_input_init")
                    try check(
                        git_merge_file_input_init(&other, UInt32(GIT_MERGE_FILE_INPUT_VERSION)),
                        "git_merge_file_input_init")
                    fill(&ancestor, baseBytes)
                    fill(&mine, ourBytes)
                    fill(&other, theirBytes)
                    try check(git_merge_file(&result, &ancestor, &mine, &other, nil), "git_merge_file")
                }
            }
        }
        guard result.automergeable == 1 else { return nil }
        guard let bytes = result.ptr, result.len > 0 else { return Data() }
        return Data(bytes: bytes, count: result.len)
    }

    /// Points a merge input at `bytes`; an empty side still gets a non-NULL buffer (NULL means "absent").
    private static func fill(_ input: inout git_merge_file_input, _ bytes: UnsafeRawBufferPointer) {
        input.ptr = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(emptyBuffer)
        input.size = bytes.count
    }

    private func withIndex<T>(reload: Bool, _ body: (OpaquePointer) throws -> T) throws -> T {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index", path: path)
        defer { git_index_free(index) }
        if reload { try check(git_index_read(index, 1), "git_index_read", path: path) }
        return try body(index!)
    }
}

/// A zero-length C string for empty merge inputs.
nonisolated(unsafe) private let emptyBuffer: UnsafeMutablePointer<CChar> = strdup("")!
