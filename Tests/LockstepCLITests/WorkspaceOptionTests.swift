import ArgumentParser
import Foundation
@testable import LockstepCLI
import LockstepTestSupport
import XCTest

/// `--workspace DIR` is accepted by every command, before or after the command's name, so a CI script can pass the
/// same options to each one.
final class WorkspaceOptionTests: XCTestCase {
    /// The fewest arguments each command needs besides `--workspace`. A new command without an entry fails the test.
    static let minimalArguments: [String: [String]] = [
        "init": [], "matrix": [], "graph": [], "report": ["--output", "report.html"], "plan": ["plan.json"],
        "build": ["Main", "--plan", "plan.json", "--result-out", "result.json"], "check": [], "baseline": [],
        "diff": ["Cart"], "bump": ["Cart"], "integrate": ["Cart"], "sync": [], "demo": [],
    ]

    func testEveryCommandParsesWorkspaceBeforeOrAfterItsName() throws {
        let names = LockstepCommand.configuration.subcommands.map { $0._commandName }
        XCTAssertEqual(Set(names), Set(Self.minimalArguments.keys), "every command has an entry here")
        for name in names {
            let rest = try XCTUnwrap(Self.minimalArguments[name])
            for arguments in [
                [name] + rest + ["--workspace", "/tmp/ws"], ["--workspace", "/tmp/ws", name] + rest,
                [name] + rest + ["--workspace=/tmp/ws"],
            ] {
                XCTAssertNoThrow(
                    try LockstepCommand.parseAsRoot(LockstepCommand.movingLeadingWorkspace(arguments)),
                    arguments.joined(separator: " "))
            }
        }
    }

    /// `plan` reads only its plan file; with `--workspace` it also checks the folder holds a lockstep.yml.
    func testPlanTakesTheWorkspaceOption() throws {
        let iw = try IntegrationWorkspace()
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let planFile = iw.temporary.url.appendingPathComponent("plan.json").path
        let planned = try iw.lockstep("integrate", "Cart", "--plan-out", planFile)
        XCTAssertEqual(planned.status, 0, planned.stderr)
        let plain = try Lockstep.run(["plan", planFile, "--format", "github-matrix"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let leading = try Lockstep.run([
            "--workspace", iw.root.path, "--quiet", "plan", planFile, "--format", "github-matrix",
        ])
        XCTAssertEqual(leading.status, 0, leading.stderr)
        XCTAssertEqual(leading.stdout, plain.stdout)
        let trailing = try Lockstep.run(["plan", planFile, "--format", "github-matrix", "--workspace", iw.root.path])
        XCTAssertEqual(trailing.stdout, plain.stdout, trailing.stderr)
        let elsewhere = try TemporaryFolder("lockstep-no-workspace")
        let wrong = try Lockstep.run(["plan", planFile, "--workspace", elsewhere.url.path])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("no lockstep.yml in"), wrong.stderr)
    }

    /// `demo --workspace DIR` is `demo --dir DIR`; giving two different folders is a usage error.
    func testDemoTakesTheWorkspaceAsItsFolder() throws {
        let folder = try TemporaryFolder("lockstep-demo-workspace")
        let target = folder.url.appendingPathComponent("ws").path
        let replayed = try Lockstep.run(["--workspace", target, "demo", "--replay-only"])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/lockstep.yml"), replayed.stdout)
        let both = try Lockstep.run(["demo", "--dir", target + "2", "--workspace", target + "3", "--replay-only"])
        XCTAssertEqual(both.status, 2, both.stderr)
    }
}
