import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `lockstep.yml` written to hurt: names that are paths, paths through links, URLs that are code, alias bombs.
final class HostileConfigTests: XCTestCase, ConfigTesting {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder("lockstep-hostile")
    }

    func load(_ yaml: String) throws -> WorkspaceConfig {
        let file = folder.path("lockstep.yml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try WorkspaceConfig.load(from: file)
    }

    func config(
        component name: String = "Networking", path: String = "components/Networking",
        remote: String = "https://git.example.com/ios/{name}.git", app: String = "Main"
    ) -> String {
        """
        remote: \(remote)
        components:
          - { name: \(name), path: \(path), kind: base }
        apps:
          - { name: \(app), path: apps/Main, role: main }
        """
    }

    // MARK: names

    func testNamesThatAreNotFileNamesAreRefused() {
        let names = [
            "\"../../x\"", "\"a/b\"", "..", ".hidden", "\"a\\\\b\"", "\"a\\u0007b\"", "\"a\\tb\"", "\"a b\"", "-rf",
            "\"Cart\\u202E\"", "\"\\u0000\"",
        ]
        for name in names {
            assertConfigError(config(component: name), line: 3, column: 13, contains: "is not allowed")
            assertConfigError(config(app: name), line: 5, column: 13, contains: "is not allowed")
        }
        assertConfigError(
            config(component: String(repeating: "a", count: 101)), line: 3, column: 13, contains: "at most 100")
    }

    func testNamesThatDifferOnlyInCaseAreRefused() {
        assertConfigError(config(component: "Main"), line: 5, column: 13, contains: "used twice")
        assertConfigError(config(component: "main"), line: 5, column: 13, contains: "differ only in case")
    }

    func testFileNamesAreCheckedAgainForConfigsBuiltInCode() throws {
        XCTAssertEqual(try SafeName.fileName("Cart_2"), "Cart_2")
        for name in ["../x", "a/b", ".git", "", "a\u{0}b"] {
            XCTAssertThrowsError(try SafeName.fileName(name), name) { error in
                XCTAssertTrue(error is WorkspaceError, "\(error)")
            }
        }
    }

    func testOrdinaryNamesStillWork() throws {
        for name in ["Login-Protocols", "Cart_2", "Networking", "UI.Kit", "3D"] {
            XCTAssertEqual(try load(config(component: name)).components.first?.name, name)
        }
    }

    // MARK: paths and links

    func link(_ relative: String, to destination: String) throws {
        let url = folder.path(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    func testPathThroughALinkOutsideIsRefused() throws {
        let elsewhere = try TemporaryFolder("lockstep-elsewhere")
        try FileManager.default.createDirectory(at: elsewhere.path("Networking"), withIntermediateDirectories: true)
        try link("components/Networking", to: elsewhere.path("Networking").path)
        assertConfigError(config(), line: 3, column: 31, contains: "outside the workspace")
        // A link in the middle of the path, relative, and a dangling one.
        try link("vendor", to: "../\(elsewhere.url.lastPathComponent)")
        assertConfigError(config(path: "vendor/Networking"), line: 3, column: 31, contains: "outside the workspace")
        try link("dangling", to: elsewhere.path("not-yet").path)
        assertConfigError(config(path: "dangling"), line: 3, column: 31, contains: "outside the workspace")
        try link("up", to: "..")
        assertConfigError(
            config(path: "up/\(elsewhere.url.lastPathComponent)/Networking"), line: 3, column: 31,
            contains: "outside the workspace")
        assertConfigError(
            config(path: "\"components/a\\nb\""), line: 3, column: 31, contains: "control character U+000A")
        try link("loop", to: "loop")
        assertConfigError(config(path: "loop/x"), line: 3, column: 31, contains: "too many symbolic links")
    }

    func testLinksInsideTheWorkspaceAndALinkedRootAreFine() throws {
        try FileManager.default.createDirectory(at: folder.path("real/Networking"), withIntermediateDirectories: true)
        try link("components/Networking", to: "../real/Networking")
        XCTAssertEqual(try load(config()).components.first?.path, "real/Networking")
        // The workspace folder itself reached through a link (like /tmp on macOS).
        let elsewhere = try TemporaryFolder("lockstep-linked-root")
        try FileManager.default.createSymbolicLink(at: elsewhere.path("ws"), withDestinationURL: folder.url)
        let config = try WorkspaceConfig.load(from: elsewhere.path("ws/lockstep.yml"))
        XCTAssertEqual(config.components.first?.path, "real/Networking")
    }

    func testARepoLinkedOutsideAfterLoadingIsNotOpened() throws {
        let elsewhere = try TemporaryFolder("lockstep-elsewhere")
        try GitCLI.run(["init", "-q"], in: elsewhere.url)
        // No apps: the component is the only repo to open.
        let config = try load("components:\n  - { name: Networking, path: components/Networking, kind: base }\n")
        try link("components/Networking", to: elsewhere.url.path)
        XCTAssertThrowsError(try SnapshotLoader.load(config)) { error in
            XCTAssertTrue("\(error)".contains("outside the workspace"), "\(error)")
            XCTAssertTrue("\(error)".contains("Networking"), "\(error)")
        }
    }

    // MARK: remote

    func testRemoteWithCharactersNoURLHasIsRefused() {
        let remotes = [
            #""https://x.example/{name}.git\"), .package(url: \"https://evil""#,
            #""https://x.example/{name} .git""#, #""https://x.example/\\{name}""#, #""https://x.example/`{name}`""#,
            #""https://x.example/<{name}>""#, #""https://x.example/{name}\n""#, #""https://x.example/{name}\u0000""#,
            #""https://x.example/{name}\u2028""#, #""https://x.example/{{name}}""#,
        ]
        for remote in remotes {
            assertConfigError(config(remote: remote), line: 1, column: 9, contains: "cannot appear in a URL")
        }
    }

    func testOrdinaryRemotesStillWork() throws {
        for remote in [
            "https://git.example.com/ios/{name}.git", "git@github.com:org/{name}.git", "ssh://git@host:2222/ios/{name}",
            "file:///srv/git/{name}.git", "https://host/~team/{name}%20x.git?ref=1#x",
            "https://host/o'brien/{name}.git",
        ] {
            XCTAssertEqual(
                try load(config(remote: remote)).remoteURL(of: "Cart"),
                remote.replacingOccurrences(of: "{name}", with: "Cart"))
        }
    }

    // MARK: YAML aliases

    /// Nine levels of nine aliases: 9^9 (387 million) scalars once expanded. The old parser hashed an alias
    /// used as a mapping key in full while composing (minutes); the scan refuses at the first anchor.
    /// ci/fuzz found it: Yams compares duplicate collection keys in time exponential in their depth
    /// (24 levels took seconds, each level doubles it).
    func testCollectionKeysAndDeepNestingAreRefusedBeforeComposing() {
        let deep = String(repeating: "[", count: 24) + "x" + String(repeating: "]", count: 24)
        let duplicateKeys = "x:\n  ? [\(deep), 1]\n  : a\n  ? [\(deep), 1]\n  : b\n"
        assertConfigError(
            duplicateKeys + config(), line: 2, column: 5, contains: "a mapping key that is a list or a mapping")
        let nested = "x: " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n"
        assertConfigError(nested + config(), line: 1, column: 19, contains: "nested more than 16 deep")
        // Modest nesting passes the scan and meets the ordinary checks.
        assertConfigError("x: [[[{a: [b]}]]]\n" + config(), line: 1, column: 1, contains: "unknown key `x`")
    }

    func testAliasBombsAreRefusedAtTheFirstAnchor() {
        var lines = ["lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 {
            lines.append(
                "lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]"
            )
        }
        let laughs = lines.joined(separator: "\n") + "\n"
        assertConfigError(laughs + config(), line: 1, column: 7, contains: "does not accept anchors or aliases")
        let aliasKeys = "x:\n  " + lines.joined(separator: "\n  ") + "\n  ? *l8\n  : boom\n" + config()
        assertConfigError(aliasKeys, line: 2, column: 9, contains: "anchor `&l0`")
    }

    func testAnAliasAloneIsRefusedWhereItStands() {
        let yaml = config().replacingOccurrences(of: "kind: base", with: "kind: *k")
        assertConfigError(yaml, line: 3, column: 60, contains: "alias `*k`")
    }
}
