internal import CLibgit2

extension Repository {
    /// The object a reference points at directly (an annotated tag's tag object, not its commit); nil when absent.
    public func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_name_to_id", path: path)
        return ObjectID(oid)
    }

    /// The reference a symbolic reference names (`refs/remotes/origin/HEAD` → `refs/remotes/origin/main`); nil when
    /// absent or not symbolic.
    public func symbolicTarget(_ name: String) throws -> String? {
        var reference: OpaquePointer?
        let code = git_reference_lookup(&reference, pointer, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_lookup", path: path)
        defer { git_reference_free(reference) }
        return git_reference_symbolic_target(reference).map { String(cString: $0) }
    }

    /// The names of the entries at the root of `commit`'s tree (files and folders).
    public func rootNames(at commit: ObjectID) throws -> [String] {
        try withTree(of: commit) { tree in
            (0..<git_tree_entrycount(tree)).compactMap { index in
                git_tree_entry_byindex(tree, index).map { String(cString: git_tree_entry_name($0)) }
            }
        }
    }
}

extension Repository {
    /// The direct references whose names start with `prefix` (e.g. `refs/heads/`, `refs/remotes/`), with the object
    /// each points at, sorted by name.
    public func references(withPrefix prefix: String) throws -> [(name: String, target: ObjectID)] {
        try referenceTargets().filter { $0.0.hasPrefix(prefix) }.map { (name: $0.0, target: ObjectID($0.1)) }.sorted {
            $0.name < $1.name
        }
    }
}
