import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// For every rule: a workspace that makes it fire, and one that does not.
final class RuleTests: XCTestCase {
    func ids(_ ws: WorkspaceBuilder, focus: Set<String> = []) throws -> [String] {
        try ws.findings(focus: focus).filter { $0.severity != .info }.map(\.rule)
    }

    /// A protocol set with an implementation tied to it, both released.
    func tiedWorkspace(implementationRequirement: String = "from: \"1.0.0\"") throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        try ws.component("Base").release("1.0.0")
        try ws.component("LoginProtocols", kind: "protocols", dependencies: [ws.dep("Base", "from: \"1.0.0\"")])
            .release("1.0.0")
        try ws.component(
            "Login", kind: "business", implements: "LoginProtocols",
            dependencies: [ws.dep("LoginProtocols", implementationRequirement), ws.dep("Base", "from: \"1.0.0\"")]
        ).release("1.0.0")
        return ws
    }

    func testCleanWorkspaceHasNoFindings() throws {
        let ws = try tiedWorkspace()
        try ws.app(
            "Main", role: "main",
            dependencies: [
                ws.dep("Base", "exact: \"1.0.0\""), ws.dep("LoginProtocols", "exact: \"1.0.0\""),
                ws.dep("Login", "exact: \"1.0.0\""),
            ])
        try ws.app("Shell", role: "shell", dependencies: [ws.dep("Login", "from: \"1.0.0\"")])
        XCTAssertEqual(try ws.findings(), [])
    }

    func testLS101() throws {
        let ws = try tiedWorkspace()
        XCTAssertFalse(try ids(ws).contains("LS101"))
        try ws["Base"].tag("build-42")
        XCTAssertEqual(try ids(ws), ["LS101"])
    }

    func testLS102() throws {
        let ws = try tiedWorkspace()
        try ws["Base"].tag("v1.0.0")  // same commit: fine
        XCTAssertFalse(try ids(ws).contains("LS102"))
        try ws["Base"].write("x", "1"); try ws["Base"].release("1.1.0")
        try ws["Base"].write("x", "2"); try ws["Base"].release("v1.1.0")
        let findings = try ws.findings().filter { $0.rule == "LS102" }
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.version, "1.1.0")
    }

    func testLS201() throws {
        let ws = try tiedWorkspace()
        try ws["LoginProtocols"].write("x", "1"); try ws["LoginProtocols"].release("1.1.0")
        XCTAssertFalse(try ids(ws).contains("LS201"))
        try ws["LoginProtocols"].write("x", "2"); try ws["LoginProtocols"].release("1.1.1")
        XCTAssertEqual(try ids(ws), ["LS201"])
    }

    func testLS202LineMismatch() throws {
        let ws = try tiedWorkspace(implementationRequirement: "from: \"2.0.0\"")
        try ws["LoginProtocols"].write("x", "1"); try ws["LoginProtocols"].release("2.0.0")
        let findings = try ws.findings().filter { $0.rule == "LS202" }
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(
            findings[0].message.contains("line 1") && findings[0].message.contains("line 2"), findings[0].message)
    }

    func testLS202SeveralLinesAndMissingDependency() throws {
        let wide = try tiedWorkspace(implementationRequirement: "\"1.0.0\"..<\"3.0.0\"")
        XCTAssertTrue(
            try wide.findings().first { $0.rule == "LS202" }?.message.contains("several compatibility lines") == true)
        let zero = try WorkspaceBuilder()
        try zero.component("CartProtocols", kind: "protocols").release("0.1.0")
        try zero.component(
            "Cart", kind: "business", implements: "CartProtocols",
            dependencies: [zero.dep("CartProtocols", "from: \"0.1.0\"")]
        ).release("0.1.7")
        XCTAssertEqual(try ids(zero), ["LS202"], "from: 0.1.0 admits 0.2, 0.3 … below 1.0")
        let fixed = try WorkspaceBuilder()
        try fixed.component("CartProtocols", kind: "protocols").release("0.1.0")
        try fixed.component(
            "Cart", kind: "business", implements: "CartProtocols",
            dependencies: [fixed.dep("CartProtocols", ".upToNextMinor(from: \"0.1.0\")")]
        ).release("0.1.7")
        XCTAssertEqual(try ids(fixed), [])
        let missing = try WorkspaceBuilder()
        try missing.component("CartProtocols", kind: "protocols").release("0.1.0")
        try missing.component("Cart", kind: "business", implements: "CartProtocols").release("0.1.0")
        XCTAssertTrue(
            try missing.findings().first { $0.rule == "LS202" }?.message.contains("does not depend on its protocol set")
                == true)
    }

    func testLS204() throws {
        let ws = try tiedWorkspace()
        try ws["LoginProtocols"].write("x", "1"); try ws["LoginProtocols"].release("2.0.0")
        XCTAssertEqual(try ids(ws), ["LS204"])
        // An implementation release on line 2 supports it.
        try ws["Login"].writeManifest(
            name: "Login",
            dependencies: [ws.dep("LoginProtocols", "from: \"2.0.0\""), ws.dep("Base", "from: \"1.0.0\"")])
        try ws["Login"].release("2.0.0")
        XCTAssertEqual(try ids(ws), [])
    }

    func testLS301Layering() throws {
        let ws = try tiedWorkspace()
        try ws.component(
            "Cart", kind: "business", implements: "LoginProtocols",
            dependencies: [ws.dep("LoginProtocols", "from: \"1.0.0\""), ws.dep("Login", "from: \"1.0.0\"")]
        ).release("1.0.0")
        let findings = try ws.findings().filter { $0.rule == "LS301" }
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertTrue(findings[0].message.contains("Cart (business) depends on Login (business)"), findings[0].message)
        XCTAssertTrue(findings[0].help?.contains("LoginProtocols") == true)
        // base → protocols is forbidden too.
        let base = try WorkspaceBuilder()
        try base.component("P", kind: "protocols").release("1.0.0")
        try base.component("B", dependencies: [base.dep("P", "from: \"1.0.0\"")]).release("1.0.0")
        XCTAssertEqual(try ids(base), ["LS301"])
    }

    func testLS301Cycle() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("A", dependencies: [ws.dep("B", "from: \"1.0.0\"")]).release("1.0.0")
        try ws.component("B", dependencies: [ws.dep("C", "from: \"1.0.0\"")]).release("1.0.0")
        try ws.component("C", dependencies: [ws.dep("A", "from: \"1.0.0\"")]).release("1.0.0")
        let findings = try ws.findings().filter { $0.rule == "LS301" }
        XCTAssertEqual(findings.map(\.message), ["dependency cycle at HEAD: A → B → C → A"])
    }

    func testLS401AndLS402() throws {
        let ws = try tiedWorkspace()
        try ws["Login"].write("x", "1"); try ws["Login"].release("1.1.0-rc.1")
        try ws.app(
            "Main", role: "main",
            dependencies: [ws.dep("Base", "from: \"1.0.0\""), ws.dep("Login", "exact: \"1.1.0-rc.1\"")])
        let findings = try ws.findings().filter { $0.severity == .error }
        XCTAssertEqual(findings.map(\.rule).sorted(), ["LS401", "LS402"])
        XCTAssertEqual(findings.first { $0.rule == "LS401" }?.subject, "Base")
        XCTAssertEqual(findings.first { $0.rule == "LS401" }?.locations.first?.line, 7)
        XCTAssertEqual(findings.first { $0.rule == "LS402" }?.app, "Main")
    }

    func testLS403Drift() throws {
        let ws = try tiedWorkspace()
        try ws["Login"].write("x", "1"); try ws["Login"].release("1.1.0")
        try ws.app("Main", role: "main", dependencies: [ws.dep("Login", "exact: \"1.1.0\"")])
        try ws.app("Shell", role: "shell", dependencies: [ws.dep("Login", ".upToNextMinor(from: \"1.0.0\")")])
        let findings = try ws.findings().filter { $0.rule == "LS403" }
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings[0].message.contains("Shell requires Login"), findings[0].message)
        try ws["Shell"].writeManifest(
            name: "Shell", dependencies: [ws.dep("Login", "from: \"1.0.0\"")], executable: true)
        try ws["Shell"].commit("widen")
        XCTAssertFalse(try ids(ws).contains("LS403"))
    }

    func testLS404() throws {
        let ws = try tiedWorkspace()
        try ws.app("Shell", role: "shell", dependencies: [ws.dep("Login", "from: \"1.5.0\"")])
        XCTAssertEqual(try ids(ws), ["LS404"])
    }

    func testLS405() throws {
        let ws = try tiedWorkspace()
        XCTAssertFalse(try ws.findings().contains { $0.rule == "LS405" })
        try ws["Login"].write("x", "1"); try ws["Login"].commit("work")
        let info = try ws.findings().filter { $0.rule == "LS405" }
        XCTAssertEqual(info.map(\.severity), [.info])
        XCTAssertEqual(info.first?.subject, "Login")
    }

    func testLS406Resolvability() throws {
        let ws = try tiedWorkspace()
        try ws["LoginProtocols"].write("x", "1"); try ws["LoginProtocols"].release("1.1.0")
        try ws["Login"].writeManifest(
            name: "Login",
            dependencies: [ws.dep("LoginProtocols", "from: \"1.1.0\""), ws.dep("Base", "from: \"1.0.0\"")])
        try ws["Login"].release("1.1.0")
        try ws.app(
            "Main", role: "main",
            dependencies: [
                ws.dep("Base", "exact: \"1.0.0\""), ws.dep("LoginProtocols", "exact: \"1.0.0\""),
                ws.dep("Login", "exact: \"1.1.0\""),
            ])
        let findings = try ws.findings().filter { $0.rule == "LS406" }
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings[0].message.contains("requires LoginProtocols `from: \"1.1.0\"`"), findings[0].message)
        try ws["Main"].writeManifest(
            name: "Main",
            dependencies: [
                ws.dep("Base", "exact: \"1.0.0\""), ws.dep("LoginProtocols", "exact: \"1.1.0\""),
                ws.dep("Login", "exact: \"1.1.0\""),
            ], executable: true)
        try ws["Main"].commit("pin")
        XCTAssertFalse(try ids(ws).contains("LS406"))
    }

    func testFocusLimitsFindings() throws {
        let ws = try tiedWorkspace()
        try ws["Base"].tag("build-42")
        XCTAssertEqual(try ids(ws, focus: ["Login"]), [])
        XCTAssertEqual(try ids(ws, focus: ["Base"]), ["LS101"])
    }
}
