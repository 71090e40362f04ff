import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// A build's process group does not outlive the build, however it ends (issue 9).
final class BuildRunnerTests: XCTestCase {
    /// Runs `command` and returns its outcome and the pid its background child wrote to `child.pid`.
    func run(_ command: String, timeout: Int = 60, in folder: TemporaryFolder) async throws -> (BuildOutcome, pid_t) {
        let request = BuildRequest(
            app: "App", command: command, directory: folder.url, log: folder.path("logs/App.log"),
            timeoutSeconds: timeout)
        let outcome = try await ShellBuildRunner().run(request) { _ in }
        let text = try String(contentsOf: folder.path("child.pid"), encoding: .utf8)
        let child = try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        return (outcome, child)
    }

    /// True while `pid` runs. A dead child of the build is reparented to init, which may take a while to
    /// reap it (seconds in some containers): a zombie counts as gone, as it runs nothing.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let state: String
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        {
            state = String(stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1))
        } else {
            let ps = Process()
            ps.executableURL = URL(fileURLWithPath: "/bin/ps")
            ps.arguments = ["-o", "stat=", "-p", "\(pid)"]
            let pipe = Pipe()
            ps.standardOutput = pipe
            guard (try? ps.run()) != nil else { return true }
            state = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            ps.waitUntilExit()
            if state.isEmpty { return false }
        }
        return !state.hasPrefix("Z") && !state.hasPrefix("X")
    }

    /// The child is dead by the time `run` returned: no polling here.
    func assertGone(_ pid: pid_t, file: StaticString = #filePath, line: UInt = #line) {
        let alive = Self.isRunning(pid)
        if alive { kill(pid, SIGKILL) }
        XCTAssertFalse(alive, "process \(pid) left running by the build", file: file, line: line)
    }

    func testGreenBuildsLeftoversAreKilled() async throws {
        let folder = try TemporaryFolder()
        let (outcome, child) = try await run("sleep 300 & echo $! > child.pid; exit 0", in: folder)
        XCTAssertEqual(outcome.status, .green)
        assertGone(child)
    }

    func testRedBuildsLeftoversAreKilledEvenIfTheyIgnoreSIGTERM() async throws {
        let folder = try TemporaryFolder()
        let (outcome, child) = try await run(
            "(trap '' TERM; exec sleep 300) & echo $! > child.pid; echo 'x.swift:1:1: error: no'; exit 3", in: folder)
        XCTAssertEqual(outcome.status, .red(exitCode: 3))
        XCTAssertEqual(outcome.errorLines, ["x.swift:1:1: error: no"])
        XCTAssertEqual(outcome.logTail, [], "error lines say it")
        assertGone(child)
    }

    func testTimedOutBuildsChildrenAreKilled() async throws {
        let folder = try TemporaryFolder()
        let (outcome, child) = try await run("sleep 300 & echo $! > child.pid; wait", timeout: 1, in: folder)
        XCTAssertEqual(outcome.status, .timedOut(seconds: 1))
        assertGone(child)
    }

    func testRedBuildWithoutErrorLinesKeepsTheLogsTail() async throws {
        let folder = try TemporaryFolder()
        let request = BuildRequest(
            app: "App", command: "seq 1 5000; echo 'ld: undefined symbol _cart'; exit 1", directory: folder.url,
            log: folder.path("App.log"), timeoutSeconds: 60)
        let outcome = try await ShellBuildRunner().run(request) { _ in }
        XCTAssertEqual(outcome.errorLines, [])
        XCTAssertEqual(outcome.logTail, (4992...5000).map(String.init) + ["ld: undefined symbol _cart"])
    }
}
