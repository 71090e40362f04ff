import Foundation
import LockstepTestSupport
import XCTest

/// `integrate --push`: local bare repositories stand in for the remotes, separate clones of the workspace for CI
/// runners.
final class IntegratePushTests: XCTestCase {
    func run(_ arguments: String..., in root: URL) throws -> ProcessResult {
        try Lockstep.run(arguments + ["--workspace", root.path])
    }

    func testPushSendsTheTagThenThePinToTheRemote() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let remotes = try RemoteRunners(iw)
        let result = try iw.lockstep("integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("pushed Cart 1.0.1 to origin"), result.stdout)
        XCTAssertTrue(result.stdout.contains("pushed the pins of Main main to origin"), result.stdout)
        XCTAssertEqual(try remotes.git("Cart", "cat-file", "-t", "1.0.1"), "tag")
        XCTAssertEqual(
            try remotes.git("Cart", "rev-parse", "1.0.1^{commit}"),
            try iw.ws["Cart"].git("rev-parse", "1.0.1-rc.1^{commit}"))
        XCTAssertTrue(try remotes.git("Main", "show", "main:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertEqual(try remotes.git("Main", "rev-parse", "main"), try iw.ws["Main"].head())
    }

    func testARunThatLostTheRaceRepinsOnTheRemotesTipAndLands() throws {
        let iw = try IntegrationWorkspace(extraComponents: 1)
        try iw.lockstep("bump", "Cart")
        try iw.lockstep("bump", "Comp01")
        let remotes = try RemoteRunners(iw)
        let first = try remotes.runner("a"), second = try remotes.runner("b")
        let before = try remotes.git("Main", "rev-parse", "main")
        XCTAssertEqual(try run("integrate", "Cart", "--push", in: first).status, 0)
        let late = try run("integrate", "Comp01", "--push", in: second)
        XCTAssertEqual(late.status, 0, late.stdout + late.stderr)
        XCTAssertTrue(
            late.stdout.contains("Main: origin moved; pinning again on its tip (attempt 2 of 3)"), late.stdout)
        let manifest = try remotes.git("Main", "show", "main:Package.swift")
        XCTAssertTrue(manifest.contains("Cart.git\", exact: \"1.0.1\""), manifest)
        XCTAssertTrue(manifest.contains("Comp01.git\", exact: \"1.0.1\""), manifest)
        XCTAssertEqual(try remotes.git("Main", "rev-list", "--count", "\(before)..main"), "2")
        XCTAssertEqual(try remotes.git("Main", "rev-list", "--count", "--merges", "main"), "0")
    }

    /// Ten runners release ten components at once through the same remotes: every pin lands, in one line, each
    /// built on the pins before it.
    func testTenRacingRunnersAllLand() throws {
        let iw = try IntegrationWorkspace(extraComponents: 10)
        let names = (1...10).map { String(format: "Comp%02d", $0) }
        for name in names { try iw.lockstep("bump", name) }
        let remotes = try RemoteRunners(iw)
        let runners = try names.map { try remotes.runner($0) }
        let before = try remotes.git("Main", "rev-parse", "main")
        let results = LockedLines()
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            // Racing runners: each a process of its own, as on CI.
            let result = try? Lockstep.runBinary([
                "integrate", names[index], "--push", "--push-attempts", "20", "--workspace", runners[index].path,
            ])
            results.add(
                "\(names[index]) \(result?.status ?? -1)\(result?.status == 0 ? "" : " " + (result?.stderr ?? ""))")
        }
        XCTAssertEqual(results.all.sorted(), names.map { "\($0) 0" })
        let manifest = try remotes.git("Main", "show", "main:Package.swift")
        for name in names { XCTAssertTrue(manifest.contains("\(name).git\", exact: \"1.0.1\""), "\(name) pinned") }
        XCTAssertEqual(try remotes.git("Main", "rev-list", "--count", "\(before)..main"), "10")
        XCTAssertEqual(try remotes.git("Main", "rev-list", "--count", "--merges", "main"), "0", "linear history")
        for name in names { XCTAssertEqual(try remotes.git(name, "cat-file", "-t", "1.0.1"), "tag") }
    }

    func testATagOnTheRemoteThatNamesAnotherCommitIsRefusedAndNothingIsPinned() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let remotes = try RemoteRunners(iw)
        // Someone released 1.0.1 from another commit on the remote.
        _ = try remotes.git("Cart", "tag", "1.0.1", "main~1")
        let mainBefore = try remotes.git("Main", "rev-parse", "main")
        let result = try iw.lockstep("integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("refused tag 1.0.1"), result.stderr)
        XCTAssertTrue(result.stderr.contains("never rewritten"), result.stderr)
        XCTAssertEqual(
            try remotes.git("Cart", "rev-parse", "1.0.1"), try remotes.git("Cart", "rev-parse", "main~1"),
            "the remote's tag stays")
        XCTAssertEqual(try remotes.git("Main", "rev-parse", "main"), mainBefore, "no pin reached the remote")
    }

    func testForeignLocalCommitsOnMainAreNeverDropped() throws {
        let iw = try IntegrationWorkspace(extraComponents: 1)
        try iw.lockstep("bump", "Cart")
        try iw.lockstep("bump", "Comp01")
        let remotes = try RemoteRunners(iw)
        let first = try remotes.runner("a"), second = try remotes.runner("b")
        XCTAssertEqual(try run("integrate", "Cart", "--push", in: first).status, 0)
        let main = second.appendingPathComponent("apps/Main")
        try "local work\n".write(to: main.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        _ = try GitCLI.run(["add", "NOTES.md"], in: main)
        _ = try GitCLI.run(["commit", "-q", "-m", "someone's work"], in: main)
        let late = try run("integrate", "Comp01", "--push", in: second)
        XCTAssertEqual(late.status, 1, late.stdout + late.stderr)
        XCTAssertTrue(late.stderr.contains("not Lockstep pins"), late.stderr)
        XCTAssertEqual(
            try GitCLI.run(["log", "-1", "--format=%s", "HEAD~1"], in: main), "someone's work",
            "the work is still there")
    }

    func testAPersonsCommitTitledPinIsNotTakenForLockstepsOwn() throws {
        let iw = try IntegrationWorkspace(extraComponents: 1)
        try iw.lockstep("bump", "Cart")
        try iw.lockstep("bump", "Comp01")
        let remotes = try RemoteRunners(iw)
        let first = try remotes.runner("a"), second = try remotes.runner("b")
        XCTAssertEqual(try run("integrate", "Cart", "--push", in: first).status, 0)
        let main = second.appendingPathComponent("apps/Main")
        try "pinned by hand\n".write(to: main.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        _ = try GitCLI.run(["add", "NOTES.md"], in: main)
        _ = try GitCLI.run(["commit", "-q", "-m", "Pin the logger by hand"], in: main)
        let late = try run("integrate", "Comp01", "--push", in: second)
        XCTAssertEqual(late.status, 1, late.stdout + late.stderr)
        XCTAssertTrue(late.stderr.contains("not Lockstep pins"), late.stderr)
        XCTAssertEqual(
            try GitCLI.run(["log", "-1", "--format=%s", "HEAD~1"], in: main), "Pin the logger by hand",
            "the work is still there")
    }

    func testPinBranchLeavesMainAloneAndCheckSaysWhereThePinWaits() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let remotes = try RemoteRunners(iw)
        let mainBefore = try remotes.git("Main", "rev-parse", "main")
        let first = try remotes.runner("a")
        let result = try run("integrate", "Cart", "--push", "--pin-branch", "lockstep/pin-cart", in: first)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("pushed the pins of Main lockstep/pin-cart to origin: open a pull/merge request"),
            result.stdout)
        XCTAssertEqual(
            try remotes.git("Main", "rev-parse", "main"), mainBefore, "the protected branch is not pushed to")
        XCTAssertTrue(
            try remotes.git("Main", "show", "lockstep/pin-cart:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertEqual(try remotes.git("Cart", "cat-file", "-t", "1.0.1"), "tag", "the release tag is pushed")
        // A fresh clone, as the next CI job has: check says where the pin waits.
        let second = try remotes.runner("b")
        let check = try run("check", in: second)
        XCTAssertTrue(check.stdout.contains("warning[LS407]"), check.stdout)
        XCTAssertTrue(check.stdout.contains("its pin waits on branch Main origin/lockstep/pin-cart"), check.stdout)
    }

    func testPinBranchIsValidated() throws {
        let iw = try IntegrationWorkspace()
        for (arguments, message) in [
            (["--pin-branch", "x"], "--pin-branch needs --push"),
            (["--push", "--pin-branch", "a..b"], "is not a valid branch name"),
            (["--push", "--pin-branch", "has space"], "is not a valid branch name"),
        ] {
            let result = try Lockstep.run(["integrate", "Cart", "--workspace", iw.root.path] + arguments)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }

    func testARepoWithoutTheRemoteIsRefusedBeforeAnythingIsBuilt() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("has no remote `origin`; add it"), result.stderr)
        XCTAssertEqual(iw.builds(), [], "nothing was built")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "", "nothing was tagged")
        // A dry run with --push says the same, so a pipeline's dry run catches it.
        let dry = try iw.lockstep("integrate", "Cart", "--push", "--dry-run")
        XCTAssertEqual(dry.status, 2, dry.stdout + dry.stderr)
        XCTAssertTrue(dry.stderr.contains("has no remote `origin`; add it"), dry.stderr)
        let dryJSON = try iw.lockstep("integrate", "Cart", "--push", "--dry-run", "--format", "json")
        XCTAssertEqual(dryJSON.status, 2, dryJSON.stderr)
        XCTAssertTrue(dryJSON.stdout.contains("has no remote `origin`"), dryJSON.stdout)
        XCTAssertEqual(
            try iw.lockstep("integrate", "Cart", "--dry-run").status, 0, "without --push the remote does not matter")
    }

    /// A remote that cannot take the push is found before anything is built or tagged.
    func testARemoteThatCannotTakeThePushIsRefusedBeforeAnythingIsBuilt() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let remotes = try RemoteRunners(iw)
        try FileManager.default.removeItem(at: remotes.remote("Main"))
        let result = try iw.lockstep("integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Main: there is no git repository at \(remotes.remote("Main").path)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Nothing was built or tagged"), result.stderr)
        XCTAssertFalse(result.stderr.contains("LOCKSTEP_PUSH_TOKEN"), "not a credentials problem: " + result.stderr)
        XCTAssertEqual(iw.builds(), [])
        XCTAssertThrowsError(
            try iw.ws["Cart"].git("rev-parse", "-q", "--verify", "refs/tags/1.0.1"), "nothing was tagged")
    }

    /// A runner killed after pushing the release tag and before pushing the pin leaves the remote with the tag and
    /// an unpinned main, and its clone is gone with it. The next runner, from a fresh clone, completes that release:
    /// it keeps the pushed tag (never rewritten), pins it and pushes the pin.
    func testARunnerKilledBetweenTagPushAndPinPushIsCompletedByTheNext() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let remotes = try RemoteRunners(iw)
        let first = try remotes.runner("killed")
        let mainBefore = try remotes.git("Main", "rev-parse", "main")
        // The state the kill leaves behind: the tag went out, the pin did not (the runner released and pinned in
        // its clone, pushed the tag, and died before pushing the pin).
        let released = try run("integrate", "Cart", in: first)
        XCTAssertEqual(released.status, 0, released.stdout + released.stderr)
        try GitCLI.run(
            ["push", "-q", "origin", "refs/tags/1.0.1"], in: first.appendingPathComponent("components/Cart"))
        try FileManager.default.removeItem(at: first)
        let tagged = try remotes.git("Cart", "rev-parse", "1.0.1")
        XCTAssertEqual(try remotes.git("Main", "rev-parse", "main"), mainBefore, "no pin reached the remote")

        let next = try remotes.runner("next")
        let check = try run("check", in: next)
        XCTAssertTrue(check.stdout.contains("LS407"), "check names the release whose pin is missing: " + check.stdout)
        let completed = try run("integrate", "Cart", "--push", in: next)
        XCTAssertEqual(completed.status, 0, completed.stdout + completed.stderr)
        XCTAssertTrue(completed.stdout.contains("completing an earlier run"), completed.stdout)
        XCTAssertEqual(try remotes.git("Cart", "rev-parse", "1.0.1"), tagged, "the pushed tag was not rewritten")
        XCTAssertTrue(try remotes.git("Main", "show", "main:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertEqual(try remotes.git("Main", "rev-list", "--count", "\(mainBefore)..main"), "1", "one pin commit")
        XCTAssertEqual(try run("check", in: next).status, 0)
    }

    func testPushAttemptsAreValidated() throws {
        let iw = try IntegrationWorkspace()
        let result = try iw.lockstep("integrate", "Cart", "--push", "--push-attempts", "0")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--push-attempts must be from 1 to 20"), result.stderr)
    }
}
