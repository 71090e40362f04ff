import Foundation
import LockstepTestSupport
import XCTest

/// `integrate` judges LS205 on the workspace as it would be after the release, like the tie (LS202).
final class LS205IntegrateTests: XCTestCase {
    func testReleasingAProtocolNoImplementationAdoptsIsRefusedAndTakingItsImplementationAlongPasses() throws {
        let iw = try IntegrationWorkspace()
        try iw.ws["CartProtocols"].write(
            "Sources/CartProtocols/Totals.swift",
            "public protocol CartTotals { var total: Int { get } }\n")
        try iw.ws["CartProtocols"].commit("totals")
        XCTAssertEqual(try iw.lockstep("bump", "CartProtocols").status, 0)
        let alone = try iw.lockstep("integrate", "CartProtocols")
        XCTAssertEqual(alone.status, 1, alone.stdout + alone.stderr)
        let text = alone.stdout + alone.stderr
        let expected = "error[LS205]: Cart 1.0.0 does not implement CartTotals of CartProtocols 1.1.0"
        XCTAssertTrue(text.contains(expected), text)
        XCTAssertEqual(iw.builds(), [], "refused before building")
        XCTAssertEqual(try iw.ws["CartProtocols"].git("tag", "--list", "1.1.0"), "", "nothing tagged")

        try iw.ws["Cart"].writeManifest(
            name: "Cart",
            dependencies: [
                iw.ws.dep("CartProtocols", "from: \"1.1.0\""),
                iw.ws.dep("Base", "from: \"1.0.0\""),
            ])
        try iw.ws["Cart"].write(
            "Sources/Cart/Totals.swift",
            "import CartProtocols\nstruct Totals: CartTotals { var total: Int { 0 } }\n")
        try iw.ws["Cart"].commit("implement CartTotals")
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let both = try iw.lockstep("integrate", "CartProtocols", "Cart")
        XCTAssertEqual(both.status, 0, both.stdout + both.stderr)
    }
}
