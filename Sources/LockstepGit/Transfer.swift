internal import CLibgit2
internal import CLibssh2
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A push, fetch or listing that failed, sorted by its cause so that the message can name the fix.
public struct TransferError: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        /// The server refused every credential offered (or none could be offered).
        case authentication
        /// The server's TLS certificate could not be verified (unknown CA, wrong host name, expired).
        case tls
        /// The ssh server's host key is in no known_hosts file.
        case hostKeyUnknown
        /// The ssh server's host key differs from the one known_hosts holds for it.
        case hostKeyChanged
        /// The ssh server's host key is marked `@revoked` in a known_hosts file.
        case hostKeyRevoked
        /// The host name did not resolve, or nothing answered (refused, timed out, reset).
        case connection
        /// The server answered, but has no such repository (or hides it: 403/404).
        case notFound
        /// Anything else libgit2 reported.
        case other
    }

    public var kind: Kind
    /// The URL talked to (credentials removed).
    public var url: String
    /// libgit2's own words.
    public var message: String
    /// What was offered to authenticate, e.g. `the token in LOCKSTEP_PUSH_TOKEN (user ci)`, `key ~/.ssh/id_ed25519`.
    public var offered: [String]
    /// The host key's fingerprint (`SHA256:…`), for host-key errors.
    public var fingerprint: String?
    /// The known_hosts files read, for host-key errors.
    public var knownHostsFiles: [String]
    /// `remote: …` lines the server sent.
    public var serverMessages: [String]

    public init(
        kind: Kind, url: String, message: String, offered: [String] = [], fingerprint: String? = nil,
        knownHostsFiles: [String] = [], serverMessages: [String] = []
    ) {
        self.kind = kind
        self.url = url
        self.message = message
        self.offered = offered
        self.fingerprint = fingerprint
        self.knownHostsFiles = knownHostsFiles
        self.serverMessages = serverMessages
    }

    public var description: String { "\(url): \(message)" }
}

/// A warning about a transfer that still went ahead (certificate verification switched off).
public enum TransferWarnings {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var handler: (@Sendable (String) -> Void)?
    nonisolated(unsafe) private static var said: Set<String> = []

    /// Where warnings go (the CLI prints them on stderr); each distinct warning is given once per handler (a
    /// `lockstep` run sets its own, so a run in a process that ran others still says its warnings).
    public static func setHandler(_ newHandler: (@Sendable (String) -> Void)?) {
        lock.withLock {
            handler = newHandler
            said = []
        }
    }

    static func warn(_ text: String) {
        let target: (@Sendable (String) -> Void)? = lock.withLock { said.insert(text).inserted ? handler : nil }
        target?(text)
    }
}

/// State shared with libgit2's C callbacks of one push, fetch or listing.
final class TransferState {
    let credentials: GitCredentials
    let url: String
    let tls: TLSSettings
    /// Credential kinds already offered; each is offered once, so a refusing server ends the operation.
    var offered: Set<String> = []
    /// What was offered, in order, for the message.
    var offeredNames: [String] = []
    var rejections: [PushRejection] = []
    /// The server's sideband bytes (hook output, progress), as they came: decoded only when read, since git relays a
    /// hook's output in chunks that may split a character.
    var sidebandBytes: [UInt8] = []
    var sideband: String { String(decoding: sidebandBytes, as: UTF8.self) }
    var hostKey: (kind: TransferError.Kind, fingerprint: String?, files: [String])?
    var tlsFailed = false
    var keysToOffer: [String]?
    /// The host name the remote's URL gave, when ~/.ssh/config made it another (`Host` blocks match this name).
    let configHost: String?

    init(credentials: GitCredentials, url: String, tls: TLSSettings, configHost: String? = nil) {
        self.credentials = credentials
        self.url = url
        self.tls = tls
        self.configHost = configHost
    }

    /// Points `callbacks` at this state (the caller keeps the state alive during the call).
    func install(in callbacks: inout git_remote_callbacks) {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = credentialCallback
        callbacks.certificate_check = certificateCallback
        callbacks.sideband_progress = sidebandCallback
    }

