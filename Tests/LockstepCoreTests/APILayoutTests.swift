import Foundation
import LockstepAPI
@testable import LockstepCore
import LockstepManifest
import LockstepTestSupport
import XCTest

/// Only what a client can import is API: the targets behind the manifest's library products, at each revision.
final class APILayoutTests: XCTestCase {
    /// A manifest with library products `libraries` (name → targets) and regular targets `targets` (name → path).
    static func manifest(
        libraries: [(String, [String])], targets: [(String, String?)], executables: [String] = [],
        platforms: String? = nil
    ) -> String {
        let products = libraries.map {
            ".library(name: \"\($0.0)\", targets: [\($0.1.map { "\"\($0)\"" }.joined(separator: ", "))]),"
        }
        var targetLines = targets.map { name, path in
            ".target(name: \"\(name)\"\(path.map { ", path: \"\($0)\"" } ?? "")),"
        }
        targetLines += executables.map { ".executableTarget(name: \"\($0)\")," }
        targetLines.append(".testTarget(name: \"KitTests\", dependencies: [\"Kit\"]),")
        return """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                \(platforms.map { "platforms: [\($0)]," } ?? "")
                products: [
                    \(products.joined(separator: "\n        "))
                ],
                targets: [
                    \(targetLines.joined(separator: "\n        "))
                ]
            )

            """
    }

    /// Kit: a library `Kit` of target Kit, an executable `Tool` and a test-support target `KitTestSupport`
    /// (not behind any product), each with public API, released as 1.0.0.
    func kitWorkspace() throws -> (WorkspaceBuilder, RepoBuilder) {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write(
            "Package.swift",
            Self.manifest(
                libraries: [("Kit", ["Kit"])], targets: [("Kit", nil), ("KitTestSupport", nil)],
                executables: ["Tool"]))
        try repo.write("Sources/Kit/Kit.swift", "public struct Kit { public init() {} }\n")
        try repo.write("Sources/Tool/main.swift", "public func toolHelper() {}\n")
        try repo.write("Sources/KitTestSupport/Support.swift", "public func makeTestKit() {}\n")
        try repo.write("Tests/KitTests/KitTests.swift", "public func testHelper() {}\n")
        _ = try repo.release("1.0.0")
        return (ws, repo)
    }

    func diff(_ ws: WorkspaceBuilder, _ component: String = "Kit", from: String, to: String = "HEAD") throws -> APIDiff
    {
        let snapshot = try ws.snapshot()
        return try APIComparison.make(
            snapshot, component: component, from: from, to: to,
            reader: APIReader(config: snapshot.config, manifests: snapshot.manifests, persistentCache: false)
        ).diff
    }

    /// A workspace whose component Kit (no release yet) has its API read for iOS, macOS and Linux.
    func linuxKitWorkspace() throws -> (WorkspaceBuilder, RepoBuilder) {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        let config = ws.root.appendingPathComponent("lockstep.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "kind: base", with: "kind: base, platforms: [iOS, macOS, Linux]")
            .write(to: config, atomically: true, encoding: .utf8)
        return (ws, repo)
    }

    /// A module with a file that imports SwiftUI unguarded does not build on Linux, so none of its files' declarations
    /// exist there: guarding another of its files later removes nothing on Linux (swift-navigation 0.4.0,
    /// swift-perception 1.1.2). A module that does build on Linux still loses what is guarded away there.
    func testAModuleWithAFileThatDoesNotBuildOnAPlatformHasNoDeclarationsThere() throws {
        let (ws, repo) = try linuxKitWorkspace()
        try repo.write(
            "Package.swift",
            Self.manifest(libraries: [("Kit", ["Kit"]), ("Core", ["Core"])], targets: [("Kit", nil), ("Core", nil)]))
        try repo.remove("Sources/Kit/Kit.swift")
        try repo.write("Sources/Kit/Screen.swift", "import SwiftUI\npublic struct Screen {}\n")
        try repo.write("Sources/Kit/Model.swift", "public struct Model {}\n")
        try repo.write("Sources/Core/Core.swift", "public struct Core {}\n")
        _ = try repo.release("1.0.0")
        let guarded = "#if canImport(SwiftUI)\npublic struct Model {}\n#endif\n"
        try repo.write("Sources/Kit/Model.swift", guarded)
        _ = try repo.release("1.0.1")
        XCTAssertEqual(try diff(ws, from: "1.0.0", to: "1.0.1").changes, [], "Kit never built on Linux")
        // Once Kit builds on Linux, what it declares there is added; guarding Core's type removes it there.
        try repo.write(
            "Sources/Kit/Screen.swift", "#if canImport(SwiftUI)\nimport SwiftUI\npublic struct Screen {}\n#endif\n")
        try repo.write("Sources/Kit/Extra.swift", "public struct Extra {}\n")
        try repo.write("Sources/Core/Core.swift", "#if canImport(SwiftUI)\npublic struct Core {}\n#endif\n")
        _ = try repo.release("1.1.0")
        let result = try diff(ws, from: "1.0.1", to: "1.1.0")
        XCTAssertEqual(
            result.changes.map { "\($0.kind.rawValue) \($0.key) \($0.platforms ?? [])" },
            ["removed struct Core [\"Linux\"]", "added struct Extra []"])
        XCTAssertEqual(result.requiredLevel, .breaking)
    }

    /// A target that picks its files (`exclude:`, `sources:`): which Swift files under its folder make the module is
    /// not known, so a file importing SwiftUI there takes off only its own declarations (the excluded folder may hold
    /// it: the module then builds on Linux).
    func testAModuleThatPicksItsFilesIsNotTakenOffAPlatformAsAWhole() throws {
        let (ws, repo) = try linuxKitWorkspace()
        try repo.write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["Kit"])],
                targets: [.target(name: "Kit", exclude: ["Apple"])]
            )
            """)
        try repo.remove("Sources/Kit/Kit.swift")
        try repo.write("Sources/Kit/Apple/View.swift", "import SwiftUI\npublic struct View {}\n")
        try repo.write("Sources/Kit/Core.swift", "#if os(Linux)\npublic func linuxOnly() {}\n#endif\n")
        _ = try repo.release("1.0.0")
        try repo.write("Sources/Kit/Core.swift", "\n")
        _ = try repo.release("1.0.1")
        let result = try diff(ws, from: "1.0.0", to: "1.0.1")
        XCTAssertEqual(
            result.changes.map { "\($0.kind.rawValue) \($0.key) \($0.platforms ?? [])" },
            ["removed func linuxOnly() [\"Linux\"]"])
    }

    func testExecutablesTestsAndTestSupportAreNotAPI() throws {
        let (ws, repo) = try kitWorkspace()
        try repo.write("Sources/Tool/main.swift", "func toolHelper() {}\n")
        try repo.write("Sources/KitTestSupport/Support.swift", "public func makeTestKit(_ seed: Int) {}\n")
        try repo.write("Tests/KitTests/KitTests.swift", "\n")
        _ = try repo.commit("internal targets only")
        let result = try diff(ws, from: "1.0.0")
        XCTAssertEqual(result.changes, [], "every `.swift` under Sources/ was read before; only Kit is API")
        XCTAssertEqual(result.requiredLevel, .patch)
    }

    func testAvailabilityIsJudgedAgainstTheOldReleasesPlatformMinimums() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write(
            "Package.swift",
            Self.manifest(
                libraries: [("Kit", ["Kit"])], targets: [("Kit", nil)],
                platforms: ".macOS(.v10_15), .iOS(.v13)"))
        try repo.write("Sources/Kit/Kit.swift", "public func trace() {}\n")
        _ = try repo.release("1.0.0")
        // The minimums move from the manifest onto the declaration (swift-distributed-tracing 1.0.1 did this):
        // 1.0.0's clients all built for macOS 10.15 / iOS 13 already.
        try repo.write("Package.swift", Self.manifest(libraries: [("Kit", ["Kit"])], targets: [("Kit", nil)]))
        try repo.write("Sources/Kit/Kit.swift", "@available(macOS 10.15, iOS 13, *)\npublic func trace() {}\n")
        _ = try repo.commit("minimums on the declaration")
        XCTAssertEqual(try diff(ws, from: "1.0.0").requiredLevel, .patch)
        _ = try repo.release("1.0.1")
        // Above the old minimums it narrows.
        try repo.write("Sources/Kit/Kit.swift", "@available(macOS 11, iOS 14, *)\npublic func trace() {}\n")
        _ = try repo.commit("raise")
        XCTAssertEqual(try diff(ws, from: "1.0.1").requiredLevel, .breaking)
    }

    func testAChangeInTheLibraryTargetStillCounts() throws {
        let (ws, repo) = try kitWorkspace()
        try repo.write("Sources/Kit/Kit.swift", "public struct Kit {}\n")
        _ = try repo.commit("drop init")
        XCTAssertEqual(try diff(ws, from: "1.0.0").requiredLevel, .breaking)
    }

    func testTargetPathIsFollowed() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write("Package.swift", Self.manifest(libraries: [("Kit", ["Kit"])], targets: [("Kit", "./Code/Kit/")]))
        try repo.write("Code/Kit/Kit.swift", "public struct Kit {}\n")
        try repo.remove("Sources/Kit/Kit.swift")
        _ = try repo.release("1.0.0")
        try repo.write("Code/Kit/Kit.swift", "public struct Kit {}\npublic func more() {}\n")
        _ = try repo.commit("add")
        let result = try diff(ws, from: "1.0.0")
        XCTAssertEqual(result.changes.map(\.key), ["func more()"])
        XCTAssertEqual(result.changes.first?.new?.file, "components/Kit/Code/Kit/Kit.swift")
    }

    func testRemovedOrRenamedLibraryIsBreakingAndAddedOneMinor() throws {
        let (ws, repo) = try kitWorkspace()
        try repo.write("Package.swift", Self.manifest(libraries: [("KitCore", ["Kit"])], targets: [("Kit", nil)]))
        _ = try repo.commit("rename the product")
        let renamed = try diff(ws, from: "1.0.0")
        XCTAssertEqual(renamed.requiredLevel, .breaking)
        XCTAssertEqual(
            renamed.changes.map { "\($0.kind) \($0.key)" }, ["removed library Kit", "added library KitCore"])
        XCTAssertEqual(renamed.changes.first?.old?.file, "components/Kit/Package.swift")

        _ = try repo.release("2.0.0")
        try repo.write("Sources/Extras/Extras.swift", "public struct Extras {}\n")
        try repo.write(
            "Package.swift",
            Self.manifest(
                libraries: [("KitCore", ["Kit"]), ("Extras", ["Extras"])],
                targets: [("Kit", nil), ("Extras", nil)]))
        _ = try repo.commit("a second library")
        let added = try diff(ws, from: "2.0.0")
        XCTAssertEqual(added.requiredLevel, .minor)
        XCTAssertEqual(
            added.changes.map { "\($0.kind) \($0.key)" },
            ["added library Extras", "added module Extras", "added struct Extras"])
    }

    func testModuleLeavingTheProductsIsBreaking() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write(
            "Package.swift",
            Self.manifest(libraries: [("Kit", ["Kit", "KitExtras"])], targets: [("Kit", nil), ("KitExtras", nil)]))
        try repo.write("Sources/KitExtras/Extras.swift", "public struct Extras {}\n")
        _ = try repo.release("1.0.0")
        try repo.write(
            "Package.swift", Self.manifest(libraries: [("Kit", ["Kit"])], targets: [("Kit", nil), ("KitExtras", nil)]))
        _ = try repo.commit("KitExtras is internal now")
        let result = try diff(ws, from: "1.0.0")
        XCTAssertEqual(result.requiredLevel, .breaking)
        XCTAssertEqual(
            Set(result.changes.map { "\($0.kind) \($0.key)" }), ["removed module KitExtras", "removed struct Extras"])
    }

    func testAnUnderscoredProductIsNotAPIUnlessAPublicProductSharesItsTarget() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write(
            "Package.swift",
            Self.manifest(
                libraries: [("Kit", ["Kit", "Shared"]), ("_KitBeta", ["KitBeta", "Shared"])],
                targets: [("Kit", nil), ("KitBeta", nil), ("Shared", nil)]))
        try repo.write("Sources/Kit/Kit.swift", "public struct Kit {}\n")
        try repo.write("Sources/KitBeta/Beta.swift", "public protocol Beta { func a() }\n")
        try repo.write("Sources/Shared/Shared.swift", "public struct Shared {}\n")
        _ = try repo.release("1.0.0")
        // The beta protocol gains a requirement, then the beta product goes away: neither is a public product's.
        try repo.write("Sources/KitBeta/Beta.swift", "public protocol Beta { func a()\n func b() }\n")
        _ = try repo.commit("beta grows")
        XCTAssertEqual(try diff(ws, from: "1.0.0").changes, [])
        try repo.write(
            "Package.swift",
            Self.manifest(libraries: [("Kit", ["Kit"])], targets: [("Kit", nil), ("KitBeta", nil), ("Shared", nil)]))
        _ = try repo.commit("the beta product goes, and Kit stops exporting Shared")
        let result = try diff(ws, from: "1.0.0")
        XCTAssertEqual(result.requiredLevel, .breaking, "Shared was also the public product's")
        XCTAssertEqual(
            Set(result.changes.map { "\($0.kind) \($0.key)" }), ["removed module Shared", "removed struct Shared"])
    }

    func testWithoutALibraryProductTheDeclaredTargetsAreRead() throws {
        // The builder's manifests declare the target Kit but no product: Kit's sources are read, not a folder no
        // target declares (SwiftPM builds no module from it).
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write("Sources/Tool/main.swift", "public func toolHelper() {}\n")
        _ = try repo.release("1.0.0")
        try repo.write("Sources/Tool/main.swift", "\n")
        try repo.write("Sources/Kit/More.swift", "public func more() {}\n")
        _ = try repo.commit("drop")
        XCTAssertEqual(try diff(ws, from: "1.0.0").changes.map(\.key), ["func more()"])
    }

    func testWithoutALibraryProductOrAKnownTargetEverySourceFileIsRead() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write(
            "Package.swift",
            """
            // swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: \
            makeTargets())\n
            """
        )
        try repo.write("Sources/Tool/main.swift", "public func toolHelper() {}\n")
        _ = try repo.release("1.0.0")
        try repo.write("Sources/Tool/main.swift", "\n")
        _ = try repo.commit("drop")
        XCTAssertEqual(try diff(ws, from: "1.0.0").changes.map(\.key), ["func toolHelper()"])
    }

    func testWithoutALibraryProductImplementationModulesAreNotRead() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        try repo.write(
            "Package.swift",
            Self.manifest(libraries: [], targets: [("Kit", nil), ("_KitUtilities", nil), ("InternalKit", nil)]))
        try repo.write("Sources/Kit/Kit.swift", "public func kit() {}\n")
        try repo.write("Sources/_KitUtilities/Utilities.swift", "public func helper() {}\n")
        try repo.write("Sources/InternalKit/Internal.swift", "public func shared() {}\n")
        _ = try repo.release("1.0.0")
        try repo.write("Sources/_KitUtilities/Utilities.swift", "public func helper(_ x: Int) {}\n")
        try repo.write("Sources/InternalKit/Internal.swift", "package func shared() {}\n")
        try repo.write("Sources/Kit/Kit.swift", "public func kit() {}\npublic func more() {}\n")
        _ = try repo.commit("helpers")
        XCTAssertEqual(try diff(ws, from: "1.0.0").changes.map(\.key), ["func more()"])
    }

    func testOneRevisionWithoutLayoutComparesSourcesOnly() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Kit")
        _ = try repo.release("1.0.0")
        try repo.write("Package.swift", Self.manifest(libraries: [("Kit", ["Kit"])], targets: [("Kit", nil)]))
        _ = try repo.commit("products")
        XCTAssertEqual(
            try diff(ws, from: "1.0.0").changes, [], "no `library`/`module` additions against an unknown layout")
    }

    func testContextSetsThePackagesOwnDefinesForAReleaseBuild() throws {
        let manifest = try Manifest.parse(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "S", traits: [.trait(name: "Fast"), .trait(name: "Slow"), \
            .default(enabledTraits: ["Fast"])],
                targets: [.target(name: "S", swiftSettings: [
                    .define("PACKAGE"), .define("DARWIN", .when(platforms: [.macOS, .macCatalyst])),
                    .define("MOCKING", .when(configuration: .debug)), .define("FAST", .when(traits: ["Fast"])),
                    .define("SLOW", .when(traits: ["Slow"])),
                ])])
            """, file: "Package.swift")
        let context = APIContext(
            component: Component(name: "S", path: "s", kind: .base), manifest: manifest, swiftVersion: [6, 3])
        XCTAssertEqual(context.traits, ["Fast"])
        XCTAssertEqual(context.defines, ["PACKAGE": [], "DARWIN": ["macOS", "iOS"], "FAST": []])
        let source =
            """
            #if DARWIN\npublic func darwin() {}\n#endif\n#if MOCKING\npublic func mock() {}\n#endif\n#if PACKAGE \
            && FAST\npublic func fast() {}\n#endif\n
            """
        var linux = context
        linux.platforms = ["Linux"]
        XCTAssertEqual(
            Set(
                APISurface.extract(from: [SourceFile(path: "A.swift", text: source)], context: context).declarations
                    .keys),
            ["func darwin()", "func fast()"])
        XCTAssertEqual(
            Set(
                APISurface.extract(from: [SourceFile(path: "A.swift", text: source)], context: linux).declarations.keys),
            ["func fast()"])
    }

    func testContextFollowsManifestAndKind() throws {
        let manifest = try Manifest.parse(
            Self.manifest(
                libraries: [("Kit", ["Kit"])], targets: [("Kit", nil)],
                platforms: ".macOS(.v13), .macCatalyst(.v16), .iOS(.v16)"), file: "Package.swift")
        let protocols = APIContext(
            component: Component(name: "KitProtocols", path: "p", kind: .protocols), manifest: manifest,
            swiftVersion: [6, 3])
        XCTAssertEqual(
            protocols.platforms, ["iOS", "macOS"],
            "Mac Catalyst is os(iOS), named once; one order whatever the manifest's")
        XCTAssertEqual(protocols.swiftVersion, [6, 3])
        XCTAssertEqual(protocols.modules, ["Kit", "KitTests"])
        XCTAssertEqual(protocols.addedRequirementImpact, .additive)
        let base = APIContext(
            component: Component(name: "Kit", path: "k", kind: .base), manifest: nil, swiftVersion: [6, 3])
        XCTAssertEqual(base.platforms, ["iOS", "macOS"])
        XCTAssertEqual(base.addedRequirementImpact, .breaking)
        var linux = Component(name: "Kit", path: "k", kind: .base)
        linux.platforms = ["iOS", "Linux"]
        XCTAssertEqual(
            APIContext(component: linux, manifest: manifest, swiftVersion: [6, 3]).platforms, ["Linux", "iOS"],
            "lockstep.yml's platforms replace the manifest's")
        var reordered = base
        reordered.platforms = ["macOS", "iOS"]
        XCTAssertEqual(reordered.fingerprint, base.fingerprint)
        reordered.modules = ["Logging"]
        XCTAssertNotEqual(reordered.fingerprint, base.fingerprint)
    }

    func testSwiftVersionIsReadFromTheVersionLine() {
        XCTAssertEqual(Toolchain.swiftVersion(in: "Swift version 6.3.1 (swift-6.3.1-RELEASE)"), [6, 3])
        XCTAssertEqual(
            Toolchain.swiftVersion(in: "Apple Swift version 5.10 (swiftlang-5.10.0.13 clang-1500.3.9.4)"), [5, 10])
        XCTAssertNil(Toolchain.swiftVersion(in: "unknown"))
    }

    func testLanguageModeFollowsToolsVersionAndExplicitModes() {
        let six = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"K\")\n"
        XCTAssertEqual(APIContext.languageMode(ofManifest: six), 6)
        XCTAssertEqual(
            APIContext.languageMode(ofManifest: "// swift-tools-version:5.9\nimport PackageDescription\n"), 5)
        XCTAssertEqual(APIContext.languageMode(ofManifest: six + "// swiftLanguageModes: [.v5]\n".dropFirst(3)), 5)
        XCTAssertEqual(
            APIContext.languageMode(
                ofManifest: six.replacingOccurrences(
                    of: "name: \"K\")", with: "name: \"K\", swiftLanguageModes: [.v5, .v6])")), 6)
        XCTAssertEqual(
            APIContext.languageMode(
                ofManifest: six.replacingOccurrences(
                    of: "name: \"K\")", with: "name: \"K\", swiftLanguageVersions: [.v5])")), 5)
        XCTAssertEqual(
            APIContext.languageMode(
                ofManifest: six + "// .target(name: \"K\", swiftSettings: [.swiftLanguageMode(.v5)])\n"), 5)
    }
}

