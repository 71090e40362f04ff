import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

final class MatrixCommandTests: XCTestCase {
    func testSampleMatrixJSONAgreesWithGitAndManifests() throws {
        let folder = try Lockstep.sampleWorkspace()
        let ws = folder.url.appendingPathComponent("ws")
        let result = try Lockstep.run(["matrix", "--format", "json", "--workspace", ws.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let matrix = try JSONDecoder().decode(MatrixJSON.self, from: Data(result.stdout.utf8))
        let config = try WorkspaceConfig.load(from: ws.appendingPathComponent("lockstep.yml"))
        XCTAssertEqual(matrix.components.map(\.name), config.components.map(\.name))
        let mainManifest = try String(contentsOf: ws.appendingPathComponent("apps/Main/Package.swift"), encoding: .utf8)
        let shellManifest = try String(
            contentsOf: ws.appendingPathComponent("apps/Shell/Package.swift"), encoding: .utf8)
        for row in matrix.components {
            let repo = ws.appendingPathComponent("components/\(row.name)")
            // Newest release and prerelease, computed from `git tag` with SemVer ordering.
            let tags = try GitCLI.run(["tag", "--list"], in: repo).split(separator: "\n").map(String.init)
            let versions = tags.compactMap { name in VersionTag.parse(name).map { (name, $0) } }.sorted { $0.1 < $1.1 }
            let release = versions.last { $0.1.prereleaseIdentifiers.isEmpty }
            XCTAssertEqual(row.newestRelease?.tag, release?.0, row.name)
            if let last = versions.last, !last.1.prereleaseIdentifiers.isEmpty {
                XCTAssertEqual(row.newestPrerelease?.tag, last.0, row.name)
            } else {
                XCTAssertNil(row.newestPrerelease, row.name)
            }
            if let release {
                XCTAssertEqual(
                    row.newestRelease?.commit, try GitCLI.run(["rev-list", "-n", "1", release.0], in: repo), row.name)
                let ahead = try GitCLI.run(["rev-list", "--count", "\(release.0)..HEAD"], in: repo)
                XCTAssertEqual("\(row.commitsAhead)", ahead, row.name)
            }
            // Main's pin and Shell's requirement, from the manifests' text.
            let url = "https://git.example.com/ios/\(row.name).git"
            XCTAssertEqual(row.pins["Main"]?.version, Self.requirementVersion(in: mainManifest, url: url), row.name)
            XCTAssertEqual(
                row.pins["Main"]?.kind, mainManifest.contains("\"\(url)\", exact:") ? "exact" : nil, row.name)
            XCTAssertEqual(
                row.requirements["Shell"]?.version, Self.requirementVersion(in: shellManifest, url: url), row.name)
            if let kind = row.protocolSet { XCTAssertEqual(kind.name, config.component(named: row.name)?.implements) }
        }
        // The sample's story: Cart released at 0.1.7 with new commits, Login on v tags, Detail in an rc series.
        let cart = try XCTUnwrap(matrix.components.first { $0.name == "Cart" })
        XCTAssertEqual(cart.newestRelease?.version, "0.1.7")
        XCTAssertGreaterThan(cart.commitsAhead, 0)
        XCTAssertEqual(cart.status, ["LS405"])
        XCTAssertEqual(matrix.components.first { $0.name == "Login" }?.newestRelease?.tag.hasPrefix("v"), true)
        XCTAssertNotNil(matrix.components.first { $0.name == "Detail" }?.newestPrerelease)
    }

    /// The version string of the `.package(url: "<url>", …)` line, read with a regular expression.
    static func requirementVersion(in manifest: String, url: String) -> String? {
        for line in manifest.split(separator: "\n") where line.contains("\"\(url)\"") {
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            // url is quoted[1]; the first version-looking string after it is the requirement's version.
            return quoted.dropFirst(2).first { $0.first?.isNumber == true }.map(String.init)
        }
        return nil
    }

    func testTableAndMarkdownAndColour() throws {
        let folder = try Lockstep.sampleWorkspace()
        let ws = folder.url.appendingPathComponent("ws")
        let table = try Lockstep.run(["matrix"], in: ws.appendingPathComponent("components/Cart"))
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.hasPrefix("COMPONENT"), table.stdout)
        XCTAssertFalse(table.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
        let markdown = try Lockstep.run(["--workspace", ws.path, "matrix", "--format", "markdown"])
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.stdout.contains("| **Cart** | business | CartProtocols 0.1 | 0.1.7 |"), markdown.stdout)
    }

    func testDemoReplayOnlyCreatesAPlainTemporaryFolder() throws {
        let result = try Lockstep.run(["demo", "--replay-only"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertNotNil(path.range(of: "/lockstep-demo-[0-9a-f]{8}$", options: .regularExpression), path)
        XCTAssertFalse(path.contains(" "), path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "/lockstep.yml"))
        XCTAssertEqual(
            try GitCLI.run(["tag", "--list", "0.1.7"], in: URL(fileURLWithPath: path + "/components/Cart")), "0.1.7")
    }

    func testBadWorkspaceFilesExitTwoWithFileLineColumn() throws {
        let folder = try TemporaryFolder("lockstep-badyml")
        let cases: [(String, String)] = [
            (
                "components:\n  - { name: A, path: a, kind: base, colour: red }\n",
                "lockstep.yml:2:37: unknown key `colour`"
            ),
            ("components:\n  - { name: A, path: a }\n", "lockstep.yml:2:5: missing field `kind`"),
            (
                "components:\n  - { name: A, path: a, kind: base }\n  - { name: A, path: b, kind: base }\n",
                "lockstep.yml:3:13: the name `A` is used twice"
            ),
            (
                "components:\n  - { name: A, path: ../a, kind: base }\n",
                "lockstep.yml:2:22: path `../a` is outside the workspace"
            ),
            (
                "components:\n  - { name: A, path: a, kind: business, implements: AProtocols }\n",
                "lockstep.yml:2:53: `A` implements `AProtocols`"
            ),
            ("components:\n  - { name: A, path: a, kind: base\n", "lockstep.yml:3:1: YAML syntax error"),
        ]
        for (yaml, expected) in cases {
            try yaml.write(to: folder.path("lockstep.yml"), atomically: true, encoding: .utf8)
            let result = try Lockstep.run(["matrix"], in: folder.url)
            XCTAssertEqual(result.status, 2, yaml)
            XCTAssertTrue(result.stderr.contains(expected), "expected \(expected) in: \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testNotARepositoryAndNoWorkspaceAndBadUsageExitTwo() throws {
        let folder = try TemporaryFolder("lockstep-norepo")
        try "components:\n  - { name: A, path: components/A, kind: base }\n".write(
            to: folder.path("lockstep.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.path("components/A"), withIntermediateDirectories: true)
        let notRepo = try Lockstep.run(["matrix", "--workspace", folder.url.path])
        XCTAssertEqual(notRepo.status, 2)
        XCTAssertTrue(
            notRepo.stderr.contains("A: \(folder.path("components/A").path) is not a git repository"), notRepo.stderr)

        let empty = try TemporaryFolder("lockstep-empty")
        let none = try Lockstep.run(["matrix"], in: empty.url)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("no lockstep.yml"), none.stderr)

        let usage = try Lockstep.run(["matrix", "--format", "yaml"], in: empty.url)
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("yaml"), usage.stderr)
    }
}
