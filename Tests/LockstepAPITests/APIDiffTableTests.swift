import XCTest
import LockstepAPI

final class APIDiffTableTests: XCTestCase {
    func testTableHasEnoughCases() {
        XCTAssertGreaterThanOrEqual(DiffCase.all.count, 35)
        XCTAssertEqual(Set(DiffCase.all.map(\.name)).count, DiffCase.all.count, "case names must be unique")
    }

    func testEveryCase() {
        for row in DiffCase.all {
            let old = APISurface.extract(from: row.old)
            let new = APISurface.extract(from: row.new)
            // A "no change" verdict means nothing if nothing was extracted.
            XCTAssertFalse(old.isEmpty, "\(row.name): old surface is empty")
            XCTAssertFalse(new.isEmpty, "\(row.name): new surface is empty")
            let diff = APIDiff(old: old, new: new)
            let actual = diff.changes.map { "\($0.kind.rawValue) \($0.key)" }
            XCTAssertEqual(actual.sorted(), row.expected.sorted(), row.name)
            XCTAssertEqual(diff.impact, row.impact, row.name)
        }
    }

    func testChangesAreSortedByKey() {
        let diff = APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "a", text: "public func b() {}\npublic func y() {}")]),
            new: APISurface.extract(from: [SourceFile(path: "a", text: "public func a() {}\npublic func z() {}")]))
        XCTAssertEqual(diff.changes.map(\.key), ["func a()", "func b()", "func y()", "func z()"])
    }
}
