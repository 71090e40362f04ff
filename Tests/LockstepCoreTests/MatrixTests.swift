import Foundation
import LockstepCore
import LockstepManifest
import LockstepTestSupport
import XCTest

final class MatrixTests: XCTestCase {
    func row(_ matrix: Matrix, _ name: String) throws -> Matrix.Row {
        try XCTUnwrap(matrix.rows.first { $0.name == name })
    }

    func testNonVersionTagIsIgnoredAndWarned() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Networking")
        try repo.release("1.0.0")
        try repo.tag("nightly")
        let row = try row(try ws.matrix(), "Networking")
        XCTAssertEqual(row.newestRelease?.name, "1.0.0")
        XCTAssertEqual(row.status, ["LS101"])
        XCTAssertTrue(row.findings[0].message.contains("`nightly`"))
    }

    func testVPrefixedRepo() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Login")
        try repo.release("v1.0.0")
        try repo.write("a", "1"); try repo.release("v1.1.0", annotated: true)
        let row = try row(try ws.matrix(), "Login")
        XCTAssertEqual(row.newestRelease?.name, "v1.1.0")
        XCTAssertEqual(row.newestRelease?.version.description, "1.1.0")
        XCTAssertEqual(try ws.snapshot().component("Login")?.tagStyle, .vPrefixed)
        XCTAssertEqual(row.status, [])
    }

    func testReleaseCandidateSeriesRc10IsNewest() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Cart")
        try repo.release("0.1.7")
        for n in 1...10 { try repo.write("f", "\(n)"); try repo.release("0.1.8-rc.\(n)") }
        let row = try row(try ws.matrix(), "Cart")
        XCTAssertEqual(row.newestRelease?.name, "0.1.7")
        XCTAssertEqual(row.newestPrerelease?.name, "0.1.8-rc.10")
        XCTAssertEqual(row.commitsAhead, 10)
        XCTAssertEqual(row.status, ["LS405"])
    }

    func testComponentWithNoTagsAndPrereleaseOnlyHistory() throws {
        let ws = try WorkspaceBuilder()
        let bare = try ws.component("Fresh")
        try bare.commit("one"); try bare.write("x", "2"); try bare.commit("two")
        let pre = try ws.component("Early")
        try pre.release("0.1.0-rc.1")
        try pre.write("x", "2"); try pre.release("0.1.0-rc.2", annotated: true)
        let matrix = try ws.matrix()
        let fresh = try row(matrix, "Fresh")
        XCTAssertNil(fresh.newestRelease)
        XCTAssertNil(fresh.newestPrerelease)
        XCTAssertEqual(fresh.commitsAhead, 2)
        XCTAssertEqual(fresh.status, [], "LS405 speaks of commits after a release; there is none yet")
        let early = try row(matrix, "Early")
        XCTAssertNil(early.newestRelease)
        XCTAssertEqual(early.newestPrerelease?.name, "0.1.0-rc.2")
        XCTAssertEqual(early.commitsAhead, 2)
    }

    func testAnnotatedAndLightweightTagsPointAtTheirCommits() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Mediator")
        let first = try repo.release("1.0.0", annotated: true)
        try repo.write("x", "1")
        let second = try repo.release("1.0.1")
        let tags = try XCTUnwrap(ws.snapshot().component("Mediator")?.versionTags)
        XCTAssertEqual(tags.map(\.name), ["1.0.0", "1.0.1"])
        XCTAssertEqual(tags.map(\.commit.hex), [first, second])
        XCTAssertEqual(tags.map(\.isAnnotated), [true, false])
    }

    func testEveryRequirementKindInAppsAndMainPinRules() throws {
        let ws = try WorkspaceBuilder()
        let names = ["Exact", "From", "Minor", "Range", "Closed", "Branch", "Revision", "Pre"]
        for name in names {
            let repo = try ws.component(name)
            try repo.release("1.0.0")
            try repo.write("x", "1"); try repo.release("1.1.0-rc.1")
        }
        let main = [
            ws.dep("Exact", "exact: \"1.0.0\""), ws.dep("From", "from: \"1.0.0\""),
            ws.dep("Minor", ".upToNextMinor(from: \"1.0.0\")"), ws.dep("Range", "\"1.0.0\"..<\"2.0.0\""),
            ws.dep("Closed", "\"1.0.0\"...\"1.0.0\""), ws.dep("Branch", "branch: \"main\""),
            ws.dep("Revision", "revision: \"abc\""), ws.dep("Pre", "exact: \"1.1.0-rc.1\""),
            "url: \"https://github.com/apple/swift-log.git\", from: \"1.0.0\"",
        ]
        try ws.app("Main", role: "main", dependencies: main)
        try ws.app(
            "Shell", role: "shell",
            dependencies: [ws.dep("Exact", "exact: \"3.0.0\""), ws.dep("From", "from: \"1.0.0\"")])
        let matrix = try ws.matrix()
        XCTAssertEqual(try row(matrix, "Exact").pins["Main"], .exact("1.0.0"))
        XCTAssertEqual(try row(matrix, "Minor").pins["Main"], .upToNextMinor("1.0.0"))
        XCTAssertEqual(try row(matrix, "Range").pins["Main"], .range("1.0.0", "2.0.0"))
        XCTAssertEqual(try row(matrix, "Closed").pins["Main"], .closedRange("1.0.0", "1.0.0"))
        XCTAssertEqual(try row(matrix, "Branch").pins["Main"], .branch("main"))
        XCTAssertEqual(try row(matrix, "Revision").pins["Main"], .revision("abc"))
        XCTAssertEqual(try row(matrix, "From").requirements["Shell"], .upToNextMajor("1.0.0"))
        XCTAssertNil(try row(matrix, "Minor").requirements["Shell"] as Requirement?)
        for name in ["From", "Minor", "Range", "Closed", "Branch", "Revision"] {
            XCTAssertTrue(try row(matrix, name).status.contains("LS401"), name)
        }
        XCTAssertFalse(try row(matrix, "Exact").status.contains("LS401"))
        XCTAssertEqual(try row(matrix, "Pre").status, ["LS402", "LS405"])
        // Shell requires Exact 3.0.0, which no tag provides (and does not admit main's 1.0.0).
        XCTAssertEqual(Set(try row(matrix, "Exact").status), ["LS403", "LS404", "LS405"])
        // swift-log matches no component: it is not a row and raises nothing.
        XCTAssertEqual(matrix.rows.count, names.count)
        XCTAssertTrue(matrix.appFindings.isEmpty)
        let mainSnapshot = try XCTUnwrap(ws.snapshot().app("Main"))
        XCTAssertEqual(
            mainSnapshot.dependencies.filter { $0.component == nil }.map(\.dependency.identity), ["swift-log"])
    }

    func testDependencyMatchedByPackageNameWhenURLDiffers() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Cart").release("0.1.0")
        try ws.app("Main", role: "main", dependencies: ["url: \"git@git.example.com:ios/Cart.git\", exact: \"0.1.0\""])
        XCTAssertEqual(try row(try ws.matrix(), "Cart").pins["Main"], .exact("0.1.0"))
    }

    func testMissingRepoIsAClearError() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Cart").release("0.1.0")
        try FileManager.default.removeItem(at: ws.root.appendingPathComponent("components/Cart/.git"))
        XCTAssertThrowsError(try ws.snapshot()) { error in
            XCTAssertTrue(error is WorkspaceError)
            XCTAssertTrue("\(error)".contains("is not a git repository"), "\(error)")
            XCTAssertTrue("\(error)".contains("components/Cart"), "\(error)")
        }
    }

    func testJSONAndMarkdownRenderings() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Cart").release("0.1.7")
        try ws.app("Main", role: "main", dependencies: [ws.dep("Cart", "exact: \"0.1.7\"")])
        let matrix = try ws.matrix()
        let decoded = try JSONDecoder().decode(MatrixJSON.self, from: Data(try matrix.jsonText().utf8))
        XCTAssertEqual(decoded.schemaVersion, 1)
        XCTAssertEqual(decoded.components.first?.pins["Main"]?.version, "0.1.7")
        XCTAssertEqual(decoded.components.first?.status, ["ok"])
        let markdown = matrix.markdown()
        XCTAssertTrue(markdown.hasPrefix("| COMPONENT | KIND |"), markdown)
        XCTAssertTrue(markdown.contains("| **Cart** | base |"), markdown)
        XCTAssertFalse(matrix.table(style: .plain).contains("\u{1B}["))
        XCTAssertTrue(matrix.table(style: Style(enabled: true)).contains("\u{1B}["))
    }
}
