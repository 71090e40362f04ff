import Foundation
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// Releases the baseline accepts are not judged again: up to each component's version in the baseline, while the
/// component's history up to it (tags, tag objects, `accept:` entries) is the one the baseline recorded, LS203 diffs
/// nothing (a fresh CI runner with the committed baseline reads only what came after it). LS205 still checks every
/// release: a protocol set's later release changes its verdict. Without that (`--no-baseline`, a baseline
/// written before the history digest, a history changed below the version) every release is judged, and a release
/// pair once diffed is served whole from the API cache with the same findings.
final class AcceptedHistoryTests: XCTestCase {
    /// Net with three releases, the last a minor that removes a function (one LS203 error, which the baseline takes).
    func workspace() throws -> WorkspaceBuilder { try .netWithABreakingMinor() }

    func run(_ ws: WorkspaceBuilder, history: (WorkspaceSnapshot) -> AcceptedHistory = { _ in .none }) throws -> (
        findings: [Finding], statistics: APIReader.Statistics, leftOut: Int
    ) {
        let snapshot = try ws.snapshot()
        let context = RuleContext(snapshot: snapshot)
        context.acceptedHistory = history(snapshot)
        let findings = try Rules.run(Rules.all, on: context)
        return (findings, context.api.statistics, context.acceptedHistory.judgementsLeftOut(in: snapshot))
    }

    /// Records the baseline of the workspace as `lockstep baseline` does, writes it, and reads it back.
    func recordBaseline(_ ws: WorkspaceBuilder) throws -> Baseline {
        let snapshot = try ws.snapshot()
        let findings = try Rules.run(Rules.all, on: RuleContext(snapshot: snapshot))
        let recorded = Baseline.recording(
            FindingReview.apply(findings, config: snapshot.config, baseline: nil), snapshot: snapshot,
            previous: nil, reason: nil)
        try recorded.text.write(to: Baseline.file(in: ws.root), atomically: true, encoding: .utf8)
        return try XCTUnwrap(try Baseline.load(for: snapshot.config))
    }

    func testAcceptedHistoryIsNotJudgedAgainButWhatComesAfterIs() throws {
        let ws = try workspace()
        let baseline = try recordBaseline(ws)
        XCTAssertEqual(baseline.findings.map(\.fingerprint), ["LS203 Net 1.2.0"])
        let entry = try XCTUnwrap(baseline.components.first)
        XCTAssertEqual(entry.version, "1.2.0")
        XCTAssertEqual(entry.history?.count, 64, "the digest of the tags up to 1.2.0 is recorded")
        XCTAssertTrue(baseline.text.contains("history: \"\(entry.history ?? "")\""), baseline.text)

        // The API cache is emptied: a fresh runner with the committed baseline.
        try? FileManager.default.removeItem(at: ws.root.appendingPathComponent(".lockstep"))
        let accepted = try run(ws) { AcceptedHistory(baseline: baseline, snapshot: $0) }
        XCTAssertEqual(accepted.leftOut, 2, "1.1.0 and 1.2.0 are not judged again")
        XCTAssertEqual(accepted.statistics.treesRead, 0, "no release is read")
        XCTAssertEqual(accepted.statistics.filesParsed, 0)
        XCTAssertFalse(accepted.findings.contains { $0.rule == "LS203" }, "nothing about accepted releases")

        // A later release is judged, against the accepted one before it.
        try ws["Net"].write("Sources/Net/B.swift", "public struct B2 {}\n")
        _ = try ws["Net"].release("1.3.0")
        let later = try run(ws) { AcceptedHistory(baseline: baseline, snapshot: $0) }
        XCTAssertEqual(later.leftOut, 2)
        XCTAssertGreaterThan(later.statistics.treesRead, 0)
        XCTAssertEqual(later.findings.filter { $0.rule == "LS203" }.map(\.fingerprint), ["LS203 Net 1.3.0"])
        let reviewed = FindingReview.apply(later.findings, config: try ws.snapshot().config, baseline: baseline)
        XCTAssertEqual(reviewed.filter(\.counts).map(\.fingerprint), ["LS203 Net 1.3.0"])
    }

