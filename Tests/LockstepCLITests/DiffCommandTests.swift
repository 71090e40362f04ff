import Foundation
import LockstepTestSupport
import XCTest

/// `lockstep diff --fail-on`: a pull-request check that fails when the API change reaches a level.
final class DiffCommandTests: XCTestCase {
    /// Net released at 1.0.0 with `public struct Net`, then HEAD adds (minor) or removes (breaking) a function.
    func workspace(head source: String) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        try repo.write("Sources/Net/Net.swift", "public struct Net {}\npublic func ping() {}\n")
        _ = try repo.release("1.0.0")
        try repo.write("Sources/Net/Net.swift", source)
        try repo.commit("change")
        return ws
    }

    func diff(_ ws: WorkspaceBuilder, _ extra: [String]) throws -> ProcessResult {
        try Lockstep.run(["diff", "Net", "--workspace", ws.root.path] + extra)
    }

    func testFailOnBreakingFailsOnlyOnABreak() throws {
        let breaking = try workspace(head: "public struct Net {}\n")
        let failed = try diff(breaking, ["--fail-on", "breaking"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdout.contains("func ping()"), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("requires: breaking"), "the diff is printed first: \(failed.stdout)")
        XCTAssertTrue(failed.stderr.contains("--fail-on breaking"), failed.stderr)
        XCTAssertEqual(try diff(breaking, []).status, 0, "without --fail-on, diff only reports")

        let minor = try workspace(head: "public struct Net {}\npublic func ping() {}\npublic func pong() {}\n")
        XCTAssertEqual(try diff(minor, ["--fail-on", "breaking"]).status, 0)
        let failedMinor = try diff(minor, ["--fail-on", "minor", "--format", "json"])
        XCTAssertEqual(failedMinor.status, 1)
        XCTAssertTrue(
            failedMinor.stdout.contains("\"level\" : \"minor\"") || failedMinor.stdout.contains("\"level\":\"minor\""),
            failedMinor.stdout)
    }

    func testFailOnMinorPassesAPatch() throws {
        let patch = try workspace(head: "public struct Net {}\npublic func ping() { print(1) }\n")
        XCTAssertEqual(try diff(patch, ["--fail-on", "minor"]).status, 0)
    }

    func testFailOnRejectsOtherLevels() throws {
        let ws = try workspace(head: "public struct Net {}\n")
        let result = try diff(ws, ["--fail-on", "patch"])
        XCTAssertEqual(result.status, 2, "a bad value is a usage error")
        XCTAssertTrue(result.stderr.contains("breaking"), result.stderr)
    }

    func testHelpDocumentsFailOn() throws {
        let help = try Lockstep.run(["diff", "--help"])
        XCTAssertTrue(help.stdout.contains("--fail-on"), help.stdout)
    }
}