    /// The server's lines, without progress counters and blank lines.
    var serverMessages: [String] {
        sideband.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map {
            ServerText.clean(String($0)).trimmingCharacters(in: .whitespaces)
        }.filter { line in
            !line.isEmpty && !line.hasPrefix("Resolving deltas") && !line.hasPrefix("Counting objects")
                && !line.hasPrefix("Compressing objects") && !line.hasPrefix("Total ")
                && !line.hasPrefix("Enumerating objects")
        }.reduce(into: [String]()) { lines, line in if lines.last != line { lines.append(line) } }
    }

    /// The next credential to offer for `url`, nil when nothing is left to try.
    func credential(url: String, user: String?, allowed: UInt32) -> UnsafeMutablePointer<git_credential>? {
        var result: UnsafeMutablePointer<git_credential>?
        func offer(_ key: String, _ name: String) -> Bool {
            guard offered.insert(key).inserted else { return false }
            offeredNames.append(name)
            return true
        }
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
            let name = user ?? "git"
            if credentials.useSSHAgent, offer("agent", "the ssh agent's keys (SSH_AUTH_SOCK)") {
                if git_credential_ssh_key_from_agent(&result, name) == 0 { return result }
            }
            if keysToOffer == nil {
                keysToOffer = SSHKeys.files(for: self.url, credentials: credentials, configHost: configHost)
            }
            while let key = keysToOffer?.first {
                keysToOffer?.removeFirst()
                let locked = credentials.sshPassphrase == nil && SSHKeys.isEncrypted(key)
                let label =
                    "key \(SSHKeys.display(key, home: credentials.home))"
                    + (locked ? " (it has a passphrase and LOCKSTEP_SSH_PASSPHRASE is not set)" : "")
                guard SSHKeys.isReadableFile(key) else {
                    // As OpenSSH does: a key that cannot be loaded is passed over, the next one is offered.
                    if offered.insert("key:" + key).inserted {
                        offeredNames.append(
                            "key \(SSHKeys.display(key, home: credentials.home)) (not offered: not a readable file)")
                    }
                    continue
                }
                guard offer("key:" + key, label) else { continue }
                let publicKey = FileManager.default.fileExists(atPath: key + ".pub") ? key + ".pub" : nil
                if git_credential_ssh_key_new(&result, name, publicKey, key, credentials.sshPassphrase) == 0 {
                    return result
                }
            }
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 {
            if let token = credentials.token,
                offer("token", "the token in LOCKSTEP_PUSH_TOKEN (user \(credentials.tokenUser))")
            {
                if git_credential_userpass_plaintext_new(&result, credentials.tokenUser, token) == 0 { return result }
            }
            if offered.insert("helpers").inserted {
                for helper in credentials.helpers where helper.applies(to: url) {
                    guard let answer = helper.fill(url: url, user: user) else { continue }
                    offeredNames.append("what the credential helper `\(helper.command)` answered (user \(answer.user))")
                    if git_credential_userpass_plaintext_new(&result, answer.user, answer.password) == 0 {
                        return result
                    }
                }
            }
            if credentials.askpass != nil, offer("askpass", "what GIT_ASKPASS answered"),
                let name = user ?? credentials.ask("Username for '\(url)': "),
                let password = credentials.ask("Password for '\(url)': ")
            {
                if git_credential_userpass_plaintext_new(&result, name, password) == 0 { return result }
            }
        }
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0, offered.insert("username").inserted {
            if git_credential_username_new(&result, user ?? "git") == 0 { return result }
        }
        return nil
    }

