import Foundation
import LockstepTestSupport
import XCTest

final class BumpCommandTests: XCTestCase {
    func cart() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        try ws.component("Cart").release("0.1.7")
        try ws["Cart"].write("Sources/Cart/Fix.swift", "func fix() {}\n")
        try ws["Cart"].commit("fix")
        return ws
    }

    func testJSONCarriesFromToLevelReasonsAndCommit() throws {
        let ws = try cart()
        let result = try Lockstep.run(["bump", "Cart", "--format", "json", "--workspace", ws.root.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["from"] as? String, "0.1.7")
        XCTAssertEqual(json["to"] as? String, "0.1.8-rc.1")
        XCTAssertEqual(json["tag"] as? String, "0.1.8-rc.1")
        XCTAssertEqual(json["level"] as? String, "patch")
        XCTAssertEqual(json["reasons"] as? [String], ["internal changes only"])
        XCTAssertEqual(json["commit"] as? String, try ws["Cart"].head())
        XCTAssertEqual(json["dryRun"] as? Bool, false)
        XCTAssertEqual(try ws["Cart"].git("rev-list", "-n", "1", "0.1.8-rc.1"), try ws["Cart"].head())
    }

    func testTextLineAndDryRun() throws {
        let ws = try cart()
        let dry = try Lockstep.run(["bump", "Cart", "--dry-run", "--workspace", ws.root.path])
        let next = "next: `lockstep integrate Cart` builds the apps against it, then releases and pins it\n"
        XCTAssertEqual(
            dry.stdout,
            """
            Cart 0.1.7 → 0.1.8-rc.1 (patch: internal changes only) would tag \(try ws["Cart"].head().prefix(7)) \
            (dry run: nothing written)\n
            """
                + next)
        XCTAssertEqual(try ws["Cart"].git("tag"), "0.1.7")
        let real = try Lockstep.run(["bump", "Cart", "--workspace", ws.root.path])
        XCTAssertEqual(
            real.stdout,
            "Cart 0.1.7 → 0.1.8-rc.1 (patch: internal changes only) tagged at \(try ws["Cart"].head().prefix(7))\n"
                + next)
    }

    func testAfterBumpTheAdviceIsIntegrateNotBumpAgain() throws {
        let ws = try cart()
        let before = try Lockstep.run(["check", "--workspace", ws.root.path])
        XCTAssertTrue(before.stdout.contains("run `lockstep bump Cart`"), before.stdout)
        XCTAssertEqual(try Lockstep.run(["bump", "Cart", "--workspace", ws.root.path]).status, 0)
        let after = try Lockstep.run(["check", "--workspace", ws.root.path])
        XCTAssertTrue(
            after.stdout.contains("HEAD is release candidate 0.1.8-rc.1: run `lockstep integrate Cart`"), after.stdout)
        XCTAssertFalse(after.stdout.contains("lockstep bump"), after.stdout)
        // A commit after the rc: bumping again is the right advice once more.
        try ws["Cart"].write("Sources/Cart/More.swift", "func more() {}\n")
        try ws["Cart"].commit("more")
        XCTAssertTrue(
            try Lockstep.run(["check", "--workspace", ws.root.path]).stdout.contains("run `lockstep bump Cart`"))
    }

    func testRefusalExitsOneAndConflictingFlagsExitTwo() throws {
        let ws = try cart()
        try ws["Cart"].write("Package.swift", "// edited\n")
        let refused = try Lockstep.run(["bump", "Cart", "--workspace", ws.root.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "error: bump Cart refused: uncommitted changes to tracked files in components/Cart: Package.swift"),
            refused.stderr)
        let flags = try Lockstep.run(["bump", "Cart", "--minor", "--major", "--workspace", ws.root.path])
        XCTAssertEqual(flags.status, 2)
        XCTAssertTrue(flags.stderr.contains("pass at most one of --major, --minor, --patch"), flags.stderr)
    }

    func testMissingIdentityIsAClearErrorAndWritesNothing() throws {
        let ws = try cart()
        try ws["Cart"].git("config", "--unset", "user.name")
        try ws["Cart"].git("config", "--unset", "user.email")
        let home = try TemporaryFolder("lockstep-home")
        let before = try RepoState.capture(ws["Cart"].url)
        // libgit2 reads $HOME/.gitconfig and $XDG_CONFIG_HOME/git/config: point both at an empty folder (in a process
        // of its own: libgit2 reads them from the process's environment).
        let result = try Lockstep.runBinary(
            ["bump", "Cart", "--workspace", ws.root.path],
            environment: ["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no git identity configured for components/Cart"), result.stderr)
        XCTAssertTrue(result.stderr.contains("config user.name"), result.stderr)
        XCTAssertEqual(try RepoState.capture(ws["Cart"].url), before)
    }
}
