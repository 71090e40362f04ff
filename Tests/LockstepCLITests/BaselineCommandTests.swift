import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// Adopting lockstep on a workspace with history: `baseline`, `check` after it, `bump --level --reason`, and
/// `integrate` judging only what the candidates change.
final class BaselineCommandTests: XCTestCase {
    /// The integration workspace with errors in Cart's published history: 1.0.1 added public API as a patch (LS203)
    /// and `v1.0.1` names it again on another commit (LS102).
    func workspaceWithHistory() throws -> IntegrationWorkspace {
        let iw = try IntegrationWorkspace()
        let cart = iw.ws["Cart"]
        try cart.write("Sources/Cart/Extra.swift", "public func extra() -> Int { 1 }\n")
        try cart.release("1.0.1")
        try cart.tag("v1.0.1", at: "HEAD~1")
        try cart.write("Sources/Cart/Internal.swift", "func helper() -> Int { 3 }\n")
        try cart.commit("another internal fix")
        return iw
    }

    func testBaselineMakesCheckGreenAndCountsOnlyWhatComesAfter() throws {
        let iw = try workspaceWithHistory()
        let red = try iw.lockstep("check")
        XCTAssertEqual(red.status, 1, red.stdout)
        XCTAssertTrue(red.stdout.contains("error[LS102]") && red.stdout.contains("error[LS203]"), red.stdout)

        let recorded = try iw.lockstep("baseline", "--reason", "published before lockstep")
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        let file = iw.root.appendingPathComponent("lockstep-baseline.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(
            text.contains("fingerprint: \"LS102 Cart 1.0.1\"") && text.contains("fingerprint: \"LS203 Cart 1.0.1\""),
            text)
        XCTAssertTrue(text.contains("reason: \"published before lockstep\""), text)
        XCTAssertTrue(text.contains("- { name: \"Cart\", version: \"1.0.1\", history: \""), text)

        let green = try iw.lockstep("check")
        XCTAssertEqual(green.status, 0, green.stdout)
        XCTAssertFalse(green.stdout.contains("LS102"), green.stdout)
        // LS102 (two tags for 1.0.1) is still found and hidden; 1.0.1 is accepted history, so LS203 does not judge it.
        XCTAssertTrue(
            green.stdout.contains(
                "1 finding accepted by lockstep-baseline.yml not shown (`lockstep check --no-baseline` shows them)."),
            green.stdout)
        XCTAssertTrue(
            green.stdout.contains(
                """
                1 release up to the versions in lockstep-baseline.yml not judged again (`lockstep check \
                --no-baseline` judges them).
                """
            ), green.stdout)
        let everything = try iw.lockstep("check", "--no-baseline")
        XCTAssertEqual(everything.status, 1)
        XCTAssertTrue(everything.stdout.contains("error[LS203]: Cart 1.0.1"), everything.stdout)
        XCTAssertFalse(everything.stdout.contains("not judged again"), everything.stdout)

        let json = try iw.lockstep("check", "--format", "json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["schemaVersion"] as? Int, 1)
        XCTAssertEqual(object["errors"] as? Int, 0)
        XCTAssertEqual(object["baselined"] as? Int, 1)
        XCTAssertEqual(object["notJudged"] as? Int, 1)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        let ls102 = try XCTUnwrap(findings.first { $0["rule"] as? String == "LS102" })
        XCTAssertEqual(
            ls102["accepted"] as? [String: String], ["by": "baseline", "reason": "published before lockstep"])

        // A rerun with nothing new leaves the file byte for byte.
        XCTAssertEqual(try iw.lockstep("baseline").status, 0)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)

        // A release after the baseline with the same mistake counts.
        try iw.ws["Cart"].write("Sources/Cart/More.swift", "public func more() -> Int { 2 }\n")
        try iw.ws["Cart"].release("1.0.2")
        let later = try iw.lockstep("check")
        XCTAssertEqual(later.status, 1, later.stdout)
        XCTAssertTrue(later.stdout.contains("error[LS203]: Cart 1.0.2"), later.stdout)

        // A tag at or below the baseline's version moved: that history is judged again, and check says why.
        try iw.ws["Cart"].git("tag", "-f", "v1.0.1", "1.0.1")
        let moved = try iw.lockstep("check", "--format", "json", "Cart")
        let movedJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(movedJSON["historyChanged"] as? [String], ["Cart"])
        XCTAssertEqual(movedJSON["notJudged"] as? Int, 0)
        let notice = try iw.lockstep("check", "Cart")
        XCTAssertTrue(
            notice.stdout.contains("The history lockstep-baseline.yml accepts changed for Cart (a version tag moved"),
            notice.stdout)
    }

