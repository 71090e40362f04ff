import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real git server on a loopback port the test picks: lighttpd running `git http-backend` behind Basic auth (over
/// plain HTTP, or over TLS with a certificate of a CA generated for the test), or OpenSSH's `sshd` with a generated
/// host key and one authorized client key. Its repositories are bare repos in `repos/`. Stopped on release.
public final class GitServer: @unchecked Sendable {
    public enum Transport: String, Sendable, CaseIterable {
        case http, https, ssh
    }

    /// Why a server cannot run here (a program is missing); tests skip on it, and fail under `CI=true`.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    public let transport: Transport
    public let folder: TemporaryFolder
    public var repos: URL { folder.url.appendingPathComponent("repos") }
    public private(set) var port: UInt16 = 0
    /// The Basic-auth user and its token (http, https).
    public let user = "ci-runner"
    public let token = "glpat-test-\(UUID().uuidString.prefix(8))"
    /// The CA that signed the server's certificate (https).
    public var caFile: URL { folder.url.appendingPathComponent("tls/ca.pem") }
    /// The client's private key that sshd accepts (ssh), and the `known_hosts` line of the server's host key.
    public var clientKey: URL { folder.url.appendingPathComponent("ssh/client_ed25519") }
    public private(set) var knownHostsLine = ""
    /// The host name in URLs: `localhost` for https (the certificate's name), 127.0.0.1 otherwise.
    public var host: String { transport == .https ? "localhost" : "127.0.0.1" }
    private var process: ServerProcess?
    private let sshUser: String

    /// The programs each transport needs, nil when all are there.
    public static func missingPrograms(for transport: Transport) -> String? {
        let needed: [String]
        switch transport {
        case .http: needed = ["/usr/sbin/lighttpd", "/usr/lib/git-core/git-http-backend"]
        case .https: needed = ["/usr/sbin/lighttpd", "/usr/lib/git-core/git-http-backend", "/usr/bin/openssl"]
        case .ssh: needed = ["/usr/sbin/sshd", "/usr/bin/ssh-keygen"]
        }
        let missing = needed.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        if transport == .https, !FileManager.default.fileExists(atPath: "/usr/lib/lighttpd/mod_openssl.so") {
            return (missing + ["lighttpd-mod-openssl"]).joined(separator: ", ")
        }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }

    public init(_ transport: Transport) throws {
        if let missing = Self.missingPrograms(for: transport) {
            throw Unavailable(
                description: "\(transport) git server needs \(missing) (bash ci/ensure-deps --test installs them)")
        }
        self.transport = transport
        folder = try TemporaryFolder("lockstep-server-\(transport)")
        sshUser = ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.currentUser()
        try FileManager.default.createDirectory(at: repos, withIntermediateDirectories: true)
        switch transport {
        case .http, .https: try prepareHTTP()
        case .ssh: try prepareSSH()
        }
        try start()
    }

    deinit { stop() }

    /// The URL of `name.git` on this server.
    public func url(_ name: String) -> String {
        switch transport {
        case .http, .https: return "\(transport.rawValue)://\(host):\(port)/git/\(name).git"
        case .ssh: return "ssh://\(sshUser)@127.0.0.1:\(port)\(repos.path)/\(name).git"
        }
    }

    /// The bare repository of `name` on the server's disk.
    public func bare(_ name: String) -> URL { repos.appendingPathComponent("\(name).git") }

    /// Starts (or restarts, on the same port) the server and waits until it accepts connections.
    public func start() throws {
        if let process, !process.isRunning {
            process.stop()
            self.process = nil
        }
        guard process == nil else { return }
        for attempt in 0..<5 {
            if port == 0 || attempt > 0 { port = try Loopback.freePort() }
            try writeConfig()
            let executable: String, arguments: [String]
            switch transport {
            case .http, .https:
                executable = "/usr/sbin/lighttpd"
                arguments = ["-D", "-f", folder.url.appendingPathComponent("lighttpd.conf").path]
            case .ssh:
                executable = "/usr/sbin/sshd"
                arguments = ["-D", "-e", "-f", folder.url.appendingPathComponent("ssh/sshd_config").path]
            }
            let process = try ServerProcess(executable, arguments, log: folder.url.appendingPathComponent("server.log"))
            if Self.waitUntilListening(port: port, while: { process.isRunning }) {
                self.process = process
                return
            }
            process.stop()
        }
        let log = (try? String(contentsOf: folder.url.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
        throw Unavailable(description: "the \(transport) git server did not start: \(log.suffix(2000))")
    }

    /// Stops the server; its repositories stay (start() brings it back on the same port).
    public func stop() {
        process?.stop()
        process = nil
    }

    /// Makes `name.git` on the server from `source` (a local repo), with all its branches and tags.
    public func publish(_ name: String, from source: URL) throws {
        _ = try GitCLI.run(["clone", "-q", "--bare", source.path, bare(name).path], in: repos)
        _ = try GitCLI.run(["config", "http.receivepack", "true"], in: bare(name))
    }

    /// Installs `script` as the server-side `pre-receive` hook of `name` (nil removes it).
    public func setPreReceiveHook(_ name: String, _ script: String?) throws {
        let hook = bare(name).appendingPathComponent("hooks/pre-receive")
        try? FileManager.default.removeItem(at: hook)
        guard let script else { return }
        try ("#!/bin/sh\n" + script + "\n").write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
    }

    /// Makes the server stop once it has taken the next push to `name` (a `post-receive` hook that ends the server
    /// gracefully: the push in progress completes, the next connection is refused), as a server going down between
    /// two pushes of one run. `start()` brings it back.
    public func stopAfterNextPush(to name: String) throws {
        guard let pid = process?.pid else { return }
        let hook = bare(name).appendingPathComponent("hooks/post-receive")
        // lighttpd stops gracefully on SIGINT; the sshd listener on SIGTERM (sessions in progress go on).
        let signal = transport == .ssh ? "TERM" : "INT"
        try "#!/bin/sh\nrm -f \"$0\"\nkill -\(signal) \(pid)\n".write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
    }

    /// `git args…` in the server's bare repo of `name`.
    @discardableResult
    public func git(_ name: String, _ arguments: String...) throws -> String {
        try GitCLI.run(arguments, in: bare(name))
    }

    /// Replaces the server's ssh host key with a new one (a changed host key, as after a server move or an attack).
    public func changeHostKey() throws {
        let key = folder.url.appendingPathComponent("ssh/host_ed25519")
        try? FileManager.default.removeItem(at: key)
        try? FileManager.default.removeItem(at: key.appendingPathExtension("pub"))
        try Self.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key.path])
        stop()
        try start()
    }

    /// The environment a git CLI command needs to reach this server as the CI runner (tests build runners with it).
    public func gitEnvironment(home: URL) -> [String: String] {
        var environment = GitCLI.environment()
        environment["HOME"] = home.path
        // The machine's own TLS settings would win over the test's CA (GIT_SSL_CAINFO beats http.sslCAInfo).
        for key in ["GIT_SSL_CAINFO", "GIT_SSL_CAPATH", "SSL_CERT_FILE", "SSL_CERT_DIR", "GIT_SSL_NO_VERIFY"] {
            environment.removeValue(forKey: key)
        }
        switch transport {
        case .http, .https:
            let basic = Data("\(user):\(token)".utf8).base64EncodedString()
            environment["GIT_CONFIG_COUNT"] = transport == .https ? "2" : "1"
            environment["GIT_CONFIG_KEY_0"] = "http.extraHeader"
            environment["GIT_CONFIG_VALUE_0"] = "Authorization: Basic \(basic)"
            if transport == .https {
                environment["GIT_CONFIG_KEY_1"] = "http.sslCAInfo"
                environment["GIT_CONFIG_VALUE_1"] = caFile.path
            }
        case .ssh:
            let knownHosts = home.appendingPathComponent(".ssh/known_hosts").path
            environment["GIT_SSH_COMMAND"] =
                """
                ssh -i \(clientKey.path) -o IdentitiesOnly=yes -o UserKnownHostsFile=\(knownHosts) -o \
                StrictHostKeyChecking=yes -o BatchMode=yes
                """
        }
        environment.removeValue(forKey: "SSH_AUTH_SOCK")
        return environment
    }

    /// Sets `home` up as a CI job's home for this server: the token in the environment (returned), the CA in
    /// `~/.gitconfig`, the key and the host's line in `~/.ssh`.
    public func prepareHome(_ home: URL) throws -> [String: String] {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment: [String: String] = ["HOME": home.path]
        switch transport {
        case .http:
            environment["LOCKSTEP_PUSH_TOKEN"] = token
            environment["LOCKSTEP_PUSH_USER"] = user
        case .https:
            environment["LOCKSTEP_PUSH_TOKEN"] = token
            environment["LOCKSTEP_PUSH_USER"] = user
            try "[http]\n\tsslCAInfo = \(caFile.path)\n".write(
                to: home.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)
        case .ssh:
            let ssh = home.appendingPathComponent(".ssh")
            try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: ssh.path)
            let key = ssh.appendingPathComponent("id_ed25519")
            try? FileManager.default.removeItem(at: key)
            try FileManager.default.copyItem(at: clientKey, to: key)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.path)
            try? FileManager.default.removeItem(at: key.appendingPathExtension("pub"))
            try FileManager.default.copyItem(
                at: clientKey.appendingPathExtension("pub"), to: key.appendingPathExtension("pub"))
            try (knownHostsLine + "\n").write(
                to: ssh.appendingPathComponent("known_hosts"), atomically: true, encoding: .utf8)
        }
        return environment
    }

    // MARK: - Set-up

    private func prepareHTTP() throws {
        try "\(user):\(token)\n".write(
            to: folder.url.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        guard transport == .https else { return }
        let tls = folder.url.appendingPathComponent("tls")
        try FileManager.default.createDirectory(at: tls, withIntermediateDirectories: true)
        let openssl = "/usr/bin/openssl"
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.run(
            openssl,
            ["req", "-x509"] + ec + [
                "-keyout", tls.appendingPathComponent("ca.key").path, "-out", caFile.path,
                "-days", "2", "-subj", "/CN=Lockstep Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        try Self.run(
            openssl,
            ["req"] + ec + [
                "-keyout", tls.appendingPathComponent("server.key").path,
                "-out", tls.appendingPathComponent("server.csr").path, "-subj", "/CN=localhost",
            ])
        let extensions = tls.appendingPathComponent("server.ext")
        try """
        subjectAltName=DNS:localhost,IP:127.0.0.1
        basicConstraints=CA:FALSE
        keyUsage=digitalSignature,keyEncipherment
        extendedKeyUsage=serverAuth

        """.write(to: extensions, atomically: true, encoding: .utf8)
        try Self.run(
            openssl,
            [
                "x509", "-req", "-in", tls.appendingPathComponent("server.csr").path, "-CA", caFile.path,
                "-CAkey", tls.appendingPathComponent("ca.key").path, "-CAcreateserial",
                "-out", tls.appendingPathComponent("server.crt").path, "-days", "2", "-extfile", extensions.path,
            ])
    }

    private func prepareSSH() throws {
        let ssh = folder.url.appendingPathComponent("ssh")
        try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true)
        try Self.run(
            "/usr/bin/ssh-keygen",
            ["-q", "-t", "ed25519", "-N", "", "-f", ssh.appendingPathComponent("host_ed25519").path])
        try Self.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "ci-runner", "-f", clientKey.path])
        try FileManager.default.copyItem(
            at: clientKey.appendingPathExtension("pub"), to: ssh.appendingPathComponent("authorized_keys"))
        // sshd's privilege separation needs this folder (Debian creates it only when the service starts).
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
    }

    private func writeConfig() throws {
        switch transport {
        case .http, .https:
            var modules = ["mod_alias", "mod_setenv", "mod_cgi", "mod_auth", "mod_authn_file"]
            var tls = ""
            if transport == .https {
                modules.append("mod_openssl")
                let folder = self.folder.url.appendingPathComponent("tls")
                tls = """
                    ssl.engine = "enable"
                    ssl.pemfile = "\(folder.appendingPathComponent("server.crt").path)"
                    ssl.privkey = "\(folder.appendingPathComponent("server.key").path)"
                    """
            }
            let config = """
                server.modules = (\(modules.map { "\"\($0)\"" }.joined(separator: ", ")))
                server.document-root = "\(repos.path)"
                server.bind = "127.0.0.1"
                server.port = \(port)
                server.errorlog = "\(folder.url.appendingPathComponent("error.log").path)"
                server.max-request-size = 1000000
                \(tls)
                alias.url = ( "/git/" => "/usr/lib/git-core/git-http-backend/" )
                $HTTP["url"] =~ "^/git/" {
                    cgi.assign = ( "" => "" )
                    setenv.set-environment = ( "GIT_PROJECT_ROOT" => "\(repos.path)", "GIT_HTTP_EXPORT_ALL" => "1",
                                               "PATH" => "/usr/local/bin:/usr/bin:/bin", "HOME" => \
                                               "\(folder.url.path)" )
                }
                auth.backend = "plain"
                auth.backend.plain.userfile = "\(folder.url.appendingPathComponent("users").path)"
                auth.require = ( "/git/" => ( "method" => "basic", "realm" => "git", "require" => "valid-user" ) )

                """
            try config.write(to: folder.url.appendingPathComponent("lighttpd.conf"), atomically: true, encoding: .utf8)
        case .ssh:
            let ssh = folder.url.appendingPathComponent("ssh")
            let config = """
                Port \(port)
                ListenAddress 127.0.0.1
                HostKey \(ssh.appendingPathComponent("host_ed25519").path)
                PidFile none
                AuthorizedKeysFile \(ssh.appendingPathComponent("authorized_keys").path)
                PubkeyAuthentication yes
                PasswordAuthentication no
                KbdInteractiveAuthentication no
                PermitRootLogin prohibit-password
                StrictModes no
                UsePAM no
                AllowUsers \(sshUser)
                LogLevel ERROR
                SetEnv GIT_CONFIG_NOSYSTEM=1

                """
            try config.write(to: ssh.appendingPathComponent("sshd_config"), atomically: true, encoding: .utf8)
            let hostKey = try String(contentsOf: ssh.appendingPathComponent("host_ed25519.pub"), encoding: .utf8)
            let parts = hostKey.split(separator: " ")
            knownHostsLine = "[127.0.0.1]:\(port) \(parts[0]) \(parts[1])"
        }
    }

    // MARK: - Helpers

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(executable, arguments)
        guard result.status == 0 else {
            throw ProcessFailure(
                command: ([executable] + arguments).joined(separator: " "), status: result.status,
                output: result.stdout + result.stderr)
        }
        return result.stdout
    }

    static func currentUser() -> String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "root" }
        return String(cString: name)
    }

    /// Connects to `port` until it answers or `alive` turns false (the server exited); a readiness check, bounded
    /// to 20 seconds in all.
    static func waitUntilListening(port: UInt16, while alive: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, alive() {
            #if canImport(Glibc)
                let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
                let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
            #endif
            var address = Loopback.address(port: port)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(fd)
            if connected == 0 { return true }
            usleep(20_000)
        }
        return false
    }
}

/// A server process started with posix_spawn and reaped by its owner alone. Foundation's `Process` is not used for
/// servers: it takes a daemon closing its inherited descriptors (sshd does) for its exit and blocks in waitpid,
/// which stalls every other `Process` of the test.
final class ServerProcess: @unchecked Sendable {
    let pid: pid_t
    private var exited = false
    private let lock = NSLock()

    init(_ executable: String, _ arguments: [String], log: URL) throws {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        self.pid = pid
    }

    /// True until the process has exited (reaped here when it has).
    var isRunning: Bool {
        lock.withLock {
            guard !exited else { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = true }
            return !exited
        }
    }

    /// Ends the process (SIGTERM) and reaps it.
    func stop() {
        lock.withLock {
            guard !exited else { return }
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            exited = true
        }
    }

    deinit { stop() }
}
