import Foundation
import LockstepTestSupport
import XCTest

/// Releases that need more than one component's rc: the guidance names the one `integrate` that takes them all,
/// and the coordinated major release of docs/releasing.md goes through without a red commit (builds are scripts).
final class CoordinatedReleaseTests: XCTestCase {
    /// CartProtocols gains a requirement (1.1.0-rc.1) and Cart adopts it, requiring `from: "1.1.0"`.
    func minorNeedingProtocolsRc() throws -> IntegrationWorkspace {
        let iw = try IntegrationWorkspace()
        try iw.ws["CartProtocols"].write(
            "Sources/CartProtocols/Extra.swift", "public protocol CartTotals { var total: Int { get } }\n")
        try iw.ws["CartProtocols"].commit("totals")
        XCTAssertEqual(try iw.lockstep("bump", "CartProtocols").status, 0)
        try iw.ws["Cart"].writeManifest(
            name: "Cart",
            dependencies: [iw.ws.dep("CartProtocols", "from: \"1.1.0\""), iw.ws.dep("Base", "from: \"1.0.0\"")])
        try iw.ws["Cart"].write(
            "Sources/Cart/Totals.swift",
            "import CartProtocols\nstruct Totals: CartTotals { var total: Int { 0 } }\n")
        try iw.ws["Cart"].commit("adopt CartProtocols 1.1")
        return iw
    }

    func testBumpAdviceAndTheRulesStepNameTheIntegrateThatTakesBoth() throws {
        let iw = try minorNeedingProtocolsRc()
        let bump = try iw.lockstep("bump", "Cart")
        XCTAssertEqual(bump.status, 0, bump.stderr)
        XCTAssertTrue(bump.stdout.contains("next: `lockstep integrate CartProtocols Cart`"), bump.stdout)
        let check = try iw.lockstep("check")
        XCTAssertTrue(check.stdout.contains("run `lockstep integrate CartProtocols Cart`"), check.stdout)
        for dryRun in [true, false] {
            let alone = try dryRun ? iw.lockstep("integrate", "Cart", "--dry-run") : iw.lockstep("integrate", "Cart")
            XCTAssertEqual(alone.status, 1, "dry run: \(dryRun)")
            let text = alone.stdout + alone.stderr
            XCTAssertTrue(text.contains("[LS302]") || text.contains("LS302"), text)
            XCTAssertTrue(text.contains("only its release candidate 1.1.0-rc.1 does"), text)
            XCTAssertTrue(text.contains("`lockstep integrate CartProtocols Cart`"), text)
        }
        XCTAssertEqual(iw.builds(), [], "refused before building")
        let both = try iw.lockstep("integrate", "CartProtocols", "Cart")
        XCTAssertEqual(both.status, 0, both.stdout + both.stderr)
        XCTAssertTrue(both.stdout.contains("pinned CartProtocols 1.1.0, Cart 1.0.1 in Main"), both.stdout)
    }

    func testCoordinatedMajorReleaseNeverCommitsARedState() throws {
        let iw = try IntegrationWorkspace()
        func assertGreen(_ step: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let check = try iw.lockstep("check")
            XCTAssertEqual(check.status, 0, "\(step): \(check.stdout)\(check.stderr)", file: file, line: line)
        }
        try assertGreen("start")
        // 1. The shell admits both lines before anything is released: still green, it admits what main pins.
        let shellDeps = { (requirement: String) in
            [
                iw.ws.dep("Base", "from: \"1.0.0\""), iw.ws.dep("CartProtocols", requirement),
                iw.ws.dep("Cart", requirement),
            ]
        }
        try iw.ws["Shell"].writeManifest(
            name: "Shell", dependencies: shellDeps("\"1.0.0\"..<\"3.0.0\""), executable: true)
        try iw.ws["Shell"].commit("admit CartProtocols and Cart 2")
        try assertGreen("shell widened")
        // 2. The protocol set breaks: 2.0.0-rc.1.
        try iw.ws["CartProtocols"].remove("Sources/CartProtocols/CartProtocols.swift")
        try iw.ws["CartProtocols"].write("Sources/CartProtocols/Cart2.swift", "public protocol CartService2 {}\n")
        try iw.ws["CartProtocols"].commit("break")
        let protocols = try iw.lockstep("bump", "CartProtocols")
        XCTAssertTrue(protocols.stdout.contains("→ 2.0.0-rc.1"), protocols.stdout + protocols.stderr)
        try assertGreen("protocols rc")
        // 3. The implementation follows onto line 2: the tie makes it 2.0.0-rc.1.
        try iw.ws["Cart"].writeManifest(
            name: "Cart",
            dependencies: [iw.ws.dep("CartProtocols", "from: \"2.0.0\""), iw.ws.dep("Base", "from: \"1.0.0\"")])
        try iw.ws["Cart"].write(
            "Sources/Cart/Cart2.swift",
            "import CartProtocols\nfinal class Cart2: CartService2 {}\n")
        try iw.ws["Cart"].commit("implement CartProtocols 2")
        let cart = try iw.lockstep("bump", "Cart")
        XCTAssertTrue(cart.stdout.contains("→ 2.0.0-rc.1"), cart.stdout + cart.stderr)
        XCTAssertTrue(cart.stdout.contains("next: `lockstep integrate CartProtocols Cart`"), cart.stdout)
        try assertGreen("implementation rc")
        // 4. One run releases both; the shell builds with them, main pins them.
        let run = try iw.lockstep("integrate", "CartProtocols", "Cart")
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(iw.builds().map { String($0.prefix(while: { $0 != "-" })) }.sorted(), ["Main", "Shell"])
        let pins = try iw.ws["Main"].git("show", "HEAD:Package.swift")
        XCTAssertTrue(
            pins.contains("CartProtocols.git\", exact: \"2.0.0\"") && pins.contains("Cart.git\", exact: \"2.0.0\""),
            pins)
        try assertGreen("released")
        // 5. The shell narrows to the new line.
        try iw.ws["Shell"].writeManifest(name: "Shell", dependencies: shellDeps("from: \"2.0.0\""), executable: true)
        try iw.ws["Shell"].commit("require 2")
        try assertGreen("shell narrowed")
    }

    func testAShellThatDoesNotAdmitTheNewLineIsRefusedWithTheRangeToCommit() throws {
        let iw = try IntegrationWorkspace()
        try iw.ws["CartProtocols"].remove("Sources/CartProtocols/CartProtocols.swift")
        try iw.ws["CartProtocols"].write("Sources/CartProtocols/Cart2.swift", "public protocol CartService2 {}\n")
        try iw.ws["CartProtocols"].commit("break")
        try iw.lockstep("bump", "CartProtocols")
        try iw.ws["Cart"].writeManifest(
            name: "Cart",
            dependencies: [iw.ws.dep("CartProtocols", "from: \"2.0.0\""), iw.ws.dep("Base", "from: \"1.0.0\"")])
        try iw.ws["Cart"].write(
            "Sources/Cart/Cart2.swift",
            "import CartProtocols\nfinal class Cart2: CartService2 {}\n")
        try iw.ws["Cart"].commit("implement CartProtocols 2")
        try iw.lockstep("bump", "Cart")
        let run = try iw.lockstep("integrate", "CartProtocols", "Cart")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("[LS403]"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("widen the requirement in apps/Shell/Package.swift to `\"1.0.0\"..<\"3.0.0\"`"),
            run.stderr)
        XCTAssertEqual(iw.builds(), [])
    }
}
