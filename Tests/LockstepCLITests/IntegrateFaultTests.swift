import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `integrate` under load and faults (issue 6): cache, timeouts, moving main, signals, concurrency.
final class IntegrateFaultTests: XCTestCase {
    /// True while `pid` is a live (not zombie) process.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // The state follows the parenthesised command name.
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    /// Polls (bounded, 10 s) until `pid` no longer runs; a signal needs a moment to land.
    static func stopsRunning(_ pid: pid_t) -> Bool {
        for _ in 0..<200 {
            if !isRunning(pid) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Starts `lockstep args…` in the background (output discarded), for tests that signal it.
    func startLockstep(_ arguments: [String], in iw: IntegrationWorkspace) throws -> Process {
        let process = Process()
        process.executableURL = Lockstep.executable
        process.arguments = arguments
        var environment = GitCLI.environment()
        environment["NO_COLOR"] = "1"
        environment["TMPDIR"] = iw.temporary.url.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func testIdenticalRerunIsCachedAndNoCacheBuildsAgain() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart", "--dry-run").status, 0)
        // Build the same inputs once through a first workspace state, then ask again with an explicit release:
        XCTAssertEqual(try iw.lockstep("integrate", "Cart").status, 0)
        XCTAssertEqual(iw.builds().count, 2)
        // Roll main back by one commit to redo the same integration: same app commits, versions, command.
        try iw.ws["Main"].git("reset", "-q", "--hard", "HEAD~1")
        let second = try iw.lockstep("integrate", "Cart@1.0.1")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(iw.builds().count, 2, "no build ran again")
        XCTAssertTrue(second.stdout.contains("Shell: green (cached"), second.stdout)
        XCTAssertTrue(second.stdout.contains("Main: green (cached"), second.stdout)
        XCTAssertTrue(second.stdout.contains("completing an earlier run"), second.stdout)
        try iw.ws["Main"].git("reset", "-q", "--hard", "HEAD~1")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart@1.0.1", "--no-cache").status, 0)
        XCTAssertEqual(iw.builds().count, 4)
    }

    func testFailedBuildsAreNotCached() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try iw.setScript("exit 3")
        // One build at a time: the red shell stops the run before main starts.
        XCTAssertEqual(try iw.lockstep("integrate", "Cart", "--jobs", "1").status, 1)
        XCTAssertEqual(try iw.lockstep("integrate", "Cart", "--jobs", "1").status, 1)
        XCTAssertEqual(iw.builds().count, 2, "the red Shell build ran both times")
    }

    func testHangingBuildIsKilledAtTheTimeoutWithItsChildren() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let pids = iw.root.appendingPathComponent("child.pid")
        try iw.setScript("sleep 300 & echo $! > '\(pids.path)'; wait")
        let start = Date()
        let result = try iw.lockstep("integrate", "Cart", "--timeout", "2")
        XCTAssertLessThan(Date().timeIntervalSince(start), 60)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("timed out after 2s"), result.stderr)
        let child = try XCTUnwrap(
            pid_t(String(contentsOf: pids, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(Self.stopsRunning(child), "the build's child is gone")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }

    /// A build script that commits to Main's branch (as another team's merge would) on its first `n` runs.
    func moveMainScript(_ iw: IntegrationWorkspace, times: Int) throws {
        let main = iw.ws["Main"].url.path
        try iw.setScript(
            """
            case "$PWD" in *Main-*)
              n=$(grep -c '^Main-' '\(iw.buildLog.path)')
              if [ "$n" -le \(times) ]; then
                cd '\(main)' && echo "$n" >> moved.txt && git add moved.txt && git commit -q -m "unrelated change $n"
              fi;;
            esac
            """)
    }

    func testMainMovingOnceIsBuiltAgainThenPinned() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try moveMainScript(iw, times: 1)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(iw.builds().filter { $0.hasPrefix("Main-") }.count, 2)
        XCTAssertTrue(result.stdout.contains("Main moved from"), result.stdout)
        // The pin sits on top of the unrelated change, linear.
        XCTAssertEqual(try iw.ws["Main"].git("log", "--format=%s", "-2"), "Pin Cart 1.0.1\nunrelated change 1")
        XCTAssertEqual(try iw.ws["Main"].git("rev-list", "--merges", "--count", "HEAD"), "0")
    }

    func testFirstBuildsRunWhileAnotherRunHoldsThePinLock() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        // Another live run (this test process) is pinning: it holds the pin lock, not the checkout lock.
        let lock = PinLock(workspace: iw.root)
        try lock.acquire(timeout: 0)
        let process = try startLockstep(["integrate", "Cart", "--workspace", iw.root.path], in: iw)
        var built = false
        for _ in 0..<1200 where !built {
            built = iw.builds().count == 2
            if !built { usleep(50_000) }
        }
        XCTAssertTrue(built, "Shell and Main built while the pin lock was held")
        var tagged = false
        for _ in 0..<600 where !tagged {
            tagged = (try? iw.ws["Cart"].git("tag", "--list", "1.0.1")) == "1.0.1"
            if !tagged { usleep(50_000) }
        }
        XCTAssertTrue(tagged)
        XCTAssertTrue(process.isRunning, "then it waits for the pin lock")
        XCTAssertFalse(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("1.0.1"))
        lock.release()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
    }

