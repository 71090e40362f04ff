import Foundation
import LockstepCore

/// How much a command says besides its result.
public enum Verbosity: Int, Comparable, Sendable {
    case quiet, normal, verbose

    public static func < (lhs: Verbosity, rhs: Verbosity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What one run of `lockstep` talks to: where people's output (stdout) and progress and logs (stderr) go, whether
/// each is a terminal, how much to say, and the environment and current folder the run sees.
///
/// The executable passes `Console.process()`; tests pass `Console.capturing(…)`, which keeps both streams in memory.
/// Commands get it from `LockstepCommand.main(arguments:console:)` and never read the process's own streams,
/// environment or current folder.
public struct Console: Sendable {
    /// The run's environment (credentials, TMPDIR, NO_COLOR, PATH for builds).
    public var environment: [String: String]
    /// The folder relative paths are read from (never `chdir`-ed to).
    public var currentDirectory: URL
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// `--quiet`/`--verbose`, set by the entry point from the command's options before it runs.
    public var verbosity: Verbosity
    /// True when this run owns the process (the real binary): SIGINT and SIGTERM are trapped to stop builds and
    /// clean up, and the run waits for that clean-up on its way out. In-process runs (tests) leave signals alone.
    public var handlesSignals: Bool
    /// Seconds on a monotonic clock: what the progress line is timed with (tests set a clock of their own).
    public var clock: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    public init(
        environment: [String: String], currentDirectory: URL, stdoutIsTerminal: Bool = false,
        stderrIsTerminal: Bool = false,
        verbosity: Verbosity = .normal, handlesSignals: Bool = false,
        stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void
    ) {
        self.environment = environment
        // A folder URL (trailing slash): relative paths resolve inside it, not beside it.
        self.currentDirectory = URL(fileURLWithPath: currentDirectory.path, isDirectory: true)
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.verbosity = verbosity
        self.handlesSignals = handlesSignals
        self.writeOut = stdout
        self.writeError = stderr
    }

    /// The process's own streams, environment and current folder (what the `lockstep` executable runs with).
    public static func process() -> Console {
        Console(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            handlesSignals: true,
            stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
            stderr: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// A console whose streams are kept in `output` (neither is a terminal), for running commands in-process.
    public static func capturing(environment: [String: String], currentDirectory: URL) -> (
        console: Console, output: CapturedOutput
    ) {
        let output = CapturedOutput()
        let console = Console(
            environment: environment, currentDirectory: currentDirectory,
            stdout: { output.append($0, toError: false) }, stderr: { output.append($0, toError: true) })
        return (console, output)
    }

    /// Writes a line to standard output.
    public func line(_ text: String) { writeOut(text + "\n") }

    /// Writes a line to standard error (progress, logs, errors).
    public func error(_ text: String) { writeError(text + "\n") }

    /// Writes text as it is (no newline added) to standard output.
    func write(_ text: String) { writeOut(text) }

    /// Writes text as it is (no newline added) to standard error: a live progress line and its erasure.
    func writeToError(_ text: String) { writeError(text) }

    /// Colour for standard output: only on a terminal, never with NO_COLOR or TERM=dumb.
    var style: Style { Style(enabled: colourAllowed && stdoutIsTerminal) }
    var errorStyle: Style { Style(enabled: colourAllowed && stderrIsTerminal) }

    private var colourAllowed: Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// A path as given on the command line, read from the run's current folder.
    func url(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
    }

    /// The run's temporary folder: its TMPDIR, else the system's.
    var temporaryDirectory: URL {
        if let path = environment["TMPDIR"], !path.isEmpty { return URL(fileURLWithPath: path, isDirectory: true) }
        return FileManager.default.temporaryDirectory
    }
}

/// The two streams of a capturing `Console`, as text.
public final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    public init() {}

    func append(_ text: String, toError: Bool) {
        lock.withLock { if toError { err += text } else { out += text } }
    }

    public var stdout: String { lock.withLock { out } }
    public var stderr: String { lock.withLock { err } }
}
