import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// A component whose manifest cannot be read is an LS103 finding; the rest of the workspace still works (issue 9).
final class UnreadableManifestTests: XCTestCase {
    /// A, B and C (business, implementing P) released; B's and C's manifests at HEAD nest 10,000 `[` deep.
    func workspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        try ws.component("A").release("1.0.0")
        try ws.component("B", dependencies: [ws.dep("A", "from: \"1.0.0\"")]).release("1.0.0")
        try ws.component("P", kind: "protocols").release("1.0.0")
        try ws.component("C", kind: "business", implements: "P", dependencies: [ws.dep("P", "from: \"1.0.0\"")])
            .release("1.0.0")
        let deep = "let x = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        for name in ["B", "C"] {
            let manifest = try String(contentsOf: ws[name].url.appendingPathComponent("Package.swift"), encoding: .utf8)
            try ws[name].write("Package.swift", manifest + deep)
            try ws[name].commit("hostile manifest")
        }
        try ws.app(
            "Main", role: "main", dependencies: [ws.dep("A", "exact: \"1.0.0\""), ws.dep("B", "exact: \"1.0.0\"")])
        return ws
    }

    func testCheckReportsLS103AndStillRunsTheOtherRules() throws {
        let ws = try workspace()
        let findings = try ws.findings()
        let unreadable = findings.filter { $0.rule == "LS103" }
        XCTAssertEqual(Set(unreadable.map(\.subject)), ["B", "C"], "\(findings)")
        let b = try XCTUnwrap(unreadable.first { $0.subject == "B" })
        XCTAssertEqual(b.severity, .error)
        XCTAssertTrue(b.message.contains("components/B/Package.swift cannot be read at HEAD"), b.message)
        XCTAssertTrue(b.message.contains("`[` nested more than 10 deep"), b.message)
        XCTAssertEqual(b.locations.first?.file, "components/B/Package.swift")
        XCTAssertEqual(b.locations.first?.revision, "HEAD")
        XCTAssertEqual(b.locations.first?.line, 13)  // the line the deep `let` starts on
        // The other rules still judge every component: the ahead notes, and nothing else is an error.
        XCTAssertEqual(Set(findings.filter { $0.rule == "LS405" }.map(\.subject)), ["B", "C"])
        XCTAssertEqual(findings.filter { $0.severity == .error }.map(\.rule), ["LS103", "LS103"])
    }

    func testMatrixListsEveryComponent() throws {
        let matrix = try workspaceMatrix()
        XCTAssertEqual(matrix.rows.map(\.name), ["A", "B", "P", "C"])
        XCTAssertTrue(matrix.rows[1].status.contains("LS103"), "\(matrix.rows[1].status)")
        XCTAssertEqual(matrix.rows[0].status, [])
        XCTAssertNil(matrix.rows[3].protocolSetLine, "C's line at HEAD cannot be read")
    }

    func workspaceMatrix() throws -> Matrix { try workspace().matrix() }

    func testCommandsExitAsForAnyRuleError() throws {
        let ws = try workspace()
        let check = try Lockstep.run(["check"], in: ws.root)
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.contains("error[LS103]"), check.stdout)
        XCTAssertTrue(check.stdout.contains("components/B/Package.swift @ HEAD:13"), check.stdout)
        let matrix = try Lockstep.run(["matrix"], in: ws.root)
        XCTAssertEqual(matrix.status, 0, matrix.stderr)
        for name in ["A", "B", "P", "C"] { XCTAssertTrue(matrix.stdout.contains("\n\(name) "), matrix.stdout) }
    }
}
