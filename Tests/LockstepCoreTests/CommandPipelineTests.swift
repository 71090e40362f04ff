import Foundation
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// The pipelines the commands call: CI jobs of a plan, the phase files, the matrix, the demo's workspace, the
/// integrate texts. The CLI only parses, calls these and prints.
final class CommandPipelineTests: XCTestCase {
    private func plan(_ builds: [(name: String, role: String, command: String)]) -> PhasePlan {
        PhasePlan(
            arguments: ["Cart"], configDigest: "c", toolchain: "Swift version 6.3", candidates: [],
            builds: builds.map {
                PhasePlan.BuildEntry(
                    name: $0.name, role: $0.role, commit: "abc", command: $0.command,
                    key: String(repeating: "k", count: 64), versions: [])
            })
    }

    func testRunnerIsMacOSOnlyForApplesTools() {
        for command in [
            "xcodebuild -scheme App build", "cd ios && pod install && make", "bundle exec fastlane beta",
            "xcrun simctl list",
        ] {
            XCTAssertTrue(CIJobs.needsMacOS(command), command)
            XCTAssertEqual(CIJobs.runner(for: command), "macos", command)
        }
        for command in ["swift build", "./build.sh", "echo xcodebuilder", "pod --version"] {
            XCTAssertFalse(CIJobs.needsMacOS(command), command)
            XCTAssertEqual(CIJobs.runner(for: command), "linux", command)
        }
    }

    func testGitHubMatrixHasOneJobPerBuildWithItsRunner() throws {
        let text = try CIJobs.githubMatrix(
            plan([("Shell", "shell", "swift build"), ("Main", "main", "xcodebuild build")]))
        XCTAssertEqual(
            text,
            #"{"include":[{"app":"Shell","key":"kkkkkkkkkkkkkkkk","role":"shell","runner":"linux"},"#
                + #"{"app":"Main","key":"kkkkkkkkkkkkkkkk","role":"main","runner":"macos"}]}"#)
    }

    func testGitLabJobsNameEachBuildOnceAndFinishNeedsThemAll() {
        let text = CIJobs.gitlabJobs(plan([("Main App", "main", "xcodebuild"), ("Main-App", "main", "swift build")]))
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("lockstep-build-Main-App:"), text)
        XCTAssertTrue(lines.contains("lockstep-build-Main-App-2:"), text)
        XCTAssertTrue(lines.contains("  extends: [.lockstep-build, .lockstep-macos]"), text)
        XCTAssertTrue(lines.contains("  extends: [.lockstep-build]"), text)
        XCTAssertEqual(Array(lines.suffix(2)), ["    - lockstep-build-Main-App", "    - lockstep-build-Main-App-2"])
    }

    func testPhaseFilesAreReadFromTheRunsFolderAndNamedAsTyped() throws {
        let folder = try TemporaryFolder("lockstep-phases")
        let phases = IntegrationPhases(directory: folder.url)
        let written = plan([("Shell", "shell", "swift build")])
        try phases.write(written, command: "plan", to: "plan.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("plan.json").path))
        let (read, bytes) = try phases.read(PhasePlan.self, command: "plan", from: "plan.json")
        XCTAssertEqual(read, written)
        XCTAssertEqual(PhasePlan.digest(of: bytes).count, 64)

        XCTAssertThrowsError(try phases.read(PhaseResult.self, command: "build", from: "plan.json")) { error in
            let failure = error as? CommandFailure
            XCTAssertEqual(failure?.code, 2)
            XCTAssertEqual(
                failure?.message,
                "error: plan.json is not a `build` file written by lockstep (wrong file, or another version's)")
        }
        XCTAssertThrowsError(try phases.read(PhasePlan.self, command: "plan", from: "missing.json")) { error in
            XCTAssertEqual((error as? CommandFailure)?.message, "error: cannot read missing.json")
        }
        XCTAssertEqual(
            IntegrationPhases.planWritten(written, path: "plan.json"),
            """
            wrote plan.json: 1 build (Shell); run `lockstep build APP --plan plan.json` for each, then `lockstep \
            integrate --finish plan.json RESULT…`
            """
        )
    }

    func testMatrixPipelineIsTheMatrixOfTheCheapRules() throws {
        let sample = try Lockstep.sampleWorkspace()
        let config = try WorkspaceConfig.load(from: sample.url.appendingPathComponent("ws/lockstep.yml"))
        let snapshot = try SnapshotLoader.load(config)
        var timed: [String] = []
        let matrix = try MatrixPipeline.build(snapshot) { what, body in
            timed.append(what); return try body()
        }
        XCTAssertEqual(timed, ["ran \(Rules.withoutAPIDiff.count) rules"])
        let context = RuleContext(snapshot: snapshot)
        let direct = Matrix.build(
            snapshot, findings: try Rules.run(Rules.withoutAPIDiff, on: context), manifests: context.manifests)
        XCTAssertEqual(matrix.json, direct.json)
        let all = try Rules.run(Rules.all, on: context)
        XCTAssertEqual(MatrixPipeline.build(snapshot, allFindings: all, context: context).json, direct.json)
    }

    func testDemoRefusesAFolderItDidNotCreateAndReplaysBothWorlds() throws {
        let folder = try TemporaryFolder("lockstep-demo")
        let file = folder.url.appendingPathComponent("file")
        try Data().write(to: file)
        XCTAssertThrowsError(try DemoWorkspace.checkDestination(file, as: "file")) { error in
            XCTAssertEqual(
                (error as? CommandFailure)?.message,
                "error: --dir file is a file; give a new or empty folder for the sample workspace")
        }
        XCTAssertThrowsError(try DemoWorkspace.checkDestination(folder.url, as: "here")) { error in
            XCTAssertEqual((error as? CommandFailure)?.code, 2)
        }
        let destination = DemoWorkspace.newFolder(in: folder.url)
        XCTAssertTrue(destination.lastPathComponent.hasPrefix("lockstep-demo-"))
        XCTAssertNoThrow(try DemoWorkspace.checkDestination(destination, as: "new"))
        let demo = try DemoWorkspace.replay(into: destination, environment: [:])
        XCTAssertEqual(
            try DemoWorkspace.config(of: demo.root).root.standardizedFileURL.path, destination.standardizedFileURL.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo.pods.appendingPathComponent("lockstep.yml").path))
    }

