import Foundation

/// Runs the `git` CLI hermetically: fixed identity, branch `main`, no user or system config.
///
/// Tests build fixtures and verify what the tool wrote with it, independently of libgit2.
public enum GitCLI {
    /// A global config every test shares: identity and default branch only.
    static let globalConfig: URL = {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "lockstep-test-gitconfig-\(getpid())")
        let text = """
            [user]
            \tname = Test Author
            \temail = test@lockstep.invalid
            [init]
            \tdefaultBranch = main
            [advice]
            \tdetachedHead = false
            [tag]
            \tforceSignAnnotated = false
            """
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

    /// The environment for hermetic git runs (dates fixed unless `date` is given).
    public static func environment(date: String = "2026-01-01T12:00:00Z") -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = globalConfig.path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_DATE"] = date
        environment["GIT_COMMITTER_DATE"] = date
        environment["GIT_TERMINAL_PROMPT"] = "0"
        return environment
    }

    /// Runs `git args…` in `folder` and returns its trimmed standard output; throws on a non-zero exit.
    @discardableResult
    public static func run(_ arguments: [String], in folder: URL, date: String = "2026-01-01T12:00:00Z") throws
        -> String
    {
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["git"] + arguments, in: folder, environment: environment(date: date))
        guard result.status == 0 else {
            throw ProcessFailure(
                command: "git " + arguments.joined(separator: " "), status: result.status,
                output: result.stdout + result.stderr)
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A finished process.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// A process that exited non-zero where the test expected success.
public struct ProcessFailure: Error, CustomStringConvertible {
    public var command: String
    public var status: Int32
    public var output: String
    public var description: String { "`\(command)` exited \(status):\n\(output)" }
}

/// Runs a process to completion, capturing both streams (read concurrently so neither pipe fills up).
public enum ProcessRunner {
    public static func run(
        _ executable: String, _ arguments: [String], in folder: URL? = nil,
        environment: [String: String]? = nil, stdin: String? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let group = DispatchGroup()
        let buffers = Buffers()
        group.enter()
        DispatchQueue.global().async {
            buffers.setOut(out.fileHandleForReading.readDataToEndOfFile()); group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            buffers.setErr(err.fileHandleForReading.readDataToEndOfFile()); group.leave()
        }
        group.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: buffers.stdout, stderr: buffers.stderr)
    }

    private final class Buffers: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data(), errData = Data()
        func setOut(_ data: Data) { lock.withLock { outData = data } }
        func setErr(_ data: Data) { lock.withLock { errData = data } }
        var stdout: String { lock.withLock { String(decoding: outData, as: UTF8.self) } }
        var stderr: String { lock.withLock { String(decoding: errData, as: UTF8.self) } }
    }
}
