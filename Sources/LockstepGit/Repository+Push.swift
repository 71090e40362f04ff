internal import CLibgit2
import Foundation

/// A reference the remote did not take, with the reason it gave (or libgit2's, for a push that would not
/// fast-forward).
public struct PushRejection: Sendable, Equatable, CustomStringConvertible {
    /// The remote reference, e.g. `refs/heads/main`.
    public var reference: String
    /// Why, e.g. `non-fast-forward` or the server's hook message.
    public var reason: String

    public init(reference: String, reason: String) {
        self.reference = reference
        self.reason = reason
    }

    public var description: String { "\(reference): \(reason)" }
}

/// State shared with libgit2's C callbacks of one push or fetch.
private final class TransferState {
    let credentials: GitCredentials
    /// Credential kinds already offered; each is offered once, so a refusing server ends the operation.
    var offered: Set<String> = []
    var rejections: [PushRejection] = []

    init(credentials: GitCredentials) { self.credentials = credentials }

    /// Points `callbacks` at this state for credentials (the caller keeps the state alive during the call).
    func install(in callbacks: inout git_remote_callbacks) {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = Repository.credentialCallback
    }

    /// The next credential to offer for `url`, nil when nothing is left to try.
    func credential(url: String, user: String?, allowed: UInt32) -> UnsafeMutablePointer<git_credential>? {
        var result: UnsafeMutablePointer<git_credential>?
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0, credentials.useSSHAgent, offered.insert("agent").inserted {
            if git_credential_ssh_key_from_agent(&result, user ?? "git") == 0 { return result }
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 {
            if let token = credentials.token, offered.insert("token").inserted {
                if git_credential_userpass_plaintext_new(&result, credentials.tokenUser, token) == 0 { return result }
            }
            if offered.insert("helpers").inserted {
                for helper in credentials.helpers where helper.applies(to: url) {
                    guard let answer = helper.fill(url: url, user: user) else { continue }
                    if git_credential_userpass_plaintext_new(&result, answer.user, answer.password) == 0 { return result }
                }
            }
            if credentials.askpass != nil, offered.insert("askpass").inserted,
               let name = user ?? credentials.ask("Username for '\(url)': "),
               let password = credentials.ask("Password for '\(url)': ") {
                if git_credential_userpass_plaintext_new(&result, name, password) == 0 { return result }
            }
        }
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0, offered.insert("username").inserted {
            if git_credential_username_new(&result, user ?? "git") == 0 { return result }
        }
        return nil
    }
}

extension Repository {
    /// Pushes `refspecs` (`refs/tags/1.2.0:refs/tags/1.2.0`, `refs/heads/main:refs/heads/main`; no `+`, so
    /// nothing on the remote is overwritten) to `remote` (a configured remote's name or a URL) through libgit2.
    ///
    /// Returns the references the remote refused, empty when every one landed. A push that would not
    /// fast-forward (another run pushed first) is a rejection, not an error: the caller fetches and decides.
    /// Transport and authentication failures throw `GitError`.
    public func push(_ refspecs: [String], to remote: String, credentials: GitCredentials = .fromEnvironment()) throws -> [PushRejection] {
        guard !refspecs.isEmpty else { return [] }
        if let local = try localRemotePath(remote) { return try pushLocally(refspecs, to: local) }
        let handle = try openRemote(remote)
        defer { git_remote_free(handle) }
        let state = TransferState(credentials: withConfiguredHelpers(credentials))
        var options = git_push_options()
        try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init", path: path)
        state.install(in: &options.callbacks)
        options.callbacks.push_update_reference = { reference, status, payload in
            guard let payload, let reference, let status else { return 0 }
            let state = Unmanaged<TransferState>.fromOpaque(payload).takeUnretainedValue()
            state.rejections.append(PushRejection(reference: String(cString: reference), reason: String(cString: status)))
            return 0
        }
        let code = withStrArray(refspecs) { array in withExtendedLifetime(state) { git_remote_push(handle, array, &options) } }
        if code == GIT_ENONFASTFORWARD.rawValue {
            return refspecs.map { spec in
                PushRejection(reference: spec.split(separator: ":").last.map(String.init) ?? spec,
                              reason: "non-fast-forward: the remote has commits this clone does not have (fetch first)")
            }
        }
        try check(code, "git_remote_push", path: path)
        return state.rejections
    }

