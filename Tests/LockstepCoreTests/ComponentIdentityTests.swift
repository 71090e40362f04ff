import Foundation
import LockstepCore
import LockstepManifest
import LockstepTestSupport
import XCTest

/// `url:`, `aliases:`, `remote` lists, and the one matching rule (SwiftPM identity) every command goes through.
final class ComponentIdentityTests: XCTestCase, ConfigTesting {
    var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder("lockstep-identity") }

    func load(_ yaml: String) throws -> WorkspaceConfig {
        let file = folder.path("lockstep.yml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try WorkspaceConfig.load(from: file)
    }

    let good = """
        remote:
          - https://git.example.com/ios/{name}.git
          - git@git.example.com:ios/ios-{name}.git
        components:
          - { name: Networking, path: components/Networking, kind: base, url: \
          "https://github.com/other-owner/NetKit.git" }
          - { name: Storage, path: components/Storage, kind: base, aliases: [StorageKit, \
          "https://old.example.com/team/LegacyStore.git", acme.storage-registry] }
          - { name: LoginProtocols, path: components/LoginProtocols, kind: protocols }
          - { name: Login, path: components/Login, kind: business, implements: LoginProtocols }
        apps:
          - { name: Main, path: apps/Main, role: main }
        """

    private func dependency(_ arguments: String) throws -> PackageDependency {
        try XCTUnwrap(
            Manifest.parse(
                "let package = Package(name: \"A\", dependencies: [.package(\(arguments))])", file: "Package.swift"
            ).dependencies.first)
    }

    func testURLAliasesAndRemoteListsAreReadAndUsed() throws {
        let config = try load(good)
        XCTAssertEqual(
            config.remotes, ["https://git.example.com/ios/{name}.git", "git@git.example.com:ios/ios-{name}.git"])
        XCTAssertEqual(config.components[0].url, "https://github.com/other-owner/NetKit.git")
        XCTAssertEqual(
            config.components[1].aliases,
            ["StorageKit", "https://old.example.com/team/LegacyStore.git", "acme.storage-registry"])
        // The URL Lockstep writes: url: first, else the first pattern.
        XCTAssertEqual(config.remoteURL(of: "Networking"), "https://github.com/other-owner/NetKit.git")
        XCTAssertEqual(config.remoteURL(of: "Login"), "https://git.example.com/ios/Login.git")
        XCTAssertEqual(try load("remote: https://h/{name}\ncomponents: []\n").remotes, ["https://h/{name}"])
    }

    func testMatchingFollowsSwiftPMIdentity() throws {
        let config = try load(good)
        let cases: [(String, String?)] = [
            (#"url: "https://github.com/other-owner/NetKit.git", from: "1.0.0""#, "Networking"),
            (#"url: "git@github.com:fork/netkit", from: "1.0.0""#, "Networking"),  // same identity, another host
            (#"url: "https://git.example.com/ios/Networking.git", from: "1.0.0""#, "Networking"),
            (#"url: "https://git.example.com/ios/STORAGEKIT.git", from: "1.0.0""#, "Storage"),
            (#"url: "https://elsewhere/LegacyStore", from: "1.0.0""#, "Storage"),
            (#"id: "acme.storage-registry", from: "1.0.0""#, "Storage"),  // alias that is a registry id
            (#"id: "acme.Login", from: "1.0.0""#, "Login"),  // the id's name part
            (#"url: "git@git.example.com:ios/ios-Login.git", from: "1.0.0""#, "Login"),  // second remote pattern
            (#"path: "../components/LoginProtocols""#, "LoginProtocols"),
            (#"name: "Login", url: "https://git.example.com/ios/Other.git", from: "1.0.0""#, nil),  // name: is ignored
            (#"id: "acme.Unknown", from: "1.0.0""#, nil),
        ]
        for (arguments, expected) in cases {
            XCTAssertEqual(config.componentName(for: try dependency(arguments)), expected, arguments)
        }
    }

    func testTwoComponentsClaimingOneIdentityIsAnErrorNamingBoth() {
        assertConfigError(
            good.replacingOccurrences(of: "[StorageKit,", with: "[Login,"),
            line: 8, column: 13,
            contains: "`login` is claimed by `Storage` (its aliases, line 6) and by `Login` (its name)")
        assertConfigError(
            good.replacingOccurrences(
                of: "kind: protocols }", with: "kind: protocols, url: \"https://x.example.com/a/netkit\" }"),
            line: 7, column: 84,
            contains: "`netkit` is claimed by `Networking` (its url, line 5) and by `LoginProtocols` (its url)")
    }

    func testBadRemoteURLAndAliasesPointAtTheirPlace() {
        assertConfigError("remote: []\ncomponents: []\n", line: 1, column: 9, contains: "empty list")
        assertConfigError(
            "remote: [\"https://a/{name}\", \"https://a/{name}\"]\ncomponents: []\n", line: 1, column: 30,
            contains: "listed twice")
        assertConfigError(
            "remote: [\"https://a/{name}\", \"https://b/x\"]\ncomponents: []\n", line: 1, column: 30,
            contains: "must contain `{name}`")
        assertConfigError(
            "remote: [\"https://a/{name}\", [x]]\ncomponents: []\n", line: 1, column: 30, contains: "or a list of them")
        let base = "components:\n  - { name: A, path: a, kind: base, %@ }\n"
        assertConfigError(
            base.replacingOccurrences(of: "%@", with: "url: \"https://a b/A\""), line: 2, column: 42,
            contains: "cannot appear in a URL")
        assertConfigError(
            base.replacingOccurrences(of: "%@", with: "url: [x]"), line: 2, column: 42, contains: "non-empty string")
        assertConfigError(
            base.replacingOccurrences(of: "%@", with: "aliases: Old"), line: 2, column: 46, contains: "must be a list")
        assertConfigError(
            base.replacingOccurrences(of: "%@", with: "aliases: [Old, \"a\\u0007\"]"), line: 2, column: 52,
            contains: "alias contains U+0007")
        assertConfigError(
            base.replacingOccurrences(of: "%@", with: "aliases: [\"/\"]"), line: 2, column: 47,
            contains: "no last path component")
    }
}
