import Foundation
import LockstepSample
import LockstepTestSupport
import XCTest

/// The sample's `clear-cart` edit (edits.yml), the story `demo` tells after its first release: a protocol set
/// gains a requirement, its implementation follows, and a release that shells cannot take yet is refused.
final class ProtocolSetStoryTests: XCTestCase {
    func testARequirementIsMinorTheTieMovesCartAndAnUnadmittedLineIsRefused() throws {
        let folder = try Lockstep.sampleWorkspace()
        let ws = folder.url.appendingPathComponent("ws")
        let made = try SampleWorkspace.applyEdit(
            "clear-cart", fixture: try SampleWorkspace.defaultFixture(), workspace: ws)
        XCTAssertEqual(made.map(\.repo), ["CartProtocols", "Cart"])

        let protocols = try Lockstep.run(["bump", "CartProtocols", "--workspace", ws.path])
        XCTAssertEqual(protocols.status, 0, protocols.stderr)
        XCTAssertTrue(protocols.stdout.contains("CartProtocols 0.1.0 → 0.2.0-rc.1 (minor:"), protocols.stdout)
        XCTAssertTrue(
            protocols.stdout.contains("removeAll()"), "the reason names the new requirement: \(protocols.stdout)")

        let cart = try Lockstep.run(["bump", "Cart", "--workspace", ws.path])
        XCTAssertEqual(cart.status, 0, cart.stderr)
        XCTAssertTrue(
            cart.stdout.contains("Cart 0.1.7 → 0.2.0-rc.1"),
            "the implementation moves to its protocol set's line: \(cart.stdout)")

        let main = ws.appendingPathComponent("apps/Main")
        let repos = ["CartProtocols", "Cart", "Detail"].map { "components/\($0)" } + ["apps/Shell", "apps/Main"]
        let before = try repos.map { try RepoState.capture(ws.appendingPathComponent($0)) }
        let refused = try Lockstep.run(["integrate", "CartProtocols", "Cart", "--workspace", ws.path])
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("LS403") && refused.stderr.contains("Shell"), refused.stderr)
        XCTAssertEqual(
            try repos.map { try RepoState.capture(ws.appendingPathComponent($0)) }, before,
            "the refusal changed nothing")
        XCTAssertEqual(
            try GitCLI.run(["tag", "--list", "0.2.0"], in: ws.appendingPathComponent("components/CartProtocols")), "")
        XCTAssertFalse(
            try GitCLI.run(["show", "HEAD:Package.swift"], in: main).contains("0.2.0"), "Main pins nothing new")
    }
}
