internal import CLibgit2
import Foundation

/// An open git repository. Owns its libgit2 handle; use one instance per thread.
public final class Repository {
    let pointer: OpaquePointer
    /// The folder the repository was opened at (the work tree, or the git dir of a bare repo).
    public let path: String

    private init(pointer: OpaquePointer, path: String) {
        self.pointer = pointer
        self.path = path
    }

    deinit { git_repository_free(pointer) }

    /// Opens the repository whose work tree (or bare git dir) is exactly `path`; never searches parents.
    public static func open(at path: String) throws -> Repository {
        Git.bootstrap()
        var pointer: OpaquePointer?
        try check(
            git_repository_open_ext(&pointer, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
            "git_repository_open_ext", path: path)
        return Repository(pointer: pointer!, path: path)
    }

    /// Creates a repository at `path` with `initialBranch` as its unborn HEAD.
    public static func create(at path: String, bare: Bool = false, initialBranch: String = "main") throws -> Repository
    {
        Git.bootstrap()
        var options = git_repository_init_options()
        try check(
            git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
            "git_repository_init_options_init")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | (bare ? GIT_REPOSITORY_INIT_BARE.rawValue : 0)
        var pointer: OpaquePointer?
        try initialBranch.withCString { branch in
            options.initial_head = branch
            try check(git_repository_init_ext(&pointer, path, &options), "git_repository_init_ext", path: path)
        }
        return Repository(pointer: pointer!, path: path)
    }

    /// True for a repository without a work tree.
    public var isBare: Bool { git_repository_is_bare(pointer) == 1 }

    /// The `.git` folder (or the bare repository itself), with a trailing slash.
    public var gitDirectory: String { String(cString: git_repository_path(pointer)) }

    /// What HEAD points at.
    public struct Head: Sendable, Equatable {
        /// The commit HEAD resolves to; nil for an unborn branch (no commits yet).
        public var commit: ObjectID?
        /// The short branch name; nil when HEAD is detached.
        public var branch: String?
    }

    /// Reads HEAD without failing on an unborn branch or a detached HEAD.
    public func head() throws -> Head {
        var reference: OpaquePointer?
        let code = git_repository_head(&reference, pointer)
        if code == GIT_EUNBORNBRANCH.rawValue || code == GIT_ENOTFOUND.rawValue {
            var symbolic: OpaquePointer?
            try check(git_reference_lookup(&symbolic, pointer, "HEAD"), "git_reference_lookup", path: path)
            defer { git_reference_free(symbolic) }
            let target = git_reference_symbolic_target(symbolic).map { String(cString: $0) }
            return Head(commit: nil, branch: target.map(Self.shortBranchName))
        }
        try check(code, "git_repository_head", path: path)
        defer { git_reference_free(reference) }
        let commit = try peelToCommit(reference: reference!)
        let branch =
            git_repository_head_detached(pointer) == 1
            ? nil : Self.shortBranchName(String(cString: git_reference_name(reference)))
        return Head(commit: commit, branch: branch)
    }

    static func shortBranchName(_ full: String) -> String {
        full.hasPrefix("refs/heads/") ? String(full.dropFirst("refs/heads/".count)) : full
    }

    func peelToCommit(reference: OpaquePointer) throws -> ObjectID {
        var object: OpaquePointer?
        try check(git_reference_peel(&object, reference, GIT_OBJECT_COMMIT), "git_reference_peel", path: path)
        defer { git_object_free(object) }
        return ObjectID(git_object_id(object).pointee)
    }

    /// Resolves a revision (`HEAD`, a branch, a tag, a hex id) to the commit it names.
    public func resolveCommit(_ revision: String) throws -> ObjectID {
        var object: OpaquePointer?
        try check(git_revparse_single(&object, pointer, revision), "git_revparse_single", path: path)
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        try check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "git_object_peel", path: path)
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit).pointee)
    }

    /// The commit a branch points at, or nil when the branch does not exist.
    public func branchTip(_ branch: String) throws -> ObjectID? {
        try referenceTarget("refs/heads/\(branch)")
    }

    /// Reads a string value from the repository's configuration (with global and system levels).
    public func configString(_ key: String) throws -> String? {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, pointer), "git_repository_config_snapshot", path: path)
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        let code = git_config_get_string(&value, config, key)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_config_get_string", path: path)
        return value.map { String(cString: $0) }
    }

    /// Writes a string value into the repository's own (local) configuration.
    public func setConfigString(_ key: String, _ value: String) throws {
        var config: OpaquePointer?
        try check(git_repository_config(&config, pointer), "git_repository_config", path: path)
        defer { git_config_free(config) }
        var local: OpaquePointer?
        try check(git_config_open_level(&local, config, GIT_CONFIG_LEVEL_LOCAL), "git_config_open_level", path: path)
        defer { git_config_free(local) }
        try check(git_config_set_string(local, key, value), "git_config_set_string", path: path)
    }
}
