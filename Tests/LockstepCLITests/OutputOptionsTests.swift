import Foundation
@testable import LockstepCLI
import LockstepTestSupport
import XCTest

/// `--quiet`, `--verbose` and the component-name completion.
final class OutputOptionsTests: XCTestCase {
    func testQuietKeepsErrorsAndTheResultVerboseAddsDetailsOnStderr() throws {
        let iw = try IntegrationWorkspace()
        // A warning (LS101: a tag that is not a version) and a note (LS405) besides no errors.
        try iw.ws["Base"].tag("nightly")
        let normal = try iw.lockstep("check")
        XCTAssertTrue(normal.stdout.contains("warning[LS101]") && normal.stdout.contains("info[LS405]"), normal.stdout)
        let quiet = try Lockstep.run(["-q", "check", "--workspace", iw.root.path])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertFalse(quiet.stdout.contains("[LS"), quiet.stdout)
        XCTAssertTrue(quiet.stdout.contains("0 errors, 1 warning"), "the final result stays: \(quiet.stdout)")
        let verbose = try iw.lockstep("check", "--verbose")
        XCTAssertEqual(verbose.stdout, normal.stdout, "--verbose changes stderr only")
        XCTAssertTrue(verbose.stderr.contains("lockstep: read 6 repos in "), verbose.stderr)
        XCTAssertEqual(try iw.lockstep("check", "--quiet", "--verbose").status, 2)

        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let integrated = try Lockstep.run(["--quiet", "integrate", "Cart", "--workspace", iw.root.path])
        XCTAssertEqual(integrated.status, 0, integrated.stderr)
        XCTAssertEqual(integrated.stdout, "Integrated: Cart 1.0.1\n")
        XCTAssertEqual(integrated.stderr, "")
    }

    func testVerboseIntegrateShowsEveryBuildLine() throws {
        let iw = try IntegrationWorkspace()
        try iw.setScript("echo compiling-step-one")
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let result = try iw.lockstep("integrate", "Cart", "-v")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Shell | compiling-step-one"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Main | compiling-step-one"), result.stderr)
    }

    func testComponentCompletionReadsTheWorkspaceAndNeverFails() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Cart")
        try ws.component("CartProtocols", kind: "protocols")
        try ws.component("Login")
        let inside = ws.root.appendingPathComponent("components/Cart")
        XCTAssertEqual(
            ComponentCompletion.names(arguments: ["lockstep", "check", "Ca"], index: 2, prefix: "Ca", from: inside),
            ["Cart", "CartProtocols"])
        XCTAssertEqual(
            ComponentCompletion.names(
                arguments: ["lockstep", "check", "Cart", ""], index: 3, prefix: "", from: inside),
            ["CartProtocols", "Login"], "a name already typed is not offered again")
        let elsewhere = try TemporaryFolder("lockstep-completion")
        XCTAssertEqual(
            ComponentCompletion.names(
                arguments: ["lockstep", "matrix", "--workspace", ws.root.path, "L"], index: 4, prefix: "L",
                from: elsewhere.url), ["Login"])
        XCTAssertEqual(
            ComponentCompletion.names(
                arguments: ["lockstep", "matrix", "--workspace=\(ws.root.path)", ""], index: 3, prefix: "",
                from: elsewhere.url
            ).count, 3)
        // No workspace, or a broken lockstep.yml: no suggestions, no error.
        XCTAssertEqual(
            ComponentCompletion.names(arguments: ["lockstep", "check", ""], index: 2, prefix: "", from: elsewhere.url),
            [])
        try "components: [ {".write(
            to: ws.root.appendingPathComponent("lockstep.yml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(
            ComponentCompletion.names(arguments: ["lockstep", "check", ""], index: 2, prefix: "", from: inside), [])
    }

    func testCompletionRequestsFromTheShellScriptsReachTheComponentNames() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Cart")
        try ws.component("Login")
        // What the generated scripts run: `lockstep ---completion <command> -- positional@0 <word index> <cursor>
        // <words…>`,
        // in the shell's folder: the binary, since ArgumentParser gives a completer no run to read its folder from.
        for command in ["matrix", "check", "diff", "bump", "integrate"] {
            let result = try Lockstep.runBinary(
                ["---completion", command, "--", "positional@0", "2", "1", "lockstep", command, "C"], in: ws.root)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stdout, "Cart\n", command)
            XCTAssertEqual(result.stderr, "", command)
        }
    }

    func testCompletionScriptsAreGeneratedForEachShell() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try Lockstep.run(["--generate-completion-script", shell])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("lockstep"), shell)
            XCTAssertTrue(
                result.stdout.contains("---completion"), "\(shell): component names come from lockstep itself")
        }
    }
}
