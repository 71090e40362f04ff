internal import CLibgit2

extension Repository {
    /// Counts the commits reachable from `tip` but not from `base` (`git rev-list --count base..tip`).
    public func countCommits(from tip: ObjectID, excluding base: ObjectID?) throws -> Int {
        var count = 0
        try walk(from: tip, excluding: base) { _ in count += 1 }
        return count
    }

    /// The commits reachable from `tip` but not from `base`, newest first (`git rev-list base..tip`).
    public func commits(from tip: ObjectID, excluding base: ObjectID?) throws -> [ObjectID] {
        var result: [ObjectID] = []
        try walk(from: tip, excluding: base) { result.append(ObjectID($0)) }
        return result
    }

    private func walk(from tip: ObjectID, excluding base: ObjectID?, _ visit: (git_oid) -> Void) throws {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new", path: path)
        defer { git_revwalk_free(walk) }
        var start = tip.raw
        try check(git_revwalk_push(walk, &start), "git_revwalk_push", path: path)
        if let base {
            var hidden = base.raw
            try check(git_revwalk_hide(walk, &hidden), "git_revwalk_hide", path: path)
        }
        var oid = git_oid()
        while true {
            let code = git_revwalk_next(&oid, walk)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_revwalk_next", path: path)
            visit(oid)
        }
    }

    /// True when the object database holds commit `id` (e.g. a remote's tip that was never fetched here).
    public func hasCommit(_ id: ObjectID) throws -> Bool {
        var oid = id.raw
        var object: OpaquePointer?
        guard git_object_lookup(&object, pointer, &oid, GIT_OBJECT_COMMIT) == 0 else { return false }
        git_object_free(object)
        return true
    }

    /// True when `commit` is `ancestor` or has it in its history.
    public func contains(_ ancestor: ObjectID, in commit: ObjectID) throws -> Bool {
        if ancestor == commit { return true }
        var a = commit.raw, b = ancestor.raw
        return try check(git_graph_descendant_of(pointer, &a, &b), "git_graph_descendant_of", path: path) == 1
    }

    /// The best common ancestor of two commits (`git merge-base a b`); nil when their histories share none.
    public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
        var base = git_oid()
        var first = a.raw, second = b.raw
        let status = git_merge_base(&base, pointer, &first, &second)
        if status == GIT_ENOTFOUND.rawValue { return nil }
        try check(status, "git_merge_base", path: path)
        return ObjectID(base)
    }

    /// The commit's message, author and parents.
    public func commitInfo(_ id: ObjectID) throws -> CommitInfo {
        var commit: OpaquePointer?
        var oid = id.raw
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup", path: path)
        defer { git_commit_free(commit) }
        var parents: [ObjectID] = []
        for index in 0..<git_commit_parentcount(commit) {
            parents.append(ObjectID(git_commit_parent_id(commit, index).pointee))
        }
        return CommitInfo(
            id: id, message: String(cString: git_commit_message(commit)),
            author: Signature(git_commit_author(commit)), parents: parents)
    }
}

/// The parts of a commit Lockstep reads.
public struct CommitInfo: Sendable, Equatable {
    public var id: ObjectID
    public var message: String
    public var author: Signature
    public var parents: [ObjectID]
}
