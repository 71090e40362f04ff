import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `bump --level L --reason TEXT`: a lower level than the diff asks for, recorded in the tag and honoured by LS203.
final class AcceptedLevelTests: XCTestCase {
    /// Networking 1.0.0, then a public function removed at HEAD (breaking).
    func removal() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        try ws.component("Networking").write("Sources/Networking/Old.swift", "public func legacy() {}\n")
        try ws["Networking"].release("1.0.0")
        try ws["Networking"].remove("Sources/Networking/Old.swift")
        try ws["Networking"].commit("drop legacy()")
        return ws
    }

    func plan(_ ws: WorkspaceBuilder, _ level: BumpLevel?, reason: String?) throws -> BumpPlan {
        let snapshot = try ws.snapshot()
        let context = RuleContext(snapshot: snapshot)
        return try BumpPlanner(snapshot: snapshot, manifests: context.manifests, api: context.api).plan(
            "Networking", requested: level, reason: reason)
    }

    func testALowerLevelWithoutAReasonIsRefusedAndTheMessageNamesReason() throws {
        let ws = try removal()
        XCTAssertThrowsError(try plan(ws, .patch, reason: nil)) { error in
            let refusal = error as? BumpRefusal
            XCTAssertTrue(refusal?.reason.contains("--patch is lower than the breaking level") == true, "\(error)")
            XCTAssertTrue(refusal?.details.last?.contains("--reason") == true, "\(error)")
        }
    }

    func testALowerLevelWithAReasonIsTaggedWithTheTrailerAndLS203AcceptsIt() throws {
        let ws = try removal()
        let plan = try plan(ws, .patch, reason: "legacy() was never called outside the team")
        XCTAssertEqual(plan.to.description, "1.0.1-rc.1")
        XCTAssertEqual(
            plan.accepted,
            AcceptedLevel(chosen: .patch, required: .breaking, reason: "legacy() was never called outside the team"))
        XCTAssertTrue(
            plan.tagMessage.hasSuffix(
                "\nLockstep-Accepted-Level: patch (required: major): legacy() was never called outside the team\n"),
            plan.tagMessage)
        try Bumper.apply(plan, config: ws.snapshot().config)
        let finding = try XCTUnwrap(ws.findings().first { $0.rule == "LS203" })
        XCTAssertEqual(finding.version, "1.0.1-rc.1")
        XCTAssertEqual(finding.accepted?.by, .tag)
        XCTAssertTrue(finding.accepted?.reason.contains("legacy() was never called outside the team") == true)
        XCTAssertFalse(finding.counts)
    }

    func testATagWithoutTheTrailerOrWithAnotherLevelStillFires() throws {
        let ws = try removal()
        // The same commit tagged by hand with a message that only looks similar: LS203 still fires.
        try ws["Networking"].git(
            "tag", "-a", "1.0.1", "-m",
            "Networking 1.0.1\n\nLockstep-Accepted-Level: minor (required: major): wrong level")
        let finding = try XCTUnwrap(ws.findings().first { $0.rule == "LS203" })
        XCTAssertNil(finding.accepted)
        XCTAssertTrue(finding.counts)
    }

    func testAReasonWithAHighEnoughLevelRecordsNothing() throws {
        let ws = try removal()
        let plan = try plan(ws, .breaking, reason: "not needed")
        XCTAssertNil(plan.accepted)
        XCTAssertFalse(plan.tagMessage.contains(AcceptedLevel.key))
    }
}
