import Foundation
import LockstepTestSupport
@testable import LockstepCLI
import LockstepCore
import XCTest
import Yams

/// The ready-made pipelines in ci/pipelines/: valid YAML, actions pinned to commits, only lockstep commands that
/// exist, and a GitLab child pipeline (template + `lockstep plan --format gitlab`) whose jobs fit together.
final class PipelineFilesTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ci/pipelines")

    func load(_ name: String) throws -> (text: String, yaml: [String: Any]) {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        return (text, try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any], name))
    }

    func testEveryFileParsesAndRunsOnlyLockstepCommandsThatExist() throws {
        let help = try Lockstep.run(["--help"]).stdout
        for name in ["github-actions.yml", "gitlab-ci.yml", "gitlab-child.yml"] {
            let (text, _) = try load(name)
            XCTAssertFalse(text.contains("lockstep-ci"), "\(name): the bash helper is gone")
            XCTAssertFalse(text.contains("sed "), "\(name): no text surgery on lockstep.yml")
            // `lockstep WORD` followed by a flag, a quoted argument, a variable or the plan: a command line.
            let commands = Set(text.matches(of: /lockstep ([a-z]+) (?:--|"|\$|plan\.json)/).map { String($0.1) })
            XCTAssertTrue(commands.contains("sync") && commands.count >= 3, "\(name): \(commands.sorted())")
            for command in commands {
                XCTAssertTrue(help.contains("\n  \(command) "), "\(name): lockstep \(command) is not a command")
            }
        }
    }

    func testGitHubActionsArePinnedToCommits() throws {
        let (text, yaml) = try load("github-actions.yml")
        let uses = text.matches(of: /uses: ([^\s]+)/).map { String($0.1) }
        XCTAssertGreaterThan(uses.count, 5)
        for action in uses { XCTAssertNotNil(action.wholeMatch(of: /[\w.-]+\/[\w.-]+@[0-9a-f]{40}/), action) }
        let on = try XCTUnwrap(yaml["on"] as? [String: Any])
        XCTAssertNotNil(on["pull_request"], "check runs on pull requests")
        XCTAssertEqual(
            text.matches(of: /run: lockstep sync --workspace "\$LOCKSTEP_WORKSPACE"/).count, 3,
            "plan, build and finish sync")
    }

    /// `lockstep check` keeps the API cache between runs, keyed so that another lockstep build starts afresh, and the
    /// binary's modification time (which the cache's entries name it by) is set from its hash before it runs.
    func testTheCheckJobsKeepTheAPICacheKeyedOnTheLockstepBuild() throws {
        let folder = "$LOCKSTEP_WORKSPACE/.lockstep/cache/api-surfaces"
        let (_, github) = try load("github-actions.yml")
        let jobs = try XCTUnwrap(github["jobs"] as? [String: Any])
        let steps = try XCTUnwrap((jobs["check"] as? [String: Any])?["steps"] as? [[String: Any]])
        let tool = try XCTUnwrap(steps.firstIndex { $0["id"] as? String == "tool" })
        XCTAssertTrue((steps[tool]["run"] as? String ?? "").contains("echo \"binary=$hash\" >> \"$GITHUB_OUTPUT\""))
        XCTAssertTrue((steps[tool]["run"] as? String ?? "").contains("sha256sum /opt/lockstep-tool/lockstep"))
        let cache = try XCTUnwrap(steps.firstIndex { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
        let check = try XCTUnwrap(steps.firstIndex { $0["name"] as? String == "lockstep check" })
        XCTAssertTrue(tool < cache && cache < check, "restored after the binary is known, before the check")
        let with = try XCTUnwrap(steps[cache]["with"] as? [String: Any])
        XCTAssertEqual(with["path"] as? String, "${{ env.LOCKSTEP_WORKSPACE }}/.lockstep/cache/api-surfaces")
        XCTAssertEqual(with["key"] as? String, "lockstep-api-${{ steps.tool.outputs.binary }}-${{ github.sha }}")
        XCTAssertEqual(with["restore-keys"] as? String, "lockstep-api-${{ steps.tool.outputs.binary }}-")

        let (text, gitlab) = try load("gitlab-ci.yml")
        let caches = try XCTUnwrap((gitlab["lockstep-check"] as? [String: Any])?["cache"] as? [[String: Any]])
        let api = try XCTUnwrap(caches.first { ($0["paths"] as? [String]) == [folder + "/"] }, "\(caches)")
        XCTAssertEqual(api["key"] as? String, "lockstep-api-$LOCKSTEP_REF-$LOCKSTEP_SWIFT_IMAGE")
        XCTAssertTrue(
            caches.contains { $0["key"] as? String == "lockstep-tool-$LOCKSTEP_REF" }, "the tool stays cached")
        XCTAssertTrue(text.contains("touch -d \"@$(printf %d \"0x$hash\")\" .lockstep-tool/lockstep"))
    }

    /// Lockstep's own release workflow: on a version tag, a Linux and a macOS build, each checked and packed, then
    /// one job that attaches both archives to the tag's release; every action pinned to a commit.
    func testTheReleaseWorkflowBuildsBothSystemsAndAttachesThem() throws {
        let (text, yaml) = try load("release.yml")
        let uses = text.matches(of: /uses: ([^\s]+)/).map { String($0.1) }
        XCTAssertGreaterThanOrEqual(uses.count, 3)
        for action in uses { XCTAssertNotNil(action.wholeMatch(of: /[\w.-]+\/[\w.-]+@[0-9a-f]{40}/), action) }
        let tags = try XCTUnwrap(((yaml["on"] as? [String: Any])?["push"] as? [String: Any])?["tags"] as? [String])
        XCTAssertTrue(tags.contains("v[0-9]*"), "\(tags)")
        let jobs = try XCTUnwrap(yaml["jobs"] as? [String: Any])
        let build = try XCTUnwrap(jobs["build"] as? [String: Any])
        let include = try XCTUnwrap(
            ((build["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["include"] as? [[String: Any]])
        XCTAssertEqual(Set(include.compactMap { $0["os"] as? String }), ["linux", "macos"])
        XCTAssertTrue(text.contains("swift build \"${flags[@]}\""), "a release build of the lockstep product")
        XCTAssertTrue(text.contains("flags=(-c release --product lockstep)"))
        XCTAssertTrue(
            text.contains("\"$BIN\" --version") && text.contains("demo --replay-only"),
            "each binary is run before it is packed")
        let release = try XCTUnwrap(jobs["release"] as? [String: Any])
        XCTAssertEqual(release["needs"] as? String, "build")
        XCTAssertEqual((release["permissions"] as? [String: Any])?["contents"] as? String, "write")
        XCTAssertTrue(text.contains("gh release upload \"$GITHUB_REF_NAME\" dist/*.tar.gz dist/*.sha256"))
    }

    /// The Homebrew formula builds the lockstep product from source with libgit2 and pkg-config, and Mint (which
    /// builds every executable product) finds exactly that one.
    func testTheHomebrewFormulaAndMintBuildTheLockstepProduct() throws {
        let root = Self.folder.deletingLastPathComponent().deletingLastPathComponent()
        let formula = try String(contentsOf: root.appendingPathComponent("Formula/lockstep.rb"), encoding: .utf8)
        XCTAssertTrue(formula.contains("class Lockstep < Formula"))
        XCTAssertTrue(formula.contains("depends_on \"libgit2\""))
        XCTAssertTrue(formula.contains("depends_on \"pkg-config\" => :build"))
        XCTAssertTrue(formula.contains("\"--product\", \"lockstep\""))
        XCTAssertTrue(
            formula.contains("libexec.install Dir[\"#{bin_path}/Lockstep_LockstepSample.{resources,bundle}\"]"),
            "the sample's resource bundle is installed beside the binary (InstalledDemoTests runs such an install)")
        XCTAssertTrue(
            formula.contains("\"plugin\", \"generate-manual\", \"--multi-page\"")
                && formula.contains("man1.install Dir[\".build/plugins/GenerateManual/outputs/lockstep/*.1\"]"),
            "the manual pages are generated from the command definitions and installed")
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertEqual(manifest.matches(of: /\.executable\(name: "([^"]+)"/).map { String($0.1) }, ["lockstep"])
    }

    func testGitLabChecksMergeRequestsAndHandsThePlanToTheChild() throws {
        let (_, yaml) = try load("gitlab-ci.yml")
        let check = try XCTUnwrap(yaml["lockstep-check"] as? [String: Any])
        let rules = try XCTUnwrap(check["rules"] as? [[String: Any]]).compactMap { $0["if"] as? String }
        XCTAssertTrue(rules.contains("$CI_PIPELINE_SOURCE == \"merge_request_event\""), "\(rules)")
        let plan = try XCTUnwrap(yaml["lockstep-plan"] as? [String: Any])
        let paths = try XCTUnwrap((plan["artifacts"] as? [String: Any])?["paths"] as? [String])
        let trigger = try XCTUnwrap(yaml["lockstep-integrate"] as? [String: Any])
        let include = try XCTUnwrap(((trigger["trigger"] as? [String: Any])?["include"] as? [[String: Any]])?.first)
        XCTAssertEqual(include["job"] as? String, "lockstep-plan")
        XCTAssertTrue(
            paths.contains(try XCTUnwrap(include["artifact"] as? String)),
            "the child's YAML is an artifact of the plan job")
        XCTAssertTrue(paths.contains("plan.json"))
        XCTAssertEqual((trigger["variables"] as? [String: Any])?["PARENT_PIPELINE_ID"] as? String, "$CI_PIPELINE_ID")
    }

    /// The child pipeline for a plan with a Linux app and an xcodebuild app: every job extends templates that exist,
    /// runs in a declared stage, and the finish needs the parent's plan job and every build.
    func testTheGitLabChildPipelineFitsTogether() throws {
        let iw = try IntegrationWorkspace()
        let config = iw.root.appendingPathComponent("lockstep.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        let xcode = text.replacingOccurrences(
            of: "name: Main, path: apps/Main, role: main, build:",
            with: "name: Main, path: apps/Main, role: main, build: xcodebuild -version ||")
        XCTAssertNotEqual(xcode, text, "the fixture's Main line changed: \(text)")
        try xcode.write(to: config, atomically: true, encoding: .utf8)
        try iw.lockstep("bump", "Cart")
        let planFile = iw.temporary.url.appendingPathComponent("plan.json").path
        let planned = try iw.lockstep("integrate", "Cart", "--plan-out", planFile)
        XCTAssertEqual(planned.status, 0, planned.stderr)
        let jobs = try Lockstep.run(["plan", planFile, "--format", "gitlab"])
        XCTAssertEqual(jobs.status, 0, jobs.stderr)
        let (template, _) = try load("gitlab-child.yml")
        let child = try XCTUnwrap(try Yams.load(yaml: template + jobs.stdout) as? [String: Any])
        let stages = try XCTUnwrap(child["stages"] as? [String])
        let visible = child.filter { !$0.key.hasPrefix(".") && $0.key != "stages" }
        XCTAssertEqual(Set(visible.keys), ["lockstep-build-Shell", "lockstep-build-Main", "lockstep-finish"])
        func resolved(_ name: String) throws -> [String: Any] {
            let job = try XCTUnwrap(child[name] as? [String: Any], name)
            let parents = (job["extends"] as? [String]) ?? (job["extends"] as? String).map { [$0] } ?? []
            var merged: [String: Any] = [:]
            for parent in parents { merged.merge(try resolved(parent)) { _, new in new } }
            return merged.merging(job) { _, new in new }
        }
        for (name, _) in visible {
            let job = try resolved(name)
            XCTAssertTrue(stages.contains(try XCTUnwrap(job["stage"] as? String, name)), name)
            XCTAssertNotNil(job["script"] as? [String], name)
        }
        XCTAssertEqual(
            try resolved("lockstep-build-Main")["tags"] as? [String], ["saas-macos-medium-m1"],
            "xcodebuild app on macOS")
        XCTAssertNil(try resolved("lockstep-build-Shell")["tags"])
        XCTAssertEqual(
            (try resolved("lockstep-build-Shell")["variables"] as? [String: Any])?["LOCKSTEP_APP"] as? String, "Shell")
        let needs = try XCTUnwrap(try resolved("lockstep-finish")["needs"] as? [Any])
        XCTAssertEqual(needs.compactMap { $0 as? String }.sorted(), ["lockstep-build-Main", "lockstep-build-Shell"])
        XCTAssertEqual((needs.first as? [String: Any])?["job"] as? String, "lockstep-plan")
    }

    /// Which builds the plan sends to macOS runners: those needing Apple's tools, by the words of the command.
    func testMacOSRunnersForXcodeCocoaPodsAndFastlaneBuilds() {
        for command in [
            "xcodebuild -scheme App build", "pod install && xcodebuild -workspace App.xcworkspace",
            "bundle exec pod install",
            "xcrun simctl list", "fastlane ios build", "tuist generate --no-open && xcodebuild -scheme Main",
        ] {
            XCTAssertTrue(CIJobs.needsMacOS(command), command)
        }
        for command in ["swift build", "sh build.sh", "make podcast", "echo xcodebuildish", "swift test --filter pod"] {
            XCTAssertFalse(CIJobs.needsMacOS(command), command)
        }
    }
}
