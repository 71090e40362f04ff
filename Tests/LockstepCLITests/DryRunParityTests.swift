import Foundation
import LockstepTestSupport
import XCTest

/// `integrate --dry-run` refuses exactly what the real run refuses before building: same exit code, same error
/// text, and neither changes anything. Each case sets up one refusal, runs the dry run, then the real run.
final class DryRunParityTests: XCTestCase {
    /// Runs `integrate ARGS --dry-run` then `integrate ARGS` on the workspace `setUp` left, and asserts they agree.
    func assertSameRefusal(
        _ text: String, status: Int32 = 1, arguments: [String] = ["Cart"], environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line,
        _ setUp: (IntegrationWorkspace) throws -> Void
    ) throws {
        let iw = try IntegrationWorkspace()
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0, file: file, line: line)
        try setUp(iw)
        let repos = ["Main", "Cart", "Shell"]
        let before = try repos.map { try RepoState.capture(iw.ws[$0].url) }
        // HOME for libgit2's global configuration needs a process of its own; everything else runs in-process.
        let run = { (extra: [String]) in
            let command = ["integrate"] + arguments + extra + ["--workspace", iw.root.path]
            return environment["HOME"] == nil
                ? try Lockstep.run(command, environment: environment)
                : try Lockstep.runBinary(command, environment: environment)
        }
        let dry = try run(["--dry-run"])
        XCTAssertEqual(
            try repos.map { try RepoState.capture(iw.ws[$0].url) }, before, "the dry run changed nothing", file: file,
            line: line)
        let real = try run([])
        XCTAssertEqual(dry.status, status, dry.stdout + dry.stderr, file: file, line: line)
        XCTAssertEqual(real.status, status, real.stdout + real.stderr, file: file, line: line)
        XCTAssertTrue(real.stderr.contains(text), real.stderr, file: file, line: line)
        XCTAssertEqual(dry.stderr, real.stderr, "the same refusal", file: file, line: line)
        XCTAssertEqual(iw.builds(), [], "refused before building", file: file, line: line)
        XCTAssertEqual(
            try repos.map { try RepoState.capture(iw.ws[$0].url) }, before, "the run changed nothing", file: file,
            line: line)
    }

    func main(_ iw: IntegrationWorkspace) -> URL { iw.ws["Main"].url.appendingPathComponent("Package.swift") }

    func testDetachedHead() throws {
        try assertSameRefusal("Main is on a detached HEAD") { iw in try iw.ws["Main"].git("checkout", "-q", "--detach")
        }
    }

    func testUncommittedEditOfThePinnedLine() throws {
        try assertSameRefusal("touch the lines the pin rewrites") { iw in
            let text = try String(contentsOf: main(iw), encoding: .utf8)
            try text.replacingOccurrences(
                of: "Cart.git\", exact: \"1.0.0\"", with: "Cart.git\", exact: \"1.0.0\" /* mine */"
            )
            .write(to: main(iw), atomically: true, encoding: .utf8)
        }
    }

    func testNoIdentityForThePinCommit() throws {
        let home = try TemporaryFolder("lockstep-home")
        try assertSameRefusal(
            "no git identity configured for apps/Main",
            environment: ["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.path]
        ) { iw in
            try iw.ws["Main"].git("config", "--unset", "user.name")
            try iw.ws["Main"].git("config", "--unset", "user.email")
        }
    }

    func testNoIdentityForTheReleaseTag() throws {
        // Before this, the real run found out only when tagging, after every build.
        let home = try TemporaryFolder("lockstep-home")
        try assertSameRefusal(
            "no git identity configured for components/Cart",
            environment: ["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.path]
        ) { iw in
            try iw.ws["Cart"].git("config", "--unset", "user.name")
            try iw.ws["Cart"].git("config", "--unset", "user.email")
        }
    }

    func testIndexLockAndFlags() throws {
        try assertSameRefusal("index.lock exists") { iw in
            _ = FileManager.default.createFile(
                atPath: iw.ws["Main"].url.appendingPathComponent(".git/index.lock").path, contents: Data())
        }
        try assertSameRefusal("is marked assume-unchanged") { iw in
            try iw.ws["Main"].git("update-index", "--assume-unchanged", "Package.swift")
        }
    }

    func testRebaseInProgressAndBranchInAnotherWorktree() throws {
        try assertSameRefusal("is in the middle of a rebase") { iw in
            try iw.ws["Main"].write("README", "one\n")
            try iw.ws["Main"].commit("readme")
            _ = try GitCLI.run(
                ["-c", "sequence.editor=sed -i 1s/^pick/edit/", "rebase", "-q", "-i", "HEAD~1"], in: iw.ws["Main"].url)
        }
        try assertSameRefusal("is also checked out in the work tree") { iw in
            try iw.ws["Main"].git(
                "worktree", "add", "-q", "--force", iw.root.appendingPathComponent("second").path, "main")
        }
    }

    func testDowngrade() throws {
        try assertSameRefusal("would be a downgrade", arguments: ["Cart@0.9.0-rc.1"]) { iw in
            try iw.ws["Cart"].tag("0.9.0-rc.1", at: "1.0.0")
        }
    }

    func testRulesRefusal() throws {
        try assertSameRefusal("integrate refused: the rules reject the workspace") { iw in
            try iw.ws["Shell"].writeManifest(
                name: "Shell", dependencies: [iw.ws.dep("Cart", "\"1.0.0\"..<\"1.0.1\"")], executable: true)
            try iw.ws["Shell"].commit("narrow")
        }
    }

    func testStateFolderThatIsALink() throws {
        let outside = try TemporaryFolder("lockstep-outside")
        try assertSameRefusal(".lockstep/logs is not a real folder", status: 2) { iw in
            try FileManager.default.createDirectory(
                at: iw.root.appendingPathComponent(".lockstep"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: iw.root.appendingPathComponent(".lockstep/logs"), withDestinationURL: outside.url)
        }
    }

    /// Every manifest variant is pinned, so an uncommitted edit of the pinned line in a `Package@swift-X.Y.swift`
    /// is refused like one in `Package.swift`, by both runs.
    func testUncommittedEditInAVersionSpecificManifest() throws {
        try assertSameRefusal("touch the lines the pin rewrites") { iw in
            let variant = iw.ws["Main"].url.appendingPathComponent("Package@swift-5.9.swift")
            let text = try String(contentsOf: main(iw), encoding: .utf8)
            try iw.ws["Main"].write("Package@swift-5.9.swift", text)
            try iw.ws["Main"].commit("a manifest for 5.9")
            try text.replacingOccurrences(
                of: "Cart.git\", exact: \"1.0.0\"", with: "Cart.git\", exact: \"1.0.0\" /* mine */"
            )
            .write(to: variant, atomically: true, encoding: .utf8)
        }
    }
}
