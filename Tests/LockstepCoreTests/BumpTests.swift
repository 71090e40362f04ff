import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

final class BumpTests: XCTestCase, BumpTesting {
    func assertRefused(
        _ ws: WorkspaceBuilder, _ name: String, _ level: BumpLevel? = nil, contains text: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try RepoState.capture(ws[name].url)
        XCTAssertThrowsError(try bump(ws, name, level), file: file, line: line) { error in
            XCTAssertTrue(error is BumpRefusal, "\(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains(text), "\(error)", file: file, line: line)
        }
        XCTAssertEqual(
            try RepoState.capture(ws[name].url), before, "a refused bump must write nothing", file: file, line: line)
    }

    /// Cart released at 0.1.7 with an internal change on top.
    func cart() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Cart")
        try repo.write(
            "Sources/Cart/Cart.swift", "public struct Cart { public init() {} }\nfunc helper() -> Int { 1 }\n")
        try repo.release("0.1.7")
        try repo.write(
            "Sources/Cart/Cart.swift", "public struct Cart { public init() {} }\nfunc helper() -> Int { 2 }\n")
        try repo.commit("internal fix")
        return ws
    }

    func testFirstAndSecondRcFromARelease() throws {
        let ws = try cart()
        let first = try bump(ws, "Cart")
        XCTAssertEqual(first.tagName, "0.1.8-rc.1")
        XCTAssertEqual(first.level, .patch)
        XCTAssertEqual(first.summary, "Cart 0.1.7 → 0.1.8-rc.1 (patch: internal changes only)")
        XCTAssertEqual(try ws["Cart"].git("rev-list", "-n", "1", "0.1.8-rc.1"), try ws["Cart"].head())
        XCTAssertEqual(try ws["Cart"].git("cat-file", "-t", "0.1.8-rc.1"), "tag", "annotated")
        let object = try ws["Cart"].git("cat-file", "-p", "0.1.8-rc.1")
        XCTAssertTrue(object.contains("tagger Test Author <test@lockstep.invalid>"), object)
        XCTAssertTrue(object.contains("Cart 0.1.8-rc.1\n\nLevel: patch\n- internal changes only"), object)
        try ws["Cart"].write("more.txt", "x"); try ws["Cart"].commit("more")
        XCTAssertEqual(try bump(ws, "Cart").tagName, "0.1.8-rc.2")
        XCTAssertEqual(try ws["Cart"].git("status", "--porcelain"), "")
    }

    func testFlagsRaiseTheLevel() throws {
        let ws = try cart()
        XCTAssertEqual(try plan(ws, "Cart", .minor).tagName, "0.2.0-rc.1")
        XCTAssertEqual(try plan(ws, "Cart", .breaking).tagName, "0.2.0-rc.1")
        let one = try WorkspaceBuilder()
        try one.component("Net").release("1.4.2")
        try one["Net"].write("x", "1"); try one["Net"].commit("x")
        XCTAssertEqual(try plan(one, "Net", .minor).tagName, "1.5.0-rc.1")
        XCTAssertEqual(try plan(one, "Net", .breaking).tagName, "2.0.0-rc.1")
        XCTAssertEqual(try plan(one, "Net", .minor).reasons, ["internal changes only", "--minor requested"])
    }

    func testSeriesRestartsWhenTheLevelRises() throws {
        let ws = try cart()
        try bump(ws, "Cart")
        try ws["Cart"].write("x", "1"); try ws["Cart"].commit("x")
        XCTAssertEqual(try bump(ws, "Cart").tagName, "0.1.8-rc.2")
        // A breaking change: remove the public init.
        try ws["Cart"].write("Sources/Cart/Cart.swift", "public struct Cart {}\n")
        try ws["Cart"].commit("drop init")
        let plan = try bump(ws, "Cart")
        XCTAssertEqual(plan.tagName, "0.2.0-rc.1")
        XCTAssertEqual(plan.level, .breaking)
        XCTAssertTrue(plan.reasons.contains { $0.contains("restarts the rc series") }, "\(plan.reasons)")
    }

    func testSeriesNeverGoesDown() throws {
        let ws = try cart()
        XCTAssertEqual(try bump(ws, "Cart", .minor).tagName, "0.2.0-rc.1")
        try ws["Cart"].write("x", "1"); try ws["Cart"].commit("x")
        XCTAssertEqual(try bump(ws, "Cart").tagName, "0.2.0-rc.2")
    }

