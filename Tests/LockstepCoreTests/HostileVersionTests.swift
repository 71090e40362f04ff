import Foundation
import LockstepCore
import LockstepManifest
import LockstepTestSupport
import Version
import XCTest

/// Version numbers of any size and hand-made prereleases (issue 9): no trap, no bump backwards, the right rc
/// integrated.
final class HostileVersionTests: XCTestCase, BumpTesting {
    let big = "\(Int.max)"

    func assertRefused(
        _ ws: WorkspaceBuilder, _ name: String, _ level: BumpLevel? = nil, contains texts: String...,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try RepoState.capture(ws[name].url)
        XCTAssertThrowsError(try bump(ws, name, level), file: file, line: line) { error in
            XCTAssertTrue(error is BumpRefusal, "\(error)", file: file, line: line)
            for text in texts { XCTAssertTrue("\(error)".contains(text), "\(error)", file: file, line: line) }
        }
        XCTAssertEqual(
            try RepoState.capture(ws[name].url), before, "a refused bump must write nothing", file: file, line: line)
    }

    /// A component released at `version`, with one more commit that adds public API when `addAPI`.
    func released(_ version: String, kind: String = "base", addAPI: Bool = false) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net", kind: kind)
        try repo.commit("start")
        try repo.release(version)
        if addAPI {
            try repo.write("Sources/Net/More.swift", "public func more() {}\n")
        } else {
            try repo.write("Sources/Net/Internal.swift", "func helper() -> Int { 1 }\n")
        }
        try repo.commit("work")
        return ws
    }

    func resolve(_ ws: WorkspaceBuilder, _ argument: String) throws -> Candidate {
        try Candidate.resolve(argument, in: ws.snapshot())
    }

    // MARK: Parsing

    func testNumbersTooLargeOrMalformedTagsAreLS101Warnings() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        try repo.release("1.0.0")
        let odd = [
            "99999999999999999999.0.0", "v1.99999999999999999999.0", "1.0.0-", "1.0.0-rc.a_b",
            "1.0.0-rc.01", "1.0.0-rc.-1", "1.0.0+",
        ]
        for name in odd { try repo.tag(name) }
        let state = try XCTUnwrap(ws.snapshot().component("Net"))
        XCTAssertEqual(Set(state.otherTags.map(\.name)), Set(odd))
        XCTAssertEqual(state.versionTags.map(\.name), ["1.0.0"])
        let warned = try ws.findings([LS101Probe.rule]).filter { $0.rule == "LS101" }.map(\.message)
        for name in odd { XCTAssertTrue(warned.contains { $0.contains("`\(name)`") }, "\(name): \(warned)") }
    }

    func testLargestNumbersAreVersions() throws {
        XCTAssertEqual(VersionTag.parse("0.\(big).1"), Version(0, Int.max, 1))
        XCTAssertEqual(VersionTag.parse("v\(big).\(big).\(big)"), Version(Int.max, Int.max, Int.max))
        XCTAssertEqual(VersionTag.parse("1.0.0-rc.\(big)")?.releaseCandidateNumber, Int.max)
        // SemVer has no limit on prerelease numbers; this one is a version that sorts above every rc.N.
        let huge = try XCTUnwrap(VersionTag.parse("1.0.0-rc.99999999999999999999"))
        XCTAssertNil(huge.releaseCandidateNumber)
        XCTAssertGreaterThan(huge, Version(1, 0, 0, pre: ["rc", big]))
        XCTAssertEqual(
            VersionTag.parse("1.0.0-alpha-1.0+build.7"),
            Version(1, 0, 0, pre: ["alpha-1", "0"], build: ["build", "7"]))
    }

    func testArithmeticStopsAtIntMaxInsteadOfTrapping() throws {
        XCTAssertNil(BumpLevel.patch.next(after: Version(1, 2, Int.max)))
        XCTAssertNil(BumpLevel.minor.next(after: Version(1, Int.max, 0)))
        XCTAssertNil(BumpLevel.breaking.next(after: Version(Int.max, 0, 0)))
        XCTAssertNil(BumpLevel.breaking.next(after: Version(0, Int.max, 0)))
        XCTAssertEqual(BumpLevel.minor.next(after: Version(1, 2, Int.max)), Version(1, 3, 0))
        XCTAssertNil(CompatibilityLine(Version(Int.max, 1, 1)).nextLineStart)
        XCTAssertEqual(CompatibilityLine(Version(0, Int.max, 1)).nextLineStart, Version(1, 0, 0))
        let major = try XCTUnwrap(Requirement.upToNextMajor("\(big).0.0").interval)
        XCTAssertTrue(major.admits(Version(Int.max, 5, 0)))
        XCTAssertFalse(major.admits(Version(1, 0, 0)))
        XCTAssertEqual(major.lines(limit: 5).map(\.description), [big])
        XCTAssertTrue(major.isOneLine)
        let minor = try XCTUnwrap(Requirement.upToNextMinor("0.\(big).0").interval)
        XCTAssertEqual(minor.linesDescription, "0.\(big)")
        XCTAssertEqual(Requirement.range("0.\(Int.max - 1).0", "\(big).0.0").interval?.lines(limit: 3).count, 3)
        XCTAssertEqual(
            Requirement.closedRange("0.\(big).0", "1.0.0").interval?.lines(limit: 9).map(\.description),
            ["0.\(big)", "1"])
    }

    // MARK: Bumping past the largest numbers

    func testPatchBumpAtTheLargestPatchIsRefusedAndMinorWorks() throws {
        let ws = try released("1.2.\(big)")
        try assertRefused(ws, "Net", contains: "no patch version can follow 1.2.\(big)", "--minor")
        XCTAssertEqual(try bump(ws, "Net", .minor).tagName, "1.3.0-rc.1")
    }

    func testMinorBumpAtTheLargestMinorIsRefused() throws {
        let ws = try released("0.\(big).1", addAPI: true)
        try assertRefused(ws, "Net", contains: "no minor version can follow 0.\(big).1")
        try assertRefused(ws, "Net", .breaking, contains: "no breaking version can follow")
        let patch = try released("0.\(big).1")
        XCTAssertEqual(try plan(patch, "Net").tagName, "0.\(big).2-rc.1")
    }

    func testMajorBumpAtTheLargestMajorIsRefused() throws {
        try assertRefused(
            try released("\(big).0.0"), "Net", .breaking, contains: "no breaking version can follow \(big).0.0")
    }

    func testRcNumberAtIntMaxIsRefused() throws {
        let ws = try released("1.0.0")
        try ws["Net"].tag("1.0.1-rc.\(big)")
        try ws["Net"].write("x", "1"); try ws["Net"].commit("x")
        try assertRefused(ws, "Net", contains: "1.0.1-rc.\(big) already uses the largest rc number")
        XCTAssertEqual(try plan(ws, "Net", .minor).tagName, "1.1.0-rc.1")
    }

    func testRulesAndMatrixReadTheLargestVersions() throws {
        let ws = try WorkspaceBuilder()
        let protocols = try ws.component("NetProtocols", kind: "protocols")
        try protocols.release("1.\(big).\(big)")
        let net = try ws.component(
            "Net", kind: "business", implements: "NetProtocols",
            dependencies: [ws.dep("NetProtocols", "from: \"\(big).0.0\"")])
        try net.release("\(big).0.0")
        try net.write("Sources/Net/Gone.swift", "")
        try net.write("Sources/Net/Net.swift", "public struct Net {}\n")
        try net.release("\(big).0.1")
        try ws.app(
            "Main", role: "main",
            dependencies: [
                ws.dep("Net", "exact: \"\(big).0.1\""),
                ws.dep("NetProtocols", "exact: \"1.\(big).\(big)\""),
            ])
        let findings = try ws.findings()
        XCTAssertTrue(
            findings.contains { $0.rule == "LS201" && $0.help?.contains("versions and delete") == true }, "\(findings)")
        XCTAssertTrue(
            findings.contains { $0.rule == "LS203" && $0.help?.contains("numbers are at their maximum") == true },
            "\(findings)")
        let matrix = try ws.matrix()
        let json = try matrix.jsonText()
        XCTAssertTrue(json.contains("\(big).0.1"), json)
    }

    // MARK: Hand-made prereleases

    func testHandMadePrereleaseAboveTheSeriesRefusesTheBumpNamingIt() throws {
        let ws = try released("1.0.0")
        let older = try ws["Net"].git("rev-parse", "1.0.0^")
        try ws["Net"].tag("1.0.1-zeta", at: older)
        try assertRefused(ws, "Net", contains: "tag 1.0.1-zeta", "sorts above 1.0.1-rc.1", "git tag -d 1.0.1-zeta")
        let minor = try bump(ws, "Net", .minor)
        XCTAssertEqual(minor.tagName, "1.1.0-rc.1")
        let candidate = try resolve(ws, "Net")
        XCTAssertEqual(candidate.tag.name, "1.1.0-rc.1")
        XCTAssertEqual(candidate.commit.hex, try ws["Net"].head())
    }

    func testHugeRcNumberByHandRefusesTheBump() throws {
        let ws = try released("1.0.0")
        try ws["Net"].tag("1.0.1-rc.99999999999999999999", at: "1.0.0")
        try assertRefused(ws, "Net", contains: "tag 1.0.1-rc.99999999999999999999", "sorts above")
    }

    func testIntegrateTakesTheToolsRcNotAHandMadeOneAboveIt() throws {
        let ws = try released("1.0.0")
        XCTAssertEqual(try bump(ws, "Net").tagName, "1.0.1-rc.1")
        let rcCommit = try ws["Net"].head()
        try ws["Net"].tag("1.0.1-rc.1.2", at: "1.0.0")
        try ws["Net"].tag("1.0.1-zeta", at: "1.0.0")
        let candidate = try resolve(ws, "Net")
        XCTAssertEqual(candidate.tag.name, "1.0.1-rc.1")
        XCTAssertEqual(candidate.commit.hex, rcCommit)
        XCTAssertEqual(candidate.release, Version(1, 0, 1))
        // Naming the hand-made one still works: the user chose it.
        XCTAssertEqual(try resolve(ws, "Net@1.0.1-rc.1.2").tag.name, "1.0.1-rc.1.2")
    }

    func testNextRcSortsAboveAHandMadeRcWithMoreParts() throws {
        let ws = try released("1.0.0")
        try bump(ws, "Net")
        try ws["Net"].tag("1.0.1-rc.1.2", at: "1.0.0")
        try ws["Net"].write("y", "1"); try ws["Net"].commit("y")
        let plan = try bump(ws, "Net")
        XCTAssertEqual(plan.tagName, "1.0.1-rc.2")
        XCTAssertGreaterThan(plan.to, Version(1, 0, 1, pre: ["rc", "1", "2"]))
        XCTAssertEqual(try resolve(ws, "Net").tag.name, "1.0.1-rc.2")
    }

    func testOnlyAHandMadePrereleaseIsNotTakenImplicitly() throws {
        let ws = try released("1.0.0")
        try ws["Net"].tag("1.0.1-beta", at: "1.0.0")
        XCTAssertThrowsError(try resolve(ws, "Net")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("no release candidate above 1.0.0"), text)
            XCTAssertTrue(text.contains("1.0.1-beta is a prerelease lockstep did not make"), text)
            XCTAssertTrue(text.contains("lockstep integrate Net@1.0.1-beta"), text)
        }
    }

    func testTwoTagsNamingTheNewestRcOnDifferentCommitsAreRefused() throws {
        let ws = try released("1.0.0")
        try ws["Net"].tag("1.0.1-rc.1")
        try ws["Net"].tag("v1.0.1-rc.1", at: "1.0.0")
        XCTAssertThrowsError(try resolve(ws, "Net")) { error in
            XCTAssertTrue("\(error)".contains("name the same release candidate on different commits"), "\(error)")
        }
    }
}

/// LS101 alone, looked up by ID so the test does not depend on the rule's type name.
private enum LS101Probe {
    static var rule: any Rule { Rules.all.first { $0.id == "LS101" }! }
}
