import Foundation
import XCTest

/// ci/summarize-xctest, the closing line of ci/test, on captured `swift test` logs: it reports the whole run
/// (XCTest's "All tests" total), never the last sub-suite's, and counts skipped tests apart.
final class SummarizeXCTestTests: XCTestCase {
    static let script = DocumentationTests.root.appendingPathComponent("ci/summarize-xctest")

    func summarize(_ log: String) throws -> (line: String, status: Int32) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xctest-\(UUID().uuidString).log")
        try log.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", Self.script.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            process.terminationStatus
        )
    }

    /// A green run with skipped tests: the sub-suites' and the bundle's lines come first, the total last.
    func testAGreenRunWithSkippedTestsReportsTheWholeRun() throws {
        let log = """
            Building for debugging...
            Test Suite 'All tests' started at 2026-11-26 06:50:39.847
            Test Suite 'debug.xctest' started at 2026-11-26 06:50:39.957
            Test Suite 'GraphCommandTests' started at 2026-11-26 06:50:39.957
            Test Case 'GraphCommandTests.testDot' started at 2026-11-26 06:50:39.957
            Test Case 'GraphCommandTests.testDot' passed (0.2 seconds)
            Test Case 'GraphCommandTests.testRenderedByDot' started at 2026-11-26 06:50:40.157
            /tmp/Tests/GraphCommandTests.swift:40: GraphCommandTests.testRenderedByDot : Test skipped - dot is not \
            installed
            Test Case 'GraphCommandTests.testRenderedByDot' skipped (0.003 seconds)
            Test Suite 'GraphCommandTests' passed at 2026-11-26 06:50:40.160
            \t Executed 2 tests, with 1 test skipped and 0 failures (0 unexpected) in 0.203 (0.203) seconds
            Test Suite 'VersionTests' started at 2026-11-26 06:50:40.160
            Test Case 'VersionTests.testParse' started at 2026-11-26 06:50:40.160
            Test Case 'VersionTests.testParse' passed (0.001 seconds)
            Test Suite 'VersionTests' passed at 2026-11-26 06:50:40.161
            \t Executed 5 tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            Test Suite 'debug.xctest' passed at 2026-11-26 07:03:12.000
            \t Executed 512 tests, with 5 tests skipped and 0 failures (0 unexpected) in 752.1 (752.3) seconds
            Test Suite 'All tests' passed at 2026-11-26 07:03:12.000
            \t Executed 512 tests, with 5 tests skipped and 0 failures (0 unexpected) in 752.1 (752.3) seconds
            """
        let result = try summarize(log)
        XCTAssertEqual(result.line, "507 passed, 0 failed, 5 skipped")
        XCTAssertEqual(result.status, 0)
    }

    /// Failures: XCTest counts failed assertions (two in one test here); the line counts failed tests.
    func testFailedTestsAreCountedOnceEach() throws {
        let log = """
            Test Suite 'All tests' started at 2026-11-26 06:50:39.847
            Test Suite 'debug.xctest' started at 2026-11-26 06:50:39.957
            Test Suite 'OneTests' started at 2026-11-26 06:50:39.957
            Test Case 'OneTests.testFail' started at 2026-11-26 06:50:39.957
            /tmp/Tests/T.swift:5: error: OneTests.testFail : failed - boom
            /tmp/Tests/T.swift:6: error: OneTests.testFail : failed - boom again
            Test Case 'OneTests.testFail' failed (0.008 seconds)
            Test Case 'OneTests.testPass' started at 2026-11-26 06:50:39.965
            Test Case 'OneTests.testPass' passed (0.001 seconds)
            Test Case 'OneTests.testSkip' started at 2026-11-26 06:50:39.966
            /tmp/Tests/T.swift:4: OneTests.testSkip : Test skipped - no tool
            Test Case 'OneTests.testSkip' skipped (0.003 seconds)
            Test Suite 'OneTests' failed at 2026-11-26 06:50:39.969
            \t Executed 3 tests, with 1 test skipped and 2 failures (0 unexpected) in 0.012 (0.012) seconds
            Test Suite 'TwoTests' started at 2026-11-26 06:50:39.969
            Test Case 'TwoTests.testPass' started at 2026-11-26 06:50:39.969
            Test Case 'TwoTests.testPass' passed (0.0 seconds)
            Test Case 'TwoTests.testOther' started at 2026-11-26 06:50:39.969
            Test Case 'TwoTests.testOther' failed (0.0 seconds)
            Test Suite 'TwoTests' failed at 2026-11-26 06:50:39.970
            \t Executed 2 tests, with 1 failure (0 unexpected) in 0.001 (0.001) seconds
            Test Suite 'debug.xctest' failed at 2026-11-26 06:50:39.970
            \t Executed 5 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.012 (0.012) seconds
            Test Suite 'All tests' failed at 2026-11-26 06:50:39.970
            \t Executed 5 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.012 (0.012) seconds
            """
        let result = try summarize(log)
        XCTAssertEqual(result.line, "2 passed, 2 failed, 1 skipped")
        XCTAssertEqual(result.status, 0)
    }

    /// `--filter`: the top suite is "Selected tests"; a total without skipped tests has no "skipped" part.
    func testAFilteredRunWithoutSkips() throws {
        let log = """
            Test Suite 'Selected tests' started at 2026-11-26 06:51:01.530
            Test Suite 'TwoTests' started at 2026-11-26 06:51:01.530
            Test Case 'TwoTests.testPass' started at 2026-11-26 06:51:01.533
            Test Case 'TwoTests.testPass' passed (0.01 seconds)
            Test Suite 'TwoTests' passed at 2026-11-26 06:51:01.543
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.01 (0.01) seconds
            Test Suite 'Selected tests' passed at 2026-11-26 06:51:01.543
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.01 (0.01) seconds
            """
        XCTAssertEqual(try summarize(log).line, "1 passed, 0 failed, 0 skipped")
    }

    /// A test process that crashed prints no total: the line says so, names the last test started and fails.
    func testACrashedRunSaysItStoppedEarly() throws {
        let log = """
            Test Suite 'All tests' started at 2026-11-26 06:50:39.847
            Test Suite 'debug.xctest' started at 2026-11-26 06:50:39.957
            Test Suite 'OneTests' started at 2026-11-26 06:50:39.957
            Test Case 'OneTests.testPass' started at 2026-11-26 06:50:39.965
            Test Case 'OneTests.testPass' passed (0.001 seconds)
            Test Suite 'OneTests' passed at 2026-11-26 06:50:39.969
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.012 (0.012) seconds
            Test Case 'TwoTests.testCrash' started at 2026-11-26 06:50:39.969
            error: Exited with unexpected signal code 11
            """
        let result = try summarize(log)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.line.hasPrefix("no XCTest total in the log"), result.line)
        XCTAssertTrue(result.line.contains("TwoTests.testCrash"), result.line)
        XCTAssertTrue(result.line.hasSuffix("1 passed, 0 failed, 0 skipped before it stopped"), result.line)
    }

    /// ci/test reads every figure through the script, so the two cannot drift apart: the one `swift test` run's log,
    /// and each class's log when the classes run side by side (their figures are summed).
    func testCITestUsesTheScript() throws {
        let text = try String(contentsOf: DocumentationTests.root.appendingPathComponent("ci/test"), encoding: .utf8)
        XCTAssertTrue(text.contains("bash ci/summarize-xctest \"$logs/all.log\""), text)
        XCTAssertTrue(text.contains("bash ci/summarize-xctest \"$logs/$class.log\""), text)
    }
}
