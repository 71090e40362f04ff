import Foundation
import LockstepTestSupport
import XCTest

/// The real `lockstep` binary, end to end: its exit codes and streams are those of the in-process entry that every
/// other CLI test uses (signals and interruptions: IntegrateFaultTests; HOME for libgit2: BumpCommandTests and
/// DryRunParityTests; racing runners: IntegratePushTests and RemoteServerTests).
final class BinaryEndToEndTests: XCTestCase {
    func testTheBinaryAndTheInProcessEntryAgreeOnCodesAndStreams() throws {
        let sample = try Lockstep.sampleWorkspace()
        let ws = sample.url.appendingPathComponent("ws").path
        let lines: [(arguments: [String], status: Int32)] = [
            (["--version"], 0),
            (["--help"], 0),
            (["nosuch"], 2),
            (["matrix", "--quiet", "--verbose"], 2),
            (["--workspace", ws, "matrix"], 0),
            (["matrix", "--workspace", ws, "--format", "json"], 0),
            (["check", "--workspace", ws, "--format", "json"], 0),
            (["matrix", "--workspace", sample.url.path, "--format", "json"], 2),
            (["bump", "Nope", "--workspace", ws], 2),
        ]
        for (arguments, status) in lines {
            let binary = try Lockstep.runBinary(arguments, in: sample.url)
            let inProcess = try Lockstep.run(arguments, in: sample.url)
            let command = arguments.joined(separator: " ")
            XCTAssertEqual(binary.status, status, "\(command): \(binary.stderr)")
            XCTAssertEqual(inProcess.status, binary.status, command)
            XCTAssertEqual(inProcess.stdout, binary.stdout, command)
            XCTAssertEqual(inProcess.stderr, binary.stderr, command)
        }
    }

    /// A relative `--workspace` is read from the folder the run is in (the binary's working directory, the
    /// in-process console's current folder), never from the test process's.
    func testRelativePathsAreReadFromTheRunsFolder() throws {
        let sample = try Lockstep.sampleWorkspace()
        let binary = try Lockstep.runBinary(["matrix", "--workspace", "ws", "--format", "json"], in: sample.url)
        let inProcess = try Lockstep.run(["matrix", "--workspace", "ws", "--format", "json"], in: sample.url)
        XCTAssertEqual(binary.status, 0, binary.stderr)
        XCTAssertEqual(inProcess.status, 0, inProcess.stderr)
        XCTAssertEqual(inProcess.stdout, binary.stdout)
    }
}

/// In-process runs share one process: nothing of one run (verbosity, current folder, environment, TMPDIR) reaches
/// the next or the test process.
final class InProcessIsolationTests: XCTestCase {
    func testVerbosityFolderAndEnvironmentStayWithTheirRun() throws {
        let sample = try Lockstep.sampleWorkspace()
        let ws = sample.url.appendingPathComponent("ws").path
        let folder = FileManager.default.currentDirectoryPath
        let environment = ProcessInfo.processInfo.environment
        let verbose = try Lockstep.run(["matrix", "--verbose", "--workspace", ws])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("lockstep: read "), verbose.stderr)
        let plain = try Lockstep.run(["matrix", "--workspace", ws])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stderr, "")
        XCTAssertEqual(plain.stdout, verbose.stdout)
        let quiet = try Lockstep.run(
            ["matrix", "-q", "--workspace", ws], in: sample.url, environment: ["TMPDIR": sample.url.path])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(FileManager.default.currentDirectoryPath, folder)
        XCTAssertEqual(ProcessInfo.processInfo.environment["TMPDIR"], environment["TMPDIR"])
    }
}
