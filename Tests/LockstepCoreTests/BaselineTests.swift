import Foundation
import LockstepCore
import LockstepTestSupport
import Version
import XCTest

/// The baseline file, `accept:` entries and fingerprints: what accepts a finding, and how mistakes are reported.
final class BaselineTests: XCTestCase, ConfigTesting {
    let root = URL(fileURLWithPath: "/tmp/lockstep-baseline-tests")

    func load(_ yaml: String) throws -> WorkspaceConfig {
        try WorkspaceConfig.parse(yaml, file: "lockstep.yml", root: root)
    }

    /// A workspace whose Networking released an added API as a patch (LS203 on 1.0.1) and tagged 1.0.0 twice (LS102).
    func historyWithErrors() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        try ws.component("Networking").release("1.0.0")
        try ws["Networking"].commit("other commit")
        try ws["Networking"].tag("v1.0.0")
        try ws["Networking"].write("Sources/Networking/More.swift", "public func ping() {}\n")
        try ws["Networking"].release("1.0.1")
        return ws
    }

    func testFingerprintsNameRuleSubjectVersionAppAndKeyButNoLineOrMessage() throws {
        let ws = try historyWithErrors()
        let findings = try ws.findings()
        XCTAssertEqual(
            Set(findings.filter { $0.severity == .error }.map(\.fingerprint)),
            ["LS102 Networking 1.0.0", "LS203 Networking 1.0.1"])
        // Moving the declaration down (its line changes) and rewording nothing else keeps the fingerprint.
        let before = try XCTUnwrap(findings.first { $0.rule == "LS203" })
        try ws["Networking"].write("Sources/Networking/More.swift", "\n\n\npublic func ping() {}\n")
        try ws["Networking"].git("tag", "-d", "1.0.1")
        try ws["Networking"].release("1.0.1")
        let after = try XCTUnwrap(try ws.findings().first { $0.rule == "LS203" })
        XCTAssertNotEqual(before.locations, after.locations)
        XCTAssertEqual(before.fingerprint, after.fingerprint)
        var withApp = before
        withApp.app = "Main"
        withApp.key = "tag x"
        XCTAssertEqual(withApp.fingerprint, "LS203 Networking 1.0.1 in Main [tag x]")
    }

    func testRecordedBaselineAcceptsTheHistoryButNotALaterRelease() throws {
        let ws = try historyWithErrors()
        let snapshot = try ws.snapshot()
        let baseline = Baseline.recording(
            try ws.findings(), snapshot: snapshot, previous: nil, reason: "published before lockstep")
        XCTAssertEqual(baseline.components.map { "\($0.name) \($0.version)" }, ["Networking 1.0.1"])
        XCTAssertEqual(
            baseline.components.first?.history,
            Baseline.historyDigest(
                of: try XCTUnwrap(snapshot.component("Networking")), through: Version(1, 0, 1), config: snapshot.config)
        )
        XCTAssertEqual(baseline.findings.map(\.fingerprint), ["LS102 Networking 1.0.0", "LS203 Networking 1.0.1"])
        // The text reads back as the same baseline, and a rerun with nothing new keeps every byte (and the reasons).
        let parsed = try Baseline.parse(baseline.text, file: Baseline.fileName, config: snapshot.config)
        XCTAssertEqual(parsed, baseline)
        let rerun = Baseline.recording(try ws.findings(), snapshot: snapshot, previous: parsed, reason: nil)
        XCTAssertEqual(rerun.text, baseline.text)
        XCTAssertTrue(baseline.text.hasPrefix("# Lockstep baseline"))

        XCTAssertFalse(
            FindingReview.apply(try ws.findings(), config: snapshot.config, baseline: baseline).contains(
                where: \.counts))
        // A later release with the same mistake counts: its fingerprint names its own version.
        try ws["Networking"].write("Sources/Networking/Even.swift", "public func pong() {}\n")
        try ws["Networking"].release("1.0.2")
        let later = FindingReview.apply(try ws.findings(), config: snapshot.config, baseline: baseline).filter(\.counts)
        XCTAssertEqual(later.map(\.fingerprint), ["LS203 Networking 1.0.2"])
    }

    func testAcceptEntriesAcceptOneRuleOnOneVersion() throws {
        let ws = try historyWithErrors()
        var config = try ws.snapshot().config
        config.accepts = [
            AcceptEntry(
                component: "Networking", version: try XCTUnwrap(VersionTag.parse("v1.0.1")), rule: "LS203",
                reason: "ping was internal")
        ]
        let reviewed = FindingReview.apply(try ws.findings(), config: config, baseline: nil)
        let ls203 = try XCTUnwrap(reviewed.first { $0.rule == "LS203" })
        XCTAssertEqual(ls203.accepted, FindingAcceptance(by: .accept, reason: "ping was internal"))
        XCTAssertEqual(reviewed.filter(\.counts).map(\.rule), ["LS102"])
        XCTAssertTrue(FindingText.render(ls203).contains("= accepted by `accept:` in lockstep.yml: ping was internal"))
        XCTAssertTrue(FindingText.summary(reviewed).hasSuffix(", 1 accepted"))
        // JUnit: the accepted error is the rule's output, not a failure; the other rule still fails.
        let suite = JUnitReport.ruleSuite(rules: Rules.all, findings: reviewed)
        let ls203Case = try XCTUnwrap(suite.cases.first { $0.name.hasPrefix("LS203") })
        XCTAssertNil(ls203Case.failure)
        XCTAssertTrue(ls203Case.output?.contains("ping was internal") == true)
        XCTAssertNotNil(suite.cases.first { $0.name.hasPrefix("LS102") }?.failure)
    }

    func testAcceptParsesAndValidatesWithLineAndColumn() throws {
        let head = "components:\n  - { name: Cart, path: components/Cart, kind: base }\n"
        let config = try load(
            head + "accept:\n  - { component: Cart, version: 1.2.0, rule: LS203, reason: \"removal was unused\" }\n")
        XCTAssertEqual(
            config.accepts,
            [
                AcceptEntry(
                    component: "Cart", version: try XCTUnwrap(VersionTag.parse("1.2.0")), rule: "LS203",
                    reason: "removal was unused")
            ])
        assertConfigError(
            head + "accept:\n  - { component: Cart, version: 1.2.0, rule: LS203 }\n", line: 4, column: 5,
            contains: "missing field `reason`")
        assertConfigError(
            head + "accept:\n  - { component: Cart, version: 1.2.0, rule: LS999, reason: x }\n", line: 4, column: 46,
            contains: "unknown rule `LS999`")
        assertConfigError(
            head + "accept:\n  - { component: Kart, version: 1.2.0, rule: LS203, reason: x }\n", line: 4, column: 18,
            contains: "`Kart`, which is not a component")
        assertConfigError(
            head + "accept:\n  - { component: Cart, version: one, rule: LS203, reason: x }\n", line: 4, column: 33,
            contains: "`one` is not a version")
        assertConfigError(
            head + "accept:\n  - { component: Cart, version: 1.2.0, rule: LS203, reason: x, by: me }\n", line: 4,
            column: 64, contains: "unknown key `by`")
    }

    func testBaselineFileMistakesPointAtLineAndColumn() throws {
        let config = try load("components:\n  - { name: Cart, path: components/Cart, kind: base }\n")
        func assertError(_ text: String, _ line: Int, _ column: Int, _ message: String, testLine: UInt = #line) {
            XCTAssertThrowsError(
                try Baseline.parse(text, file: "lockstep-baseline.yml", config: config), line: testLine
            ) { error in
                let config = error as? ConfigError
                XCTAssertEqual(config?.line, line, "\(error)", line: testLine)
                XCTAssertEqual(config?.column, column, "\(error)", line: testLine)
                XCTAssertTrue(
                    config?.description.hasPrefix("lockstep-baseline.yml:\(line):\(column): error: ") == true,
                    "\(error)", line: testLine)
                XCTAssertTrue(config?.message.contains(message) == true, "\(error)", line: testLine)
            }
        }
        let entry =
            """
            findings:\n  - { fingerprint: \"LS203 Cart 1.0.1\", rule: LS203, component: Cart, version: 1.0.1, \
            reason: old }\n
            """
        XCTAssertEqual(try Baseline.parse(entry, file: "lockstep-baseline.yml", config: config).findings.count, 1)
        assertError(
            entry + "  - { fingerprint: \"LS203 Cart 1.0.1\", rule: LS203, component: Cart, reason: again }\n", 3, 20,
            "listed twice (first at line 2)")
        assertError(
            "findings:\n  - { fingerprint: \"LS203 Cart 1.0.1\", rule: LS203, component: Cart }\n", 2, 5,
            "missing field `reason`")
        assertError(
            "findings:\n  - { fingerprint: \"LS102 Cart 1.0.1\", rule: LS203, component: Cart, reason: x }\n", 2, 20,
            "does not start with its rule and component")
        assertError("components:\n  - { name: Kart, version: 1.0.0 }\n", 2, 13, "`Kart` is not a component")
        assertError(
            "components:\n  - { name: Cart, version: 1.0.0, history: abc }\n", 2, 44, "64 lowercase hex digits")
        let digest = String(repeating: "0a", count: 32)
        XCTAssertEqual(
            try Baseline.parse(
                "components:\n  - { name: Cart, version: 1.0.0, history: \"\(digest)\" }\n",
                file: "lockstep-baseline.yml", config: config
            ).components, [.init(name: "Cart", version: "1.0.0", history: digest)])
        assertError("findings: []\nextra: 1\n", 2, 1, "unknown key `extra`")
        assertError("findings: [\n", 2, 1, "YAML syntax error")
    }

    func testTrailerRoundTripsAndKeepsToOneLine() throws {
        let level = AcceptedLevel(
            chosen: .patch, required: .breaking, reason: "the removed API\nwas never public in practice")
        XCTAssertEqual(
            level.trailer,
            "Lockstep-Accepted-Level: patch (required: major): the removed API was never public in practice")
        XCTAssertEqual(AcceptedLevel.all(in: "Cart 1.0.1\n\nTagged by lockstep bump.\n\n\(level.trailer)\n"), [level])
        XCTAssertEqual(AcceptedLevel.all(in: "Lockstep-Accepted-Level: tiny (required: major): x\n"), [])
    }
}