    /// Decides on the server's certificate or host key: libgit2's verdict for TLS (unless verification is off), and
    /// for ssh the known_hosts files, telling a changed key from an unknown one.
    func certificate(_ cert: UnsafeMutablePointer<git_cert>, valid: Bool, host: String) -> Int32 {
        switch cert.pointee.cert_type {
        case GIT_CERT_X509:
            if valid { return 0 }
            if !tls.verify {
                TransferWarnings.warn(
                    """
                    warning: the TLS certificate of \(host) was not verified (\(tls.verifySource)); anyone on the \
                    network path can read and change this transfer
                    """
                )
                return 0
            }
            tlsFailed = true
            return GIT_PASSTHROUGH.rawValue
        case GIT_CERT_HOSTKEY_LIBSSH2:
            let key = UnsafeMutableRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee
            let check = KnownHosts.check(key, host: host, port: SSHKeys.port(of: url), home: credentials.home)
            if check.kind == nil || (valid && check.kind == .hostKeyUnknown) { return 0 }
            hostKey = (check.kind!, check.fingerprint, check.files)
            let message =
                check.kind == .hostKeyChanged
                ? "the ssh host key of \(host) changed"
                : check.kind == .hostKeyRevoked
                    ? "the ssh host key of \(host) is revoked" : "the ssh host key of \(host) is not in known_hosts"
            git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), message)
            return GIT_ECERTIFICATE.rawValue
        default:
            return GIT_PASSTHROUGH.rawValue
        }
    }

    /// A libgit2 failure of this transfer, sorted by cause.
    func failure(_ error: GitError) -> TransferError {
        var kind: TransferError.Kind
        let text = error.message.lowercased()
        if let hostKey {
            kind = hostKey.kind
        } else if tlsFailed || error.code == GIT_ECERTIFICATE.rawValue || error.errorClass == GIT_ERROR_SSL.rawValue {
            kind = .tls
        } else if error.code == GIT_EAUTH.rawValue || text.contains("authentication") || text.contains("passphrase")
            || text.contains("status code: 401") || text.contains("unable to extract public key")
        {
            kind = .authentication
        } else if text.contains("unsupported url protocol") && !url.contains("://") {
            // A local path that is not a repository (libgit2 then takes it for a URL of an unknown kind).
            kind = .notFound
        } else if text.contains("status code: 404") || text.contains("status code: 403") || text.contains("not found")
            || text.contains("does not appear to be a git repository") || text.contains("not a git repository")
        {
            kind = .notFound
        } else if text.contains("failed to resolve") || text.contains("failed to connect")
            || text.contains("connection")
            || text.contains("timed out") || text.contains("could not connect")
            || text.contains("failed to start ssh session")
            || text.contains("early eof") || text.contains("broken pipe") || text.contains("unexpected disconnect")
        {
            kind = .connection
        } else {
            kind = .other
        }
        return TransferError(
            kind: kind, url: SSHKeys.redacted(url), message: ServerText.clean(error.message, limit: 2_000),
            offered: offeredNames,
            fingerprint: hostKey?.fingerprint, knownHostsFiles: hostKey?.files ?? [], serverMessages: serverMessages)
    }
}

private let credentialCallback: git_credential_acquire_cb = { out, url, user, allowed, payload in
    guard let out, let payload else { return GIT_PASSTHROUGH.rawValue }
    let state = Unmanaged<TransferState>.fromOpaque(payload).takeUnretainedValue()
    let name = user.map { String(cString: $0) }
    guard let credential = state.credential(url: url.map { String(cString: $0) } ?? "", user: name, allowed: allowed)
    else {
        git_error_set_str(
            Int32(GIT_ERROR_NET.rawValue), "authentication failed: the server refused every credential offered")
        return GIT_EAUTH.rawValue
    }
    out.pointee = credential
    return 0
}

private let certificateCallback: git_transport_certificate_check_cb = { cert, valid, host, payload in
    guard let cert, let payload else { return GIT_PASSTHROUGH.rawValue }
    let state = Unmanaged<TransferState>.fromOpaque(payload).takeUnretainedValue()
    return state.certificate(cert, valid: valid != 0, host: host.map { String(cString: $0) } ?? "")
}

private let sidebandCallback: git_transport_message_cb = { text, length, payload in
    guard let text, let payload, length > 0 else { return 0 }
    let state = Unmanaged<TransferState>.fromOpaque(payload).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
    // Keep the last 32 to 64 KB: a chatty hook must not grow memory without bound.
    state.sidebandBytes.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    if state.sidebandBytes.count > 65_536 {
        var cut = state.sidebandBytes.count - 32_768
        // Not inside a character: skip its continuation bytes.
        while cut < state.sidebandBytes.count, state.sidebandBytes[cut] & 0xC0 == 0x80 { cut += 1 }
        state.sidebandBytes.removeFirst(cut)
    }
    return 0
}