    func testRerunCommandNamesTheComponentsWithoutVersions() {
        XCTAssertEqual(IntegrationText.rerunCommand(["Cart@0.1.8-rc.1", "Detail"]), "lockstep integrate Cart Detail")
    }

    /// `integrate --finish` refuses before building, tagging or pinning anything: a result of another plan, one built
    /// with other inputs, a red one, a missing one.
    func testFinishRefusesResultsThatDoNotBelongToThePlan() throws {
        let sample = try Lockstep.sampleWorkspace()
        let config = try WorkspaceConfig.load(from: sample.url.appendingPathComponent("ws/lockstep.yml"))
        let phases = IntegrationPhases(directory: sample.url)
        let written = plan([("Shell", "shell", "swift build"), ("Main", "main", "swift build")])
        try phases.write(written, command: "plan", to: "plan.json")
        let (_, bytes) = try phases.read(PhasePlan.self, command: "plan", from: "plan.json")
        let digest = PhasePlan.digest(of: bytes)
        let key = String(repeating: "k", count: 64)
        func result(_ name: String, digest: String = digest, key: String = key, status: String = "green") -> String {
            let file = "\(name)-\(status)-\(digest.prefix(4))-\(key.prefix(4)).json"
            let value = PhaseResult(
                planDigest: digest, name: name, key: key, status: status, seconds: 1, log: "log", toolchain: "t",
                versions: [])
            XCTAssertNoThrow(try phases.write(value, command: "build", to: file))
            return file
        }
        func refusal(_ files: [String]) -> CommandFailure? {
            do {
                _ = try phases.finish(
                    "plan.json", results: files, integrator: Integrator(config: config), config: config, publisher: nil)
                return nil
            } catch { return error as? CommandFailure }
        }
        let other = result("Shell", digest: String(repeating: "0", count: 64))
        XCTAssertEqual(refusal([other])?.message, "error: \(other) is the result of another plan, not of plan.json")
        let rebuilt = result("Shell", key: String(repeating: "x", count: 64))
        XCTAssertEqual(refusal([rebuilt])?.code, 2)
        XCTAssertEqual(
            refusal([rebuilt])?.message,
            "error: \(rebuilt): Shell was built with other inputs than plan.json plans (key xxxxxxxxxxxx)")
        let red = result("Shell", status: "red")
        XCTAssertEqual(refusal([red])?.code, 1)
        XCTAssertEqual(
            refusal([red])?.message,
            "error: Shell was red (\(red), log on its runner: log); nothing was tagged or pinned")
        let missing = refusal([result("Shell")])
        XCTAssertEqual(missing?.code, 2)
        XCTAssertEqual(
            missing?.message, "error: no result for Main; pass one `lockstep build` result per planned build")
    }

    /// `lockstep build` refuses before building: an app the plan does not plan, a result folder that is not there.
    func testBuildRefusesAnUnplannedAppOrAMissingResultFolder() throws {
        let folder = try TemporaryFolder("lockstep-phases")
        let phases = IntegrationPhases(directory: folder.url)
        try phases.write(plan([("Shell", "shell", "swift build")]), command: "plan", to: "plan.json")
        var made = 0
        func integrator() throws -> (Integrator, WorkspaceConfig) {
            made += 1
            throw CommandFailure(code: 9)
        }
        XCTAssertThrowsError(
            try phases.prepareBuild("Main", plan: "plan.json", resultOut: "main.json", integrator: try integrator())
        ) { error in
            XCTAssertEqual(
                (error as? CommandFailure)?.message, "error: plan.json plans no build of Main; it plans Shell")
        }
        XCTAssertThrowsError(
            try phases.prepareBuild(
                "Shell", plan: "plan.json", resultOut: "no/such/shell.json", integrator: try integrator())
        ) { error in
            XCTAssertEqual((error as? CommandFailure)?.code, 2)
            XCTAssertTrue(
                (error as? CommandFailure)?.message.hasPrefix("error: --result-out no/such/shell.json: the folder ")
                    == true)
        }
        XCTAssertEqual(made, 0, "no workspace is read before the plan and the result's folder are found sound")
    }
}
