import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// One `.package(...)` Lockstep cannot read is an LS103 finding with its line; the manifest's other
/// dependencies, the other components and the matrix still work.
final class UnreadableRequirementTests: XCTestCase {
    /// A at 1.0.0 and 2.0.0, C at 1.0.0; B 1.0.0 requires A from 2.0.0 and C through an environment lookup
    /// (line 8 of its manifest). Main pins A 1.0.0, B 1.0.0 and C 1.0.0.
    func workspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let a = try ws.component("A")
        try a.release("1.0.0")
        try a.release("2.0.0")
        try ws.component("C").release("1.0.0")
        let computed =
            """
            url: \"\(ws.url("C"))\", from: Version(stringLiteral: \
            ProcessInfo.processInfo.environment[\"C_VERSION\"] ?? \"1.0.0\")
            """
        try ws.component("B", dependencies: [ws.dep("A", "from: \"2.0.0\""), computed]).release("1.0.0")
        try ws.app(
            "Main", role: "main",
            dependencies: [
                ws.dep("A", "exact: \"1.0.0\""), ws.dep("B", "exact: \"1.0.0\""), ws.dep("C", "exact: \"1.0.0\""),
            ])
        return ws
    }

    func testLS103PerRequirementAndTheOtherDependenciesStillCount() throws {
        let findings = try workspace().findings()
        let unreadable = findings.filter { $0.rule == "LS103" }
        XCTAssertEqual(unreadable.map(\.subject), ["B"], "\(findings)")
        XCTAssertEqual(unreadable.first?.locations.first?.file, "components/B/Package.swift")
        XCTAssertEqual(unreadable.first?.locations.first?.revision, "1.0.0")
        XCTAssertEqual(unreadable.first?.locations.first?.line, 8)
        XCTAssertTrue(
            unreadable.first?.message.contains(
                "a `.package(...)` of components/B/Package.swift cannot be read at 1.0.0") == true, "\(unreadable)")
        // B's readable requirement on A is still judged: it conflicts with Main's pin of A.
        let conflicts = findings.filter { $0.rule == "LS406" }
        XCTAssertEqual(conflicts.map(\.subject), ["B"], "\(findings)")
        XCTAssertTrue(conflicts.first?.message.contains("requires A `from: \"2.0.0\"`") == true, "\(conflicts)")
    }

    func testMatrixKeepsEveryComponent() throws {
        let matrix = try workspace().matrix()
        XCTAssertEqual(matrix.rows.map(\.name), ["A", "C", "B"])
        XCTAssertTrue(matrix.rows[2].status.contains("LS103"), "\(matrix.rows[2].status)")
        XCTAssertEqual(matrix.rows[1].status, [])
    }

    func testAnAppsUnreadableRequirementIsReportedNotFatal() throws {
        let ws = try workspace()
        let shell = try ws.app(
            "Shell", role: "shell",
            dependencies: [ws.dep("A", "from: \"1.0.0\""), "url: \"\(ws.url("C"))\", from: currentVersion()"])
        _ = shell
        let findings = try ws.findings().filter { $0.rule == "LS103" && $0.subject == "Shell" }
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertEqual(findings.first?.locations.first?.line, 8)
        XCTAssertEqual(try ws.snapshot().app("Shell")?.dependencies.compactMap(\.component), ["A"])
    }

    /// An app manifest that does not parse used to stop every command (exit 2): now the other rows and rules
    /// still work, LS103 names it, and integrate refuses (it cannot tell whether the app uses the candidate).
    func testAnUnparsableAppManifestDoesNotEmptyTheMatrix() throws {
        let ws = try workspace()
        let shell = try ws.app("Shell", role: "shell", dependencies: [ws.dep("A", "from: \"1.0.0\"")])
        try shell.write("Package.swift", "// swift-tools-version: 5.9\nlet package = Package(\n")
        try shell.commit("broken")
        let matrix = try ws.matrix()
        XCTAssertEqual(matrix.rows.map(\.name), ["A", "C", "B"])
        let findings = try ws.findings().filter { $0.rule == "LS103" && $0.subject == "Shell" }
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertTrue(
            findings.first?.message.contains("apps/Shell/Package.swift cannot be read at HEAD") == true, "\(findings)")
        try ws["A"].write("Sources/A/More.swift", "func more() {}\n")
        try ws["A"].commit("more")
        try ws["A"].tag("2.0.1-rc.1")
        XCTAssertThrowsError(try IntegrationPlan.make(try ws.snapshot(), candidates: ["A"])) { error in
            XCTAssertTrue("\(error)".contains("cannot tell whether Shell uses a candidate"), "\(error)")
        }
    }
}
