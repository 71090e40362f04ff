import Foundation

/// The repos of a workspace served by a real `GitServer`, and CI runners made as a CI job makes them: a fresh clone
/// of every repo from the server, a home folder of its own (token, CA or ssh key as the transport needs) and a clean
/// environment (no ssh agent, no askpass, no token but its own).
public final class ServerRunners: @unchecked Sendable {
    public let server: GitServer
    /// The workspace served (kept alive: its build script is what the runners' builds run).
    public let workspace: IntegrationWorkspace
    let config: Data
    let paths: [String: String]
    public let names: [String]
    private var runners: [String: Runner] = [:]
    private let lock = NSLock()

    public struct Runner: Sendable {
        public var root: URL
        public var home: URL
        /// What `lockstep` runs with in this runner.
        public var environment: [String: String]
        /// What the git CLI needs to reach the server as this runner.
        public var gitEnvironment: [String: String]
    }

    /// Publishes each repo of `iw` (branches and tags) on a new server of `transport` and points the repo's
    /// `origin` at it.
    public init(_ iw: IntegrationWorkspace, transport: GitServer.Transport) throws {
        server = try GitServer(transport)
        workspace = iw
        config = try Data(contentsOf: iw.root.appendingPathComponent("lockstep.yml"))
        var paths: [String: String] = [:]
        for (name, repo) in iw.ws.repos {
            try server.publish(name, from: repo.url)
            try repo.git("remote", "add", "origin", server.url(name))
            paths[name] = String(repo.url.path.dropFirst(iw.root.path.count + 1))
        }
        self.paths = paths
        names = paths.keys.sorted()
    }

    /// A fresh CI runner: lockstep.yml and every repo cloned from the server with the git CLI.
    public func runner(_ label: String) throws -> Runner {
        let base = server.folder.url.appendingPathComponent("runners/\(label)")
        let root = base.appendingPathComponent("ws"), home = base.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try config.write(to: root.appendingPathComponent("lockstep.yml"))
        var environment = try server.prepareHome(home)
        let gitEnvironment = server.gitEnvironment(home: home)
        // The clones are made side by side (each is mostly a connection's round trips) with their identity set by
        // the clone itself: a runner's set-up took as long as its release over ssh, one repo after another.
        let clones = paths.sorted { $0.key < $1.key }
        let failures = LockedLines()
        DispatchQueue.concurrentPerform(iterations: clones.count) { index in
            let (name, path) = clones[index]
            let identity = ["-c", "user.name=Runner \(label)", "-c", "user.email=\(label)@lockstep.invalid"]
            do {
                _ = try git(
                    ["clone", "-q"] + identity + [server.url(name), root.appendingPathComponent(path).path], in: root,
                    environment: gitEnvironment)
            } catch { failures.add("\(error)") }
        }
        if let failure = failures.all.first { throw ProcessFailure(command: "git clone", status: 1, output: failure) }
        let inherited = ProcessInfo.processInfo.environment
        for key in ["PATH", "TMPDIR", "LANG", "USER"] { if let value = inherited[key] { environment[key] = value } }
        environment["NO_COLOR"] = "1"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        let runner = Runner(root: root, home: home, environment: environment, gitEnvironment: gitEnvironment)
        lock.withLock { runners[label] = runner }
        return runner
    }

    /// Runs `lockstep args… --workspace ROOT` in `runner` with only its own environment, as the built binary: a
    /// runner's HOME holds the git configuration (per-URL TLS settings, identity) that libgit2 reads from the
    /// process's environment, and runners race each other.
    @discardableResult
    public func lockstep(_ runner: Runner, _ arguments: String..., environment extra: [String: String] = [:]) throws
        -> ProcessResult
    {
        try lockstep(runner, arguments, environment: extra)
    }

    @discardableResult
    public func lockstep(_ runner: Runner, _ arguments: [String], environment extra: [String: String] = [:]) throws
        -> ProcessResult
    {
        var environment = runner.environment
        for (key, value) in extra { environment[key] = value }
        return try ProcessRunner.run(
            Lockstep.executable.path, arguments + ["--workspace", runner.root.path], in: runner.root,
            environment: environment)
    }

    /// `git args…` in repo `name` of `runner` (with the runner's access to the server).
    @discardableResult
    public func git(_ runner: Runner, _ name: String, _ arguments: String...) throws -> String {
        try git(arguments, in: runner.root.appendingPathComponent(paths[name]!), environment: runner.gitEnvironment)
    }

    /// `git ls-remote` of repo `name` through the server's transport, as `ref → object` (peeled tags as `^{}`).
    public func lsRemote(_ name: String, from runner: Runner) throws -> [String: String] {
        let output = try git(["ls-remote", server.url(name)], in: runner.root, environment: runner.gitEnvironment)
        var result: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2 { result[String(parts[1])] = String(parts[0]) }
        }
        return result
    }

    /// The folder of repo `name` in `runner`.
    public func path(_ runner: Runner, _ name: String) -> URL { runner.root.appendingPathComponent(paths[name]!) }

    @discardableResult
    func git(_ arguments: [String], in folder: URL, environment: [String: String]) throws -> String {
        let result = try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: folder, environment: environment)
        guard result.status == 0 else {
            throw ProcessFailure(
                command: "git " + arguments.joined(separator: " "), status: result.status,
                output: result.stdout + result.stderr)
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
