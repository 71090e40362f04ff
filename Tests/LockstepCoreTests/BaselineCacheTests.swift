import Foundation
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// Releases the baseline accepts are not judged again at every run: once diffed, a release pair's verdict is served
/// whole from the API cache (keyed on both commits), and the findings stay exactly those of the run that diffed it.
/// They are not skipped outright: the baseline counts the findings it hides, `--no-baseline` shows them, and a
/// finding a newer lockstep sees in an accepted release is not in the baseline and must still count.
final class BaselineCacheTests: XCTestCase {
    /// Net with three releases, the last a minor that removes a function (one LS203 error, which the baseline takes).
    func workspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        try repo.write("Sources/Net/A.swift", "public struct A {}\npublic func a() {}\n")
        _ = try repo.release("1.0.0")
        try repo.write("Sources/Net/B.swift", "public struct B {}\n")
        _ = try repo.release("1.1.0")
        try repo.write("Sources/Net/A.swift", "public struct A {}\n")
        _ = try repo.release("1.2.0")
        return ws
    }

    func run(_ ws: WorkspaceBuilder) throws -> (findings: [Finding], statistics: APIReader.Statistics) {
        let context = RuleContext(snapshot: try ws.snapshot())
        let findings = try Rules.run(Rules.all, on: context)
        return (findings, context.api.statistics)
    }

    func testAcceptedReleasesAreServedFromTheCacheWithTheSameFindings() throws {
        let ws = try workspace()
        let cold = try run(ws)
        XCTAssertEqual(cold.statistics.diffsFromDiskCache, 0)
        XCTAssertGreaterThan(cold.statistics.treesRead, 0)
        let snapshot = try ws.snapshot()
        let recorded = Baseline.recording(
            FindingReview.apply(cold.findings, config: snapshot.config, baseline: nil), snapshot: snapshot,
            previous: nil, reason: nil)
        XCTAssertEqual(recorded.findings.map(\.rule), ["LS203"], "the breaking minor release is accepted")
        XCTAssertEqual(recorded.components.map(\.version), ["1.2.0"], "every release is history the baseline accepts")
        try recorded.text.write(to: Baseline.file(in: ws.root), atomically: true, encoding: .utf8)
        let baseline = try XCTUnwrap(try Baseline.load(for: snapshot.config))

        let warm = try run(ws)
        XCTAssertEqual(warm.statistics.diffsFromDiskCache, 2, "both accepted releases' verdicts come from the cache")
        XCTAssertEqual(warm.statistics.treesRead, 0, "no release is read again")
        XCTAssertEqual(warm.statistics.filesParsed, 0)
        let before = FindingReview.apply(cold.findings, config: snapshot.config, baseline: baseline)
        let after = FindingReview.apply(warm.findings, config: snapshot.config, baseline: baseline)
        XCTAssertEqual(after, before, "identical findings, accepted ones included")
        XCTAssertEqual(after.filter { $0.accepted?.by == .baseline }.map(\.rule), ["LS203"])
        XCTAssertFalse(after.contains(where: \.counts), "nothing counts: the baseline accepts the error")
    }
}
