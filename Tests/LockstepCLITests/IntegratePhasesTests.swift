import Foundation
import LockstepTestSupport
import XCTest

/// `integrate --plan-out`, `lockstep build`, `integrate --finish`: the gate split across clones (CI runners).
final class IntegratePhasesTests: XCTestCase {
    func run(_ arguments: [String], in root: URL) throws -> ProcessResult {
        try Lockstep.run(arguments + ["--workspace", root.path])
    }

    func testPhasesSplitAcrossTwoClonesTagAndPinLikeOneRun() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let remotes = try RemoteRunners(iw)
        let planner = try remotes.runner("planner"), builder = try remotes.runner("builder")
        let plan = remotes.folder.url.appendingPathComponent("plan.json").path
        let planned = try run(["integrate", "Cart", "--plan-out", plan], in: planner)
        XCTAssertEqual(planned.status, 0, planned.stdout + planned.stderr)
        XCTAssertTrue(planned.stdout.contains("2 builds (Shell, Main)"), planned.stdout)
        XCTAssertEqual(iw.builds(), [], "planning builds nothing")
        var results: [String] = []
        for app in ["Shell", "Main"] {
            let result = remotes.folder.url.appendingPathComponent("\(app).json").path
            let built = try run(["build", app, "--plan", plan, "--result-out", result], in: builder)
            XCTAssertEqual(built.status, 0, built.stdout + built.stderr)
            results.append(result)
        }
        XCTAssertEqual(iw.builds().count, 2, "each app built once, on the builder")
        let finished = try run(["integrate", "--finish", plan] + results, in: planner)
        XCTAssertEqual(finished.status, 0, finished.stdout + finished.stderr)
        XCTAssertEqual(iw.builds().count, 2, "finishing builds nothing again")
        let main = planner.appendingPathComponent("apps/Main"), cart = planner.appendingPathComponent("components/Cart")
        XCTAssertEqual(
            try GitCLI.run(["rev-list", "-n", "1", "1.0.1"], in: cart),
            try GitCLI.run(["rev-list", "-n", "1", "1.0.1-rc.1"], in: cart))
        let diff = try GitCLI.run(["diff", "-U0", "HEAD~1", "HEAD", "--", "Package.swift"], in: main)
        XCTAssertTrue(
            diff.contains("+        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.1\"),"), diff)
        XCTAssertEqual(try GitCLI.run(["log", "-1", "--format=%s"], in: main), "Pin Cart 1.0.1")
    }

    /// Another run pins main on the remote between plan and finish: the finish tags from its clone as planned,
    /// finds main moved when it pushes, and pins again on the remote's tip (building again only the apps whose
    /// inputs the move changed); both pins land, in one line.
    func testARemoteThatMovedBetweenPlanAndFinishIsPinnedOnItsNewTip() throws {
        let iw = try IntegrationWorkspace(extraComponents: 1)
        try iw.lockstep("bump", "Cart")
        try iw.lockstep("bump", "Comp01")
        let remotes = try RemoteRunners(iw)
        let planner = try remotes.runner("planner"), builder = try remotes.runner("builder"),
            other = try remotes.runner("other")
        let before = try remotes.git("Main", "rev-parse", "main")
        let plan = remotes.folder.url.appendingPathComponent("plan.json").path
        XCTAssertEqual(try run(["integrate", "Cart", "--plan-out", plan], in: planner).status, 0)
        var results: [String] = []
        for app in ["Shell", "Main"] {
            let result = remotes.folder.url.appendingPathComponent("\(app).json").path
            XCTAssertEqual(try run(["build", app, "--plan", plan, "--result-out", result], in: builder).status, 0)
            results.append(result)
        }
        let racing = try run(["integrate", "Comp01", "--push"], in: other)
        XCTAssertEqual(racing.status, 0, racing.stdout + racing.stderr)
        let finished = try run(["integrate", "--finish", plan] + results + ["--push"], in: planner)
        XCTAssertEqual(finished.status, 0, finished.stdout + finished.stderr)
        XCTAssertTrue(finished.stdout.contains("Main: origin moved; pinning again on its tip"), finished.stdout)
        // Shell's inputs did not change: still the builder's green result. Main's did (its commit moved): the
        // finish builds it again on its own runner before pinning there.
        XCTAssertTrue(finished.stdout.contains("Shell: green (cached"), finished.stdout)
        XCTAssertEqual(iw.builds().count, 4, "builder: Shell, Main; the racing run: Main; the finish: Main again")
        let manifest = try remotes.git("Main", "show", "main:Package.swift")
        XCTAssertTrue(manifest.contains("Cart.git\", exact: \"1.0.1\""), manifest)
        XCTAssertTrue(manifest.contains("Comp01.git\", exact: \"1.0.1\""), manifest)
        XCTAssertEqual(try remotes.git("Main", "rev-list", "--count", "\(before)..main"), "2")
        XCTAssertEqual(try remotes.git("Main", "rev-list", "--count", "--merges", "main"), "0")
        XCTAssertEqual(
            try remotes.git("Cart", "rev-parse", "1.0.1^{commit}"),
            try remotes.git("Cart", "rev-parse", "1.0.1-rc.1^{commit}"))
    }

    /// `--no-build` (a Linux finish job for apps only macOS builds): when main moved since the plan, the finish
    /// stops instead of building; the pushed tag stays, and running the integration again pins it.
    func testAFinishThatMayNotBuildStopsWhenMainMovedAndARerunCompletes() throws {
        let iw = try IntegrationWorkspace(extraComponents: 1)
        try iw.lockstep("bump", "Cart")
        try iw.lockstep("bump", "Comp01")
        let remotes = try RemoteRunners(iw)
        let planner = try remotes.runner("planner"), builder = try remotes.runner("builder"),
            other = try remotes.runner("other")
        let plan = remotes.folder.url.appendingPathComponent("plan.json").path
        XCTAssertEqual(try run(["integrate", "Cart", "--plan-out", plan], in: planner).status, 0)
        var results: [String] = []
        for app in ["Shell", "Main"] {
            let result = remotes.folder.url.appendingPathComponent("\(app).json").path
            XCTAssertEqual(try run(["build", app, "--plan", plan, "--result-out", result], in: builder).status, 0)
            results.append(result)
        }
        XCTAssertEqual(try run(["integrate", "Comp01", "--push"], in: other).status, 0)
        let builds = iw.builds().count
        let stopped = try run(["integrate", "--finish", plan] + results + ["--push", "--no-build"], in: planner)
        XCTAssertEqual(stopped.status, 1, stopped.stdout + stopped.stderr)
        XCTAssertTrue(
            stopped.stderr.contains("Main at ") && stopped.stderr.contains("has no green build for these inputs"),
            stopped.stderr)
        XCTAssertEqual(iw.builds().count, builds, "nothing was built")
        XCTAssertEqual(
            try remotes.git("Cart", "cat-file", "-t", "1.0.1"), "tag", "the release tag went out first and stays")
        XCTAssertFalse(try remotes.git("Main", "show", "main:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
        let rerun = try run(["integrate", "Cart", "--push"], in: planner)
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(try remotes.git("Main", "show", "main:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
    }

    func testACloneThatMovedIsRefusedAndARedOrForeignResultStopsTheFinish() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let remotes = try RemoteRunners(iw)
        let planner = try remotes.runner("planner"), builder = try remotes.runner("builder")
        let plan = remotes.folder.url.appendingPathComponent("plan.json").path
        XCTAssertEqual(try run(["integrate", "Cart", "--plan-out", plan], in: planner).status, 0)
        // The builder's Main moved: it would not build what was planned.
        let main = builder.appendingPathComponent("apps/Main")
        try "moved\n".write(to: main.appendingPathComponent("NOTES.md"), atomically: true, encoding: .utf8)
        _ = try GitCLI.run(["add", "NOTES.md"], in: main)
        _ = try GitCLI.run(["commit", "-q", "-m", "moved"], in: main)
        let moved = try run(["build", "Main", "--plan", plan, "--result-out", "/dev/null"], in: builder)
        XCTAssertEqual(moved.status, 2, moved.stdout + moved.stderr)
        XCTAssertTrue(moved.stderr.contains("does not match the plan"), moved.stderr)
        XCTAssertTrue(moved.stderr.contains("Main: planned at"), moved.stderr)
        // Red: finish refuses and nothing is tagged.
        try iw.setScript("exit 3")
        let shell = remotes.folder.url.appendingPathComponent("shell.json").path,
            mainResult = remotes.folder.url.appendingPathComponent("main.json").path
        XCTAssertEqual(try run(["build", "Shell", "--plan", plan, "--result-out", shell], in: planner).status, 1)
        try iw.setScript("exit 0")
        XCTAssertEqual(try run(["build", "Main", "--plan", plan, "--result-out", mainResult], in: planner).status, 0)
        let red = try run(["integrate", "--finish", plan, shell, mainResult], in: planner)
        XCTAssertEqual(red.status, 1, red.stdout + red.stderr)
        XCTAssertTrue(red.stderr.contains("Shell was red"), red.stderr)
        XCTAssertEqual(
            try GitCLI.run(["tag", "--list", "1.0.1"], in: planner.appendingPathComponent("components/Cart")), "")
        // No results at all, an unwritable result, a missing result, and a result of another plan.
        let none = try run(["integrate", "--finish", plan], in: planner)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("--finish needs the `lockstep build` result files"), none.stderr)
        let builds = iw.builds().count
        let nowhere = try run(
            ["build", "Main", "--plan", plan, "--result-out", "/nonexistent-folder/r.json"], in: planner)
        XCTAssertEqual(nowhere.status, 2)
        XCTAssertTrue(nowhere.stderr.contains("does not exist or is not writable; nothing was built"), nowhere.stderr)
        XCTAssertEqual(iw.builds().count, builds)
        let missing = try run(["integrate", "--finish", plan, mainResult], in: planner)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no result for Shell"), missing.stderr)
        try (String(contentsOfFile: plan, encoding: .utf8) + " ").write(toFile: plan, atomically: true, encoding: .utf8)
        let foreign = try run(["integrate", "--finish", plan, shell, mainResult], in: planner)
        XCTAssertEqual(foreign.status, 2)
        XCTAssertTrue(foreign.stderr.contains("is the result of another plan"), foreign.stderr)
    }

    func testThePlanAsCIJobs() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let plan = iw.temporary.url.appendingPathComponent("plan.json").path
        XCTAssertEqual(try iw.lockstep("integrate", "Cart", "--plan-out", plan).status, 0)
        let github = try Lockstep.run(["plan", plan, "--format", "github-matrix"])
        let matrix = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(github.stdout.utf8)) as? [String: [[String: String]]])
        XCTAssertEqual(matrix["include"]?.map { $0["app"] }, ["Shell", "Main"])
        XCTAssertEqual(matrix["include"]?.map { $0["runner"] }, ["linux", "linux"], "no xcodebuild: Linux runners")
        let gitlab = try Lockstep.run(["plan", plan, "--format", "gitlab"])
        XCTAssertTrue(
            gitlab.stdout.contains(
                "lockstep-build-Main:\n  extends: [.lockstep-build]\n  variables:\n    LOCKSTEP_APP: \"Main\""),
            gitlab.stdout)
        let notAPlan = try Lockstep.run(["plan", iw.root.appendingPathComponent("lockstep.yml").path])
        XCTAssertEqual(notAPlan.status, 2)
        XCTAssertTrue(notAPlan.stderr.contains("is not a `plan` file written by lockstep"), notAPlan.stderr)
    }
}