/// The TLS trust one transfer uses (see `GitCredentials`).
struct TLSSettings: Equatable {
    var caFile: String?
    var caPath: String?
    var verify = true
    /// What switched verification off, for the warning.
    var verifySource = ""

    var isDefault: Bool { caFile == nil && caPath == nil }
}

/// libgit2's CA locations are process-wide: transfers that need the same ones run together, a transfer that needs
/// other ones waits until the running ones are done.
enum TLSTrust {
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var active = 0
    nonisolated(unsafe) private static var current: TLSSettings?

    static func withTrust<T>(_ settings: TLSSettings, url: String, _ body: () throws -> T) throws -> T {
        let https = url.lowercased().hasPrefix("https://")
        guard https else { return try body() }
        condition.lock()
        while active > 0 && !same(settings) { condition.wait() }
        if !same(settings) {
            // Nothing configured and nothing set yet: libgit2's own default stays.
            if !(settings.isDefault && current == nil) {
                let file = settings.isDefault ? systemBundle : settings.caFile
                let code = lockstep_set_ssl_cert_locations(file, settings.isDefault ? nil : settings.caPath)
                if code < 0 {
                    condition.unlock()
                    var message = "libgit2 could not load the CA certificates"
                    if let last = git_error_last(), let text = last.pointee.message {
                        message += ": " + String(cString: text)
                    }
                    throw TransferError(
                        kind: .tls, url: SSHKeys.redacted(url),
                        message: message
                            + " (\([settings.caFile, settings.caPath].compactMap { $0 }.joined(separator: ", ")))",
                        offered: [], fingerprint: nil, knownHostsFiles: [], serverMessages: [])
                }
            }
            current = settings
        }
        active += 1
        condition.unlock()
        defer {
            condition.lock()
            active -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    private static func same(_ settings: TLSSettings) -> Bool {
        guard let current else { return settings.isDefault }
        return current.caFile == settings.caFile && current.caPath == settings.caPath
    }

    /// The system's CA bundle, to go back to after a configured CA.
    private static var systemBundle: String? {
        [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
            "/usr/local/etc/openssl/cert.pem",
        ]
        .first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// Key files and ports for ssh, as OpenSSH finds them.
enum SSHKeys {
    /// The key files to offer for `url`, in order: `LOCKSTEP_SSH_KEY`, the `IdentityFile`s of `~/.ssh/config` for
    /// the host, then `~/.ssh/id_ed25519`, `id_ecdsa`, `id_rsa`; only files that exist.
    static func files(for url: String, credentials: GitCredentials, configHost: String? = nil) -> [String] {
        var files: [String] = []
        if let key = credentials.sshKey { files.append(expand(key, home: credentials.home)) }
        if let home = credentials.home {
            let host = configHost ?? self.host(of: url)
            files += configuredIdentities(home: home, host: host)
            files += ["id_ed25519", "id_ecdsa", "id_rsa"].map { home + "/.ssh/" + $0 }
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted && FileManager.default.fileExists(atPath: $0) }
    }

    /// True when `path` is a regular file this process can read (not a folder, not a file it may not open).
    static func isReadableFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            return false
        }
        return FileManager.default.isReadableFile(atPath: path)
    }

    /// True when the private key file is encrypted with a passphrase (OpenSSH's format with a cipher, or PEM's
    /// `ENCRYPTED` markers); false when it is not or cannot be read.
    static func isEncrypted(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        if text.contains("Proc-Type: 4,ENCRYPTED") || text.contains("BEGIN ENCRYPTED PRIVATE KEY") { return true }
        guard text.contains("BEGIN OPENSSH PRIVATE KEY") else { return false }
        let body = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
        guard let data = Data(base64Encoded: body), data.count > 19 else { return false }
        // "openssh-key-v1\0", then the cipher's name as a length-prefixed string: "none" for a key without one.
        let bytes = [UInt8](data)
        let magic = Array("openssh-key-v1".utf8) + [0]
        guard bytes.starts(with: magic) else { return false }
        let offset = magic.count
        let length =
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
            | Int(bytes[offset + 3])
        guard length > 0, offset + 4 + length <= bytes.count else { return false }
        return String(decoding: bytes[(offset + 4)..<(offset + 4 + length)], as: UTF8.self) != "none"
    }

    /// What `~/.ssh/config` says for one host (the name the URL gives, which may be an alias).
    struct HostConfig: Equatable {
        var identityFiles: [String] = []
        var hostName: String?
        var port: Int?
        var user: String?
    }

    /// `~/.ssh/config`'s `IdentityFile` lines that apply to `host` (`Host` patterns with `*`, `?` and `!`; `Match`
    /// blocks are skipped; `Include` is followed).
    static func configuredIdentities(home: String, host: String) -> [String] {
        hostConfig(home: home, host: host).identityFiles
    }

    /// `~/.ssh/config` for `host`: its `IdentityFile`s in order, and the first `HostName`, `Port` and `User` given
    /// (OpenSSH keeps the first value obtained). `Include` (relative to ~/.ssh, with globs) is read in place.
    static func hostConfig(home: String, host: String) -> HostConfig {
        var applies = true
        var result = HostConfig()
        for (keyword, value) in configLines(home + "/.ssh/config", home: home, depth: 0) {
            switch keyword {
            case "host":
                let patterns = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
                let negated = patterns.contains { $0.hasPrefix("!") && matches(host, String($0.dropFirst())) }
                applies = !negated && patterns.contains { !$0.hasPrefix("!") && matches(host, $0) }
            case "match":
                applies = false
            case "identityfile" where applies:
                result.identityFiles.append(
                    expand(value.replacingOccurrences(of: "%h", with: result.hostName ?? host), home: home))
            case "hostname" where applies && result.hostName == nil:
                result.hostName = value.replacingOccurrences(of: "%h", with: host)
            case "port" where applies && result.port == nil:
                result.port = Int(value)
            case "user" where applies && result.user == nil:
                result.user = value
            default:
                continue
            }
        }
        return result
    }

    /// The `keyword value` lines of an ssh config file (keywords lower-cased), with `Include`d files in their place.
    private static func configLines(_ path: String, home: String, depth: Int) -> [(String, String)] {
        guard depth < 16, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var lines: [(String, String)] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "=" })
            guard parts.count == 2 else { continue }
            let keyword = parts[0].lowercased(),
                value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t=\""))
            guard keyword == "include" else {
                lines.append((keyword, value))
                continue
            }
            for pattern in value.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                let name = pattern.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                let full =
                    name.hasPrefix("/") || name.hasPrefix("~") ? expand(name, home: home) : home + "/.ssh/" + name
                for file in glob(full) { lines += configLines(file, home: home, depth: depth + 1) }
            }
        }
        return lines
    }

    /// The files a glob pattern names, sorted (OpenSSH reads them in that order); none when none match.
    private static func glob(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard Glibc.glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }.sorted()
    }

    /// The URL to connect to for an ssh `url` whose host `~/.ssh/config` gives a `HostName`, `Port` or `User` (a host
    /// alias): libgit2 reads no ssh config, OpenSSH (and so git) would apply them. nil when nothing changes.
    static func resolved(_ url: String, home: String?) -> String? {
        guard let home, let parts = SSHURL(url) else { return nil }
        let config = hostConfig(home: home, host: parts.host)
        let host = config.hostName ?? parts.host, port = parts.port ?? config.port, user = parts.user ?? config.user
        guard host != parts.host || port != parts.port || user != parts.user else { return nil }
        let login = user.map { $0 + "@" } ?? ""
        if !parts.isURL && port == nil && !host.contains(":") { return "\(login)\(host):\(parts.path)" }
        let path = parts.path.hasPrefix("/") ? parts.path : "/" + parts.path
        return "ssh://\(login)\(host.contains(":") ? "[\(host)]" : host)\(port.map { ":\($0)" } ?? "")\(path)"
    }

    /// An ssh URL taken apart: `ssh://[user@]host[:port]/path` or scp-like `[user@]host:path`.
    struct SSHURL {
        var user: String?
        var host: String
        var port: Int?
        var path: String
        var isURL: Bool

        init?(_ url: String) {
            if let scheme = url.range(of: "://") {
                guard ["ssh", "ssh+git", "git+ssh"].contains(url[..<scheme.lowerBound].lowercased()),
                    let parts = URLComponents(string: url), let host = parts.host, !host.isEmpty
                else { return nil }
                self.user = parts.user
                self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
                self.port = parts.port
                self.path = parts.percentEncodedPath
                isURL = true
            } else {
                // scp-like: a colon before any slash (else it is a local path).
                guard let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") else { return nil }
                var login = url[..<colon]
                if let at = login.lastIndex(of: "@") {
                    user = String(login[..<at])
                    login = login[login.index(after: at)...]
                }
                guard !login.isEmpty else { return nil }
                host = String(login)
                path = String(url[url.index(after: colon)...])
                isURL = false
            }
        }
    }

    /// OpenSSH's pattern matching: `*` any run, `?` one character.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let t = Array(text.lowercased()), p = Array(pattern.lowercased())
        var ti = 0, pi = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
                ti += 1; pi += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    static func expand(_ path: String, home: String?) -> String {
        guard let home else { return path }
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        if !path.hasPrefix("/") { return home + "/.ssh/" + path }
        return path
    }

    static func display(_ path: String, home: String?) -> String {
        guard let home, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The host of an ssh URL (`ssh://user@host:port/path` or `user@host:path`).
    static func host(of url: String) -> String {
        if let parts = URLComponents(string: url), parts.scheme != nil, let host = parts.host { return host }
        let afterUser = url.split(separator: "@", maxSplits: 1).last.map(String.init) ?? url
        return String(afterUser.split(separator: ":", maxSplits: 1).first ?? Substring(afterUser))
    }

    /// The port of an ssh URL, 22 unless it names one.
    static func port(of url: String) -> Int {
        if let parts = URLComponents(string: url), parts.scheme != nil, let port = parts.port { return port }
        return 22
    }

    /// `url` without a password or token in it: a password is replaced by `***`, and so is an http(s) user name
    /// without a password (`https://TOKEN@host/…` is how GitHub takes a token).
    static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        let prefix = url[..<scheme.upperBound], userinfo = rest[..<at], host = rest[at...]
        if let colon = userinfo.firstIndex(of: ":") { return prefix + userinfo[..<colon] + ":***" + host }
        let web = ["http://", "https://"].contains(prefix.lowercased())
        return web ? prefix + "***" + host : url
    }
}

