import Foundation
import LockstepTestSupport
import XCTest

/// A landed pin stays landed (issue 9): the main app's branch, index and work tree agree after the pin, user
/// edits are kept, and whatever would make that impossible is refused before anything is tagged.
final class IntegrateCheckoutTests: XCTestCase {
    static let cartPin = "Cart.git\", exact: \"1.0.0\""
    static let cartPinned = "Cart.git\", exact: \"1.0.1\""

    /// The integrate workspace with rcs of both Base and Cart, for runs with two candidates.
    func workspaceWithBaseAndCartCandidates() throws -> IntegrationWorkspace {
        let iw = try IntegrationWorkspace()
        try iw.ws["Base"].write("Sources/Base/Internal.swift", "func baseHelper() -> Int { 1 }\n")
        try iw.ws["Base"].commit("base fix")
        XCTAssertEqual(try iw.lockstep("bump", "Base").status, 0)
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        return iw
    }

    func manifest(_ iw: IntegrationWorkspace) -> URL { iw.ws["Main"].url.appendingPathComponent("Package.swift") }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Commits everything the user has (as `git commit -a` would) and returns HEAD's Package.swift.
    func commitAllAndReadManifest(_ iw: IntegrationWorkspace) throws -> String {
        try iw.ws["Main"].git("commit", "-q", "-a", "-m", "the user's own work")
        return try iw.ws["Main"].git("show", "HEAD:Package.swift")
    }

