import Foundation
import LockstepAPI
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// `check`'s API work grows with the number of releases, and its memory does not (issue 9).
final class CheckScalingTests: XCTestCase {
    let files = 4
    let releases = 24

    /// Net with `files` source files; each release after 1.0.0 adds a public function to one of them.
    func workspace(releases: Int? = nil) throws -> WorkspaceBuilder {
        let releases = releases ?? self.releases
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        var bodies = (0..<files).map { "public struct File\($0) {}\n" }
        for (index, body) in bodies.enumerated() { try repo.write("Sources/Net/File\(index).swift", body) }
        try repo.release("1.0.0")
        for release in 1..<releases {
            let file = release % files
            bodies[file] += "public func added\(release)() {}\n"
            try repo.write("Sources/Net/File\(file).swift", bodies[file])
            try repo.release("1.\(release).0")
        }
        return ws
    }

    func testEachReleaseIsBuiltOnceAndEachFileVersionParsedOnce() throws {
        let ws = try workspace()
        let context = RuleContext(snapshot: try ws.snapshot())
        let findings = try Rules.run(Rules.all.filter { $0.needsAPIDiff }, on: context)
        XCTAssertEqual(findings, [], "every release is a proper minor")
        let statistics = context.api.statistics
        XCTAssertEqual(statistics.treesRead, releases)
        // The first release's files (Net.swift from the builder + `files`), then one new version per release.
        XCTAssertEqual(statistics.filesParsed, 1 + files + (releases - 1))
        XCTAssertEqual(statistics.cachedCommits, 0, "a finished component is forgotten")
    }

    /// A history longer than a lane is diffed in lanes on several threads: the same verdicts, and only each later
    /// lane's first release is read (and its files parsed) once more.
    func testALongHistoryIsDiffedInLanesThatReadOnlyTheirFirstReleaseAgain() throws {
        let long = 40
        XCTAssertEqual(LS203.segments([long - 1], cores: 2).map(\.range), [0..<20, 20..<39])
        let ws = try workspace(releases: long)
        let context = RuleContext(snapshot: try ws.snapshot())
        let findings = try Rules.run(Rules.all.filter { $0.needsAPIDiff }, on: context)
        XCTAssertEqual(findings, [], "every release is a proper minor")
        let statistics = context.api.statistics
        XCTAssertEqual(statistics.treesRead, long + 1)
        XCTAssertEqual(statistics.filesParsed, 1 + files + (long - 1) + 1 + files)
        XCTAssertEqual(statistics.cachedCommits, 0, "a finished component is forgotten")
    }

    /// Lanes: long histories cut in equal stretches, the longest first; short ones never cut.
    func testSegmentsCutOnlyLongHistories() {
        let segments = LS203.segments([100, 10, 0], cores: 2)
        XCTAssertEqual(segments.map(\.component), [0, 0, 0, 0, 1, 2])
        XCTAssertEqual(segments.map(\.lane), [0, 1, 2, 3, 0, 0])
        XCTAssertEqual(segments.map(\.range), [0..<25, 25..<50, 50..<75, 75..<100, 0..<10, 0..<0])
        XCTAssertEqual(LS203.segments([20, 30, 31], cores: 2).map(\.range.count), [31, 30, 20])
    }

    func testCachesStayBoundedWhileWalkingReleases() throws {
        let ws = try workspace()
        let snapshot = try ws.snapshot()
        let state = try XCTUnwrap(snapshot.component("Net"))
        let reader = APIReader(config: snapshot.config)
        var largest = reader.statistics
        for (old, new) in zip(state.releases, state.releases.dropFirst()) {
            let diff = try reader.diff(of: state.component, from: old.commit, to: new.commit)
            XCTAssertEqual(diff.changes.count, 1)
            let now = reader.statistics
            largest.cachedCommits = max(largest.cachedCommits, now.cachedCommits)
            largest.cachedFileVersions = max(largest.cachedFileVersions, now.cachedFileVersions)
        }
        XCTAssertLessThanOrEqual(largest.cachedCommits, 4)
        XCTAssertLessThanOrEqual(largest.cachedFileVersions, (1 + files) * 3)
        XCTAssertEqual(reader.statistics.treesRead, releases)
    }
}

/// A file's surface depends only on the part of the context it can read, so a release that only adds a
/// dependency to the manifest does not parse the files again that never name it.
final class ContextRelevanceTests: XCTestCase {
    func manifest(dependencies: [String]) -> String {
        let packages = dependencies.map {
            "        .package(url: \"https://example.com/\($0).git\", from: \"1.0.0\"),\n"
        }.joined()
        let products = dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Net",
                products: [.library(name: "Net", targets: ["Net"])],
                dependencies: [
            \(packages)    ],
                targets: [.target(name: "Net", dependencies: [\(products)])]
            )

            """
    }

    func testADependencyAddedReparsesOnlyTheFilesThatNameIt() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        try repo.write("Package.swift", manifest(dependencies: []))
        try repo.write("Sources/Net/Plain.swift", "public struct Plain {}\n")
        try repo.write("Sources/Net/Uses.swift", "#if canImport(Logging)\npublic func logged() {}\n#endif\n")
        try repo.release("1.0.0")
        try repo.write("Package.swift", manifest(dependencies: ["Logging"]))
        try repo.release("1.1.0")
        let context = RuleContext(snapshot: try ws.snapshot())
        let findings = try Rules.run(Rules.all.filter { $0.needsAPIDiff }, on: context)
        XCTAssertEqual(findings, [], "a function added behind canImport of a new dependency is a minor change")
        // Net.swift from the builder, Plain.swift and Uses.swift at 1.0.0, then only Uses.swift again at 1.1.0.
        XCTAssertEqual(context.api.statistics.filesParsed, 4)
        let diff = try context.api.diff(
            of: try XCTUnwrap(ws.snapshot().component("Net")).component,
            from: try XCTUnwrap(ws.snapshot().component("Net")).releases[0].commit,
            to: try XCTUnwrap(ws.snapshot().component("Net")).releases[1].commit)
        XCTAssertEqual(diff.changes.map(\.key), ["func logged()"])
    }

    func testTheRelevantContextKeepsWhatTheTextCanRead() {
        let context = APIContext(
            platforms: ["iOS", "macOS"], swiftVersion: [6, 3], modules: ["Logging", "Metrics"], languageMode: 6)
        let plain = context.relevant(to: "public struct A {}\n")
        XCTAssertEqual(plain.modules, [])
        XCTAssertEqual(plain.languageMode, APIContext.default.languageMode)
        XCTAssertEqual(plain.platforms, context.platforms)
        let conditional = context.relevant(to: "#if swift(>=6)\npublic func f(_ l: Logging.Logger) {}\n#endif\n")
        XCTAssertEqual(conditional.modules, ["Logging"])
        XCTAssertEqual(conditional.languageMode, 6)
        XCTAssertEqual(conditional.swiftVersion, [6, 3])
        // Whole identifiers only, of any length, wherever they stand (the last bytes too).
        let named = APIContext(modules: ["A", "Logging", "Metrics", "LoggingExtras"])
        XCTAssertEqual(
            named.relevant(to: "import LoggingExtras\nlet x: LoggingX = Metrics").modules, ["LoggingExtras", "Metrics"])
        XCTAssertEqual(named.relevant(to: "A.B é A_ AA xA").modules, ["A"])
        XCTAssertEqual(named.relevant(to: "éA Logging2 _Metrics").modules, [])
        XCTAssertEqual(APIContext(modules: []).relevant(to: "Logging").modules, [])
    }
}