    func testFirstVersionOfAnUntaggedRepo() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Fresh").commit("start")
        XCTAssertEqual(try bump(ws, "Fresh").tagName, "0.1.0-rc.1")
        XCTAssertEqual(try ws["Fresh"].git("tag"), "0.1.0-rc.1")
    }

    func protocolSet() throws -> WorkspaceBuilder {
        try WorkspaceBuilder.cartProtocols(released: "1.0.0")
    }

    func testProtocolSetAddedRequirementIsMinor() throws {
        let ws = try protocolSet()
        try ws["CartProtocols"].write(
            "Sources/CartProtocols/CartService.swift",
            "public protocol CartService {\n    var count: Int { get }\n    func clear()\n    func total() -> Int\n}\n")
        try ws["CartProtocols"].commit("add total")
        let plan = try bump(ws, "CartProtocols")
        XCTAssertEqual(plan.tagName, "1.1.0-rc.1")
        XCTAssertEqual(plan.level, .minor)
        XCTAssertTrue(plan.reasons[0].contains("CartService.total()"), "\(plan.reasons)")
    }

    func testProtocolSetRemovedRequirementIsNextLineAndPatchRefused() throws {
        let ws = try protocolSet()
        try ws["CartProtocols"].write(
            "Sources/CartProtocols/CartService.swift", "public protocol CartService {\n    var count: Int { get }\n}\n")
        try ws["CartProtocols"].commit("drop clear")
        try assertRefused(ws, "CartProtocols", .patch, contains: "--patch is lower than the breaking level")
        try assertRefused(ws, "CartProtocols", .minor, contains: "CartService.clear()")
        XCTAssertEqual(try bump(ws, "CartProtocols").tagName, "2.0.0-rc.1")
    }

    func testProtocolSetPatchRefused() throws {
        let ws = try protocolSet()
        try ws["CartProtocols"].write("README.md", "docs"); try ws["CartProtocols"].commit("docs")
        try assertRefused(ws, "CartProtocols", contains: "protocol sets have no patch releases")
        try assertRefused(ws, "CartProtocols", .patch, contains: "--patch on a protocol set")
        XCTAssertEqual(try plan(ws, "CartProtocols", .minor).tagName, "1.1.0-rc.1")
    }

    func implementation(requiring requirement: String) throws -> WorkspaceBuilder {
        let ws = try protocolSet()
        try ws["CartProtocols"].write(
            "Sources/CartProtocols/CartService.swift", "public protocol CartService {\n    var count: Int { get }\n}\n")
        try ws["CartProtocols"].release("2.0.0")
        let cart = try ws.component(
            "Cart", kind: "business", implements: "CartProtocols",
            dependencies: [ws.dep("CartProtocols", "from: \"1.0.0\"")])
        try cart.release("1.3.0")
        try cart.writeManifest(name: "Cart", dependencies: [ws.dep("CartProtocols", requirement)])
        try cart.commit("follow CartProtocols")
        return ws
    }

    func testImplementationFollowsItsProtocolSetToTheNewLine() throws {
        let ws = try implementation(requiring: "from: \"2.0.0\"")
        let plan = try bump(ws, "Cart")
        XCTAssertEqual(plan.tagName, "2.0.0-rc.1")
        XCTAssertTrue(plan.reasons[0].hasPrefix("tie:"), "\(plan.reasons)")
    }

    func testImplementationStillOnOldLineIsRefusedWithLS202() throws {
        let ws = try implementation(requiring: "from: \"1.0.0\"")
        try assertRefused(ws, "Cart", .breaking, contains: "LS202")
    }

    func testRefusals() throws {
        let ws = try cart()
        // Uncommitted change to a tracked file.
        try ws["Cart"].write("Package.swift", "// edited\n")
        try assertRefused(ws, "Cart", contains: "uncommitted changes to tracked files")
        try ws["Cart"].git("checkout", "--", "Package.swift")
        // Untracked files do not matter.
        try ws["Cart"].write("notes.txt", "x")
        XCTAssertEqual(try plan(ws, "Cart").tagName, "0.1.8-rc.1")
        try FileManager.default.removeItem(at: ws["Cart"].url.appendingPathComponent("notes.txt"))
        // The tag appears between planning and writing (another bump won the race).
        let planned = try plan(ws, "Cart")
        try ws["Cart"].tag("0.1.8-rc.1", at: "HEAD~1")
        let before = try RepoState.capture(ws["Cart"].url)
        XCTAssertThrowsError(try Bumper.apply(planned, config: ws.snapshot().config)) { error in
            XCTAssertTrue("\(error)".contains("tag 0.1.8-rc.1 already exists"), "\(error)")
        }
        XCTAssertEqual(try RepoState.capture(ws["Cart"].url), before)
        // An existing rc on an older commit means the next one is rc.2.
        XCTAssertEqual(try bump(ws, "Cart").tagName, "0.1.8-rc.2")
        // HEAD already tagged: no change since the newest version.
        try assertRefused(ws, "Cart", contains: "already carries version tag 0.1.8-rc.2")
    }

    func testHeadBehindTheNewestVersionIsRefused() throws {
        let ws = try cart()
        try ws["Cart"].write("more.txt", "x"); try ws["Cart"].commit("more")
        try bump(ws, "Cart")
        try ws["Cart"].git("checkout", "-q", "HEAD~1")  // an untagged commit older than the rc
        try assertRefused(ws, "Cart", contains: "no changes since 0.1.8-rc.1")
    }

    func testVStyleRepoKeepsItsStyle() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Login").release("v0.1.7")
        try ws["Login"].write("x", "1"); try ws["Login"].commit("x")
        XCTAssertEqual(try bump(ws, "Login").tagName, "v0.1.8-rc.1")
        XCTAssertEqual(try ws["Login"].git("tag", "--list", "v0.1.8*"), "v0.1.8-rc.1")
    }
}
