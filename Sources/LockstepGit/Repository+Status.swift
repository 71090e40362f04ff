internal import CLibgit2

extension Repository {
    /// Paths of tracked files that differ from HEAD in the index or the work tree (untracked files ignored).
    public func changedTrackedFiles() throws -> [String] {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &options), "git_status_list_new", path: path)
        defer { git_status_list_free(list) }
        var paths: [String] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index) else { continue }
            let delta = entry.pointee.head_to_index ?? entry.pointee.index_to_workdir
            if let delta, let file = delta.pointee.new_file.path ?? delta.pointee.old_file.path {
                paths.append(String(cString: file))
            }
        }
        return paths
    }

    /// True when a tracked file has uncommitted changes (staged or not).
    public func hasTrackedChanges() throws -> Bool {
        try !changedTrackedFiles().isEmpty
    }
}
