import Foundation
import LockstepGit
import LockstepTestSupport
import XCTest

/// Pushing and fetching through libgit2 against a local bare repository standing in for the real remote.
final class PushTests: XCTestCase {
    /// A bare "remote" with one commit on main, and two clones of it (two CI runners).
    struct Remote {
        let folder: TemporaryFolder
        var bare: URL { folder.url.appendingPathComponent("remote.git") }
        func clone(_ name: String) throws -> URL {
            let url = folder.url.appendingPathComponent(name)
            _ = try GitCLI.run(["clone", "-q", bare.path, url.path], in: folder.url)
            return url
        }
        func commit(in clone: URL, _ file: String) throws -> String {
            try Data("\(file)\n".utf8).write(to: clone.appendingPathComponent(file))
            _ = try GitCLI.run(["add", "-A"], in: clone)
            _ = try GitCLI.run(["commit", "-q", "-m", "add \(file)"], in: clone)
            return try GitCLI.run(["rev-parse", "HEAD"], in: clone)
        }
        func remoteTip(_ ref: String = "refs/heads/main") throws -> String {
            try GitCLI.run(["rev-parse", ref], in: bare)
        }
    }

    func makeRemote() throws -> Remote {
        Git.bootstrap()
        let remote = Remote(folder: try TemporaryFolder("lockstep-push"))
        _ = try GitCLI.run(["init", "-q", "--bare", "-b", "main", remote.bare.path], in: remote.folder.url)
        let seed = try remote.clone("seed")
        _ = try remote.commit(in: seed, "README")
        _ = try GitCLI.run(["push", "-q", "origin", "HEAD:refs/heads/main"], in: seed)
        return remote
    }

    /// Through a `file://` URL, as a remote given on the command line would be.
    func testPushesATagAndABranchThatFastForwards() throws {
        let remote = try makeRemote()
        let runner = try remote.clone("runner")
        let commit = try remote.commit(in: runner, "pin")
        _ = try GitCLI.run(["tag", "-a", "-m", "release", "1.0.0"], in: runner)
        let repository = try Repository.open(at: runner.path)
        let rejected = try repository.push(
            ["refs/tags/1.0.0:refs/tags/1.0.0", "refs/heads/main:refs/heads/main"], to: remote.bare.absoluteString,
            credentials: GitCredentials(useSSHAgent: false))
        XCTAssertEqual(rejected, [])
        XCTAssertEqual(try remote.remoteTip(), commit)
        XCTAssertEqual(try remote.remoteTip("1.0.0^{commit}"), commit)
        XCTAssertEqual(
            try GitCLI.run(["cat-file", "-t", "1.0.0"], in: remote.bare), "tag", "the annotated tag object travelled")
    }

    func testAPushBehindTheRemoteIsARejectionAndFetchCatchesUp() throws {
        let remote = try makeRemote()
        let first = try remote.clone("first")
        let second = try remote.clone("second")
        let winner = try remote.commit(in: first, "one")
        _ = try remote.commit(in: second, "two")
        let credentials = GitCredentials(useSSHAgent: false)
        XCTAssertEqual(
            try Repository.open(at: first.path).push(
                ["refs/heads/main:refs/heads/main"], to: "origin", credentials: credentials), [])
        let late = try Repository.open(at: second.path)
        let rejected = try late.push(["refs/heads/main:refs/heads/main"], to: "origin", credentials: credentials)
        XCTAssertEqual(rejected.map(\.reference), ["refs/heads/main"])
        XCTAssertTrue(rejected[0].reason.contains("non-fast-forward"), rejected[0].reason)
        XCTAssertEqual(try remote.remoteTip(), winner, "the remote kept the first run's commit")
        try late.fetch(["+refs/heads/main:refs/remotes/origin/main"], from: "origin", credentials: credentials)
        XCTAssertEqual(try late.referenceTarget("refs/remotes/origin/main")?.hex, winner)
        XCTAssertEqual(try late.remoteReferences("origin", credentials: credentials)["refs/heads/main"]?.hex, winner)
    }

