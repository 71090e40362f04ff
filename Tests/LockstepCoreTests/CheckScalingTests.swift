import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `check`'s API work grows with the number of releases, and its memory does not (issue 9).
final class CheckScalingTests: XCTestCase {
    let files = 4
    let releases = 24

    /// Net with `files` source files; each release after 1.0.0 adds a public function to one of them.
    func workspace() throws -> WorkspaceBuilder {
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
