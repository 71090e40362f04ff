import LockstepAPI
import XCTest

/// The rows for issue 10's rules: what is not API, compatible evolutions, what stays breaking. Each row is
/// also diffed through `APIDiff(old:new:shared:)`, which must agree with the whole-set diff.
final class EvolutionDiffTableTests: XCTestCase {
    static let rows = DiffCase.hiddenCases + DiffCase.evolutionCases + DiffCase.breakingCases

    func testEveryRow() {
        XCTAssertEqual(Set(Self.rows.map(\.name)).count, Self.rows.count, "case names must be unique")
        for row in Self.rows {
            let old = APISurface.extract(from: row.old)
            let new = APISurface.extract(from: row.new)
            XCTAssertFalse(old.isEmpty, "\(row.name): old surface is empty")
            XCTAssertFalse(new.isEmpty, "\(row.name): new surface is empty")
            let diff = APIDiff(old: old, new: new)
            XCTAssertEqual(
                diff.changes.map { "\($0.kind.rawValue) \($0.key)" }.sorted(), row.expected.sorted(), row.name)
            XCTAssertEqual(diff.impact, row.impact, row.name)
            let incremental = APIDiff(
                old: row.old.map { APIFileSurface.extract(from: $0) },
                new: row.new.map { APIFileSurface.extract(from: $0) }, shared: [])
            XCTAssertEqual(incremental, diff, "\(row.name): incremental")
        }
    }
}
