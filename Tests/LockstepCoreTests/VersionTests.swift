import LockstepCore
import LockstepManifest
import Version
import XCTest

final class VersionTests: XCTestCase {
    func testPrecedenceAndTagParsing() throws {
        let names = ["1.0.0", "1.0.0-rc.10", "v1.0.0-rc.2", "1.0.0-rc.1", "0.9.0", "1.0.1-beta"]
        let sorted = names.compactMap { VersionTag.parse($0) }.sorted().map(\.description)
        XCTAssertEqual(sorted, ["0.9.0", "1.0.0-rc.1", "1.0.0-rc.2", "1.0.0-rc.10", "1.0.0", "1.0.1-beta"])
        XCTAssertNil(VersionTag.parse("release-1"))
        XCTAssertNil(VersionTag.parse("1.2"))
        XCTAssertNil(VersionTag.parse("vv1.2.3"))
        // The fast path for plain releases agrees with mxcl/Version (leading zeros: FuzzRegressionTests).
        for text in [
            "0.0.0", "1.2.3", "10.20.30", "1..3", "1.2.", ".1.2", "1.2.3.4", "1.2", "v1.2.3", "1.2.3 ", "1.2.x",
        ] {
            let body = text.hasPrefix("v") ? String(text.dropFirst()) : text
            XCTAssertEqual(VersionTag.parse(text), Version(body), text)
        }
        XCTAssertEqual(VersionTag.parse("1.2.3+build.5")?.description, "1.2.3+build.5")
        XCTAssertEqual(Version("1.2.3-rc.4")?.releaseCandidateNumber, 4)
        XCTAssertNil(Version("1.2.3-beta.4")?.releaseCandidateNumber)
    }

    func testCompatibilityLines() {
        XCTAssertEqual(Version(1, 4, 2).line.description, "1")
        XCTAssertEqual(Version(0, 3, 1).line.description, "0.3")
        XCTAssertEqual(Version(0, 3, 1).line, Version(0, 3, 9).line)
        XCTAssertNotEqual(Version(0, 3, 1).line, Version(0, 4, 0).line)
        XCTAssertEqual(Version(2, 0, 0).line, Version(2, 9, 9).line)
    }

    func testBumpLevels() {
        XCTAssertEqual(BumpLevel.breaking.next(after: Version(1, 4, 2)), Version(2, 0, 0))
        XCTAssertEqual(BumpLevel.breaking.next(after: Version(0, 3, 1)), Version(0, 4, 0))
        XCTAssertEqual(BumpLevel.minor.next(after: Version(1, 4, 2)), Version(1, 5, 0))
        XCTAssertEqual(BumpLevel.minor.next(after: Version(0, 3, 1)), Version(0, 4, 0))
        XCTAssertEqual(BumpLevel.patch.next(after: Version(0, 1, 7)), Version(0, 1, 8))
        XCTAssertEqual(BumpLevel.between(Version(1, 4, 2), Version(2, 0, 0)), .breaking)
        XCTAssertEqual(BumpLevel.between(Version(1, 4, 2), Version(1, 5, 0)), .minor)
        XCTAssertEqual(BumpLevel.between(Version(0, 3, 1), Version(0, 4, 0)), .breaking)
        XCTAssertEqual(BumpLevel.between(Version(0, 3, 1), Version(0, 3, 2)), .patch)
    }

    func testRequirementAdmissionFollowsSwiftPM() {
        XCTAssertTrue(Requirement.upToNextMajor("1.2.0").admits(Version(1, 9, 0)))
        XCTAssertFalse(Requirement.upToNextMajor("1.2.0").admits(Version(2, 0, 0)))
        XCTAssertFalse(
            Requirement.upToNextMajor("1.2.0").admits(Version(1, 3, 0, pre: ["rc", "1"])),
            "ranges never pick prereleases")
        XCTAssertTrue(Requirement.upToNextMinor("0.1.5").admits(Version(0, 1, 7)))
        XCTAssertFalse(Requirement.upToNextMinor("0.1.5").admits(Version(0, 2, 0)))
        XCTAssertTrue(Requirement.exact("0.1.8-rc.1").admits(Version(0, 1, 8, pre: ["rc", "1"])))
        XCTAssertTrue(Requirement.range("1.0.0", "2.0.0").admits(Version(1, 5, 0)))
        XCTAssertTrue(Requirement.closedRange("1.0.0", "1.4.0").admits(Version(1, 4, 0)))
        XCTAssertFalse(Requirement.branch("main").admits(Version(1, 0, 0)))
    }

    func testRequirementLines() {
        XCTAssertEqual(Requirement.upToNextMajor("1.2.0").interval?.lines().map(\.description), ["1"])
        XCTAssertEqual(Requirement.upToNextMinor("0.1.0").interval?.lines().map(\.description), ["0.1"])
        XCTAssertEqual(
            Requirement.upToNextMajor("0.3.0").interval?.lines(limit: 3).map(\.description), ["0.3", "0.4", "0.5"])
        XCTAssertEqual(Requirement.upToNextMajor("0.3.0").interval?.linesDescription, "0.3+")
        XCTAssertEqual(Requirement.range("1.0.0", "3.0.0").interval?.lines().map(\.description), ["1", "2"])
        XCTAssertEqual(Requirement.range("1.0.0", "3.0.0").interval?.linesDescription, "1–2")
        XCTAssertEqual(Requirement.range("1.0.0", "2.0.0").interval?.isOneLine, true)
        XCTAssertEqual(Requirement.closedRange("1.0.0", "2.0.0").interval?.lines().map(\.description), ["1", "2"])
        XCTAssertEqual(Requirement.exact("2.1.0").interval?.lines().map(\.description), ["2"])
    }

    func testTagStyle() {
        let commit = ObjectIDFixture.zero
        let v = [VersionTag(name: "v1.0.0", version: Version(1, 0, 0), commit: commit, isAnnotated: false)]
        XCTAssertEqual(TagStyle.of(v), .vPrefixed)
        XCTAssertEqual(TagStyle.of([]), .plain)
        XCTAssertEqual(TagStyle.vPrefixed.tagName(for: Version(0, 1, 8, pre: ["rc", "1"])), "v0.1.8-rc.1")
    }
}
