import Foundation
@testable import LockstepCLI
import LockstepCore
import LockstepTestSupport
import XCTest

/// Every command's `--format json`: one envelope (`schemaVersion`, `command`, the command's fields, `error`),
/// decoded with the types the CLI encodes, and failures as JSON with the exit code unchanged.
final class JSONOutputTests: XCTestCase {
    func decode<Payload: Codable>(
        _ type: Payload.Type, _ result: ProcessResult, command: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> JSONEnvelope<Payload> {
        let document = try JSONDecoder().decode(JSONEnvelope<Payload>.self, from: Data(result.stdout.utf8))
        XCTAssertEqual(document.schemaVersion, 1, file: file, line: line)
        XCTAssertEqual(document.command, command, file: file, line: line)
        return document
    }

    func testMatrixCheckDiffAndBumpShareTheEnvelope() throws {
        let iw = try IntegrationWorkspace()
        let matrix = try decode(MatrixJSON.self, iw.lockstep("matrix", "--format", "json"), command: "matrix")
        XCTAssertEqual(matrix.payload?.schemaVersion, 1, "the documented matrix field stays")
        XCTAssertEqual(matrix.payload?.components.map(\.name), ["Base", "CartProtocols", "Cart"])
        XCTAssertNil(matrix.error)

        let check = try decode(CheckJSON.self, iw.lockstep("check", "--format", "json"), command: "check")
        XCTAssertEqual(check.payload?.findings.first { $0.rule == "LS405" }?.subject, "Cart")

        let diff = try decode(
            DiffJSON.self, iw.lockstep("diff", "Cart", "--format", "json", "--fail-on", "minor"), command: "diff")
        XCTAssertEqual(diff.payload?.level, "patch")
        XCTAssertEqual(diff.payload?.failed, false)

        let bumped = try iw.lockstep("bump", "Cart", "--format", "json")
        XCTAssertEqual(bumped.status, 0, bumped.stderr)
        let bump = try decode(BumpJSON.self, bumped, command: "bump")
        XCTAssertEqual(bump.payload?.tag, "1.0.1-rc.1")
        XCTAssertEqual(bump.payload?.commit, try iw.ws["Cart"].head())
    }

    func testRefusalsAndErrorsAreJSONWithTheExitCodeUnchanged() throws {
        let iw = try IntegrationWorkspace()
        let unknown = try iw.lockstep("matrix", "Nope", "--format", "json")
        XCTAssertEqual(unknown.status, 2)
        let error = try XCTUnwrap(try decode(NoPayload.self, unknown, command: "matrix").error)
        XCTAssertEqual(error.exitCode, 2)
        XCTAssertTrue(error.message.hasPrefix("unknown component `Nope`; components: Base"), error.message)

        // A refusal: HEAD already carries a version tag.
        try iw.ws["Cart"].tag("1.0.1-rc.1")
        let refused = try iw.lockstep("bump", "Cart", "--format", "json")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(try decode(NoPayload.self, refused, command: "bump").error?.exitCode, 1)

        // A check with errors prints its findings once, not a second error document.
        try iw.ws["Main"].writeManifest(
            name: "Main", dependencies: [iw.ws.dep("Cart", "from: \"1.0.0\"")], executable: true)
        try iw.ws["Main"].commit("range")
        let failing = try iw.lockstep("check", "--format", "json")
        XCTAssertEqual(failing.status, 1)
        let check = try decode(CheckJSON.self, failing, command: "check")
        XCTAssertNil(check.error)
        XCTAssertTrue(check.payload?.findings.contains { $0.rule == "LS401" } == true)

        // A missing workspace is an error document too.
        let folder = try TemporaryFolder("lockstep-nows")
        let missing = try Lockstep.run(["check", "--format", "json", "--workspace", folder.url.path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(
            try decode(NoPayload.self, missing, command: "check").error?.message.contains("no lockstep.yml") == true)
    }

    func testIntegrateDryRunRealRunAndRedBuildAsJSON() throws {
        let iw = try IntegrationWorkspace()
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let rc = try iw.ws["Cart"].head()

        let dry = try decode(
            IntegrateJSON.self, iw.lockstep("integrate", "Cart", "--dry-run", "--format", "json"), command: "integrate")
        let plan = try XCTUnwrap(dry.payload)
        XCTAssertTrue(plan.dryRun)
        XCTAssertEqual(plan.candidates.map { "\($0.name) \($0.tag) \($0.release)" }, ["Cart 1.0.1-rc.1 1.0.1"])
        XCTAssertEqual(
            plan.builds.map { "\($0.name) \($0.role) \($0.status)" }, ["Shell shell planned", "Main main planned"])
        XCTAssertEqual(plan.tags.map(\.tag), ["1.0.1"])
        XCTAssertEqual(
            plan.pins.map { "\($0.name) \($0.pins.map { "\($0.name) \($0.version)" })" }, ["Main [\"Cart 1.0.1\"]"])
        XCTAssertNil(plan.pins.first?.commit)
        XCTAssertEqual(iw.builds(), [])

        try iw.setScript("echo 'Sources/Main/main.swift:1:1: error: boom'; exit 3")
        let red = try iw.lockstep("integrate", "Cart", "--format", "json")
        XCTAssertEqual(red.status, 1)
        let failed = try decode(IntegrateJSON.self, red, command: "integrate")
        XCTAssertEqual(failed.error?.exitCode, 1)
        // Both apps build at once: the first to go red stops the other (which one is first is the scheduler's).
        let builds = failed.payload?.builds ?? []
        XCTAssertEqual(builds.count, 2)
        XCTAssertTrue(builds.allSatisfy { $0.status == "red" || $0.status == "stopped" }, "\(builds.map(\.status))")
        let redBuild = try XCTUnwrap(builds.first { $0.status == "red" })
        XCTAssertEqual(redBuild.exitCode, 3)
        XCTAssertEqual(redBuild.errorLines, ["Sources/Main/main.swift:1:1: error: boom"])
        XCTAssertEqual(failed.payload?.tags.count, 0)

        try iw.setScript("exit 0")
        let green = try iw.lockstep("integrate", "Cart", "--format", "json")
        XCTAssertEqual(green.status, 0, green.stderr)
        XCTAssertFalse(green.stderr.isEmpty, "the step lines go to stderr")
        let outcome = try XCTUnwrap(try decode(IntegrateJSON.self, green, command: "integrate").payload)
        XCTAssertFalse(outcome.dryRun)
        XCTAssertEqual(outcome.builds.map(\.status), ["green", "green"])
        XCTAssertNotNil(outcome.builds.first?.log)
        XCTAssertEqual(outcome.tags.map { "\($0.name) \($0.tag) \($0.commit)" }, ["Cart 1.0.1 \(rc)"])
        XCTAssertEqual(outcome.pins.first?.commit, try iw.ws["Main"].head())
    }

    func testIntegrateRulesRefusalIsOneDocumentWithTheFindings() throws {
        let iw = try IntegrationWorkspace()
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        // The shell's range stops below the release: drift (LS403) once Main pins 1.0.1.
        try iw.ws["Shell"].writeManifest(
            name: "Shell",
            dependencies: [
                iw.ws.dep("Base", "from: \"1.0.0\""), iw.ws.dep("CartProtocols", "from: \"1.0.0\""),
                iw.ws.dep("Cart", "\"1.0.0\"...\"1.0.0\""),
            ], executable: true)
        try iw.ws["Shell"].commit("closed range")
        for extra in [["--dry-run"], []] {
            let result = try Lockstep.run(
                ["integrate", "Cart", "--format", "json", "--workspace", iw.root.path] + extra)
            XCTAssertEqual(result.status, 1, "\(extra)")
            let document = try decode(IntegrateJSON.self, result, command: "integrate")
            XCTAssertEqual(document.payload?.rules.passed, false, "\(extra)")
            XCTAssertTrue(document.payload?.rules.findings.contains { $0.rule == "LS403" } == true, "\(extra)")
            XCTAssertTrue(
                document.error?.message.contains("integrate refused") == true,
                "\(extra): \(document.error?.message ?? "")")
        }
        XCTAssertEqual(iw.builds(), [])
    }

    func testDemoReplayOnlyAsJSON() throws {
        let result = try Lockstep.run(["demo", "--replay-only", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let demo = try decode(DemoJSON.self, result, command: "demo")
        let path = try XCTUnwrap(demo.payload?.workspace)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "/lockstep.yml"))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: path + "/cocoapods/lockstep.yml"), "the CocoaPods and Xcode half too"
        )
        XCTAssertNil(demo.payload?.bump)
    }

    func testInitAndBaselineAsJSON() throws {
        let iw = try IntegrationWorkspace()
        // init refuses the existing lockstep.yml: an error document, exit 1; the dry run prints the guess as JSON.
        let refused = try Lockstep.run(["init", iw.root.path, "--format", "json"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(try decode(InitJSON.self, refused, command: "init").error?.exitCode, 1)
        let guessed = try Lockstep.run(["init", iw.root.path, "--dry-run", "--format", "json"])
        XCTAssertEqual(guessed.status, 0, guessed.stderr)
        let proposal = try XCTUnwrap(try decode(InitJSON.self, guessed, command: "init").payload)
        XCTAssertFalse(proposal.written)
        XCTAssertNil(proposal.file)
        XCTAssertEqual(proposal.components, 3)
        XCTAssertTrue(proposal.text.contains("CartProtocols"), proposal.text)

        let wrote = try iw.lockstep("baseline", "--format", "json")
        XCTAssertEqual(wrote.status, 0, wrote.stderr)
        let baseline = try XCTUnwrap(try decode(BaselineJSON.self, wrote, command: "baseline").payload)
        XCTAssertEqual(baseline.written, true)
        XCTAssertEqual(baseline.added, baseline.findings)
        let again = try XCTUnwrap(
            try decode(BaselineJSON.self, iw.lockstep("baseline", "--format", "json"), command: "baseline").payload)
        XCTAssertEqual(again.written, false, "nothing new: the file is not written again")
        XCTAssertEqual(again.added, 0)
    }
}