    /// Runs `integrate Cart` and asserts it is refused with `text` before any build, tag or pin.
    @discardableResult
    func assertRefusedBeforeBuilding(
        _ iw: IntegrationWorkspace, _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProcessResult {
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1, result.stdout, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), result.stderr, file: file, line: line)
        XCTAssertEqual(iw.builds(), [], "refused before building", file: file, line: line)
        try assertNothingReleased(iw, file: file, line: line)
        return result
    }

    func assertNothingReleased(_ iw: IntegrationWorkspace, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "", "not tagged", file: file, line: line)
        XCTAssertTrue(
            try iw.ws["Main"].git("show", "HEAD:Package.swift").contains(Self.cartPin), "not pinned", file: file,
            line: line)
    }

    func testUncommittedEditsAreKeptAndTheCheckoutCarriesThePin() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let edited = "// A note the user is writing.\n" + (try read(manifest(iw)))
        try edited.write(to: manifest(iw), atomically: true, encoding: .utf8)
        try iw.ws["Main"].write("Sources/Main/main.swift", "print(\"work in progress\")\n")
        try iw.ws["Main"].write("notes.txt", "untracked\n")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("pinned Cart 1.0.1 in Main on branch main"), result.stdout)
        XCTAssertTrue(result.stdout.contains("your uncommitted edits kept"), result.stdout)
        // Work tree: the user's line and the pin; other edits untouched.
        let text = try read(manifest(iw))
        XCTAssertTrue(text.hasPrefix("// A note the user is writing.\n"), text)
        XCTAssertTrue(text.contains(Self.cartPinned), text)
        XCTAssertEqual(
            try read(iw.ws["Main"].url.appendingPathComponent("Sources/Main/main.swift")),
            "print(\"work in progress\")\n")
        XCTAssertEqual(try read(iw.ws["Main"].url.appendingPathComponent("notes.txt")), "untracked\n")
        // Index and HEAD agree on the pin; what is left uncommitted is only the user's own edits.
        XCTAssertEqual(try iw.ws["Main"].git("diff", "--cached", "--name-only"), "")
        let diff = try iw.ws["Main"].git("diff", "-U0", "HEAD", "--", "Package.swift")
        XCTAssertFalse(diff.contains("exact"), diff)
        XCTAssertTrue(try commitAllAndReadManifest(iw).contains(Self.cartPinned), "git commit -a keeps the pin")
    }

    func testEditsMadeDuringTheBuildAreKeptAndNeverRevertThePin() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let main = iw.ws["Main"].url.path
        try iw.setScript(
            """
            case "$PWD" in *Main-*) printf '\\n// edited while building\\n' >> '\(main)/Package.swift';; esac
            """)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let text = try read(manifest(iw))
        XCTAssertTrue(text.contains(Self.cartPinned) && text.hasSuffix("// edited while building\n"), text)
        XCTAssertEqual(try iw.ws["Main"].git("diff", "--cached", "--name-only"), "", "the index carries the pin")
        XCTAssertTrue(try commitAllAndReadManifest(iw).contains(Self.cartPinned), "git commit -a keeps the pin")
    }

    func testAnEditOfThePinnedLineIsRefusedBeforeTagging() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let edited = try read(manifest(iw)).replacingOccurrences(of: Self.cartPin, with: Self.cartPin + " /* keep */")
        try edited.write(to: manifest(iw), atomically: true, encoding: .utf8)
        let before = try RepoState.capture(iw.ws["Main"].url)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains(
                "your uncommitted edits to apps/Main/Package.swift touch the lines the pin rewrites"), result.stderr)
        XCTAssertEqual(iw.builds(), [], "refused up front")
        try assertNothingReleased(iw)
        XCTAssertEqual(try RepoState.capture(iw.ws["Main"].url), before)
    }

    func testAConflictingEditDuringTheBuildIsRefusedBeforeTagging() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let main = iw.ws["Main"].url.path
        try iw.setScript(
            """
            case "$PWD" in *Main-*) sed -i 's#Cart.git", exact: "1.0.0"#Cart.git", exact: "1.0.0" /* mine */#' \
            '\(main)/Package.swift';; esac
            """)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.contains("touch the lines the pin rewrites"), result.stderr)
        XCTAssertEqual(iw.builds().count, 2, "both apps were built")
        try assertNothingReleased(iw)
        XCTAssertTrue(try read(manifest(iw)).contains("/* mine */"), "the user's edit is kept")
    }

    func testIndexLockAssumeUnchangedAndSkipWorktreeAreRefused() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let lock = iw.ws["Main"].url.appendingPathComponent(".git/index.lock")
        _ = FileManager.default.createFile(atPath: lock.path, contents: Data())
        var result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("index.lock exists"), result.stderr)
        try assertNothingReleased(iw)
        try FileManager.default.removeItem(at: lock)
        for flag in ["assume-unchanged", "skip-worktree"] {
            try iw.ws["Main"].git("update-index", "--\(flag)", "Package.swift")
            result = try iw.lockstep("integrate", "Cart")
            XCTAssertEqual(result.status, 1, flag)
            XCTAssertTrue(result.stderr.contains("is marked \(flag)"), result.stderr)
            try assertNothingReleased(iw)
            try iw.ws["Main"].git("update-index", "--no-\(flag)", "Package.swift")
        }
        XCTAssertEqual(iw.builds(), [], "every refusal came before building")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart").status, 0, "fine once the user cleared them")
    }

    func testTheBranchCheckedOutInAnotherWorktreeIsRefused() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let other = iw.root.appendingPathComponent("main-second-worktree")
        try iw.ws["Main"].git("worktree", "add", "-q", "--force", other.path, "main")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is also checked out in the work tree \(other.path)"), result.stderr)
        try assertNothingReleased(iw)
    }

    func testPinsLandOnTheBranchCheckedOutAtTheStartEvenAfterASwitch() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let main = iw.ws["Main"].url.path
        try iw.setScript(
            """
            case "$PWD" in *Main-*) git -C '\(main)' checkout -q -b feature;; esac
            """)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("on branch main"), result.stdout)
        XCTAssertTrue(result.stdout.contains("the checkout is on branch feature and was not touched"), result.stdout)
        XCTAssertTrue(try iw.ws["Main"].git("show", "main:Package.swift").contains(Self.cartPinned))
        XCTAssertTrue(try iw.ws["Main"].git("show", "feature:Package.swift").contains(Self.cartPin))
        XCTAssertEqual(
            try iw.ws["Main"].git("status", "--porcelain"), "", "the feature checkout is untouched and clean")
    }

    func testADowngradeIsRefusedUnlessAllowed() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart").status, 0)
        // An old rc on the 1.0.0 commit's line, below what main pins now.
        try iw.ws["Cart"].tag("1.0.1-rc.0", at: "1.0.0")
        let before = try RepoState.capture(iw.ws["Main"].url)
        let refused = try iw.lockstep("integrate", "Cart@1.0.1-rc.0")
        XCTAssertEqual(refused.status, 1)
        XCTAssertFalse(
            refused.stderr.contains("would be a downgrade"), "1.0.1 is already released: that refusal comes first")
        try iw.ws["Cart"].tag("0.9.0-rc.1", at: "1.0.0")
        let downgrade = try iw.lockstep("integrate", "Cart@0.9.0-rc.1")
        XCTAssertEqual(downgrade.status, 1)
        XCTAssertTrue(downgrade.stderr.contains("Main already pins Cart 1.0.1, newer than 0.9.0"), downgrade.stderr)
        XCTAssertTrue(downgrade.stderr.contains("--allow-downgrade"), downgrade.stderr)
        XCTAssertEqual(try RepoState.capture(iw.ws["Main"].url), before)
        let allowed = try iw.lockstep("integrate", "Cart@0.9.0-rc.1", "--allow-downgrade", "--dry-run")
        XCTAssertFalse(allowed.stderr.contains("downgrade"), allowed.stderr)
        XCTAssertTrue(allowed.stdout.contains("Main: Cart exact 0.9.0"), allowed.stdout)
    }

    func testAComponentNamedTwiceOrTwoPackageDeclarationsAreRefused() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let original = try read(manifest(iw))
        let twice = original.replacingOccurrences(
            of: "        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),",
            with:
                "        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),\n        .package(url: \"https://git.example.com/ios/cart\", from: \"1.0.0\"),"
        )
        XCTAssertNotEqual(twice, original)
        try twice.write(to: manifest(iw), atomically: true, encoding: .utf8)
        try iw.ws["Main"].commit("Cart twice")
        // References that agree are all pinned (AppRefusalTests); these disagree, and Cart is the candidate.
        var result = try assertRefusedBeforeBuilding(
            iw, "apps/Main/Package.swift names Cart 2 times with requirements that disagree (line ")
        XCTAssertTrue(
            result.stderr.contains("`exact: \"1.0.0\"`") && result.stderr.contains("`from: \"1.0.0\"`"), result.stderr)

        let body = original.components(separatedBy: "let package = ")[1]
        let conditional =
            original.components(separatedBy: "let package = ")[0]
            + "#if os(Linux)\nlet package = " + body + "#else\nlet package = " + body + "#endif\n"
        try conditional.write(to: manifest(iw), atomically: true, encoding: .utf8)
        try iw.ws["Main"].commit("two declarations")
        result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("declares `Package(...)` 2 times"), result.stderr)
        XCTAssertEqual(iw.builds(), [])
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }

    func testSeveralCandidatesAreTaggedAllOrNothing() throws {
        let iw = try workspaceWithBaseAndCartCandidates()
        // While Main builds, someone tags Cart 1.0.1 by hand on another commit.
        let cart = iw.ws["Cart"].url.path
        try iw.setScript(
            """
            case "$PWD" in *Main-*) git -C '\(cart)' tag 1.0.1 1.0.0;; esac
            """)
        let result = try iw.lockstep("integrate", "Base", "Cart")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.contains("the tag 1.0.1 appeared meanwhile on another commit"), result.stderr)
        XCTAssertEqual(try iw.ws["Base"].git("tag", "--list", "1.0.1"), "", "Base is not released alone")
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("Base.git\", exact: \"1.0.0\""))
    }

    func testATagThatCannotBeWrittenRollsBackTheTagsThisRunWrote() throws {
        let iw = try workspaceWithBaseAndCartCandidates()
        // Another git process is writing Cart's tag 1.0.1 (its ref lock is held): Base's tag is written first.
        let lock = iw.ws["Cart"].url.appendingPathComponent(".git/refs/tags/1.0.1.lock")
        _ = FileManager.default.createFile(atPath: lock.path, contents: Data())
        let result = try iw.lockstep("integrate", "Base", "Cart")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.contains("could not tag 1.0.1"), result.stderr)
        XCTAssertTrue(result.stderr.contains("rolled back this run's tags Base 1.0.1"), result.stderr)
        XCTAssertEqual(try iw.ws["Base"].git("tag", "--list", "1.0.1"), "")
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("Base.git\", exact: \"1.0.0\""))
        try FileManager.default.removeItem(at: lock)
        XCTAssertEqual(try iw.lockstep("integrate", "Base", "Cart").status, 0, "a rerun releases both")
        XCTAssertEqual(try iw.ws["Base"].git("tag", "--list", "1.0.1"), "1.0.1")
    }
}
