import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// LS104: a component requiring a version of another component that no tag provides.
final class ComponentRequirementRuleTests: XCTestCase {
    func testARequirementNoTagProvidesIsAnErrorWithItsPlace() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("A").release("1.0.0")
        try ws.component("B", dependencies: [ws.dep("A", "from: \"1.4.0\"")]).release("1.0.0")
        let findings = try ws.findings().filter { $0.rule == "LS104" }
        XCTAssertEqual(findings.map(\.subject), ["B"], "\(findings)")
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertTrue(
            finding.message.contains("requires A `from: \"1.4.0\"` but no tag of A provides"), finding.message)
        XCTAssertEqual(finding.locations.first?.file, "components/B/Package.swift")
        XCTAssertEqual(finding.locations.first?.revision, "1.0.0")
        XCTAssertEqual(finding.locations.first?.line, 7)
        XCTAssertTrue(finding.help?.contains("newest: 1.0.0") == true, "\(finding.help ?? "")")
    }

    func testAProvidedVersionAndAnRcAtHEADAreFine() throws {
        let ws = try WorkspaceBuilder()
        let a = try ws.component("A")
        try a.release("1.0.0")
        try ws.component("B", dependencies: [ws.dep("A", "from: \"1.0.0\"")]).release("1.0.0")
        XCTAssertEqual(try ws.findings().filter { $0.rule == "LS104" }.map(\.message), [])
        // A 2.0.0-rc.1 waits for integrate; B's HEAD already requires 2.0.0 (a coordinated release).
        try a.release("2.0.0-rc.1")
        try ws["B"].writeManifest(name: "B", dependencies: [ws.dep("A", "from: \"2.0.0\"")])
        try ws["B"].commit("require A 2")
        XCTAssertEqual(try ws.findings().filter { $0.rule == "LS104" }.map(\.message), [])
        // Released like that, it is an error: clients of B 1.1.0 cannot resolve.
        try ws["B"].tag("1.1.0")
        XCTAssertEqual(try ws.findings().filter { $0.rule == "LS104" }.map(\.version), ["1.1.0"])
    }
}
