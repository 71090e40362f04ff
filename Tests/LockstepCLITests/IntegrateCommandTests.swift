import Foundation
import LockstepCore
import LockstepManifest
import LockstepTestSupport
import XCTest
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `integrate` with builds that are small scripts: the plan, pins, refusals, reports.
final class IntegrateCommandTests: XCTestCase {
    func testGreenRunTagsTheRcCommitAndPinsMainInOneLine() throws {
        let iw = try IntegrationWorkspace()
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let rcCommit = try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.1-rc.1")
        let mainBefore = try iw.ws["Main"].head()
        let sandboxesBefore = try iw.sandboxes()
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        // Shell and Main (in parallel: --jobs defaults to the cores); Tools does not use Cart and is not built.
        XCTAssertEqual(iw.builds().map { String($0.prefix(while: { $0 != "-" })) }.sorted(), ["Main", "Shell"])
        XCTAssertEqual(try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.1"), rcCommit)
        XCTAssertEqual(try iw.ws["Cart"].git("cat-file", "-t", "1.0.1"), "tag")
        XCTAssertEqual(try iw.ws["Main"].git("rev-list", "--count", "\(mainBefore)..HEAD"), "1")
        let diff = try iw.ws["Main"].git("diff", "-U0", mainBefore, "HEAD")
        let changed = diff.split(separator: "\n").filter {
            ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---")
        }
        XCTAssertEqual(
            changed,
            [
                "-        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),",
                "+        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.1\"),",
            ])
        XCTAssertEqual(try iw.ws["Main"].git("status", "--porcelain"), "", "the clean checkout follows the pin")
        XCTAssertTrue(try iw.ws["Main"].git("log", "-1", "--format=%B").contains("Pin Cart 1.0.1"))
        XCTAssertTrue(result.stdout.contains("pinned Cart 1.0.1 in Main"), result.stdout)
        // No temporary folder is left behind.
        let sandboxesAfter = try iw.sandboxes()
        XCTAssertEqual(sandboxesAfter.subtracting(sandboxesBefore), [])
    }

    func testBuildCopiesArePinnedToMainsVersionsWithMirrors() throws {
        let iw = try IntegrationWorkspace()
        let out = iw.root.appendingPathComponent("copies")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try iw.setScript(
            """
            cp Package.swift '\(out.path)/'\"$(basename $PWD | cut -d- -f1)\".swift; cp \
            .swiftpm/configuration/mirrors.json '\(out.path)/'\"$(basename $PWD | cut -d- -f1)\".json
            """
        )
        try iw.lockstep("bump", "Cart")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart").status, 0)
        for app in ["Shell", "Main"] {
            let manifest = try Manifest.parse(
                String(contentsOf: out.appendingPathComponent("\(app).swift"), encoding: .utf8),
                file: ManifestFile(path: app))
            let pins = Dictionary(uniqueKeysWithValues: manifest.dependencies.map { ($0.identity, $0.requirement) })
            XCTAssertEqual(
                pins, ["Base": .exact("1.0.0"), "CartProtocols": .exact("1.0.0"), "Cart": .exact("1.0.1")], app)
            let mirrors =
                try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("\(app).json")))
                as? [String: Any]
            let entries = mirrors?["object"] as? [[String: String]] ?? []
            XCTAssertEqual(
                Set(entries.compactMap { $0["original"] }),
                Set(["Base", "CartProtocols", "Cart"].map { iw.ws.url($0) }))
        }
    }

    func testEveryRequirementKindIsPinnedExactlyInTheBuildCopy() throws {
        let iw = try IntegrationWorkspace()
        // Drift of components that are not candidates is not this run's business (the rules focus on Cart).
        let baseHead = try iw.ws["Base"].head()
        try iw.ws["Shell"].writeManifest(
            name: "Shell",
            dependencies: [
                iw.ws.dep("Base", "revision: \"\(baseHead)\""),
                "path: \"../../components/CartProtocols\"",
                iw.ws.dep("Cart", "\"1.0.0\"...\"1.5.0\""),
            ], executable: true)
        try iw.ws["Shell"].commit("shell with every kind")
        let out = iw.root.appendingPathComponent("copies")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try iw.setScript("case \"$PWD\" in *Shell-*) cp Package.swift '\(out.path)/Shell.swift';; esac")
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let manifest = try Manifest.parse(
            String(contentsOf: out.appendingPathComponent("Shell.swift"), encoding: .utf8), file: "Shell")
        XCTAssertEqual(manifest.dependencies.map(\.requirement), [.exact("1.0.0"), .exact("1.0.0"), .exact("1.0.1")])
        XCTAssertEqual(manifest.dependencies.map(\.url), ["Base", "CartProtocols", "Cart"].map { iw.ws.url($0) })
    }

    func testDryRunPrintsThePlanAndRunsNothing() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let before = try RepoState.capture(iw.ws["Main"].url)
        let result = try iw.lockstep("integrate", "Cart", "--dry-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Cart 1.0.1-rc.1 → 1.0.1"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Shell at"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Main: Cart exact 1.0.1"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Tools at"), result.stdout)
        XCTAssertEqual(iw.builds(), [])
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
        XCTAssertEqual(try RepoState.capture(iw.ws["Main"].url), before)
    }

    func testRedBuildTagsAndPinsNothing() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try iw.setScript(
            """
            case \"$PWD\" in *Main-*) echo 'Sources/Main/main.swift:3:5: error: cannot find Cart in scope'; exit \
            1;; esac
            """
        )
        let states = try ["Cart", "Main", "Shell"].map { try RepoState.capture(iw.ws[$0].url) }
        let result = try iw.lockstep("integrate", "Cart", "--report", iw.root.appendingPathComponent("report.xml").path)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: Main failed: red (exit 1)"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Sources/Main/main.swift:3:5: error: cannot find Cart in scope"), result.stderr)
        XCTAssertTrue(result.stderr.contains("log: \(iw.root.path)/.lockstep/logs/Main-"), result.stderr)
        XCTAssertEqual(try ["Cart", "Main", "Shell"].map { try RepoState.capture(iw.ws[$0].url) }, states)
        // The report says which build failed and why.
        let xml = try XMLDocument(contentsOf: iw.root.appendingPathComponent("report.xml"))
        let failures = try xml.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue)
        XCTAssertEqual(failures, ["build Main (main)"])
        XCTAssertEqual(try xml.nodes(forXPath: "//testcase").count, Rules.all.count + 2)
    }

    func testJUnitReportOfAGreenRunIsWellFormed() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let report = iw.root.appendingPathComponent("report.xml")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart", "--report", report.path).status, 0)
        let xml = try XMLDocument(contentsOf: report)
        XCTAssertEqual(try xml.nodes(forXPath: "//testsuite").count, 2)
        XCTAssertEqual(try xml.nodes(forXPath: "//testcase").count, Rules.all.count + 2)
        XCTAssertEqual(try xml.nodes(forXPath: "//failure").count, 0)
        let names = try xml.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        XCTAssertTrue(
            names.contains("build Shell (shell)") && names.contains("build Main (main)")
                && names.contains { $0.hasPrefix("LS403 ") }, "\(names)")
    }

    func testRulesRefuseBeforeAnyBuild() throws {
        let iw = try IntegrationWorkspace()
        // Shell admits only 1.0.x of Cart: releasing 1.1.0 would drift (LS403).
        try iw.ws["Shell"].writeManifest(
            name: "Shell",
            dependencies: [
                iw.ws.dep("Base", "from: \"1.0.0\""), iw.ws.dep("CartProtocols", "from: \"1.0.0\""),
                iw.ws.dep("Cart", ".upToNextMinor(from: \"1.0.0\")"),
            ], executable: true)
        try iw.ws["Shell"].commit("narrow")
        try iw.lockstep("bump", "Cart", "--minor")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error[LS403]"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was built, tagged or pinned"), result.stderr)
        XCTAssertEqual(iw.builds(), [])
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.1.0"), "")
    }

    func testMainWithLocalChangesIsIntegratedAndKeepsThem() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try iw.ws["Main"].write("Sources/Main/main.swift", "print(\"edited\")\n")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try iw.ws["Main"].git("status", "--porcelain"), "M Sources/Main/main.swift")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "1.0.1")
    }

    /// Not the release's business (docs/app-refusals.md): Base is built as Main writes it, never against another
    /// version, with a warning; releasing Base itself is what needs the tag.
    func testMainPinningAVersionWithoutATagHereIsBuiltAsWrittenNotReplaced() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        // Main pins Base 1.0.5, released elsewhere but not fetched into this workspace.
        let manifest = iw.ws["Main"].url.appendingPathComponent("Package.swift")
        try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
            of: "Base.git\", exact: \"1.0.0\"", with: "Base.git\", exact: \"1.0.5\""
        )
        .write(to: manifest, atomically: true, encoding: .utf8)
        try iw.ws["Main"].commit("pin Base 1.0.5")
        try iw.setScript(
            "case \"$PWD\" in *Main-*) grep -q 'Base.git\", exact: \"1.0.5\"' Package.swift || exit 9;; esac")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                """
                warning[LS404]: Main pins Base 1.0.5, but components/Base has no tag for it (LS404); Main's build \
                takes Base as its manifest writes it
                """
            ), result.stdout)
        XCTAssertTrue(iw.builds().contains { $0.hasPrefix("Main-") }, "built, with Base as Main writes it")
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("Base.git\", exact: \"1.0.5\""))
    }

    func testUnknownComponentAndMissingRcAreClear() throws {
        let iw = try IntegrationWorkspace()
        let unknown = try iw.lockstep("integrate", "Nope")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown component `Nope`"), unknown.stderr)
        for command in ["check", "bump", "diff"] {
            let result = try iw.lockstep(command, "Nope")
            XCTAssertEqual(result.status, 2, command)
            XCTAssertTrue(
                result.stderr.hasPrefix("error: unknown component `Nope`; components: Base, CartProtocols, Cart"),
                "\(command): \(result.stderr)")
        }
        let noRc = try iw.lockstep("integrate", "Base")
        XCTAssertEqual(noRc.status, 1)
        XCTAssertTrue(noRc.stderr.contains("run `lockstep bump Base` first"), noRc.stderr)
        for argument in ["Cart@", "Cart@01.0.1-rc.1"] {
            let result = try iw.lockstep("integrate", argument)
            XCTAssertEqual(result.status, 2, argument)
            XCTAssertTrue(result.stderr.contains("is not a version; write COMPONENT@X.Y.Z-rc.N"), result.stderr)
        }
        let badVersion = try iw.lockstep("integrate", "Cart@9.9.9-rc.1")
        XCTAssertEqual(badVersion.status, 1)
        XCTAssertTrue(badVersion.stderr.contains("no tag for 9.9.9-rc.1"), badVersion.stderr)
    }

    func testExplicitVersionIntegratesAnOlderRc() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        try iw.ws["Cart"].write("more", "1"); try iw.ws["Cart"].commit("more")
        try iw.lockstep("bump", "Cart")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart@1.0.1-rc.1").status, 0)
        XCTAssertEqual(
            try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.1"),
            try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.1-rc.1"))
    }
}
