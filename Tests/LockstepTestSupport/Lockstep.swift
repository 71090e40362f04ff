import Foundation
import LockstepCLI
import LockstepSample

/// Runs `lockstep` command lines: in this process by default (`run`), or as the built binary (`runBinary`) for the
/// few tests that need a process of their own (exit by signal, interruption, racing runners, HOME for libgit2).
public enum Lockstep {
    /// The `lockstep` executable next to the test bundle.
    public static let executable: URL = {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in candidates {
            let url = folder.appendingPathComponent("lockstep")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("cannot find the lockstep binary near \(candidates.map(\.path)); run `swift build` first")
    }()

    /// Runs `lockstep args…` in this process, as if in `folder` (default: the test process's current folder) with
    /// the hermetic git environment and NO_COLOR, plus `environment`; stdout and stderr are captured. One at a time:
    /// runs racing each other (for a pin lock, a push) need processes of their own (`runBinary`), since runs in one
    /// process share its few concurrency threads and a run waiting for another's lock holds one.
    @discardableResult
    public static func run(_ arguments: [String], in folder: URL? = nil, environment extra: [String: String] = [:])
        throws -> ProcessResult
    {
        let directory = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let (console, output) = Console.capturing(environment: environment(extra), currentDirectory: directory)
        let status = LockedValue<Int32>(0)
        let finished = DispatchSemaphore(value: 0)
        // Tests are synchronous; the command runs on the concurrency pool while this thread waits.
        Task.detached {
            status.set(await LockstepCommand.main(arguments: arguments, console: console))
            finished.signal()
        }
        finished.wait()
        return ProcessResult(status: status.get(), stdout: output.stdout, stderr: output.stderr)
    }

    /// Runs the built `lockstep` binary, as users do: for exit codes of the real process, signals and interruptions,
    /// and runs that need an environment libgit2 reads itself (HOME for the global git configuration).
    @discardableResult
    public static func runBinary(
        _ arguments: [String], in folder: URL? = nil, environment extra: [String: String] = [:]
    ) throws -> ProcessResult {
        try ProcessRunner.run(executable.path, arguments, in: folder, environment: environment(extra))
    }

    /// The hermetic git environment with NO_COLOR, then `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = GitCLI.environment()
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Replays the sample workspace of Fixtures/ (`named: "pods"`: its CocoaPods and Xcode half) into `ws` of a new
    /// temporary folder.
    public static func sampleWorkspace(named name: String = "sample") throws -> TemporaryFolder {
        let folder = try TemporaryFolder("lockstep-sample")
        try SampleWorkspace.materialize(
            fixture: SampleWorkspace.defaultFixture(named: name), into: folder.url.appendingPathComponent("ws"))
        return folder
    }
}

/// A value shared between a test's thread and the task it waits for.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