/// `swift --version` is asked with a time limit: a hung `swift` on PATH must not hang `diff`, `check` or `integrate`.
final class ToolchainTests: XCTestCase {
    /// An environment whose PATH finds first a `swift` that runs `script`; the folder lives as long as the test.
    private func fakeSwift(_ script: String) throws -> (folder: TemporaryFolder, environment: [String: String]) {
        let folder = try TemporaryFolder("lockstep-fake-swift")
        let fake = folder.url.appendingPathComponent("swift")
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: fake)
        XCTAssertEqual(chmod(fake.path, 0o755), 0)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.url.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return (folder, environment)
    }

    func testAHungSwiftOnPathGivesUnknownInsteadOfHanging() throws {
        let fake = try fakeSwift("exec sleep 600")
        XCTAssertEqual(Toolchain.run(timeout: 1, environment: fake.environment), "unknown")
    }

    func testARealAnswerIsItsFirstLine() throws {
        let fake = try fakeSwift("echo 'Swift version 9.1 (fake)'\necho 'Target: x'")
        XCTAssertEqual(Toolchain.run(timeout: 30, environment: fake.environment), "Swift version 9.1 (fake)")
    }

    /// A remembered Swift version is reused only while what picks the toolchain stays the same: behind a wrapper
    /// (xcrun's `/usr/bin/swift`, a swiftly proxy) the binary on PATH does not change when the toolchain does.
    func testTheToolchainIdentityFollowsWhatAWrapperReadsToPickOne() throws {
        var fake = try fakeSwift("echo 'Swift version 9.1 (fake)'")
        let home = try TemporaryFolder("lockstep-fake-home")
        fake.environment["HOME"] = home.url.path
        for name in ["DEVELOPER_DIR", "TOOLCHAINS", "SWIFTLY_HOME_DIR", "SWIFTLY_TOOLCHAINS_DIR"] {
            fake.environment[name] = nil
        }
        let project = home.url.appendingPathComponent("app/Sources")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        func identity(_ environment: [String: String]? = nil) throws -> String {
            try XCTUnwrap(
                Toolchain.executableIdentity(environment: environment ?? fake.environment, directory: project))
        }
        let base = try identity()
        XCTAssertEqual(try identity(), base, "the same toolchain reads the same")
        XCTAssertTrue(base.contains(fake.folder.url.path + "/swift"), base)
        var developer = fake.environment
        developer["DEVELOPER_DIR"] = "/Applications/Xcode-16.app/Contents/Developer"
        XCTAssertNotEqual(try identity(developer), base)
        var toolchains = fake.environment
        toolchains["TOOLCHAINS"] = "swift"
        XCTAssertNotEqual(try identity(toolchains), base)
        // swiftly: the toolchain in use (its configuration) and a project's pin above the working folder.
        let swiftly = home.url.appendingPathComponent(".local/share/swiftly")
        try FileManager.default.createDirectory(at: swiftly, withIntermediateDirectories: true)
        try Data(#"{"inUse":"6.2.0"}"#.utf8).write(to: swiftly.appendingPathComponent("config.json"))
        let configured = try identity()
        XCTAssertNotEqual(configured, base)
        try Data(#"{"inUse":"6.3.10"}"#.utf8).write(to: swiftly.appendingPathComponent("config.json"))
        XCTAssertNotEqual(try identity(), configured)
        let pin = home.url.appendingPathComponent("app/.swift-version")
        try Data("6.1\n".utf8).write(to: pin)
        let pinned = try identity()
        XCTAssertTrue(pinned.contains(pin.path + " 6.1"), pinned)
        XCTAssertFalse(pinned.contains("\n"), "one line: the memo's first line is the identity")
        try Data("6.2\n".utf8).write(to: pin)
        XCTAssertNotEqual(try identity(), pinned)
    }

    /// The driver leaves a `TemporaryDirectory.*` folder in its TMPDIR at each `swift --version`: it gets one of its
    /// own, removed once it answered.
    func testWhatSwiftLeavesInItsTemporaryFolderIsRemoved() throws {
        let fake = try fakeSwift("mkdir \"$TMPDIR/TemporaryDirectory.left\" && echo \"Swift version 9.2 ($TMPDIR)\"")
        let parent = try TemporaryFolder("lockstep-scratch-parent")
        let line = Toolchain.run(timeout: 30, environment: fake.environment, scratchParent: parent.url)
        XCTAssertTrue(line.hasPrefix("Swift version 9.2 (" + parent.url.path + "/lockstep-swift-version-"), line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.url.path), [])
    }
}
