import Foundation
import LockstepTestSupport
import XCTest

/// An app with `Package@swift-X.Y.swift` files: the pin lands in every manifest file that names the component,
/// in one commit, every other byte kept; the build copy is pinned in each of them too.
final class IntegrateManifestVariantTests: XCTestCase {
    func testThePinLandsInEveryManifestVariantInOneCommit() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let main = iw.ws["Main"]
        let regular = try String(contentsOf: main.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        // A variant for Swift 5.9 (older layout, a comment) and one for Swift 6 that does not name Cart.
        let old =
            "// swift-tools-version: 5.9\n// Kept for Xcode 15.\n"
            + regular.components(separatedBy: "\n").dropFirst().joined(separator: "\n")
        let noCart = regular.replacingOccurrences(
            of: "        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),\n", with: "")
        XCTAssertNotEqual(noCart, regular)
        try main.write("Package@swift-5.9.swift", old)
        try main.write("Package@swift-6.swift", noCart)
        try main.commit("manifest variants")
        let before = try main.head()
        // Each build copy: every manifest file pins the candidate's release (the one without Cart gets it added).
        try iw.setScript(
            """
            for f in Package*.swift; do grep -q 'Cart.git", exact: "1.0.1"' "$f" || exit 7; done
            case "$PWD" in *Main-*) test -f Package@swift-5.9.swift || exit 8;; esac
            """)

        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(try main.git("rev-list", "--count", "\(before)..HEAD"), "1", "one pin commit")
        XCTAssertEqual(
            Set(try main.git("diff", "--name-only", before, "HEAD").split(separator: "\n").map(String.init)),
            ["Package.swift", "Package@swift-5.9.swift"])
        let pin = "Cart.git\", exact: \"1.0.0\""
        let pinned = "Cart.git\", exact: \"1.0.1\""
        XCTAssertEqual(
            try main.git("show", "HEAD:Package.swift") + "\n", regular.replacingOccurrences(of: pin, with: pinned))
        XCTAssertEqual(
            try main.git("show", "HEAD:Package@swift-5.9.swift") + "\n", old.replacingOccurrences(of: pin, with: pinned)
        )
        XCTAssertEqual(try main.git("show", "HEAD:Package@swift-6.swift") + "\n", noCart)
        // The checkout followed for both files: nothing left to commit.
        XCTAssertEqual(try main.git("status", "--porcelain"), "")
    }

    func testAnUnreadableVariantIsRefusedBeforeBuilding() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try iw.ws["Main"].write("Package@swift-5.9.swift", "// swift-tools-version: 5.9\nlet package = Package(\n")
        try iw.ws["Main"].commit("broken variant")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("apps/Main/Package@swift-5.9.swift"), result.stderr)
        XCTAssertEqual(iw.builds(), [])
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }
}

/// `#if` alternatives in a main app: both branches name the component; both are pinned (one was refused before).
final class IntegrateConditionalPinTests: XCTestCase {
    func testBothBranchesOfAnIfArePinned() throws {
        try assertBothPinned(condition: "os(macOS)")
    }

    /// A branch this toolchain never takes is pinned too: another toolchain reading the commit gets the pin.
    func testABranchTheToolchainNeverTakesIsPinnedToo() throws {
        try assertBothPinned(condition: "compiler(>=5.0)")
    }

    func assertBothPinned(condition: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let main = iw.ws["Main"]
        let manifestURL = main.url.appendingPathComponent("Package.swift")
        let cart = "        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),\n"
        let regular = try String(contentsOf: manifestURL, encoding: .utf8)
        XCTAssertTrue(regular.contains(cart), file: file, line: line)
        let conditional =
            regular.replacingOccurrences(of: cart, with: "") + """
                #if \(condition)
                package.dependencies += [.package(url: "https://git.example.com/ios/Cart.git", exact: "1.0.0")]
                #else
                package.dependencies += [.package(url: "https://git.example.com/ios/Cart.git", exact: "1.0.0")]
                #endif

                """
        try main.write("Package.swift", conditional)
        try main.commit("Cart per host")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr, file: file, line: line)
        XCTAssertEqual(
            try main.git("show", "HEAD:Package.swift") + "\n",
            conditional.replacingOccurrences(of: "Cart.git\", exact: \"1.0.0\"", with: "Cart.git\", exact: \"1.0.1\""),
            file: file, line: line)
    }
}
