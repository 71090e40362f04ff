internal import CLibgit2
import Foundation

/// A reference the remote did not take, with the reason it gave (or libgit2's, for a push that would not
/// fast-forward) and the lines the server sent (a hook's own words).
public struct PushRejection: Sendable, Equatable, CustomStringConvertible {
    /// The remote reference, e.g. `refs/heads/main`.
    public var reference: String
    /// Why, e.g. `non-fast-forward` or `pre-receive hook declined`.
    public var reason: String
    /// The server's `remote: …` lines of this push (hook output), in order.
    public var serverMessages: [String]
    /// True when the remote holds commits this clone lacks (another run pushed first): fetch, and try again.
    public var isNonFastForward: Bool

    public init(reference: String, reason: String, serverMessages: [String] = [], isNonFastForward: Bool = false) {
        self.reference = reference
        self.reason = reason
        self.serverMessages = serverMessages
        self.isNonFastForward = isNonFastForward
    }

    public var description: String { "\(reference): \(reason)" }
}

extension Repository {
    /// Pushes `refspecs` (`refs/tags/1.2.0:refs/tags/1.2.0`, `refs/heads/main:refs/heads/main`; no `+`, so
    /// nothing on the remote is overwritten) to `remote` (a configured remote's name or a URL) through libgit2.
    ///
    /// Returns the references the remote refused, empty when every one landed. A push that would not
    /// fast-forward (another run pushed first) is a rejection, not an error: the caller fetches and decides.
    /// Transport and authentication failures throw `GitError`.
    public func push(_ refspecs: [String], to remote: String, credentials: GitCredentials = .fromEnvironment()) throws
        -> [PushRejection]
    {
        guard !refspecs.isEmpty else { return [] }
        if let local = try localRemotePath(remote) { return try pushLocally(refspecs, to: local) }
        let handle = try openRemote(remote)
        defer { git_remote_free(handle) }
        let state = transferState(handle, credentials)
        var options = git_push_options()
        try check(
            git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init", path: path)
        state.install(in: &options.callbacks)
        options.callbacks.push_update_reference = { reference, status, payload in
            guard let payload, let reference, let status else { return 0 }
            let state = Unmanaged<TransferState>.fromOpaque(payload).takeUnretainedValue()
            let reason = ServerText.clean(String(cString: status))
            state.rejections.append(
                PushRejection(
                    reference: String(cString: reference), reason: reason,
                    isNonFastForward: reason.contains("non-fast-forward") || reason.contains("fetch first")))
            return 0
        }
        let code = try transfer(state) { withStrArray(refspecs) { array in git_remote_push(handle, array, &options) } }
        if code == GIT_ENONFASTFORWARD.rawValue {
            return refspecs.map { spec in
                PushRejection(
                    reference: spec.split(separator: ":").last.map(String.init) ?? spec,
                    reason: "non-fast-forward: the remote has commits this clone does not have (fetch first)",
                    isNonFastForward: true)
            }
        }
        try transferCheck(code, "git_remote_push", state)
        let messages = state.serverMessages
        // Two pushes that both passed the fast-forward check race on the server's ref lock; the loser is told the ref
        // "is at X but expected Y": another run moved it, exactly like a non-fast-forward.
        let lostLock = messages.contains { $0.contains("cannot lock ref") && $0.contains("but expected") }
        return state.rejections.map { rejection in
            var rejection = rejection
            rejection.serverMessages = messages
            if lostLock
                && (rejection.reason.contains("failed to update ref") || rejection.reason.contains("failed to lock"))
            {
                rejection.isNonFastForward = true
            }
            return rejection
        }
    }

    /// Fetches `refspecs` (e.g. `+refs/heads/main:refs/remotes/origin/main`, `refs/tags/*:refs/tags/*`) from
    /// `remote` (a configured remote's name or a URL) through libgit2. Throws `GitError` on failure.
    public func fetch(_ refspecs: [String], from remote: String, credentials: GitCredentials = .fromEnvironment())
        throws
    {
        let handle = try openRemote(remote)
        defer { git_remote_free(handle) }
        let state = transferState(handle, credentials)
        var options = try fetchOptions(state)
        let code = try transfer(state) {
            withStrArray(refspecs) { array in git_remote_fetch(handle, array, &options, "lockstep: fetch") }
        }
        try transferCheck(code, "git_remote_fetch", state)
    }

    /// Fetches every tag of `remote` and adds the ones this repository lacks; a local tag of the same name that
    /// names another object is left as it is (libgit2 1.5 would overwrite it even without `+` in the refspec), and
    /// its name returned. The remote's tags pass through `refs/lockstep/fetched-tags/`, removed afterwards.
    public func fetchTags(from remote: String, credentials: GitCredentials = .fromEnvironment()) throws -> [String] {
        try fetch(["+refs/tags/*:\(Self.fetchedTags)*"], from: remote, credentials: credentials)
        return try adoptFetchedTags()
    }

    /// What `fetchBranchesAndTags` brought.
    public struct SyncFetch: Sendable {
        /// The branch the remote's HEAD names, nil when it names none.
        public var defaultBranch: String?
        /// Local tags that name another object than the remote's tag of the same name (kept as they are).
        public var differingTags: [String]
    }

    /// One connection for `sync`: the remote's HEAD, every branch into `refs/remotes/<remote>/`, and every tag
    /// (added like `fetchTags`), where `fetch` + `fetchTags` + `remoteDefaultBranch` would open three (each a whole
    /// ssh session).
    public func fetchBranchesAndTags(from remote: String, credentials: GitCredentials = .fromEnvironment()) throws
        -> SyncFetch
    {
        let refspecs = ["+refs/heads/*:refs/remotes/\(remote)/*", "+refs/tags/*:\(Self.fetchedTags)*"]
        if try localRemotePath(remote) != nil {
            try fetch(refspecs, from: remote, credentials: credentials)
            return SyncFetch(
                defaultBranch: try remoteDefaultBranch(remote, credentials: credentials),
                differingTags: try adoptFetchedTags())
        }
        let handle = try openRemote(remote)
        defer { git_remote_free(handle) }
        let state = transferState(handle, credentials)
        var options = try fetchOptions(state)
        let defaultBranch: String? = try transfer(state) {
            try transferCheck(
                git_remote_connect(handle, GIT_DIRECTION_FETCH, &options.callbacks, &options.proxy_opts, nil),
                "git_remote_connect", state)
            defer { git_remote_disconnect(handle) }
            var buffer = git_buf()
            defer { git_buf_dispose(&buffer) }
            var branch: String?
            if git_remote_default_branch(&buffer, handle) == 0, let bytes = buffer.ptr {
                let name = String(cString: bytes)
                if name.hasPrefix("refs/heads/") { branch = String(name.dropFirst("refs/heads/".count)) }
            }
            try withStrArray(refspecs) { array in
                try transferCheck(git_remote_download(handle, array, &options), "git_remote_download", state)
                try transferCheck(
                    git_remote_update_tips(
                        handle, &options.callbacks, 0, GIT_REMOTE_DOWNLOAD_TAGS_NONE, "lockstep: sync"),
                    "git_remote_update_tips", state)
            }
            return branch
        }
        return SyncFetch(defaultBranch: defaultBranch, differingTags: try adoptFetchedTags())
    }

    private static let fetchedTags = "refs/lockstep/fetched-tags/"

    /// Moves fetched tags from the staging namespace to `refs/tags/`, keeping every local tag as it is.
    private func adoptFetchedTags() throws -> [String] {
        let staging = Self.fetchedTags
        var differing: [String] = []
        for (name, target) in try references(withPrefix: staging) {
            let tag = "refs/tags/" + name.dropFirst(staging.count)
            if let ours = try referenceTarget(tag) {
                if ours != target { differing.append(String(tag.dropFirst("refs/tags/".count))) }
            } else {
                try setReference(tag, to: target, force: false)
            }
            try check(git_reference_remove(pointer, name), "git_reference_remove", path: path)
        }
        return differing
    }

    /// The references a remote advertises (name → object), read through libgit2 without fetching anything.
    public func remoteReferences(_ remote: String, credentials: GitCredentials = .fromEnvironment()) throws -> [String:
        ObjectID]
    {
        try withConnectedRemote(remote, credentials: credentials) { handle in
            var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
            var count = 0
            try check(git_remote_ls(&heads, &count, handle), "git_remote_ls", path: path)
            var result: [String: ObjectID] = [:]
            for index in 0..<count {
                guard let head = heads?[index] else { continue }
                result[String(cString: head.pointee.name)] = ObjectID(head.pointee.oid)
            }
            return result
        }
    }

    /// Connects to `remote` for pushing and disconnects, sending nothing: the server checks the credentials, the
    /// TLS certificate or host key, and (over https) whether these credentials may push at all. Throws
    /// `TransferError` when it would not take a push; a folder on this machine is only checked to be a repository.
    public func checkPushAccess(_ remote: String, credentials: GitCredentials = .fromEnvironment()) throws {
        if let local = try localRemotePath(remote) {
            _ = try Repository.openLocalRemote(local)
            return
        }
        try withConnectedRemote(remote, direction: GIT_DIRECTION_PUSH, credentials: credentials) { _ in }
    }

    /// The branch the remote's HEAD names (`main`), read through libgit2; nil when the remote does not say.
    public func remoteDefaultBranch(_ remote: String, credentials: GitCredentials = .fromEnvironment()) throws
        -> String?
    {
        try withConnectedRemote(remote, credentials: credentials) { handle in
            var buffer = git_buf()
            defer { git_buf_dispose(&buffer) }
            let code = git_remote_default_branch(&buffer, handle)
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try check(code, "git_remote_default_branch", path: path)
            guard let bytes = buffer.ptr else { return nil }
            let name = String(cString: bytes)
            return name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : nil
        }
    }

    /// Runs `body` with `remote` connected (for fetching unless `direction` says push; credentials installed),
    /// disconnecting afterwards.
    private func withConnectedRemote<T>(
        _ remote: String, direction: git_direction = GIT_DIRECTION_FETCH, credentials: GitCredentials,
        _ body: (OpaquePointer) throws -> T
    ) throws -> T {
        let handle = try openRemote(remote)
        defer { git_remote_free(handle) }
        let state = transferState(handle, credentials)
        var callbacks = git_remote_callbacks()
        try check(
            git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "git_remote_init_callbacks",
            path: path)
        state.install(in: &callbacks)
        return try transfer(state) {
            try transferCheck(git_remote_connect(handle, direction, &callbacks, nil, nil), "git_remote_connect", state)
            defer { git_remote_disconnect(handle) }
            return try body(handle)
        }
    }

    /// Fetch options with `state`'s callbacks installed; tags only as the refspecs name them.
    private func fetchOptions(_ state: TransferState) throws -> git_fetch_options {
        var options = git_fetch_options()
        try check(
            git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init", path: path)
        state.install(in: &options.callbacks)
        options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
        return options
    }

    /// The callbacks' state for a transfer with `handle`: credentials plus configured helpers, the TLS trust for its
    /// URL.
    /// An ssh URL whose host is an alias in ~/.ssh/config (`HostName`, `Port`, `User`) is connected to as OpenSSH
    /// would.
    private func transferState(_ handle: OpaquePointer, _ credentials: GitCredentials) -> TransferState {
        var url = git_remote_url(handle).map { String(cString: $0) } ?? ""
        var configHost: String?
        if let resolved = SSHKeys.resolved(url, home: credentials.home),
            git_remote_set_instance_url(handle, resolved) == 0
        {
            configHost = SSHKeys.host(of: url)
            url = resolved
        }
        if let pushURL = git_remote_pushurl(handle).map({ String(cString: $0) }),
            let resolved = SSHKeys.resolved(pushURL, home: credentials.home)
        {
            _ = git_remote_set_instance_pushurl(handle, resolved)
        }
        return TransferState(
            credentials: withConfiguredHelpers(credentials), url: url,
            tls: tlsSettings(for: url, environment: credentials.tls), configHost: configHost)
    }

    /// Runs one network call with the TLS trust its URL needs, keeping `state` alive for libgit2's callbacks.
    private func transfer<T>(_ state: TransferState, _ body: () throws -> T) throws -> T {
        try TLSTrust.withTrust(state.tls, url: state.url) { try withExtendedLifetime(state) { try body() } }
    }

    /// Like `check`, but a failure becomes a `TransferError` sorted by its cause.
    private func transferCheck(_ code: Int32, _ function: String, _ state: TransferState) throws {
        do {
            try check(code, function, path: path)
        } catch let error as GitError {
            throw state.failure(error)
        }
    }

    /// `credentials` plus the credential helpers of this repository's git configuration (none when unreadable).
    private func withConfiguredHelpers(_ credentials: GitCredentials) -> GitCredentials {
        var result = credentials
        result.helpers += (try? credentialHelpers()) ?? []
        return result
    }

    /// A configured remote by name, or an anonymous one for a URL or path.
    private func openRemote(_ remote: String) throws -> OpaquePointer {
        var handle: OpaquePointer?
        if git_remote_lookup(&handle, pointer, remote) == 0, let handle { return handle }
        try check(git_remote_create_anonymous(&handle, pointer, remote), "git_remote_create_anonymous", path: path)
        return handle!
    }
}

extension Repository {
    /// Moves `branch` from `expected` to `commit` (compare-and-swap) and, when it is checked out, brings the work
    /// tree and index along with a safe checkout: a file with local changes stops it before anything moves.
    /// Used to put a CI clone's main branch back on the remote's tip after another run pushed first.
    public func resetBranchFollowingCheckout(_ branch: String, to commit: ObjectID, from expected: ObjectID) throws {
        if (try? head().branch) == branch {
            try checkOutBranch(branch, at: commit, from: expected)
        } else {
            try moveBranch(branch, to: commit, from: expected, reason: "lockstep: follow the remote")
        }
    }

    /// Puts `branch` on `commit` (compare-and-swap from `expected`; nil: the branch must not exist yet) and checks
    /// it out, from a detached HEAD or another branch alike. A safe checkout: a tracked file with local changes, or
    /// an untracked file in the way, stops it before any reference moves.
    public func checkOutBranch(_ branch: String, at commit: ObjectID, from expected: ObjectID?) throws {
        guard try !hasTrackedChanges() else {
            throw GitError(
                code: -1, errorClass: 0, message: "the work tree has local changes; commit or stash them first",
                function: "checkout", path: path)
        }
        var oid = commit.raw
        var object: OpaquePointer?
        try check(git_object_lookup(&object, pointer, &oid, GIT_OBJECT_COMMIT), "git_object_lookup", path: path)
        defer { git_object_free(object) }
        var options = git_checkout_options()
        try check(
            git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init",
            path: path)
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        try check(git_checkout_tree(pointer, object, &options), "git_checkout_tree", path: path)
        if let expected {
            try moveBranch(branch, to: commit, from: expected, reason: "lockstep: follow the remote")
        } else {
            try setReference("refs/heads/\(branch)", to: commit, force: false)
        }
        try setHead(branch: branch)
    }
}
