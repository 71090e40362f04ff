import Foundation
import LockstepManifest
import LockstepTestSupport
import XCTest

/// `integrate` pins the `.package(...)` the main app really has, whatever name it uses for the component.
final class IntegrateIdentityTests: XCTestCase {
    /// Main names Cart by `spelling` (and lockstep.yml gives Cart `extra`); integrate must pin that very entry.
    private func pinsMain(naming spelling: String, extra: String) throws -> (before: String, after: String) {
        let iw = try IntegrationWorkspace()
        let config = iw.root.appendingPathComponent("lockstep.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        let cartLine = "{ name: Cart, path: components/Cart, kind: business, implements: CartProtocols"
        XCTAssertTrue(text.contains(cartLine))
        try text.replacingOccurrences(of: cartLine, with: cartLine + extra).write(
            to: config, atomically: true, encoding: .utf8)
        let manifest = iw.ws["Main"].url.appendingPathComponent("Package.swift")
        let original = #"url: "https://git.example.com/ios/Cart.git", exact: "1.0.0""#
        let mainText = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertTrue(mainText.contains(original))
        try mainText.replacingOccurrences(of: original, with: spelling + #", exact: "1.0.0""#).write(
            to: manifest, atomically: true, encoding: .utf8)
        try iw.ws["Main"].commit("name Cart as the team does")
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        return (spelling, try String(contentsOf: manifest, encoding: .utf8))
    }

    func testPinsTheEntryThatUsesAnAliasURL() throws {
        let (spelling, after) = try pinsMain(
            naming: #"url: "https://old.example.com/team/OldCart.git""#, extra: ", aliases: [OldCart]")
        XCTAssertTrue(after.contains(".package(\(spelling), exact: \"1.0.1\")"), after)
    }

    func testPinsARegistryDependencyInPlace() throws {
        let (spelling, after) = try pinsMain(naming: #"id: "acme.Cart""#, extra: "")
        XCTAssertTrue(after.contains(".package(\(spelling), exact: \"1.0.1\")"), after)
        XCTAssertFalse(after.contains("acme.Cart\", url:"), after)
    }

    func testPinsTheEntryThatUsesTheComponentsOwnURL() throws {
        let (spelling, after) = try pinsMain(
            naming: #"url: "git@github.com:partner/cart-ios.git""#,
            extra: #", url: "git@github.com:partner/cart-ios.git""#)
        XCTAssertTrue(after.contains(".package(\(spelling), exact: \"1.0.1\")"), after)
    }

    func testABuildCopyDeclaresATransitiveComponentByItsOwnURL() throws {
        let iw = try IntegrationWorkspace()
        let config = iw.root.appendingPathComponent("lockstep.yml")
        let baseLine = "{ name: Base, path: components/Base, kind: base"
        let text = try String(contentsOf: config, encoding: .utf8)
        XCTAssertTrue(text.contains(baseLine))
        try text.replacingOccurrences(
            of: baseLine, with: baseLine + #", url: "https://partner.example.com/x/Base.git""#
        )
        .write(to: config, atomically: true, encoding: .utf8)
        // Shell reaches Base only through Cart and CartProtocols.
        try iw.ws["Shell"].writeManifest(
            name: "Shell",
            dependencies: [iw.ws.dep("CartProtocols", "from: \"1.0.0\""), iw.ws.dep("Cart", "from: \"1.0.0\"")],
            executable: true)
        try iw.ws["Shell"].commit("Base only through Cart")
        let out = iw.root.appendingPathComponent("copies")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try iw.setScript(
            """
            case \"$PWD\" in *Shell-*) cp Package.swift '\(out.path)/Shell.swift'; cp \
            .swiftpm/configuration/mirrors.json '\(out.path)/Shell.json';; esac
            """
        )
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let copy = try String(contentsOf: out.appendingPathComponent("Shell.swift"), encoding: .utf8)
        XCTAssertTrue(copy.contains(#".package(url: "https://partner.example.com/x/Base.git", exact: "1.0.0")"#), copy)
        let mirrors =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("Shell.json")))
            as? [String: Any]
        let originals = Set((mirrors?["object"] as? [[String: String]] ?? []).compactMap { $0["original"] })
        XCTAssertTrue(originals.contains("https://partner.example.com/x/Base.git"), "\(originals)")
    }
}
