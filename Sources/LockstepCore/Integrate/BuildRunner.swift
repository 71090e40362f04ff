import Foundation
import Subprocess
#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// How an app build ended.
public struct BuildOutcome: Sendable {
    public enum Status: Sendable, Equatable {
        case green
        case red(exitCode: Int32)
        case timedOut(seconds: Int)
        case killed(signal: Int32)
        /// Stopped because another build of the run went red first (`--jobs`): says nothing of this app.
        case stopped
        /// Not run: the same inputs built green before.
        case cached

        /// The name reports and JSON use: `green`, `cached`, `red`, `timed-out`, `killed`.
        public var name: String {
            switch self {
            case .green: return "green"
            case .cached: return "cached"
            case .red: return "red"
            case .timedOut: return "timed-out"
            case .killed: return "killed"
            case .stopped: return "stopped"
            }
        }
    }

    public var app: String
    public var status: Status
    public var seconds: Double
    public var log: URL
    /// The compiler's `error:` lines, first ones first (at most 20).
    public var errorLines: [String]
    /// The log's last lines (at most 10, from its last 8 KB), for a red build that printed no `error:` line.
    public var logTail: [String] = []

    public var isGreen: Bool { status == .green || status == .cached }

    /// `green in 23.4s`, `red (exit 1) after 3.0s`, `timed out after 1800s` …
    public var statusText: String {
        switch status {
        case .green: return "green in \(String(format: "%.1f", seconds))s"
        case .cached: return "green (cached: these inputs built green before)"
        case .red(let code): return "red (exit \(code)) after \(String(format: "%.1f", seconds))s"
        case .timedOut(let limit):
            return "red: timed out after \(limit)s (--timeout); the build and its children were killed"
        case .killed(let signal): return "red: killed by signal \(signal) after \(String(format: "%.1f", seconds))s"
        case .stopped: return "stopped after \(String(format: "%.1f", seconds))s: another build went red first"
        }
    }
}

/// What a build needs: a command, a folder, a log file and a time limit.
public struct BuildRequest: Sendable {
    public var app: String
    public var command: String
    public var directory: URL
    public var log: URL
    public var timeoutSeconds: Int
    /// Variables set for the build on top of its base environment.
    public var environment: [String: String]
    /// The environment the build starts from; nil: the process's.
    public var baseEnvironment: [String: String]?

    public init(
        app: String, command: String, directory: URL, log: URL, timeoutSeconds: Int,
        environment: [String: String] = [:],
        baseEnvironment: [String: String]? = nil
    ) {
        self.app = app
        self.command = command
        self.directory = directory
        self.log = log
        self.timeoutSeconds = timeoutSeconds
        self.environment = environment
        self.baseEnvironment = baseEnvironment
    }
}

/// Runs app builds. Injected so the core's decisions can be tested apart from real processes.
public protocol BuildRunning: Sendable {
    func run(_ request: BuildRequest, progress: @escaping @Sendable (String) -> Void) async throws -> BuildOutcome
}

/// Runs the build command with `/bin/sh -c` in its own process group through swift-subprocess.
///
/// Output goes straight to the log file; the group is killed on timeout or interruption, so a build's
/// children (compilers, linkers) never outlive it.
public struct ShellBuildRunner: BuildRunning {
    public init() {}

