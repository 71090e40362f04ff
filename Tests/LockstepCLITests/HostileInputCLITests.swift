import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// Bad input from people or hostile repos, through the binary: a sentence, exit 2, nothing changed.
final class HostileInputCLITests: XCTestCase {
    func assertSentence(
        _ result: ProcessResult, contains text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr, file: file, line: line)
        XCTAssertFalse((result.stdout + result.stderr).contains("Error Domain="), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), result.stderr, file: file, line: line)
    }

    // MARK: errors as sentences

    func testWorkspaceFileThatIsAFolder() throws {
        let folder = try TemporaryFolder("lockstep-yml-folder")
        try FileManager.default.createDirectory(at: folder.path("lockstep.yml"), withIntermediateDirectories: true)
        assertSentence(try Lockstep.run(["check", "--workspace", folder.url.path]), contains: "is a folder")
    }

    func testRepoWithGarbageGitFolder() throws {
        let iw = try IntegrationWorkspace()
        let gitFolder = iw.ws["Base"].url.appendingPathComponent(".git")
        try FileManager.default.removeItem(at: gitFolder)
        try "garbage\n".write(to: gitFolder, atomically: true, encoding: .utf8)
        assertSentence(try iw.lockstep("check"), contains: "is not a git repository")
    }

    // MARK: integrate --report

    func testReportPathIsCheckedBeforeAnythingChanges() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let mainHead = try iw.ws["Main"].head()
        let missing = iw.root.appendingPathComponent("no-such-folder/report.xml").path
        assertSentence(try iw.lockstep("integrate", "Cart", "--report", missing), contains: "does not exist")
        try FileManager.default.createDirectory(
            at: iw.root.appendingPathComponent("reports"), withIntermediateDirectories: true)
        assertSentence(
            try iw.lockstep("integrate", "Cart", "--report", iw.root.appendingPathComponent("reports").path),
            contains: "is a folder")
        assertSentence(
            try iw.lockstep("integrate", "Cart", "--dry-run", "--report", missing), contains: "does not exist")
        XCTAssertEqual(iw.builds(), [], "nothing was built")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "", "nothing was tagged")
        XCTAssertEqual(try iw.ws["Main"].head(), mainHead, "nothing was pinned")
    }

    // MARK: demo --dir

    func testDemoRefusesAFileAndAFolderWithThings() throws {
        let folder = try TemporaryFolder("lockstep-demo-dir")
        let file = folder.path("notes.txt")
        try "mine\n".write(to: file, atomically: true, encoding: .utf8)
        assertSentence(try Lockstep.run(["demo", "--dir", file.path, "--replay-only"]), contains: "is a file")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "mine\n")
        // Below a file: Foundation's own error, as a sentence with the reason.
        assertSentence(
            try Lockstep.run(["demo", "--dir", file.appendingPathComponent("sub").path, "--replay-only"]),
            contains: "cannot write \(file.path)/sub: a part of the path is a file, not a folder")

        let mine = folder.path("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try "keep\n".write(to: mine.appendingPathComponent("work.txt"), atomically: true, encoding: .utf8)
        assertSentence(try Lockstep.run(["demo", "--dir", mine.path, "--replay-only"]), contains: "is not empty")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mine.path), ["work.txt"])

        let demo = folder.path("demo")
        XCTAssertEqual(try Lockstep.run(["demo", "--dir", demo.path, "--replay-only"]).status, 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: demo.path).sorted()
        assertSentence(try Lockstep.run(["demo", "--dir", demo.path, "--replay-only"]), contains: "earlier demo")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: demo.path).sorted(), before)
    }

    // MARK: hostile trees

    func testIntegrateRefusesAnAppTreeWithAGitFolderSpelling() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let shell = iw.ws["Shell"]
        // `.GIT/hooks/post-checkout` next to the real files: git itself refuses to check this out.
        let hook = try GitCLI.run(["hash-object", "-w", "--stdin"], in: shell.url)
        let hooks = try mktree("100644 blob \(hook)\tpost-checkout\n", in: shell.url)
        let dotGit = try mktree("040000 tree \(hooks)\thooks\n", in: shell.url)
        let listing = try GitCLI.run(["ls-tree", "HEAD"], in: shell.url)
        let root = try mktree(listing + "\n040000 tree \(dotGit)\t.GIT\n", in: shell.url)
        let commit = try GitCLI.run(["commit-tree", root, "-p", "HEAD", "-m", "hostile"], in: shell.url)
        try GitCLI.run(["update-ref", "refs/heads/main", commit], in: shell.url)
        let mainHead = try iw.ws["Main"].head()
        let report = iw.root.appendingPathComponent("report.xml")
        let result = try iw.lockstep("integrate", "Cart", "--report", report.path)
        assertSentence(result, contains: "`.GIT`")
        // CI still gets its report: the rules passed, no build ran.
        let xml = try String(contentsOf: report, encoding: .utf8)
        XCTAssertTrue(xml.contains("lockstep integrate: rules") && xml.contains("build Shell (shell)"), xml)
        XCTAssertTrue(result.stderr.contains(String(commit.prefix(7))), result.stderr)
        XCTAssertEqual(iw.builds(), [], "nothing was built")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "", "nothing was tagged")
        XCTAssertEqual(try iw.ws["Main"].head(), mainHead, "nothing was pinned")
    }

    func testBuildCopyLinksAreReplacedNotWrittenThrough() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let outside = iw.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent("swiftpm"), withIntermediateDirectories: true)
        let shell = iw.ws["Shell"]
        // A committed `.swiftpm` link: the copy's mirrors.json must not land in the folder it points to.
        try FileManager.default.createSymbolicLink(
            atPath: shell.url.appendingPathComponent(".swiftpm").path,
            withDestinationPath: outside.appendingPathComponent("swiftpm").path)
        try shell.commit("links to elsewhere")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(iw.builds().count, 2, "Shell and Main were built")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: outside.appendingPathComponent("swiftpm").path), [])
    }

    /// An Xcode app whose project's shared workspace data is a committed link to elsewhere: the copy's
    /// redirections (dropping Package.resolved, writing mirrors.json) must neither delete nor write there.
    func testXcodeRedirectionsNeverGoThroughALinkedFolder() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let outside = iw.root.appendingPathComponent("outside")
        let swiftpm = outside.appendingPathComponent("xcshareddata/swiftpm")
        try FileManager.default.createDirectory(at: swiftpm, withIntermediateDirectories: true)
        try "{}\n".write(to: swiftpm.appendingPathComponent("Package.resolved"), atomically: true, encoding: .utf8)
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        try main.write("Main.xcodeproj/project.pbxproj", XcodeAppTests.project)
        try FileManager.default.createSymbolicLink(
            atPath: main.url.appendingPathComponent("Main.xcodeproj/project.xcworkspace").path,
            withDestinationPath: outside.path)
        try main.commit("an Xcode project whose workspace data lives elsewhere")
        let captured = iw.root.appendingPathComponent("mirrors.json")
        try iw.setScript(
            """
            case "$(basename "$PWD")" in Main*) [ -L Main.xcodeproj/project.xcworkspace ] && exit 9
              cp Main.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/configuration/mirrors.json \
              '\(captured.path)';; esac
            """)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            try String(contentsOf: captured, encoding: .utf8).contains("Cart.git"),
            "the copy got its mirrors, in a real folder")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: swiftpm.path), ["Package.resolved"],
            "nothing written or removed outside")
    }

    private func mktree(_ listing: String, in repo: URL) throws -> String {
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["git", "mktree"], in: repo, environment: GitCLI.environment(), stdin: listing)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
