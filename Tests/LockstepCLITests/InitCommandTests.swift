import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `lockstep init` on a workspace laid out as a team's: components/ and apps/, protocol-set pairs, a component
/// from another owner, a renamed repo the apps still name by its old name, a registry id, a repo that is no package.
final class InitCommandTests: XCTestCase {
    private func teamWorkspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        ws.remote = "https://github.com/acme/{name}.git"
        func component(_ name: String, origin: String? = nil, deps: [String] = []) throws {
            let repo = try ws.component(name, dependencies: deps.map { ws.dep($0, "from: \"1.0.0\"") })
            try repo.git("remote", "add", "origin", origin ?? ws.url(name))
            try repo.release("1.0.0")
        }
        try component("Networking")
        try component("LoginProtocols", deps: ["Networking"])
        try component("Login", deps: ["LoginProtocols", "Networking"])
        try component("Cart-API")
        try component("Cart", deps: ["Cart-API", "Networking"])
        try component("Analytics", origin: "git@github.com:partner/Analytics.git")
        // Renamed on the server to StorageKit; the apps still use the old URL.
        try component("Storage", origin: "https://github.com/acme/StorageKit.git")
        let pins =
            ["Networking", "LoginProtocols", "Login", "Cart-API", "Cart", "Storage"].map {
                ws.dep($0, "exact: \"1.0.0\"")
            }
            + [#"url: "https://github.com/partner/Analytics", exact: "1.0.0""#]
        try ws.app("Main", role: "main", dependencies: pins).git(
            "remote", "add", "origin", "https://github.com/acme/Main.git")
        try ws.app(
            "Shell", role: "shell",
            dependencies: [#"id: "acme.Networking", from: "1.0.0""#, ws.dep("Cart", "from: \"1.0.0\"")])
        // Not packages, or not to be looked into.
        let docs = ws.root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try GitCLI.run(["init", "-q"], in: docs)
        try "notes\n".write(to: docs.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try GitCLI.run(["add", "-A"], in: docs)
        try GitCLI.run(["commit", "-q", "-m", "docs"], in: docs)
        for hidden in [".build/checkouts/Other", ".cache/Other"] {
            try GitCLI.run(["init", "-q", ws.root.appendingPathComponent(hidden).path], in: ws.root)
        }
        try FileManager.default.removeItem(at: ws.root.appendingPathComponent("lockstep.yml"))
        return ws
    }

    func testInitThenMatrixOnATeamsWorkspace() throws {
        let ws = try teamWorkspace()
        let file = ws.root.appendingPathComponent("lockstep.yml")

        let dry = try Lockstep.run(["init", ws.root.path, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "--dry-run wrote the file")
        XCTAssertTrue(dry.stderr.contains("Login (components/Login): business implementing LoginProtocols"), dry.stderr)
        XCTAssertTrue(
            dry.stderr.contains(
                """
                docs: left out, it has no Package.swift, podspec, single *.xcodeproj, project.yml, \
                Tuist/Package.swift or Podfile at HEAD
                """
            ), dry.stderr)

        let written = try Lockstep.run(["init"], in: ws.root)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stdout.contains("wrote \(file.path): 7 components, 2 apps"), written.stdout)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), dry.stdout)

        let config = try WorkspaceConfig.load(from: file)
        XCTAssertEqual(config.remotes, ["https://github.com/acme/{name}.git"])
        let byName = Dictionary(uniqueKeysWithValues: config.components.map { ($0.name, $0) })
        XCTAssertEqual(
            Set(byName.keys), ["Networking", "LoginProtocols", "Login", "Cart-API", "Cart", "Analytics", "StorageKit"])
        XCTAssertEqual(byName["LoginProtocols"]?.kind, .protocols)
        XCTAssertEqual(byName["Login"]?.kind, .business(implements: "LoginProtocols"))
        XCTAssertEqual(byName["Cart-API"]?.kind, .protocols)
        XCTAssertEqual(byName["Cart"]?.kind, .business(implements: "Cart-API"))
        XCTAssertEqual(byName["Networking"]?.kind, .base)
        XCTAssertEqual(byName["Analytics"]?.url, "git@github.com:partner/Analytics.git")
        XCTAssertNil(byName["Networking"]?.url)
        XCTAssertEqual(byName["StorageKit"]?.path, "components/Storage")
        XCTAssertEqual(byName["StorageKit"]?.aliases, ["Storage"])
        XCTAssertEqual(config.apps.map(\.name), ["Main", "Shell"])
        XCTAssertEqual(config.apps.map(\.role), [.main, .shell])
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("kind base: nothing in its name marks a protocol set"), text)

        let matrix = try Lockstep.run(["matrix", "--format", "json", "--workspace", ws.root.path])
        XCTAssertEqual(matrix.status, 0, matrix.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(json["components"] as? [[String: Any]])
        XCTAssertEqual(Set(rows.compactMap { $0["name"] as? String }), Set(byName.keys))
        // Every app requirement was matched to its component: the renamed repo, the other owner, the registry id.
        let table = try Lockstep.run(["matrix", "--wide", "--workspace", ws.root.path])
        XCTAssertEqual(table.status, 0, table.stderr)
        for line in table.stdout.split(separator: "\n")
        where line.hasPrefix("StorageKit") || line.hasPrefix("Analytics") || line.hasPrefix("Networking") {
            XCTAssertTrue(line.contains("1.0.0     "), String(line))
        }
        XCTAssertFalse(table.stdout.contains("LS404"), table.stdout)
    }

    func testRefusesToOverwriteWithoutForceAndExplainsAnEmptyFolder() throws {
        let ws = try teamWorkspace()
        let file = ws.root.appendingPathComponent("lockstep.yml")
        try "hand-written\n".write(to: file, atomically: true, encoding: .utf8)
        let refused = try Lockstep.run(["init", ws.root.path])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("already exists; it was left as it is"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("(components/"), "refused before guessing: \(refused.stderr)")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "hand-written\n")

        let forced = try Lockstep.run(["init", ws.root.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNoThrow(try WorkspaceConfig.load(from: file))

        let empty = try TemporaryFolder("lockstep-init-empty")
        let none = try Lockstep.run(["init", empty.url.path])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("found no git repository under"), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: empty.path("lockstep.yml").path))
    }
}