    func testAnExistingTagIsNeverRewritten() throws {
        let remote = try makeRemote()
        let first = try remote.clone("first")
        let second = try remote.clone("second")
        let kept = try remote.commit(in: first, "one")
        _ = try GitCLI.run(["tag", "1.0.0"], in: first)
        _ = try remote.commit(in: second, "two")
        _ = try GitCLI.run(["tag", "1.0.0"], in: second)
        let credentials = GitCredentials(useSSHAgent: false)
        XCTAssertEqual(
            try Repository.open(at: first.path).push(
                ["refs/tags/1.0.0:refs/tags/1.0.0"], to: "origin", credentials: credentials), [])
        let rejected = try Repository.open(at: second.path).push(
            ["refs/tags/1.0.0:refs/tags/1.0.0"], to: "origin", credentials: credentials)
        XCTAssertEqual(rejected.map(\.reference), ["refs/tags/1.0.0"])
        XCTAssertEqual(try remote.remoteTip("refs/tags/1.0.0"), kept)
    }

    func testCredentialsComeFromTheEnvironmentAndEmptyMeansUnset() {
        let credentials = GitCredentials.fromEnvironment([
            "LOCKSTEP_PUSH_TOKEN": "s3cret", "SSH_AUTH_SOCK": "", "GIT_ASKPASS": "/bin/askpass",
        ])
        XCTAssertEqual(
            credentials,
            GitCredentials(token: "s3cret", tokenUser: "oauth2", useSSHAgent: false, askpass: "/bin/askpass"))
        XCTAssertEqual(
            GitCredentials.fromEnvironment(["LOCKSTEP_PUSH_TOKEN": "", "LOCKSTEP_PUSH_USER": "ci"]),
            GitCredentials(token: nil, tokenUser: "ci", useSSHAgent: false, askpass: nil))
    }

    func testAnUnreachableRemoteThrowsAndNamesIt() throws {
        let remote = try makeRemote()
        let runner = try remote.clone("runner")
        let missing = remote.folder.url.appendingPathComponent("gone.git").path
        XCTAssertThrowsError(
            try Repository.open(at: runner.path).push(
                ["refs/heads/main:refs/heads/main"], to: missing,
                credentials: GitCredentials(useSSHAgent: false))
        ) { error in
            XCTAssertTrue("\(error)".contains("gone.git"), "names the remote: \(error)")
        }
    }

    /// Ten runners race to push one commit each; every push either lands or is refused, never overwrites: after
    /// fetch-and-retry, the remote's main holds all ten, in one line.
    func testTenRacingRunnersAllLandWithoutLosingACommit() throws {
        let remote = try makeRemote()
        let clones = try (0..<10).map { try remote.clone("runner\($0)") }
        let credentials = GitCredentials(useSSHAgent: false)
        let problems = Problems()
        DispatchQueue.concurrentPerform(iterations: clones.count) { index in
            do {
                let clone = clones[index]
                let repository = try Repository.open(at: clone.path)
                _ = try remote.commit(in: clone, "file\(index)")
                for _ in 0..<40 {
                    if try repository.push(["refs/heads/main:refs/heads/main"], to: "origin", credentials: credentials)
                        .isEmpty
                    {
                        return
                    }
                    try repository.fetch(
                        ["+refs/heads/main:refs/remotes/origin/main"], from: "origin", credentials: credentials)
                    _ = try GitCLI.run(["rebase", "-q", "origin/main"], in: clone)
                }
                problems.add("runner\(index) never landed")
            } catch {
                problems.add("runner\(index): \(error)")
            }
        }
        XCTAssertEqual(problems.all, [])
        let files = try GitCLI.run(["ls-tree", "--name-only", "main"], in: remote.bare).split(separator: "\n")
        XCTAssertEqual(Set(files), Set((0..<10).map { "file\($0)" } + ["README"]))
        XCTAssertEqual(
            try GitCLI.run(["rev-list", "--count", "--merges", "main"], in: remote.bare), "0", "linear history")
        XCTAssertEqual(try GitCLI.run(["rev-list", "--count", "main"], in: remote.bare), "11")
    }
}

/// What racing runners report, collected under a lock.
private final class Problems: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
