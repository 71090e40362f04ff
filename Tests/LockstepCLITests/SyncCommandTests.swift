import Foundation
import LockstepTestSupport
import XCTest

/// `lockstep sync`: a CI job's checkout (detached submodules, stale branches) put on the remotes' tips.
final class SyncCommandTests: XCTestCase {
    func run(_ arguments: String..., in root: URL) throws -> ProcessResult {
        try Lockstep.run(arguments + ["--workspace", root.path])
    }

    /// A runner clone where every repo sits on a detached HEAD, as CI checks submodules out.
    func detachedRunner(_ remotes: RemoteRunners, _ label: String) throws -> URL {
        let root = try remotes.runner(label)
        for repo in try repoFolders(root) {
            try GitCLI.run(["checkout", "-q", "--detach", "HEAD"], in: repo)
            try GitCLI.run(["branch", "-q", "-D", "main"], in: repo)
        }
        return root
    }

    func repoFolders(_ root: URL) throws -> [URL] {
        try ["components", "apps"].flatMap { group in
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(group).path).sorted()
                .map { root.appendingPathComponent("\(group)/\($0)") }
        }
    }

    /// Another runner moves Main's remote branch and tags a Cart rc there.
    func moveRemotes(_ remotes: RemoteRunners) throws {
        let other = try remotes.runner("other")
        let main = other.appendingPathComponent("apps/Main"), cart = other.appendingPathComponent("components/Cart")
        try "// a later commit\n".write(
            to: main.appendingPathComponent("Later.swift"), atomically: true, encoding: .utf8)
        try GitCLI.run(["add", "Later.swift"], in: main)
        try GitCLI.run(["commit", "-q", "-m", "Later"], in: main)
        try GitCLI.run(["push", "-q", "origin", "main"], in: main)
        try GitCLI.run(["tag", "-a", "-m", "rc", "1.0.1-rc.9"], in: cart)
        try GitCLI.run(["push", "-q", "origin", "1.0.1-rc.9"], in: cart)
    }

    func testDetachedCheckoutsGoOnTheRemotesDefaultBranchWithEveryTag() throws {
        let iw = try IntegrationWorkspace()
        let remotes = try RemoteRunners(iw)
        let runner = try detachedRunner(remotes, "ci")
        // One repo does not know its remote's HEAD: libgit2 asks the remote.
        try GitCLI.run(["remote", "set-head", "origin", "-d"], in: runner.appendingPathComponent("apps/Shell"))
        try moveRemotes(remotes)
        // A local tag the remote also has, on another commit: kept (libgit2 alone would overwrite it).
        let shell = runner.appendingPathComponent("apps/Shell")
        try GitCLI.run(["tag", "1.0.1-rc.9"], in: shell)
        let shellTag = try GitCLI.run(["rev-parse", "1.0.1-rc.9"], in: shell)
        let other = try GitCLI.run(["commit-tree", "HEAD^{tree}", "-m", "elsewhere"], in: shell)
        try GitCLI.run(["push", "-q", remotes.remote("Shell").path, "\(other):refs/tags/1.0.1-rc.9"], in: shell)
        let result = try run("sync", in: runner)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(try GitCLI.run(["rev-parse", "1.0.1-rc.9"], in: shell), shellTag)
        XCTAssertTrue(
            result.stderr.contains("warning: Shell: local tag(s) 1.0.1-rc.9 name other commits than origin's; kept"),
            result.stderr)
        XCTAssertEqual(try GitCLI.run(["for-each-ref", "refs/lockstep"], in: shell), "", "no staging refs left")
        let main = runner.appendingPathComponent("apps/Main")
        XCTAssertEqual(try GitCLI.run(["symbolic-ref", "--short", "HEAD"], in: main), "main")
        XCTAssertEqual(try GitCLI.run(["rev-parse", "HEAD"], in: main), try remotes.git("Main", "rev-parse", "main"))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: main.appendingPathComponent("Later.swift").path),
            "the work tree follows")
        XCTAssertEqual(try GitCLI.run(["status", "--porcelain"], in: main), "")
        for repo in try repoFolders(runner) {
            XCTAssertEqual(
                try GitCLI.run(["symbolic-ref", "--short", "HEAD"], in: repo), "main", repo.lastPathComponent)
        }
        XCTAssertEqual(
            try GitCLI.run(["tag", "--list", "1.0.1-rc.9"], in: runner.appendingPathComponent("components/Cart")),
            "1.0.1-rc.9")
        XCTAssertTrue(result.stdout.contains("Main: main at "), result.stdout)
        XCTAssertTrue(result.stdout.contains("(checked out)"), result.stdout)

        // A second run: everything up to date; then the remote moves once more and the branch fast-forwards.
        let again = try run("sync", in: runner)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("Main: main at ") && again.stdout.contains("(up to date)"), again.stdout)
        XCTAssertFalse(again.stdout.contains("checked out"), again.stdout)
        let pusher = try remotes.runner("pusher").appendingPathComponent("apps/Main")
        try GitCLI.run(["commit", "-q", "--allow-empty", "-m", "One more"], in: pusher)
        try GitCLI.run(["push", "-q", "origin", "main"], in: pusher)
        let forward = try run("sync", "--format", "json", in: runner)
        XCTAssertEqual(forward.status, 0, forward.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(forward.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["command"] as? String, "sync")
        let repos = try XCTUnwrap(document["repos"] as? [[String: Any]])
        let mainEntry = try XCTUnwrap(repos.first { $0["name"] as? String == "Main" })
        XCTAssertEqual(mainEntry["change"] as? String, "fast-forwarded")
        XCTAssertEqual(mainEntry["forwarded"] as? Int, 1)
        XCTAssertEqual(mainEntry["commit"] as? String, try remotes.git("Main", "rev-parse", "main"))
    }

    func testLocalCommitsAreKeptAndADivergedBranchMovesNothing() throws {
        let iw = try IntegrationWorkspace()
        let remotes = try RemoteRunners(iw)
        let runner = try remotes.runner("ci")
        let main = runner.appendingPathComponent("apps/Main"), cart = runner.appendingPathComponent("components/Cart")
        try GitCLI.run(["commit", "-q", "--allow-empty", "-m", "Pin something"], in: main)
        let mine = try GitCLI.run(["rev-parse", "HEAD"], in: main)
        let ahead = try run("sync", in: runner)
        XCTAssertEqual(ahead.status, 0, ahead.stderr)
        XCTAssertTrue(ahead.stdout.contains("1 local commit(s) not on origin yet, kept"), ahead.stdout)
        XCTAssertEqual(try GitCLI.run(["rev-parse", "HEAD"], in: main), mine)

        // Now origin gets a commit of its own too: diverged. Cart is behind at the same time and must not move.
        try moveRemotes(remotes)
        let cartBefore = try GitCLI.run(["rev-parse", "HEAD"], in: cart)
        try GitCLI.run(["commit", "-q", "--allow-empty", "-m", "Local work"], in: cart)
        let cartLocal = try GitCLI.run(["rev-parse", "HEAD"], in: cart)
        XCTAssertNotEqual(cartLocal, cartBefore)
        let diverged = try run("sync", in: runner)
        XCTAssertEqual(diverged.status, 1, diverged.stdout + diverged.stderr)
        XCTAssertTrue(
            diverged.stderr.contains(
                "Main (apps/Main): main and origin/main diverged (1 commit(s) only here, 1 only on origin)"),
            diverged.stderr)
        XCTAssertEqual(try GitCLI.run(["rev-parse", "HEAD"], in: main), mine, "nothing moved")
        XCTAssertEqual(try GitCLI.run(["rev-parse", "HEAD"], in: cart), cartLocal)
    }

    func testARepoThatCannotBeSyncedStopsItBeforeAnythingIsFetched() throws {
        let iw = try IntegrationWorkspace()
        let remotes = try RemoteRunners(iw)
        let runner = try detachedRunner(remotes, "ci")
        try moveRemotes(remotes)
        let main = runner.appendingPathComponent("apps/Main"), shell = runner.appendingPathComponent("apps/Shell")
        let headBefore = try GitCLI.run(["rev-parse", "HEAD"], in: main)
        let manifest = shell.appendingPathComponent("Package.swift")
        try (try String(contentsOf: manifest, encoding: .utf8) + "// edited\n").write(
            to: manifest, atomically: true, encoding: .utf8)
        try GitCLI.run(["remote", "remove", "origin"], in: runner.appendingPathComponent("components/Cart"))
        let result = try run("sync", in: runner)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("Cart (components/Cart) has no remote `origin`"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Shell (apps/Shell) has local changes to tracked files; commit or stash them first"),
            result.stderr)
        XCTAssertEqual(try GitCLI.run(["rev-parse", "HEAD"], in: main), headBefore)
        XCTAssertThrowsError(try GitCLI.run(["symbolic-ref", "-q", "HEAD"], in: main), "still detached")
        XCTAssertEqual(
            try GitCLI.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"], in: main), headBefore,
            "not even fetched")
        XCTAssertTrue(
            try GitCLI.run(["status", "--porcelain"], in: shell).contains("Package.swift"), "the edit is kept")
        XCTAssertEqual(try run("sync", "--remote", "-x", in: runner).status, 2)
        XCTAssertEqual(try run("sync", "--branch", "a..b", in: runner).status, 2)
    }
}
