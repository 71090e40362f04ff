import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

@testable import LockstepCLI

/// The progress line of commands that read history: drawn on a terminal's stderr only, after a second, throttled,
/// erased at the end; nothing at all without a terminal or with `--quiet`.
final class ProgressLineTests: XCTestCase {
    /// A clock the test moves by hand.
    final class ManualClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0.0
        /// Added after every reading (0: the time moves only when the test sets it).
        var step = 0.0
        func set(_ seconds: Double) { lock.withLock { now = seconds } }
        func read() -> Double {
            lock.withLock {
                defer { now += step }
                return now
            }
        }
    }

    private func makeConsole(terminal: Bool, verbosity: Verbosity = .normal, clock: ManualClock)
        -> (Console, CapturedOutput)
    {
        let output = CapturedOutput()
        var console = Console(
            environment: [:], currentDirectory: URL(fileURLWithPath: "/"), stdoutIsTerminal: terminal,
            stderrIsTerminal: terminal, verbosity: verbosity, stdout: { _ in },
            stderr: { output.append($0, toError: true) })
        console.clock = { clock.read() }
        return (console, output)
    }

    private func update(_ done: Int, of total: Int = 10, repo: String = "swift-nio") -> ProgressUpdate {
        ProgressUpdate(repo: repo, done: done, total: total, unit: .releases)
    }

    func testTheLineWaitsASecondIsThrottledToTenADrawRedrawsInPlaceAndIsErased() {
        let clock = ManualClock()
        let (console, output) = makeConsole(terminal: true, clock: clock)
        let line = ProgressLine(console: console)  // started at 0
        clock.set(0.99)
        line.show(update(1))
        XCTAssertEqual(output.stderr, "", "nothing during the first second")
        clock.set(1.0)
        line.show(update(2))
        XCTAssertEqual(output.stderr, "\r\u{1B}[2Kreading history: swift-nio, 2 of 10 releases read, 8 left")
        clock.set(1.05)
        line.show(update(3))
        clock.set(1.099)
        line.show(update(4))
        XCTAssertFalse(
            output.stderr.contains("3 of 10") || output.stderr.contains("4 of 10"), "throttled: \(output.stderr)")
        clock.set(1.1)
        line.show(update(5, repo: "swift-nio-ssl"))
        XCTAssertTrue(
            output.stderr.hasSuffix("\r\u{1B}[2Kreading history: swift-nio-ssl, 5 of 10 releases read, 5 left"),
            output.stderr)
        XCTAssertFalse(output.stderr.contains("\n"), "one line, redrawn in place")
        line.finish()
        XCTAssertTrue(output.stderr.hasSuffix("5 left\r\u{1B}[2K"), "erased at the end: \(output.stderr)")
        line.finish()
        XCTAssertEqual(output.stderr.components(separatedBy: "\r\u{1B}[2K").count, 4, "erased once")
    }

    func testALineNeverDrawnIsNotErased() {
        let clock = ManualClock()
        let (console, output) = makeConsole(terminal: true, clock: clock)
        let line = ProgressLine(console: console)
        clock.set(0.5)
        line.show(update(1))
        line.finish()
        XCTAssertEqual(output.stderr, "")
    }

    func testNothingWithoutATerminalOrWithQuietOrVerbose() {
        for (terminal, verbosity) in [(false, Verbosity.normal), (true, .quiet), (true, .verbose)] {
            let clock = ManualClock()
            let (console, output) = makeConsole(terminal: terminal, verbosity: verbosity, clock: clock)
            let line = ProgressLine(console: console)
            for step in 1...30 {
                clock.set(Double(step))
                line.show(update(step, of: 30))
            }
            line.finish()
            XCTAssertEqual(output.stderr, "", "terminal \(terminal), \(verbosity)")
        }
    }

    func testTheTextCutsLongNamesAndCountsRepos() {
        XCTAssertEqual(
            ProgressLine.text(ProgressUpdate(repo: "components/Cart", done: 3, total: 12, unit: .repos)),
            "reading history: components/Cart, 3 of 12 repos done, 9 left")
        let long = String(repeating: "x", count: 60)
        XCTAssertEqual(
            ProgressLine.text(update(1, repo: long)),
            "reading history: \(String(repeating: "x", count: 39))…, 1 of 10 releases read, 9 left")
    }

    func testWorkProgressCountsFromEveryThread() {
        let seen = LockedLines()
        let progress = WorkProgress(unit: .releases) { seen.add("\($0.done)/\($0.total)") }
        progress.expect(100)
        DispatchQueue.concurrentPerform(iterations: 100) { progress.advance("r\($0 % 4)") }
        XCTAssertEqual(progress.current.done, 100)
        XCTAssertEqual(progress.current.total, 100)
        XCTAssertEqual(Set(seen.all), Set((1...100).map { "\($0)/100" }), "each count reported once")
    }

    // MARK: The commands

    /// A component with three releases: `check` judges two of them (1.0.1 and 1.1.0 against the release before).
    private func workspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let base = try ws.component("Base")
        try base.release("1.0.0")
        try base.release("1.0.1")
        try base.write("Sources/Base/More.swift", "public func more() {}\n")
        try base.release("1.1.0")
        return ws
    }

    private func run(_ arguments: [String], console: Console) -> Int32 {
        let status = LockedStatus()
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            status.set(await LockstepCommand.main(arguments: arguments, console: console))
            finished.signal()
        }
        finished.wait()
        return status.get()
    }

    func testCheckOnATerminalShowsWhichRepoAndHowManyReleasesThenErasesTheLine() throws {
        let ws = try workspace()
        let clock = ManualClock()
        clock.step = 1  // every reading is a second later: the first update is past the delay, none throttled
        var (console, output) = makeConsole(terminal: true, clock: clock)
        console.environment = GitCLI.environment()
        XCTAssertEqual(run(["check", "--workspace", ws.root.path], console: console), 0, output.stderr)
        XCTAssertTrue(output.stderr.contains("reading history: Base, 1 of 2 releases read, 1 left"), output.stderr)
        XCTAssertTrue(output.stderr.contains("reading history: Base, 2 of 2 releases read, 0 left"), output.stderr)
        XCTAssertTrue(output.stderr.hasSuffix("0 left\r\u{1B}[2K"), "erased before the command ends: \(output.stderr)")
    }

    func testCheckWithoutATerminalOrQuietWritesNothingOnStderr() throws {
        let ws = try workspace()
        for (terminal, arguments) in [(false, ["check"]), (true, ["check", "--quiet"])] {
            let clock = ManualClock()
            clock.step = 1
            var (console, output) = makeConsole(terminal: terminal, clock: clock)
            console.environment = GitCLI.environment()
            XCTAssertEqual(run(arguments + ["--workspace", ws.root.path], console: console), 0, output.stderr)
            XCTAssertEqual(output.stderr, "", "\(arguments), terminal \(terminal)")
        }
    }
}

private final class LockedStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int32 = -1
    func get() -> Int32 { lock.withLock { value } }
    func set(_ newValue: Int32) { lock.withLock { value = newValue } }
}
