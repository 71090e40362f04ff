import Foundation
import LockstepTestSupport
import XCTest

/// The few slow tests: real `swift build` runs of the sample apps through `lockstep`.
final class EndToEndBuildTests: XCTestCase {
    /// The lines a diff adds or removes, without its headers.
    func changedLines(_ repo: URL, _ range: String) throws -> [String] {
        try GitCLI.run(["diff", "-U0", range], in: repo).split(separator: "\n").map(String.init)
            .filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
    }

    func replace(_ old: String, with new: String, in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(file.lastPathComponent) lacks \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    func commit(_ repo: URL, _ message: String) throws {
        try GitCLI.run(["commit", "-q", "-am", message], in: repo)
    }

    func testDemoBumpsIntegratesWithRealBuildsAndPins() throws {
        let folder = try TemporaryFolder("lockstep-demo")
        let ws = folder.url.appendingPathComponent("ws")
        let result = try Lockstep.run(["demo", "--dir", ws.path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("Cart 0.1.7 → 0.1.8-rc.1 (patch: internal changes only) tagged at"), result.stdout)
        XCTAssertTrue(result.stdout.contains("✓ Shell: green in"), result.stdout)
        XCTAssertTrue(result.stdout.contains("✓ Main: green in"), result.stdout)
        // The second world: one integration building the Podfile app and the Xcode app, published and pinned in both.
        let pods = try XCTUnwrap(
            result.stdout.range(of: "CocoaPods and Xcode: ").map { String(result.stdout[$0.lowerBound...]) },
            result.stdout)
        for line in [
            "$ lockstep bump Payments", "Payments 1.0.0 → 1.0.1-rc.1 (patch: internal changes only) tagged at",
            "✓ PodShop: green in",
            "✓ XcodeShop: green in", "✓ tagged Payments 1.0.1",
            "✓ published Payments/1.0.1/Payments.podspec.json to the spec repo Specs",
            "✓ pinned Payments 1.0.1 in PodShop", "✓ pinned Payments 1.0.1 in XcodeShop",
        ] {
            XCTAssertTrue(pods.contains(line), "\(line) in \(pods)")
        }
        XCTAssertTrue(
            try GitCLI.run(["show", "HEAD:Podfile"], in: ws.appendingPathComponent("cocoapods/apps/PodShop")).contains(
                "pod 'Payments', '1.0.1'"))
        // Their stand-in builds compiled the apps' sources with SwiftPM: XcodeShop through the mirrors the Xcode
        // copy holds, PodShop against the commits the temporary spec repo names.
        let logs = ws.appendingPathComponent("cocoapods/.lockstep/logs")
        let texts = try FileManager.default.contentsOfDirectory(atPath: logs.path).map {
            try String(contentsOf: logs.appendingPathComponent($0), encoding: .utf8)
        }
        XCTAssertTrue(
            texts.contains {
                $0.contains("Compiling XcodeShop Checkout.swift") && $0.contains("against the pinned packages")
            }, "\(texts)")
        XCTAssertTrue(
            texts.contains {
                $0.contains("Compiling PodShop Checkout.swift") && $0.contains("against the pods' commits")
                    && $0.contains("ShippingProtocols, Shipping (Objective-C) resolved and checked, not compiled")
            }, "\(texts)")
        // Then its Objective-C story: the header's new @required method is minor, and LS205 refuses the release of an
        // implementation that lacks it, with nothing built or changed.
        let objc = try XCTUnwrap(
            pods.range(of: "An Objective-C protocol gains a @required method").map { String(pods[$0.lowerBound...]) })
        for line in [
            "ShippingProtocols 1.0.0 → 1.1.0-rc.1 (minor: added protocol requirement "
                + "`-[ShippingService estimatedDaysToCountry:speed:]`",
            "error[LS205]: Shipping 1.0.1: FlatRateShippingService adopts ShippingService of ShippingProtocols 1.1.0",
            "nothing was built, tagged or pinned",
        ] {
            XCTAssertTrue(objc.contains(line), "\(line) in \(objc)")
        }
        XCTAssertEqual(
            try GitCLI.run(
                ["tag", "--list", "1.1.0"], in: ws.appendingPathComponent("cocoapods/components/ShippingProtocols")),
            "", "the refused release was not tagged")
        // The final matrix shows Main pinned to the new release.
        let lastCartRow = try XCTUnwrap(
            result.stdout.components(separatedBy: "A protocol set gains a requirement")[0].split(separator: "\n").last {
                $0.hasPrefix("Cart ")
            })
        XCTAssertEqual(
            lastCartRow.split(separator: " ", omittingEmptySubsequences: true).prefix(7).joined(separator: " "),
            "Cart business CartProtocols 0.1 0.1.8 - -")
        XCTAssertTrue(lastCartRow.contains("Main 0.1.8, Shell ok"), "the PINS summary: \(lastCartRow)")
        let cart = ws.appendingPathComponent("components/Cart")
        XCTAssertEqual(
            try GitCLI.run(["rev-list", "-n", "1", "0.1.8"], in: cart),
            try GitCLI.run(["rev-list", "-n", "1", "0.1.8-rc.1"], in: cart))
        let main = ws.appendingPathComponent("apps/Main")
        XCTAssertEqual(try GitCLI.run(["log", "-1", "--format=%s"], in: main), "Pin Cart 0.1.8")
        XCTAssertEqual(
            try changedLines(main, "HEAD~1..HEAD"),
            [
                "-        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"0.1.7\"),",
                "+        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"0.1.8\"),",
            ])
        XCTAssertEqual(try GitCLI.run(["status", "--porcelain"], in: main), "")
        // Then the protocol-set story: a requirement is minor with its reason, the tie moves Cart to 0.2, and the
        // integration of both is refused by the rules (the shell admits only 0.1) with nothing built or changed.
        let story = try XCTUnwrap(
            result.stdout.range(of: "A protocol set gains a requirement").map {
                String(result.stdout[$0.lowerBound...])
            })
        for line in [
            "CartProtocols 0.1.0 → 0.2.0-rc.1 (minor: added protocol requirement `func CartService.removeAll()`",
            "Cart 0.1.8 → 0.2.0-rc.1", "$ lockstep integrate CartProtocols Cart",
            "error[LS403]: drift: Shell requires CartProtocols",
            "nothing was built, tagged or pinned",
        ] {
            XCTAssertTrue(story.contains(line), "\(line) in \(story)")
        }
        XCTAssertEqual(try GitCLI.run(["tag", "--list", "0.2.0"], in: cart), "", "the refused release was not tagged")
        XCTAssertEqual(try GitCLI.run(["log", "-1", "--format=%s"], in: main), "Pin Cart 0.1.8", "nor pinned")
    }

    func testRedCandidateFailsTheShellAndChangesNothing() throws {
        let folder = try Lockstep.sampleWorkspace()
        let ws = folder.url.appendingPathComponent("ws")
        let protocols = ws.appendingPathComponent("components/LoginProtocols")
        // A new requirement without a default: a minor release by the rules, but Login 1.1.1 does not conform.
        try replace(
            "    func logout()\n",
            with: "    func logout()\n\n    /// Renews the session token.\n    func refreshSession() async throws\n",
            in: protocols.appendingPathComponent("Sources/LoginProtocols/LoginService.swift"))
        try commit(protocols, "LoginService: refreshSession")
        let bump = try Lockstep.run(["bump", "LoginProtocols", "--workspace", ws.path])
        XCTAssertTrue(
            bump.stdout.hasPrefix("LoginProtocols 1.1.0 → 1.2.0-rc.1 (minor: added protocol requirement"),
            bump.stdout + bump.stderr)
        let repos =
            try FileManager.default.contentsOfDirectory(atPath: ws.appendingPathComponent("components").path).map {
                "components/\($0)"
            } + ["apps/Shell", "apps/Main"]
        let before = try repos.map { try RepoState.capture(ws.appendingPathComponent($0)) }
        // One build at a time: the shell first, and its red stops the run (in parallel Main, red too, may lose the
        // race).
        let result = try Lockstep.run(["integrate", "LoginProtocols", "--jobs", "1", "--workspace", ws.path])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("✓ rules: all"), result.stdout)
        XCTAssertTrue(result.stderr.contains("error: Shell failed: red (exit 1)"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("error: type 'SessionLoginService' does not conform to protocol 'LoginService'"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("log: \(ws.path)/.lockstep/logs/Shell-"), result.stderr)
        XCTAssertFalse(result.stdout.contains("Main: green"), "main is not built after a red shell")
        XCTAssertEqual(
            try repos.map { try RepoState.capture(ws.appendingPathComponent($0)) }, before,
            "every repo exactly as before")
    }

    func testProtocolSetAndImplementationMoveToANewLineTogether() throws {
        let folder = try Lockstep.sampleWorkspace()
        let ws = folder.url.appendingPathComponent("ws")
        let path = { (name: String) in ws.appendingPathComponent(name) }
        // CartProtocols 0.2: a new requirement.
        try replace(
            "    var itemCount: Int { get }\n",
            with:
                "    var itemCount: Int { get }\n\n    /// True when the cart holds nothing.\n    var isEmpty: Bool { get }\n",
            in: path("components/CartProtocols/Sources/CartProtocols/CartService.swift"))
        try commit(path("components/CartProtocols"), "CartService.isEmpty")
        // Cart implements it and moves to the 0.2 line; Detail and Shell follow the protocol set.
        let newLine = ".upToNextMinor(from: \"0.2.0\")"
        try replace(
            "CartProtocols.git\", .upToNextMinor(from: \"0.1.0\")", with: "CartProtocols.git\", \(newLine)",
            in: path("components/Cart/Package.swift"))
        try "extension CartManager {\n    public var isEmpty: Bool { itemCount == 0 }\n}\n"
            .write(to: path("components/Cart/Sources/Cart/CartManager+Empty.swift"), atomically: true, encoding: .utf8)
        try GitCLI.run(["add", "-A"], in: path("components/Cart"))
        try commit(path("components/Cart"), "Implement CartService.isEmpty (CartProtocols 0.2)")
        try replace(
            "CartProtocols.git\", .upToNextMinor(from: \"0.1.0\")", with: "CartProtocols.git\", \(newLine)",
            in: path("components/Detail/Package.swift"))
        try commit(path("components/Detail"), "Build against CartProtocols 0.2")
        try replace(
            "CartProtocols.git\", .upToNextMinor(from: \"0.1.0\")", with: "CartProtocols.git\", \(newLine)",
            in: path("apps/Shell/Package.swift"))
        try replace(
            "Cart.git\", .upToNextMinor(from: \"0.1.5\")", with: "Cart.git\", \(newLine)",
            in: path("apps/Shell/Package.swift"))
        try commit(path("apps/Shell"), "Host Cart 0.2")
        for (name, rc) in [("CartProtocols", "0.2.0-rc.1"), ("Cart", "0.2.0-rc.1"), ("Detail", "0.1.2-rc.3")] {
            let bump = try Lockstep.run(["bump", name, "--workspace", ws.path])
            XCTAssertTrue(bump.stdout.contains("→ \(rc) "), "\(name): \(bump.stdout) \(bump.stderr)")
        }
        let mainBefore = try GitCLI.run(["rev-parse", "HEAD"], in: path("apps/Main"))
        let result = try Lockstep.run(["integrate", "CartProtocols", "Cart", "Detail", "--workspace", ws.path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        for (name, release) in [("CartProtocols", "0.2.0"), ("Cart", "0.2.0"), ("Detail", "0.1.2")] {
            XCTAssertEqual(try GitCLI.run(["tag", "--list", release], in: path("components/\(name)")), release, name)
        }
        let main = path("apps/Main")
        XCTAssertEqual(try GitCLI.run(["rev-list", "--count", "\(mainBefore)..HEAD"], in: main), "1", "one pin commit")
        let changed = try changedLines(main, "\(mainBefore)..HEAD")
        XCTAssertEqual(changed.count, 6, "\(changed)")
        for (name, release) in [("CartProtocols", "0.2.0"), ("Cart", "0.2.0"), ("Detail", "0.1.2")] {
            XCTAssertTrue(
                changed.contains(
                    "+        .package(url: \"https://git.example.com/ios/\(name).git\", exact: \"\(release)\"),"),
                "\(name): \(changed)")
        }
        let check = try Lockstep.run(["check", "--workspace", ws.path])
        XCTAssertEqual(check.status, 0, check.stdout)
    }
}