    func testMainMovingEveryTimeGivesUpAfterThreeTries() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try moveMainScript(iw, times: 100)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains(
                "moved 3 times while lockstep was building. Main was not pinned; the release tags exist"), result.stderr
        )
        XCTAssertFalse(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("exact: \"1.0.1\""))
        XCTAssertEqual(iw.builds().filter { $0.hasPrefix("Main-") }.count, 4, "the first build plus three tries")
    }

    func testConcurrentPinOfTheSameComponentIsAConflict() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        // While this run builds, another run lands Cart 1.0.0 → 1.0.2 on Main.
        let main = iw.ws["Main"].url.path
        try iw.setScript(
            """
            case "$PWD" in *Main-*)
              if ! grep -q 1.0.2 '\(main)/Package.swift'; then
                cd '\(main)' && sed -i 's/Cart.git", exact: "1.0.0"/Cart.git", exact: "1.0.2"/' Package.swift && git \
                commit -q -am "Pin Cart 1.0.2"
              fi;;
            esac
            """)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("conflict: Main now requires Cart `exact: \"1.0.2\"`"), result.stderr)
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("exact: \"1.0.2\""))
    }

    func testSigintDuringABuildStopsItAndLeavesNothing() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let pids = iw.root.appendingPathComponent("child.pid")
        try iw.setScript("sleep 300 & echo $! > '\(pids.path)'; wait")
        let before = try iw.sandboxes()
        let process = try startLockstep(["integrate", "Cart", "--workspace", iw.root.path], in: iw)
        // Wait (bounded) until the build's child exists, then interrupt lockstep as Ctrl-C would.
        var child: pid_t?
        for _ in 0..<600 where child == nil {
            child = (try? String(contentsOf: pids, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if child == nil { usleep(50_000) }
        }
        let running = try XCTUnwrap(child, "the build started")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertTrue(Self.stopsRunning(running), "no child process left running")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
        XCTAssertEqual(try iw.sandboxes().subtracting(before), [], "no temporary folder left")
    }

    func testSigkillBetweenTagAndPinIsCompletedByTheNextRunWithoutBuilding() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        // A live run (this test process) holds the pin lock, so the run tags after its green builds and
        // then waits at the lock: a SIGKILL there lands between tag and pin.
        let lock = PinLock(workspace: iw.root)
        try lock.acquire(timeout: 0)
        let process = try startLockstep(["integrate", "Cart", "--workspace", iw.root.path], in: iw)
        var tagged = false
        for _ in 0..<600 where !tagged {
            tagged = (try? iw.ws["Cart"].git("tag", "--list", "1.0.1")) == "1.0.1"
            if !tagged { usleep(50_000) }
        }
        XCTAssertTrue(tagged, "the run tagged the release")
        let killed = process.processIdentifier
        kill(killed, SIGKILL)
        process.waitUntilExit()
        XCTAssertFalse(
            try iw.sandboxes().filter { $0.hasPrefix("lockstep-integrate-\(killed)-") }.isEmpty,
            "a killed run cannot clean up")
        lock.release()
        XCTAssertFalse(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("1.0.1"), "killed before the pin")
        XCTAssertTrue(try iw.lockstep("check").stdout.contains("warning[LS407]"), "check reports the unpinned release")
        let builds = iw.builds().count
        let rerun = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("completing an earlier run: Cart 1.0.1"), rerun.stdout)
        XCTAssertEqual(iw.builds().count, builds, "no second build: the builds are cached")
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertEqual(
            try iw.sandboxes().filter { $0.hasPrefix("lockstep-integrate-\(killed)-") }, [], "the next run removed it")
    }

    func testEightConcurrentIntegrationsAllLand() throws {
        let iw = try IntegrationWorkspace(extraComponents: 8)
        let names = (1...8).map { String(format: "Comp%02d", $0) }
        for name in names { XCTAssertEqual(try iw.lockstep("bump", name).status, 0) }
        try iw.setScript("sleep 0.$(( $$ % 5 ))")
        let mainBefore = try iw.ws["Main"].head()
        let group = DispatchGroup()
        let results = ResultBox()
        let root = iw.root.path
        for name in names {
            group.enter()
            DispatchQueue.global().async {
                // Racing runs: each a process of its own (runs in one process would share its few concurrency threads,
                // and a run waiting for another's pin lock would hold one of them).
                let result = try? Lockstep.runBinary(["integrate", name, "--workspace", root])
                results.append(name, result)
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 600), .success)
        for (name, result) in results.all {
            XCTAssertEqual(result?.status, 0, "\(name): \(result?.stdout ?? "") \(result?.stderr ?? "")")
            XCTAssertEqual(try iw.ws[name].git("tag", "--list", "1.0.1"), "1.0.1", name)
        }
        let manifest = try iw.ws["Main"].git("show", "HEAD:Package.swift")
        for name in names { XCTAssertTrue(manifest.contains("\(name).git\", exact: \"1.0.1\""), "\(name) pinned") }
        XCTAssertEqual(try iw.ws["Main"].git("rev-list", "--count", "\(mainBefore)..HEAD"), "8")
        XCTAssertEqual(try iw.ws["Main"].git("rev-list", "--merges", "--count", "HEAD"), "0")
        XCTAssertEqual(try iw.ws["Main"].git("status", "--porcelain"), "")
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [(String, ProcessResult?)] = []
    func append(_ name: String, _ result: ProcessResult?) { lock.withLock { results.append((name, result)) } }
    var all: [(String, ProcessResult?)] { lock.withLock { results } }
}
