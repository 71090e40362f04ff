import Foundation

/// What a push or fetch may use to reach a server, read once from the environment as git reads it:
/// - https: a token from the environment, the git credential helpers the repository's configuration names, then
///   a `GIT_ASKPASS` program (user and password, as git asks);
/// - ssh: the ssh agent (`SSH_AUTH_SOCK`), then key files: `LOCKSTEP_SSH_KEY`, the `IdentityFile`s `~/.ssh/config`
///   names for the host, `~/.ssh/id_ed25519`, `id_ecdsa`, `id_rsa` (a passphrase from `LOCKSTEP_SSH_PASSPHRASE`);
///   the host key checked against `~/.ssh/known_hosts` and `/etc/ssh/ssh_known_hosts`, never written;
/// - TLS: the CA git is told to trust (`GIT_SSL_CAINFO`/`GIT_SSL_CAPATH`, else `http.<url>.sslCAInfo`/`sslCAPath` and
///   `http.sslCAInfo`/`sslCAPath` of the git configuration, else `SSL_CERT_FILE`/`SSL_CERT_DIR`); `http.sslVerify`
///   false or `GIT_SSL_NO_VERIFY` accepts any certificate, with a warning.
/// Nothing is stored; each credential is offered once, so a refusing server ends the operation with an
/// authentication error instead of being asked again forever.
public struct GitCredentials: Sendable, Equatable {
    /// The token sent as the password over https (e.g. a CI job token); nil: none.
    public var token: String?
    /// The user name sent with `token` (GitLab wants `oauth2`, GitHub accepts any).
    public var tokenUser: String
    /// Whether to ask the ssh agent (`SSH_AUTH_SOCK`) for a key when the server speaks ssh.
    public var useSSHAgent: Bool
    /// A program run as `PROGRAM "Username for 'URL': "` / `"Password for 'URL': "` whose first output line
    /// is the answer, like git's `GIT_ASKPASS`; nil: none.
    public var askpass: String?
    /// Credential helpers to ask (`credential.helper`); filled from the repository's configuration for each
    /// transfer, so they need not be given here.
    public var helpers: [CredentialHelper]
    /// The home folder whose `.ssh` holds key files, `config` and `known_hosts`; nil: no key files are offered.
    public var home: String?
    /// A private key file to offer first over ssh (`LOCKSTEP_SSH_KEY`).
    public var sshKey: String?
    /// The passphrase of the key files (`LOCKSTEP_SSH_PASSPHRASE`); nil: keys without one.
    public var sshPassphrase: String?
    /// TLS trust set by the environment (`GIT_SSL_CAINFO`, `GIT_SSL_CAPATH`, `GIT_SSL_NO_VERIFY`, `SSL_CERT_FILE`,
    /// `SSL_CERT_DIR`); the git configuration is read per transfer.
    public var tls: TLSEnvironment

    public init(
        token: String? = nil, tokenUser: String = "oauth2", useSSHAgent: Bool = true, askpass: String? = nil,
        helpers: [CredentialHelper] = [], home: String? = nil, sshKey: String? = nil, sshPassphrase: String? = nil,
        tls: TLSEnvironment = TLSEnvironment()
    ) {
        self.token = token
        self.tokenUser = tokenUser
        self.useSSHAgent = useSSHAgent
        self.askpass = askpass
        self.helpers = helpers
        self.home = home
        self.sshKey = sshKey
        self.sshPassphrase = sshPassphrase
        self.tls = tls
    }

    /// Reads `LOCKSTEP_PUSH_TOKEN` (and `LOCKSTEP_PUSH_USER`, default `oauth2`), `SSH_AUTH_SOCK`, `GIT_ASKPASS`,
    /// `HOME`, `LOCKSTEP_SSH_KEY`, `LOCKSTEP_SSH_PASSPHRASE` and the TLS variables from `environment`. Empty values
    /// count as unset.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> GitCredentials
    {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        return GitCredentials(
            token: value("LOCKSTEP_PUSH_TOKEN"), tokenUser: value("LOCKSTEP_PUSH_USER") ?? "oauth2",
            useSSHAgent: value("SSH_AUTH_SOCK") != nil, askpass: value("GIT_ASKPASS"), home: value("HOME"),
            sshKey: value("LOCKSTEP_SSH_KEY"), sshPassphrase: value("LOCKSTEP_SSH_PASSPHRASE"),
            tls: TLSEnvironment(
                caInfo: value("GIT_SSL_CAINFO"), caPath: value("GIT_SSL_CAPATH"),
                noVerify: value("GIT_SSL_NO_VERIFY") != nil,
                certFile: value("SSL_CERT_FILE"), certDir: value("SSL_CERT_DIR")))
    }

    /// Runs the askpass program with `prompt`; its first output line, nil when it fails or prints nothing.
    func ask(_ prompt: String) -> String? {
        guard let askpass else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: askpass)
        process.arguments = [prompt]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first
            .map(String.init)
        return line?.isEmpty == false ? line : nil
    }
}

/// The TLS settings the environment gives, as git and OpenSSL read them.
public struct TLSEnvironment: Sendable, Equatable {
    /// `GIT_SSL_CAINFO`: a CA bundle file that replaces the configured one.
    public var caInfo: String?
    /// `GIT_SSL_CAPATH`: a folder of CA certificates.
    public var caPath: String?
    /// `GIT_SSL_NO_VERIFY` set: certificates are not verified.
    public var noVerify: Bool
    /// `SSL_CERT_FILE` / `SSL_CERT_DIR`: the TLS library's defaults, used when git's settings name none.
    public var certFile: String?
    public var certDir: String?

    public init(
        caInfo: String? = nil, caPath: String? = nil, noVerify: Bool = false, certFile: String? = nil,
        certDir: String? = nil
    ) {
        self.caInfo = caInfo
        self.caPath = caPath
        self.noVerify = noVerify
        self.certFile = certFile
        self.certDir = certDir
    }
}