    public func run(_ request: BuildRequest, progress: @escaping @Sendable (String) -> Void) async throws
        -> BuildOutcome
    {
        try FileManager.default.createDirectory(
            at: request.log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let log = try FileDescriptor.open(
            FilePath(request.log.path), .writeOnly, options: [.create, .truncate, .noFollow],
            permissions: [.ownerReadWrite, .groupRead, .otherRead])
        defer { try? log.close() }
        var options = PlatformOptions()
        options.processGroupID = 0  // a group of its own, led by the shell
        let buildEnvironment: Environment
        if let base = request.baseEnvironment {
            var whole: [Environment.Key: String] = [:]
            for (key, value) in base.merging(request.environment, uniquingKeysWith: { $1 }) {
                whole[Environment.Key(stringLiteral: key)] = value
            }
            buildEnvironment = .custom(whole)
        } else {
            var environment: [Environment.Key: String?] = [:]
            for (key, value) in request.environment { environment[Environment.Key(stringLiteral: key)] = value }
            buildEnvironment = .inherit.updating(environment)
        }
        let configuration = Configuration(
            executable: .path("/bin/sh"), arguments: ["-c", request.command],
            environment: buildEnvironment,
            workingDirectory: FilePath(request.directory.path), platformOptions: options)
        let start = Date()
        let spawned = SpawnedGroup()
        // What the build left running in its group (`daemon &`, a test server) goes with it, green, red or
        // thrown. The group outlives its reaped leader while members remain, so its id is not reused before this.
        defer {
            if let group = spawned.group {
                Interruption.killGroup(group)
                Interruption.shared.unregister(processGroup: group)
            }
        }
        let result = try await Subprocess.run(
            configuration, input: .none,
            output: .fileDescriptor(log, closeAfterSpawningProcess: false),
            error: .combinedWithOutput
        ) { execution -> Ending in
            let group = execution.processIdentifier.value
            spawned.group = group
            Interruption.shared.register(processGroup: group)
            var lastReport = Date.distantPast
            while !Self.hasExited(group) {
                if Task.isCancelled {
                    // Another build of the run went red (`--jobs`): stop this one the way a timeout does.
                    Self.stop(group)
                    return .stopped
                }
                if Date().timeIntervalSince(start) > Double(request.timeoutSeconds) {
                    // Only the leader must be gone here (swift-subprocess waits for it); the rest goes below.
                    Self.stop(group)
                    return .timedOut
                }
                if Date().timeIntervalSince(lastReport) >= 1 {
                    lastReport = Date()
                    progress(Self.lastLine(of: request.log))
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
            return .exited
        }
        let seconds = Date().timeIntervalSince(start)
        let errors = Self.errorLines(in: request.log)
        let status: BuildOutcome.Status
        switch result.terminationStatus {
        case _ where result.closureResult == .timedOut: status = .timedOut(seconds: request.timeoutSeconds)
        case _ where result.closureResult == .stopped: status = .stopped
        // Killed while this build's task was cancelled (another build went red): swift-subprocess's own
        // cancellation can kill the process before the watch above sees it. The task, not the closure, is asked:
        // swift-subprocess cancels the closure's task itself once the process has ended.
        case .signaled where Task.isCancelled: status = .stopped
        case .exited(let code): status = code == 0 ? .green : .red(exitCode: code)
        case .signaled(let signal): status = .killed(signal: signal)
        }
        let tail = status == .green || !errors.isEmpty ? [] : BuildLog.tail(of: request.log, bytes: 8192, lines: 10)
        return BuildOutcome(
            app: request.app, status: status, seconds: seconds, log: request.log, errorLines: errors, logTail: tail)
    }

    /// How the watch over a running build ended.
    enum Ending: Sendable {
        case exited, timedOut, stopped
    }

    /// SIGTERM to the group, then SIGKILL after a second if its leader is still there (no sleeping task: this
    /// also runs after cancellation, when `Task.sleep` returns at once).
    static func stop(_ group: pid_t) {
        kill(-group, SIGTERM)
        for _ in 0..<20 where !hasExited(group) { usleep(50_000) }
        if !hasExited(group) { kill(-group, SIGKILL) }
    }

    /// True once the group's leader has exited (checked without reaping it: swift-subprocess reaps).
    static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let code = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        if code != 0 { return true }  // already reaped
        #if canImport(Glibc)
            return info._sifields._sigchld.si_pid == pid
        #else
            return info.si_pid == pid
        #endif
    }

    /// The log's last non-empty line, for the progress display.
    static func lastLine(of log: URL) -> String { BuildLog.lastLine(of: log) }

    /// The compiler's `error:` lines of a log, in order, without duplicates (read in chunks, lossily decoded).
    public static func errorLines(in log: URL, limit: Int = 20) -> [String] {
        BuildLog.errorLines(in: log, limit: limit)
    }
}

/// The process group of a running build, set from inside swift-subprocess's body and read after it.
private final class SpawnedGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var value: pid_t?
    var group: pid_t? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
