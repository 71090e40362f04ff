import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

final class ConfigTests: XCTestCase, ConfigTesting {
    func load(_ yaml: String) throws -> WorkspaceConfig {
        let folder = try TemporaryFolder("lockstep-config")
        let file = folder.path("lockstep.yml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try withExtendedLifetime(folder) { try WorkspaceConfig.load(from: file) }
    }

    let good = """
        remote: https://git.example.com/ios/{name}.git
        components:
          - { name: Networking, path: components/Networking, kind: base }
          - { name: LoginProtocols, path: components/LoginProtocols, kind: protocols }
          - { name: Login, path: components/Login, kind: business, implements: LoginProtocols }
        apps:
          - { name: Main, path: apps/Main, role: main, build: swift build -c release }
          - { name: Shell, path: apps/Shell, role: shell }
        """

    func testValidConfig() throws {
        let config = try load(good)
        XCTAssertEqual(config.components.map(\.name), ["Networking", "LoginProtocols", "Login"])
        XCTAssertEqual(config.components[2].implements, "LoginProtocols")
        XCTAssertEqual(config.apps.map(\.build), ["swift build -c release", "swift build"])
        XCTAssertEqual(config.remoteURL(of: "Login"), "https://git.example.com/ios/Login.git")
    }

    func testSpecRepoAndComponentManifests() throws {
        let config = try load(
            good.replacingOccurrences(of: "kind: base }", with: "kind: base, manifest: Networking.podspec.json }")
                + "\nspecs: Specs/private\n")
        XCTAssertEqual(config.specs, "Specs/private")
        XCTAssertEqual(config.components[0].manifest, "Networking.podspec.json")
        assertConfigError(
            good + "\nspecs: ../Specs\n", line: 9, column: 8, contains: "path `../Specs` is outside the workspace")
        assertConfigError(
            good + "\nspecs: [a]\n", line: 9, column: 8, contains: "specs is the path of the team's CocoaPods spec repo"
        )
        assertConfigError(
            good + "\nspecs: components/Login\n", line: 9, column: 8,
            contains: "specs `components/Login` is Login's repo")
        for bad in ["Podfile", "../Networking.podspec", "App.xcodeproj/project.pbxproj"] {
            assertConfigError(
                good.replacingOccurrences(of: "kind: base }", with: "kind: base, manifest: \"\(bad)\" }"), line: 3,
                column: 76,
                contains: "manifest `\(bad)` is not a component manifest lockstep reads")
        }
    }

    func testComponentPlatforms() throws {
        let config = try load(
            good.replacingOccurrences(of: "kind: base }", with: "kind: base, platforms: [iOS, macOS, linux, OSX] }"))
        XCTAssertEqual(config.components[0].platforms, ["iOS", "macOS", "Linux"], "os(…) spelling, each once")
        XCTAssertNil(config.components[1].platforms)
        assertConfigError(
            good.replacingOccurrences(of: "kind: base }", with: "kind: base, platforms: [iOS, Amiga] }"),
            line: 3, column: 83, contains: "unknown platform `Amiga`")
        assertConfigError(
            good.replacingOccurrences(of: "kind: base }", with: "kind: base, platforms: iOS }"),
            line: 3, column: 77, contains: "`platforms` must be a non-empty list")
    }

    func testUnknownKey() {
        assertConfigError(
            good.replacingOccurrences(of: "kind: base }", with: "kind: base, owner: me }"),
            line: 3, column: 66, contains: "unknown key `owner`")
    }

    func testUnknownTopLevelKey() {
        assertConfigError("remotes: x\n" + good, line: 1, column: 1, contains: "unknown key `remotes`")
    }

    func testMissingField() {
        assertConfigError(
            good.replacingOccurrences(
                of: "{ name: Networking, path: components/Networking, kind: base }",
                with: "{ name: Networking, path: components/Networking }"),
            line: 3, column: 5, contains: "missing field `kind`")
    }

    func testDuplicateName() {
        assertConfigError(
            good.replacingOccurrences(of: "name: Shell", with: "name: Login"),
            line: 8, column: 13, contains: "`Login` is used twice")
    }

    func testPathOutsideWorkspace() {
        assertConfigError(
            good.replacingOccurrences(of: "path: apps/Main", with: "path: ../../etc"),
            line: 7, column: 25, contains: "outside the workspace")
        assertConfigError(
            good.replacingOccurrences(of: "path: apps/Main", with: "path: /etc"),
            line: 7, column: 25, contains: "outside the workspace")
    }

    func testImplementsNamesNoProtocolSet() {
        assertConfigError(
            good.replacingOccurrences(of: "implements: LoginProtocols", with: "implements: Networking"),
            line: 5, column: 72, contains: "not a protocol set")
        assertConfigError(
            good.replacingOccurrences(of: "implements: LoginProtocols", with: "implements: Nope"),
            line: 5, column: 72, contains: "not a protocol set")
    }

    func testYAMLSyntaxError() {
        assertConfigError(
            good.replacingOccurrences(of: "kind: base }", with: "kind: base"),
            line: 4, column: 5, contains: "YAML syntax error")
    }

    func testUnknownKindAndRole() {
        assertConfigError(
            good.replacingOccurrences(of: "kind: base", with: "kind: library"), line: 3, column: 60,
            contains: "unknown kind `library`")
        assertConfigError(
            good.replacingOccurrences(of: "role: shell", with: "role: host"), line: 8, column: 44,
            contains: "unknown role `host`")
    }

    func testBusinessWithoutImplementsAndRemoteWithoutPlaceholder() {
        assertConfigError(
            good.replacingOccurrences(of: ", implements: LoginProtocols", with: ""), line: 5, column: 5,
            contains: "missing `implements:`")
        assertConfigError(
            good.replacingOccurrences(of: "ios/{name}.git", with: "ios/x.git"), line: 1, column: 9, contains: "{name}")
    }

    func testLocateSearchesParents() throws {
        let folder = try TemporaryFolder("lockstep-locate")
        try good.write(to: folder.path("lockstep.yml"), atomically: true, encoding: .utf8)
        let nested = folder.path("components/Networking/Sources")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        XCTAssertEqual(
            WorkspaceConfig.locate(from: nested)?.standardizedFileURL.path,
            folder.path("lockstep.yml").standardizedFileURL.path)
    }
}