/// The known_hosts check, through libssh2's own parser (hashed host names and `[host]:port` entries included).
enum KnownHosts {
    struct Check {
        /// nil: a file holds this key for the host.
        var kind: TransferError.Kind?
        var fingerprint: String?
        var files: [String]
    }

    static func files(home: String?) -> [String] {
        var files: [String] = []
        if let home { files += [home + "/.ssh/known_hosts", home + "/.ssh/known_hosts2"] }
        files += ["/etc/ssh/ssh_known_hosts", "/etc/ssh/ssh_known_hosts2"]
        return files.filter { FileManager.default.fileExists(atPath: $0) }
    }

    static func check(_ key: git_cert_hostkey, host: String, port: Int, home: String?) -> Check {
        var fingerprint: String?
        if key.type.rawValue & GIT_CERT_SSH_SHA256.rawValue != 0 {
            let bytes = withUnsafeBytes(of: key.hash_sha256) { Data($0) }
            fingerprint = "SHA256:" + bytes.base64EncodedString().replacingOccurrences(of: "=", with: "")
        }
        let files = files(home: home)
        guard key.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = key.hostkey else {
            return Check(kind: .hostKeyUnknown, fingerprint: fingerprint, files: files)
        }
        // As OpenSSH: a port other than 22 is looked up as `[host]:port` only (libssh2, given the port, would also take
        // the plain host's entries: a key known for port 22 accepted, or another one there called a changed key).
        let name = port == 22 ? host : "[\(host)]:\(port)"
        // Every file is read: a `@revoked` line in any of them refuses the key, as in OpenSSH.
        let results = files.map {
            lockstep_known_host_check($0, name, -1, raw, key.hostkey_len, Int32(key.raw_type.rawValue))
        }
        if let index = results.firstIndex(of: 3) {
            return Check(kind: .hostKeyRevoked, fingerprint: fingerprint, files: [files[index]])
        }
        if results.contains(0) { return Check(kind: nil, fingerprint: fingerprint, files: files) }
        return Check(
            kind: results.contains(1) ? .hostKeyChanged : .hostKeyUnknown, fingerprint: fingerprint, files: files)
    }
}

