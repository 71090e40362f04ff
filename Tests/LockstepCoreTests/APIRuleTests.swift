import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

final class APIRuleTests: XCTestCase {
    func protocolSet() throws -> WorkspaceBuilder {
        try WorkspaceBuilder.cartProtocols(released: "1.2.0")
    }

    func testLS203FiresForARemovalReleasedAsMinorWithLocationsAtBothRevisions() throws {
        let ws = try protocolSet()
        try ws["CartProtocols"].write(
            "Sources/CartProtocols/CartService.swift", "public protocol CartService {\n    var count: Int { get }\n}\n")
        try ws["CartProtocols"].release("1.3.0")
        let findings = try ws.findings().filter { $0.rule == "LS203" }
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(
            finding.message,
            """
            CartProtocols 1.3.0 removed protocol requirement `func CartService.clear()` but is a minor release \
            over 1.2.0
            """
        )
        XCTAssertEqual(finding.help, "release it as 2.0.0; breaking changes need a breaking version")
        XCTAssertEqual(
            finding.locations.map(\.description),
            ["components/CartProtocols/Sources/CartProtocols/CartService.swift @ 1.2.0:3 (before)"])
    }

    func testLS203FiresForAnAdditionReleasedAsPatchAndOnRcs() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Networking").release("1.0.0")
        try ws["Networking"].write("Sources/Networking/More.swift", "public func ping() {}\n")
        try ws["Networking"].release("1.0.1-rc.1")
        let finding = try XCTUnwrap(ws.findings().first { $0.rule == "LS203" })
        XCTAssertEqual(finding.version, "1.0.1-rc.1")
        XCTAssertTrue(finding.help?.hasPrefix("release it as 1.1.0-rc.1") == true, finding.help ?? "")
        XCTAssertEqual(
            finding.locations.map(\.description),
            ["components/Networking/Sources/Networking/More.swift @ 1.0.1-rc.1:1 (after)"])
    }

    func testLS203QuietWhenTheVersionMatchesTheChange() throws {
        let ws = try protocolSet()
        try ws["CartProtocols"].write(
            "Sources/CartProtocols/CartService.swift",
            "public protocol CartService {\n    var count: Int { get }\n    func clear()\n    func total() -> Int\n}\n")
        try ws["CartProtocols"].release("1.3.0")
        try ws["CartProtocols"].write(
            "Sources/CartProtocols/CartService.swift", "public protocol CartService {\n    var count: Int { get }\n}\n")
        try ws["CartProtocols"].release("2.0.0")
        XCTAssertEqual(try ws.findings().map(\.rule), [])
    }

    /// A backport tagged on a maintenance branch after a newer release: the newer one is judged by what it changed
    /// since the two forked, not against the backport that version order puts before it.
    func testLS203JudgesAReleaseAgainstItsHistoryNotABackportTaggedAfterIt() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Networking")
        try repo.write("Sources/Networking/Net.swift", "public func a() {}\n")
        _ = try repo.release("1.0.0")
        let main = try repo.git("rev-parse", "--abbrev-ref", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try repo.git("checkout", "-q", "-b", "maint")
        try repo.write("Sources/Networking/Net.swift", "public func a() {}\npublic func hotfix() {}\n")
        _ = try repo.release("1.0.1")
        _ = try repo.git("checkout", "-q", main)
        try repo.write("Sources/Networking/Net.swift", "public func a() {}\npublic func b() {}\n")
        _ = try repo.release("1.1.0")
        // The backport's own addition is still its finding; 1.1.0 only added `b()` to 1.0.0.
        XCTAssertEqual(
            try ws.findings().filter { $0.rule == "LS203" }.map(\.message),
            ["Networking 1.0.1 added `func hotfix()` but is a patch release over 1.0.0"])

        // A release that really breaks what it was made from is still reported, over that release.
        try repo.write("Sources/Networking/Net.swift", "public func b() {}\n")
        _ = try repo.release("1.2.0")
        XCTAssertEqual(
            try ws.findings().filter { $0.rule == "LS203" }.map(\.message).last,
            "Networking 1.2.0 removed `func a()` but is a minor release over 1.1.0")
    }

    /// A release branch forked after an addition: a newer release on main that takes the addition back still breaks
    /// clients of the branch's release, and is reported over it (its diff read from where the two forked).
    func testLS203StillSeesARemovalSinceTheForkWithAPredecessorOnAnotherBranch() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Networking")
        try repo.write("Sources/Networking/Net.swift", "public func a() {}\n")
        _ = try repo.release("0.9.0")
        try repo.write("Sources/Networking/Net.swift", "public func a() {}\npublic func b() {}\n")
        let fork = try repo.commit("b")
        let main = try repo.git("rev-parse", "--abbrev-ref", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try repo.git("checkout", "-q", "-b", "release/1.0")
        try repo.write("Sources/Networking/Notes.swift", "// 1.0\n")
        _ = try repo.release("1.0.0")
        _ = try repo.git("checkout", "-q", main)
        try repo.write("Sources/Networking/Net.swift", "public func a() {}\n")
        _ = try repo.release("1.1.0")
        let finding = try XCTUnwrap(ws.findings().first { $0.rule == "LS203" && $0.version == "1.1.0" })
        XCTAssertEqual(finding.message, "Networking 1.1.0 removed `func b()` but is a minor release over 1.0.0")
        XCTAssertEqual(
            finding.locations.map(\.description),
            ["components/Networking/Sources/Networking/Net.swift @ \(fork.prefix(7)):2 (before)"])
    }

    func testLS407FiresForAReleasePinnedNowhere() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Cart").release("1.0.0")
        try ws.app("Main", role: "main", dependencies: [ws.dep("Cart", "exact: \"1.0.0\"")])
        XCTAssertEqual(try ws.findings().map(\.rule), [])
        // A release tagged by hand is not an interrupted integrate.
        try ws["Cart"].write("x", "1"); try ws["Cart"].release("1.0.1")
        XCTAssertEqual(try ws.findings().map(\.rule), [])
        try ws["Cart"].write("x", "2"); try ws["Cart"].commit("more")
        try ws["Cart"].git("tag", "-a", "1.0.2", "-m", "Cart 1.0.2\n\nReleased by lockstep integrate from 1.0.2-rc.1.")
        XCTAssertEqual(try ws.findings().map(\.rule), ["LS407"])
    }
}
