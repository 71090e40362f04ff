import Foundation
import LockstepCore
import LockstepManifest
import LockstepTestSupport
import Version
import XCTest

/// Inputs ci/fuzz found, kept so the properties it checks hold on every test run.
final class FuzzRegressionTests: XCTestCase {
    /// mxcl/Version reads `Int("01")` as 1 and drops empty identifiers; a tag must be the version's own text.
    func testTagsThatAreNotStrictSemVerAreNotVersions() {
        for name in [
            "01.2.3", "1.02.3", "1.2.03", "v01.0.0", "1.2.+3", "+1.2.3", "1.2.3-", "1.2.3+", "1.2.3-rc..1",
            "1.2.3-rc.1.", "1.2.3-rc.01", "1.2.3-é", "1.2.3-rc_1", "1.2.3+build..5", "0001.0.0-rc.1",
        ] {
            XCTAssertNil(VersionTag.parse(name), name)
        }
        for name in [
            "1.2.3-rc.1", "v1.2.3-rc.10", "1.2.3-0", "1.2.3-0a.1", "1.2.3-x-y.7", "1.0.0+001",
            "1.0.0-beta+exp.sha.5114f85",
            "1234567890.0.0",
        ] {
            let body = name.hasPrefix("v") ? String(name.dropFirst()) : name
            XCTAssertEqual(VersionTag.parse(name)?.description, body, name)
        }
    }

    /// mxcl/Version's parser traps (a range with lowerBound > upperBound) when a `+` comes before the `-` and
    /// the numbers still read, as `Int("+3")` does; any repo's tag or manifest could carry such text.
    func testVersionTextThatTrappedTheParserIsNotAVersion() {
        for text in ["1.2.+3-rc", "+1.2.3-a", "0.+1.2--", "1.+2.3-x+y"] {
            XCTAssertNil(VersionTag.parse(text), text)
            XCTAssertNil(VersionTag.parse("v" + text), text)
            XCTAssertNil(Requirement.exact(text).interval, text)
            XCTAssertNil(Requirement.range("1.0.0", text).interval, text)
            XCTAssertNil(Requirement.upToNextMajor(text).interval, text)
        }
        // Build metadata may hold a `-`; the old parser read the `+` as part of the patch number and gave up.
        XCTAssertEqual(VersionTag.parse("1.2.3+build-5")?.buildMetadataIdentifiers, ["build-5"])
        XCTAssertEqual(Requirement.exact("1.2.3-rc.1+b-1").exactVersion, Version(1, 2, 3, pre: ["rc", "1"]))
    }

    /// Names end up in file names (integrate's `mirrors/<name>.git`): one that leaves its folder is refused.
    func testNamesThatWouldLeaveTheirFolderAreRefused() throws {
        let root = URL(fileURLWithPath: "/tmp/lockstep-names")
        for name in ["../../../../tmp/evil", "Net../king", "a\\b", "..", "."] {
            let text = """
                components:
                  - { name: Networking, path: components/Networking, kind: base }
                apps:
                  - { name: '\(name)', path: apps/Main, role: main }
                """
            XCTAssertThrowsError(try WorkspaceConfig.parse(text, file: "lockstep.yml", root: root), name) { error in
                guard let config = error as? ConfigError else { return XCTFail("\(error)") }
                XCTAssertEqual(config.line, 4, name)
                XCTAssertTrue(config.message.contains("name"), config.message)
            }
        }
        let dotted = "components:\n  - { name: Net.working-2, path: components/N, kind: base }\n"
        XCTAssertEqual(
            try WorkspaceConfig.parse(dotted, file: "lockstep.yml", root: root).components.map(\.name),
            ["Net.working-2"])
    }

    /// The in-memory entry point the config fuzzer uses reads a file the same as `load(from:)`.
    func testConfigParsesFromTextLikeFromFile() throws {
        let folder = try TemporaryFolder("lockstep-config-text")
        let text = """
            components:
              - { name: Networking, path: components/Networking, kind: base }
            apps:
              - { name: Main, path: apps/Main, role: main }
            """
        let file = folder.path("lockstep.yml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let fromText = try WorkspaceConfig.parse(text, file: file.path, root: file.deletingLastPathComponent())
        XCTAssertEqual(fromText, try WorkspaceConfig.load(from: file))
        XCTAssertEqual(fromText.components.map(\.path), ["components/Networking"])
        XCTAssertThrowsError(try WorkspaceConfig.parse("components: 3", file: "x/lockstep.yml", root: folder.url)) {
            error in
            XCTAssertEqual((error as? ConfigError)?.file, "x/lockstep.yml")
        }
    }
}