extension Repository {
    /// The TLS trust for `url`: the environment's settings, else this repository's git configuration (per-URL
    /// `http.<url>.*` before `http.*`), else the TLS library's environment variables.
    func tlsSettings(for url: String, environment: TLSEnvironment) -> TLSSettings {
        var settings = TLSSettings()
        let configured = (try? httpConfig(for: url)) ?? [:]
        settings.caFile =
            environment.caInfo ?? configured["sslcainfo"]
            ?? (configured["sslcapath"] == nil ? environment.certFile : nil)
        settings.caPath =
            environment.caPath ?? configured["sslcapath"]
            ?? (configured["sslcainfo"] == nil ? environment.certDir : nil)
        if environment.noVerify {
            settings.verify = false
            settings.verifySource = "GIT_SSL_NO_VERIFY is set"
        } else if let verify = configured["sslverify"], ["false", "no", "off", "0"].contains(verify.lowercased()) {
            settings.verify = false
            settings.verifySource = "http.sslVerify is false"
        }
        return settings
    }

    /// The `http.*` settings that apply to `url`, lower-cased keys (`sslcainfo`): `http.<url>.<key>` whose URL is
    /// the longest prefix of `url` wins over `http.<key>`.
    func httpConfig(for url: String) throws -> [String: String] {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, pointer), "git_repository_config_snapshot", path: path)
        defer { git_config_free(config) }
        var iterator: OpaquePointer?
        try check(
            git_config_iterator_glob_new(&iterator, config, "^http\\..*(sslcainfo|sslcapath|sslverify)$"),
            "git_config_iterator_glob_new", path: path)
        defer { git_config_iterator_free(iterator) }
        var result: [String: (length: Int, value: String)] = [:]
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let entry {
            let name = String(cString: entry.pointee.name), value = String(cString: entry.pointee.value)
            guard let dot = name.lastIndex(of: ".") else { continue }
            let key = name[name.index(after: dot)...].lowercased()
            let middle = name.dropFirst("http.".count).dropLast(key.count + 1)
            var length = 0
            if !middle.isEmpty {
                let prefix = middle.hasSuffix("/") ? String(middle.dropLast()) : String(middle)
                guard url == prefix || url.hasPrefix(prefix + "/") else { continue }
                length = prefix.count
            }
            // Later entries of equal weight win, as in git.
            if let existing = result[key], existing.length > length { continue }
            result[key] = (length, value)
        }
        return result.mapValues(\.value)
    }
}

