internal import CLibgit2

extension Repository {
    /// The URL configured for the remote called `name` (e.g. `origin`), as written in the config
    /// (`remote.<name>.url`), nil when there is none. `url.<base>.insteadOf` rewrites are not applied: manifests
    /// name the URL as people write it, not where this machine fetches it from. Nothing is contacted.
    public func remoteURL(named name: String) throws -> String? {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, pointer), "git_repository_config_snapshot", path: path)
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        let code = git_config_get_string(&value, config, "remote.\(name).url")
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_config_get_string", path: path)
        return value.map { String(cString: $0) }
    }
}