    func testTagsMovedOrAddedBelowTheBaselineVersionHaveTheHistoryJudgedAgain() throws {
        let ws = try workspace()
        let baseline = try recordBaseline(ws)
        // A backport tagged after the baseline, below its version: new history, so every release is judged.
        try ws["Net"].git("checkout", "-q", "-b", "maintenance", "1.1.0")
        try ws["Net"].write("Sources/Net/B.swift", "public struct B {}\npublic struct Backport {}\n")
        try ws["Net"].commit("backport")
        try ws["Net"].tag("1.1.1")
        try ws["Net"].git("checkout", "-q", "main")
        let snapshot = try ws.snapshot()
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: snapshot).through, [:])
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: snapshot).changed, ["Net"])
        let backport = try run(ws) { AcceptedHistory(baseline: baseline, snapshot: $0) }
        XCTAssertEqual(backport.leftOut, 0)
        XCTAssertEqual(
            backport.findings.filter { $0.rule == "LS203" }.map(\.fingerprint), ["LS203 Net 1.1.1", "LS203 Net 1.2.0"],
            "the backport (an addition as a patch) and the accepted 1.2.0 are both judged")

        // The backport's tag deleted again: the recorded tags are back, and so is the accepted history.
        try ws["Net"].git("tag", "-d", "1.1.1")
        XCTAssertEqual(
            AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).through["Net"]?.description, "1.2.0")
        // A tag moved to another commit changes the digest too.
        try ws["Net"].git("tag", "-f", "1.0.0", "1.1.0")
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).through, [:])
    }

    func testAnAcceptEntryPlatformsOrATagRewrittenBelowTheVersionHaveTheHistoryJudgedAgain() throws {
        let ws = try workspace()
        let config = ws.root.appendingPathComponent("lockstep.yml")
        let plain = try String(contentsOf: config, encoding: .utf8)
        let accept = "accept:\n  - { component: Net, version: 1.2.0, rule: LS203, reason: \"we knew\" }\n"
        try (plain + accept).write(to: config, atomically: true, encoding: .utf8)
        let baseline = try recordBaseline(ws)
        XCTAssertEqual(baseline.findings, [], "the error is accepted by `accept:`, not by the baseline")
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).through.count, 1)
        // The entry taken out: the finding the baseline never listed counts again.
        try plain.write(to: config, atomically: true, encoding: .utf8)
        let withoutEntry = try run(ws) { AcceptedHistory(baseline: baseline, snapshot: $0) }
        XCTAssertEqual(withoutEntry.leftOut, 0)
        let reviewed = FindingReview.apply(withoutEntry.findings, config: try ws.snapshot().config, baseline: baseline)
        XCTAssertEqual(reviewed.filter(\.counts).map(\.fingerprint), ["LS203 Net 1.2.0"])
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).changed, ["Net"])

        // With the entry back, a tag rewritten on its own commit (another message, e.g. a trailer) changes it too.
        try (plain + accept).write(to: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).through.count, 1)
        // The component's platforms changed in lockstep.yml: its releases read otherwise, so they are judged again.
        let platforms = (plain + accept).replacingOccurrences(
            of: "kind: base }", with: "kind: base, platforms: [Linux] }")
        XCTAssertNotEqual(platforms, plain + accept)
        try platforms.write(to: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).changed, ["Net"])
        try (plain + accept).write(to: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).through.count, 1)

        try ws["Net"].git("tag", "-f", "-a", "1.1.0", "-m", "Release 1.1.0", "1.1.0")
        XCTAssertEqual(AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).changed, ["Net"])
    }

    func testAnImplementationIsCheckedAgainstItsProtocolSetsLaterReleasesEvenInAcceptedHistory() throws {
        let ws = try WorkspaceBuilder()
        let protocols = try ws.component("P", kind: "protocols")
        try protocols.write(
            "Sources/P/CartService.swift", "public protocol CartService: AnyObject {\n    func clear()\n}\n")
        try protocols.release("1.0.0")
        let cart = try ws.component(
            "Cart", kind: "business", implements: "P", dependencies: [ws.dep("P", "from: \"1.0.0\"")])
        try cart.write("Sources/Cart/M.swift", "import P\nfinal class M: CartService {\n    func clear() {}\n}\n")
        try cart.release("1.0.0")
        let baseline = try recordBaseline(ws)
        XCTAssertEqual(baseline.findings, [])
        // P's next release adds a protocol that Cart's release (also its HEAD) admits and does not implement.
        try protocols.write(
            "Sources/P/CartTotals.swift", "public protocol CartTotals {\n    var total: Int { get }\n}\n")
        try protocols.release("1.1.0")
        let later = try run(ws) { AcceptedHistory(baseline: baseline, snapshot: $0) }
        XCTAssertEqual(
            AcceptedHistory(baseline: baseline, snapshot: try ws.snapshot()).through["Cart"]?.description, "1.0.0")
        let reviewed = FindingReview.apply(later.findings, config: try ws.snapshot().config, baseline: baseline)
        XCTAssertEqual(reviewed.filter(\.counts).map(\.fingerprint), ["LS205 Cart 1.0.0 [CartTotals]"])
    }

    func testWithoutTheDigestEveryReleaseIsJudgedAndServedFromTheCacheWithTheSameFindings() throws {
        let ws = try workspace()
        try? FileManager.default.removeItem(at: ws.root.appendingPathComponent(".lockstep"))
        let cold = try run(ws)
        XCTAssertEqual(cold.statistics.diffsFromDiskCache, 0)
        XCTAssertGreaterThan(cold.statistics.treesRead, 0)
        var baseline = try recordBaseline(ws)
        // A baseline written before lockstep recorded the digest.
        baseline.components = baseline.components.map { .init(name: $0.name, version: $0.version) }
        try baseline.text.write(to: Baseline.file(in: ws.root), atomically: true, encoding: .utf8)
        let snapshot = try ws.snapshot()
        baseline = try XCTUnwrap(try Baseline.load(for: snapshot.config))
        XCTAssertNil(baseline.components.first?.history)
        let undigested = AcceptedHistory(baseline: baseline, snapshot: snapshot)
        XCTAssertEqual(undigested.through, [:])
        XCTAssertEqual(undigested.undigested, ["Net"])

        let warm = try run(ws) { AcceptedHistory(baseline: baseline, snapshot: $0) }
        XCTAssertEqual(warm.statistics.diffsFromDiskCache, 2, "both releases' verdicts come from the cache")
        XCTAssertEqual(warm.statistics.treesRead, 0, "no release is read again")
        XCTAssertEqual(warm.statistics.filesParsed, 0)
        let before = FindingReview.apply(cold.findings, config: snapshot.config, baseline: baseline)
        let after = FindingReview.apply(warm.findings, config: snapshot.config, baseline: baseline)
        XCTAssertEqual(after, before, "identical findings, accepted ones included")
        XCTAssertEqual(after.filter { $0.accepted?.by == .baseline }.map(\.rule), ["LS203"])
        XCTAssertFalse(after.contains(where: \.counts), "nothing counts: the baseline accepts the error")
    }
}