/// Text a server sent (hook output, a refusal's reason, an error), made fit to print on a terminal: ANSI escape
/// sequences (colours, cursor moves, window titles) are removed, any other control character or bidirectional
/// override is shown as `?`, and the text is cut at `limit` characters.
public enum ServerText {
    public static func clean(_ text: String, limit: Int = 300) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var count = 0
        while let scalar = scalars.next() {
            let value = scalar.value
            if value == 0x1B || value == 0x9B || value == 0x9D {
                // CSI (ESC [ … final byte) and OSC (ESC ] … BEL or ESC \\): dropped whole; other escapes: ESC and one
                // more.
                let kind: UInt32 = value == 0x9B ? 0x5B : value == 0x9D ? 0x5D : (scalars.next()?.value ?? 0)
                if kind == 0x5B {
                    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
                } else if kind == 0x5D {
                    while let next = scalars.next(), next.value != 0x07, next.value != 0x9C {
                        if next.value == 0x1B { _ = scalars.next(); break }
                    }
                }
                continue
            }
            let replaced: Unicode.Scalar
            if value == 0x09 {
                replaced = " "
            } else if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            {
                replaced = "?"
            } else {
                replaced = scalar
            }
            if count == limit { out.append("…"); break }
            out.append(replaced)
            count += 1
        }
        return String(out)
    }
}
