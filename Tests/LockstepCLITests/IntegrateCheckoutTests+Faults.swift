import Foundation
import LockstepTestSupport
import XCTest

/// The pin step against checkouts in unusual states, and what a failure after tagging says (issue 9).
extension IntegrateCheckoutTests {
    func testARebaseInProgressIsRefused() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try iw.ws["Main"].write("README", "one\n")
        try iw.ws["Main"].commit("readme")
        // An interactive rebase stopped at its first commit ("edit"), HEAD detached from main.
        _ = try GitCLI.run(
            ["-c", "sequence.editor=sed -i 1s/^pick/edit/", "rebase", "-q", "-i", "HEAD~1"], in: iw.ws["Main"].url)
        let before = try RepoState.capture(iw.ws["Main"].url)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is in the middle of a rebase; finish or abort it first"), result.stderr)
        try assertNothingReleased(iw)
        XCTAssertEqual(try RepoState.capture(iw.ws["Main"].url), before)
    }

    func testACRLFCheckoutIsNotAnEditAndKeepsItsLineEnds() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try iw.ws["Main"].git("config", "core.autocrlf", "true")
        try FileManager.default.removeItem(at: manifest(iw))
        try iw.ws["Main"].git("checkout", "--", "Package.swift")
        XCTAssertTrue(try Data(contentsOf: manifest(iw)).contains(Data("\r\n".utf8)), "the work tree has CRLF")
        XCTAssertEqual(try iw.ws["Main"].git("status", "--porcelain"), "")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let text = try String(decoding: Data(contentsOf: manifest(iw)), as: UTF8.self)
        XCTAssertTrue(text.contains(Self.cartPinned + "),\r\n"), text)
        XCTAssertFalse(text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line end is CRLF")
        XCTAssertEqual(try iw.ws["Main"].git("status", "--porcelain"), "")
        XCTAssertFalse(
            try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("\r"), "the commit is stored with LF")
    }

    func testAFailureAfterTaggingSaysWhatWasReleasedAndARerunFinishes() throws {
        let iw = try IntegrationWorkspace()
        try iw.ws.app(
            "Main2", role: "main",
            dependencies: [
                iw.ws.dep("Base", "exact: \"1.0.0\""), iw.ws.dep("CartProtocols", "exact: \"1.0.0\""),
                iw.ws.dep("Cart", "exact: \"1.0.0\""),
            ], build: "sh \(iw.script.path)")
        try iw.lockstep("bump", "Cart")
        // Another git process holds Main2's branch ref lock while the pins are made: Main is pinned, Main2 is not.
        let lock = iw.ws["Main2"].url.appendingPathComponent(".git/refs/heads/main.lock")
        _ = FileManager.default.createFile(atPath: lock.path, contents: Data())
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.contains("stayed locked by another git process"), result.stderr)
        XCTAssertTrue(result.stderr.contains("released: Cart 1.0.1 (tags exist); pinned in Main"), result.stderr)
        XCTAssertFalse(result.stderr.contains("nothing was tagged"), result.stderr)
        XCTAssertEqual(try iw.ws["Main2"].git("status", "--porcelain"), "", "the staged pin was taken back")
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains(Self.cartPinned))
        try FileManager.default.removeItem(at: lock)
        let rerun = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("completing an earlier run"), rerun.stdout)
        XCTAssertTrue(try iw.ws["Main2"].git("show", "HEAD:Package.swift").contains(Self.cartPinned))
        XCTAssertEqual(try iw.ws["Main2"].git("status", "--porcelain"), "")
    }

    func testARedRebuildAfterTaggingDoesNotClaimNothingWasTagged() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let main = iw.ws["Main"].url.path
        // Main's first build moves main; the rebuild on the new head is red.
        try iw.setScript(
            """
            case "$PWD" in *Main-*)
              n=$(grep -c '^Main-' '\(iw.buildLog.path)')
              if [ "$n" -eq 1 ]; then cd '\(main)' && echo x >> moved.txt && git add moved.txt && git commit -q -m \
              moved; else exit 4; fi;;
            esac
            """)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains("released: Cart 1.0.1 (tags exist); no main app pinned yet"), result.stderr)
        XCTAssertFalse(result.stderr.contains("nothing was tagged"), result.stderr)
    }

    func testDryRunPreviewsACheckoutRefusal() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        _ = FileManager.default.createFile(
            atPath: iw.ws["Main"].url.appendingPathComponent(".git/index.lock").path, contents: Data())
        let result = try iw.lockstep("integrate", "Cart", "--dry-run")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("index.lock exists"), result.stderr)
        XCTAssertEqual(iw.builds(), [])
    }

    func testAStateFolderThatIsALinkOutOfTheWorkspaceIsRefused() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let outside = try TemporaryFolder("lockstep-outside")
        try FileManager.default.createDirectory(
            at: iw.root.appendingPathComponent(".lockstep"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: iw.root.appendingPathComponent(".lockstep/logs"), withDestinationURL: outside.url)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains(".lockstep/logs is not a real folder (a link to \(outside.url.path))"), result.stderr
        )
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: outside.url.path), [], "nothing written outside")
        try assertNothingReleased(iw)
    }

    func testAMainManifestThatIsNotUTF8IsRefusedBeforeBuilding() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        var bytes = try Data(contentsOf: manifest(iw))
        bytes.append(contentsOf: Array("// caf".utf8) + [0xE9] + Array("\n".utf8))  // Latin-1 é
        try bytes.write(to: manifest(iw))
        try iw.ws["Main"].commit("a Latin-1 comment")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("apps/Main/Package.swift (at "), result.stderr)
        XCTAssertTrue(result.stderr.contains("is not valid UTF-8"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Error Domain"), result.stderr)
        XCTAssertEqual(iw.builds(), [])
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }
}