    func testAnInvalidBaselineFileIsExitTwoWithLineAndColumnAndBaselineReplacesIt() throws {
        let iw = try workspaceWithHistory()
        let file = iw.root.appendingPathComponent("lockstep-baseline.yml")
        try "findings:\n  - { fingerprint: \"LS203 Cart 1.0.1\", rule: LS203, component: Cart }\n".write(
            to: file, atomically: true, encoding: .utf8)
        let result = try iw.lockstep("check")
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("lockstep-baseline.yml:2:5: missing field `reason`"), result.stderr)
        XCTAssertEqual(try iw.lockstep("check", "--no-baseline").status, 1)
        let regenerated = try iw.lockstep("baseline")
        XCTAssertEqual(regenerated.status, 0, regenerated.stderr)
        XCTAssertTrue(regenerated.stderr.contains("replacing lockstep-baseline.yml"), regenerated.stderr)
        XCTAssertEqual(try iw.lockstep("check").status, 0)
    }

    func testIntegrateReleasesAnRcOfAComponentWhoseOldHistoryHasErrors() throws {
        let iw = try workspaceWithHistory()
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let plan = try iw.lockstep("integrate", "Cart", "--dry-run")
        XCTAssertTrue(plan.stdout.contains("Rules: pass"), plan.stdout)
        XCTAssertTrue(
            plan.stdout.contains("finding(s) about earlier versions, there before this release, are not judged here"),
            plan.stdout)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Package.swift").contains("Cart.git\", exact: \"1.1.0\""))
    }

    func testIntegrateStillRefusesWhatTheReleaseIntroduces() throws {
        let iw = try workspaceWithHistory()
        // A breaking change (Cart's initializer removed) tagged by hand as a patch rc: the release would carry LS203.
        try iw.ws["Cart"].write("Sources/Cart/Cart.swift", "public struct Cart {}\n")
        try iw.ws["Cart"].commit("remove init")
        try iw.ws["Cart"].tag("1.0.2-rc.1", annotated: true)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("error[LS203]: Cart 1.0.2 "), result.stderr)
        XCTAssertFalse(result.stderr.contains("LS102"), result.stderr)
        XCTAssertEqual(iw.builds(), [])
    }

    func testBumpWithReasonIsHonouredThroughIntegrateOnTheReleaseTag() throws {
        let iw = try IntegrationWorkspace()
        try iw.ws["Cart"].write("Sources/Cart/Cart.swift", "public struct Cart {}\n")
        try iw.ws["Cart"].commit("remove init")
        let both = try iw.lockstep("bump", "Cart", "--level", "patch", "--minor")
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("pass at most one of --major, --minor, --patch, --level"), both.stderr)
        XCTAssertEqual(try iw.lockstep("bump", "Cart", "--reason", "no level").status, 2)
        let refused = try iw.lockstep("bump", "Cart", "--level", "patch")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("--reason"), refused.stderr)
        let bumped = try iw.lockstep(
            "bump", "Cart", "--level", "patch", "--reason", "nobody constructs Cart outside the mediator")
        XCTAssertEqual(bumped.status, 0, bumped.stdout + bumped.stderr)
        XCTAssertTrue(bumped.stdout.contains("Cart 1.0.0 → 1.0.1-rc.1"), bumped.stdout)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let message = try iw.ws["Cart"].git("tag", "-l", "--format=%(contents)", "1.0.1")
        XCTAssertTrue(
            message.contains(
                "Lockstep-Accepted-Level: patch (required: major): nobody constructs Cart outside the mediator"),
            message)
        let check = try iw.lockstep("check", "Cart")
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("error[LS203] (accepted): Cart 1.0.1 "), check.stdout)
        XCTAssertTrue(
            check.stdout.contains(
                "accepted by the tag annotation (`bump --reason`): patch chosen over major: nobody constructs Cart"),
            check.stdout)
    }
}
