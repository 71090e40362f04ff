import Foundation

/// Where pushes and fetches get credentials from, tried in this order for each kind the server asks for:
/// a token from the environment (https), the ssh agent (ssh), the git credential helpers the repository's
/// configuration names (https, git's own protocol), then a `GIT_ASKPASS` program (https user and password, as
/// git asks it). Nothing is stored; a server that refuses every offer ends the operation with an
/// authentication error instead of asking again forever.
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

    public init(token: String? = nil, tokenUser: String = "oauth2", useSSHAgent: Bool = true, askpass: String? = nil,
                helpers: [CredentialHelper] = []) {
        self.token = token
        self.tokenUser = tokenUser
        self.useSSHAgent = useSSHAgent
        self.askpass = askpass
        self.helpers = helpers
    }

    /// Reads `LOCKSTEP_PUSH_TOKEN` (and `LOCKSTEP_PUSH_USER`, default `oauth2`), `SSH_AUTH_SOCK` and `GIT_ASKPASS`
    /// from `environment`. Empty values count as unset.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> GitCredentials {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        return GitCredentials(token: value("LOCKSTEP_PUSH_TOKEN"), tokenUser: value("LOCKSTEP_PUSH_USER") ?? "oauth2",
                              useSSHAgent: value("SSH_AUTH_SOCK") != nil, askpass: value("GIT_ASKPASS"))
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
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        return line?.isEmpty == false ? line : nil
    }
}
