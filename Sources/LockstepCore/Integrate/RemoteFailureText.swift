import LockstepGit

/// One sentence per cause of a failed transfer, with its fix: a credentials hint only for a refused credential,
/// and a TLS, host-key or connection failure each said as what it is.
public enum RemoteFailureText {
    public static func sentence(_ error: TransferError, remote: String) -> String {
        let at = "`\(remote)` (\(error.url))"
        let host = hostPort(error.url)
        switch error.kind {
        case .authentication:
            if error.offered.isEmpty {
                return """
                    \(at) asked for credentials and there were none to offer (\(error.message)). Over https set \
                    LOCKSTEP_PUSH_TOKEN \
                    (and LOCKSTEP_PUSH_USER) or configure a git credential helper; over ssh put the deploy key in \
                    ~/.ssh \
                    (id_ed25519, id_ecdsa or id_rsa, or an IdentityFile in ~/.ssh/config), set LOCKSTEP_SSH_KEY, or \
                    start an ssh agent
                    """
            }
            let offered = error.offered.joined(separator: ", ")
            var text = "\(at) refused the credentials offered: \(offered) (\(error.message))."
            if error.offered.contains(where: { $0.contains("LOCKSTEP_PUSH_TOKEN") }) {
                text +=
                    " The token is set but the server does not take it: check that it has not expired or been revoked, that it may write to this repository (GitLab: write_repository; GitHub: contents: write), and that LOCKSTEP_PUSH_USER is what the server expects (GitLab job and project tokens: oauth2 or the token's user)"
            } else if error.offered.contains(where: { $0.contains("LOCKSTEP_SSH_PASSPHRASE is not set") }) {
                text +=
                    " Set LOCKSTEP_SSH_PASSPHRASE to the key's passphrase (a CI secret), or give the runner a key without one"
            } else if error.message.lowercased().contains("passphrase")
                || error.message.lowercased().contains("public key")
            {
                text +=
                    " A key file could not be used: if it has a passphrase, set LOCKSTEP_SSH_PASSPHRASE; check that the file is a private key in OpenSSH or PEM format"
            } else if error.offered.contains(where: { $0.hasPrefix("key ") || $0.contains("agent") }) {
                text +=
                    " Add the key's public half to the repository as a deploy key with write access, or offer another key (LOCKSTEP_SSH_KEY, IdentityFile in ~/.ssh/config)"
            } else {
                text += " Check the user and password or token the helper gives"
            }
            return text
        case .tls:
            return """
                the TLS certificate of \(host) could not be verified (\(error.message)). If the server uses a private \
                CA, point git \
                at its certificate: `git config --global http.sslCAInfo /path/to/ca.pem` (or http.<url>.sslCAInfo, or \
                GIT_SSL_CAINFO; \
                a folder: http.sslCAPath). Check also that the URL names the host the certificate is for, and the \
                runner's clock
                """
        case .hostKeyUnknown:
            let files =
                error.knownHostsFiles.isEmpty
                ? "no known_hosts file exists" : "not in \(error.knownHostsFiles.joined(separator: ", "))"
            return """
                the ssh host key of \(host) (\(error.fingerprint ?? "fingerprint unknown")) is unknown: \(files). \
                Lockstep never adds \
                host keys by itself. Add the server's key after checking its fingerprint against the one your server's \
                admin \
                publishes: `ssh-keyscan \(keyscanArguments(error.url)) >> ~/.ssh/known_hosts`
                """
        case .hostKeyChanged:
            return """
                the ssh host key of \(host) CHANGED: \(error.knownHostsFiles.joined(separator: ", ")) holds another \
                key for it; the \
                server now shows \(error.fingerprint ?? "another key"). Someone may be intercepting the connection. \
                Only if the \
                server's admin confirms the new key: remove the old line (`ssh-keygen -R \
                '\(knownHostsName(error.url))'`) and add \
                the new one. Nothing was sent
                """
        case .hostKeyRevoked:
            return """
                the ssh host key of \(host) (\(error.fingerprint ?? "fingerprint unknown")) is marked @revoked in \
                \(error.knownHostsFiles.joined(separator: ", ")): it must never be trusted again. Nothing was sent. \
                Ask the \
                server's admin for its current key
                """
        case .connection:
            return """
                could not reach \(host) (\(error.message)). Check the remote's URL (`git remote get-url \(remote)`), \
                that the \
                server is up, and that this runner can reach it (DNS, firewall, proxy)
                """
        case .notFound where URLParts(error.url) == nil || error.url.hasPrefix("file://"):
            return """
                there is no git repository at \(error.url), where \(remote) points (\(error.message)). Check the \
                remote's URL \
                (`git remote get-url \(remote)`)
                """
        case .notFound:
            return """
                \(host) has no repository at \(error.url) for these credentials (\(error.message)). Check the remote's \
                URL and \
                that the token or key may read this repository
                """
        case .other:
            var text = "talking to \(at) failed: \(error.message)"
            if !error.serverMessages.isEmpty { text += ". It said:\n" + serverLines(error.serverMessages) }
            return text
        }
    }

    /// The server's lines as `  remote: …`, at most 20: a longer account keeps its first 4 and its last 15 lines
    /// (a hook says why it refused at the end).
    public static func serverLines(_ lines: [String]) -> String {
        let shown =
            lines.count <= 20
            ? lines
            : Array(lines.prefix(4)) + ["… (\(lines.count - 19) lines left out)"] + Array(lines.suffix(15))
        return shown.map { "  remote: " + $0 }.joined(separator: "\n")
    }

    /// `host:port` (or `host`) of a URL.
    static func hostPort(_ url: String) -> String {
        guard let parts = URLParts(url) else { return url }
        return parts.port.map { "\(parts.host):\($0)" } ?? parts.host
    }

    static func keyscanArguments(_ url: String) -> String {
        guard let parts = URLParts(url) else { return url }
        return parts.port.map { "-p \($0) \(parts.host)" } ?? parts.host
    }

    static func knownHostsName(_ url: String) -> String {
        guard let parts = URLParts(url) else { return url }
        return parts.port.map { "[\(parts.host)]:\($0)" } ?? parts.host
    }

    struct URLParts {
        var host: String
        var port: Int?

        init?(_ url: String) {
            if let scheme = url.range(of: "://") {
                var rest = url[scheme.upperBound...]
                if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
                if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
                if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
                    host = String(rest[..<colon])
                    port = Int(rest[rest.index(after: colon)...])
                } else {
                    host = String(rest)
                }
            } else if let colon = url.firstIndex(of: ":") {
                var rest = url[..<colon]
                if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
                host = String(rest)
            } else {
                return nil
            }
            if host.isEmpty { return nil }
        }
    }
}