    /// Fetches `refspecs` (e.g. `+refs/heads/main:refs/remotes/origin/main`, `refs/tags/*:refs/tags/*`) from
    /// `remote` (a configured remote's name or a URL) through libgit2. Throws `GitError` on failure.
    public func fetch(_ refspecs: [String], from remote: String, credentials: GitCredentials = .fromEnvironment()) throws {
        let handle = try openRemote(remote)
        defer { git_remote_free(handle) }
        let state = TransferState(credentials: withConfiguredHelpers(credentials))
        var options = git_fetch_options()
        try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init", path: path)
        state.install(in: &options.callbacks)
        options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
        let code = withStrArray(refspecs) { array in withExtendedLifetime(state) { git_remote_fetch(handle, array, &options, "lockstep: fetch") } }
        try check(code, "git_remote_fetch", path: path)
    }

    /// Fetches every tag of `remote` and adds the ones this repository lacks; a local tag of the same name that
    /// names another object is left as it is (libgit2 1.5 would overwrite it even without `+` in the refspec), and
    /// its name returned. The remote's tags pass through `refs/lockstep/fetched-tags/`, removed afterwards.
    public func fetchTags(from remote: String, credentials: GitCredentials = .fromEnvironment()) throws -> [String] {
        let staging = "refs/lockstep/fetched-tags/"
        try fetch(["+refs/tags/*:\(staging)*"], from: remote, credentials: credentials)
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
    public func remoteReferences(_ remote: String, credentials: GitCredentials = .fromEnvironment()) throws -> [String: ObjectID] {
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

    /// The branch the remote's HEAD names (`main`), read through libgit2; nil when the remote does not say.
    public func remoteDefaultBranch(_ remote: String, credentials: GitCredentials = .fromEnvironment()) throws -> String? {
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

    /// Runs `body` with `remote` connected for fetching (credentials installed), disconnecting afterwards.
    private func withConnectedRemote<T>(_ remote: String, credentials: GitCredentials, _ body: (OpaquePointer) throws -> T) throws -> T {
        let handle = try openRemote(remote)
        defer { git_remote_free(handle) }
        let state = TransferState(credentials: withConfiguredHelpers(credentials))
        var callbacks = git_remote_callbacks()
        try check(git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "git_remote_init_callbacks", path: path)
        state.install(in: &callbacks)
        return try withExtendedLifetime(state) {
            try check(git_remote_connect(handle, GIT_DIRECTION_FETCH, &callbacks, nil, nil), "git_remote_connect", path: path)
            defer { git_remote_disconnect(handle) }
            return try body(handle)
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

    fileprivate static let credentialCallback: git_credential_acquire_cb = { out, url, user, allowed, payload in
        guard let out, let payload else { return GIT_PASSTHROUGH.rawValue }
        let state = Unmanaged<TransferState>.fromOpaque(payload).takeUnretainedValue()
        let name = user.map { String(cString: $0) }
        guard let credential = state.credential(url: url.map { String(cString: $0) } ?? "", user: name, allowed: allowed) else {
            git_error_set_str(Int32(GIT_ERROR_NET.rawValue), "authentication failed: no credential left to offer (set LOCKSTEP_PUSH_TOKEN, start an ssh agent, configure a git credential helper, or set GIT_ASKPASS)")
            return GIT_EAUTH.rawValue
        }
        out.pointee = credential
        return 0
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
            throw GitError(code: -1, errorClass: 0, message: "the work tree has local changes; commit or stash them first",
                           function: "checkout", path: path)
        }
        var oid = commit.raw
        var object: OpaquePointer?
        try check(git_object_lookup(&object, pointer, &oid, GIT_OBJECT_COMMIT), "git_object_lookup", path: path)
        defer { git_object_free(object) }
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init", path: path)
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
