import Foundation
import LockstepCore
import LockstepGit
import LockstepManifest
import LockstepTestSupport
import Version
import XCTest

/// The nouns as types: a component's kind carries the protocol set it implements, a place is a file at a
/// revision with a line, and a pin is one component at one version and commit.
final class DomainTypesTests: XCTestCase, ConfigTesting {
    func load(_ yaml: String) throws -> WorkspaceConfig {
        let folder = try TemporaryFolder("lockstep-config")
        let file = folder.path("lockstep.yml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try withExtendedLifetime(folder) { try WorkspaceConfig.load(from: file) }
    }

    let yaml = """
        remote: https://git.example.com/ios/{name}.git
        components:
          - { name: Networking, path: components/Networking, kind: base }
          - { name: LoginProtocols, path: components/LoginProtocols, kind: protocols }
          - { name: Login, path: components/Login, kind: business, implements: LoginProtocols }
        apps: []
        """

    func testEachKindIsParsedAndABusinessKindNamesItsProtocolSet() throws {
        let config = try load(yaml)
        XCTAssertEqual(config.components.map(\.kind), [.base, .protocols, .business(implements: "LoginProtocols")])
        XCTAssertEqual(config.components.map(\.kind.name), ComponentKind.names)
        XCTAssertEqual(config.components.map(\.implements), [nil, nil, "LoginProtocols"])
        let pair = ProtocolSet(name: "LoginProtocols", implementation: "Login")
        XCTAssertEqual(config.protocolSets, [pair])
        XCTAssertEqual(config.component(named: "Login")?.protocolSet, pair)
        XCTAssertNil(config.component(named: "LoginProtocols")?.protocolSet, "a protocol set implements nothing")
        XCTAssertEqual(config.implementations(of: "LoginProtocols"), [pair])
        XCTAssertEqual(config.implementations(of: "Networking"), [])
    }

    func testOnlyABusinessComponentMayImplementSomething() {
        let onlyBusiness = "only business components have `implements:`"
        let baseImplementing = yaml.replacingOccurrences(
            of: "kind: base }",
            with: "kind: base, implements: LoginProtocols }")
        assertConfigError(baseImplementing, line: 3, column: 78, contains: "\(onlyBusiness); `Networking` is base")
        let protocolsImplementing = yaml.replacingOccurrences(
            of: "kind: protocols }",
            with: "kind: protocols, implements: Networking }")
        assertConfigError(
            protocolsImplementing, line: 4, column: 91,
            contains: "\(onlyBusiness); `LoginProtocols` is protocols")
        assertConfigError(
            yaml.replacingOccurrences(of: ", implements: LoginProtocols", with: ""),
            line: 5, column: 5, contains: "business component `Login` is missing `implements:`")
        assertConfigError(
            yaml.replacingOccurrences(of: "kind: base", with: "kind: library"), line: 3, column: 60,
            contains: "unknown kind `library`; use one of: base, protocols, business")
    }

    func testALocationIsAFileAtARevisionWithALine() throws {
        let file = ManifestFile(path: "components/Cart/Package.swift", revision: "1.0.0")
        let location = ManifestLocation(file, line: 12, column: 5, label: "before")
        XCTAssertEqual(location.file, "components/Cart/Package.swift")
        XCTAssertEqual(location.revision, "1.0.0")
        XCTAssertEqual(location.manifestFile, file)
        XCTAssertEqual(location.description, "components/Cart/Package.swift @ 1.0.0:12:5 (before)")
        let onDisk = ManifestLocation(ManifestFile(path: "apps/Main/Podfile"), line: 3)
        XCTAssertEqual(onDisk.description, "apps/Main/Podfile:3")
        XCTAssertNil(onDisk.revision)
        // JSON keeps the path in `file` and the revision beside it.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = #"{"column":5,"file":"components/Cart/Package.swift","label":"before","line":12,"revision":"1.0.0"}"#
        XCTAssertEqual(String(decoding: try encoder.encode(location), as: UTF8.self), json)
    }

    /// A manifest read at a commit keeps its path and that commit apart; messages still say `path @ commit`.
    func testAManifestReadAtACommitKeepsPathAndRevisionApart() throws {
        let ws = try WorkspaceBuilder()
        let cart = try ws.component("Cart", dependencies: [ws.dep("Base", "from: someVersion()")])
        try cart.release("1.0.0")
        try ws.component("Base").release("1.0.0")
        let snapshot = try ws.snapshot()
        let state = try XCTUnwrap(snapshot.component("Cart"))
        let commit = try XCTUnwrap(state.head)
        let manifest = try snapshot.manifests.manifest(of: state.component, at: commit)
        XCTAssertEqual(manifest.file.path, "components/Cart/Package.swift")
        XCTAssertEqual(manifest.file.revision, commit.short)
        let unreadable = try XCTUnwrap(manifest.unreadableDependencies.first)
        XCTAssertTrue(
            unreadable.description.hasPrefix("components/Cart/Package.swift @ \(commit.short):"),
            unreadable.description)
    }

    func testAPlanPinsEachCandidateAtItsReleaseAndCommit() throws {
        let ws = try WorkspaceBuilder()
        let a = try ws.component("A")
        try a.release("1.0.0")
        try a.write("Sources/A/More.swift", "public func more() {}\n")
        try a.commit("more")
        try a.tag("1.1.0-rc.1")
        let commit = try XCTUnwrap(ObjectID(hex: try a.head()))
        try ws.app("Main", role: "main", dependencies: [ws.dep("A", "exact: \"1.0.0\"")])
        let plan = try IntegrationPlan.make(try ws.snapshot(), candidates: ["A"])
        let pin = Pin(component: "A", version: Version(1, 1, 0), commit: commit)
        XCTAssertEqual(plan.candidates.map(\.pin), [pin])
        XCTAssertEqual(plan.builds.map(\.versions), [[pin]], "Main builds with the release it will pin")
        XCTAssertEqual(plan.pinChanges.map(\.app.name), ["Main"])
        XCTAssertEqual(plan.pinChanges.map(\.pins), [[pin]])
        XCTAssertEqual(pin.description, "A 1.1.0")
        XCTAssertEqual(
            PhasePlan.VersionEntry(pin),
            PhasePlan.VersionEntry(name: "A", version: "1.1.0", commit: commit.hex))
    }
}
