import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// The PINS cell: whether the apps agree on a component, in a few words.
final class MatrixSummaryTests: XCTestCase {
    func testEachCaseOfTheSummary() throws {
        let ws = try WorkspaceBuilder()
        for name in ["Unused", "ShellOnly", "Ranges", "Drift", "Agreed"] { try ws.component(name).release("1.0.0") }
        try ws.app(
            "Main", role: "main",
            dependencies: [ws.dep("Drift", "exact: \"1.0.0\""), ws.dep("Agreed", "exact: \"1.0.0\"")])
        try ws.app(
            "Web", role: "shell",
            dependencies: [
                ws.dep("ShellOnly", "from: \"1.0.0\""), ws.dep("Ranges", "from: \"1.0.0\""),
                ws.dep("Drift", "\"2.0.0\"..<\"3.0.0\""), ws.dep("Agreed", "from: \"1.0.0\""),
            ])
        try ws.app(
            "Tool", role: "shell",
            dependencies: [
                ws.dep("Ranges", "exact: \"1.0.0\""), ws.dep("Drift", "from: \"1.0.0\""),
                ws.dep("Agreed", "from: \"1.0.0\""),
            ])
        let matrix = try ws.matrix()
        let cells = Dictionary(uniqueKeysWithValues: matrix.rows.map { ($0.name, matrix.appSummary($0)) })
        XCTAssertEqual(cells["Unused"], "-")
        XCTAssertEqual(cells["ShellOnly"], "Web ^1.0.0", "one shell and no main: its requirement")
        XCTAssertEqual(cells["Ranges"], "2 shells", "shells that differ and no main")
        XCTAssertEqual(cells["Drift"], "Main 1.0.0, drift in 1 of 2 shells")
        XCTAssertEqual(cells["Agreed"], "Main 1.0.0, 2 shells ok")
        XCTAssertEqual(
            matrix.filtered(to: ["Drift", "Unused"]).rows.map(\.name), ["Unused", "Drift"], "workspace order")
        XCTAssertEqual(matrix.filtered(to: []).rows.count, 5, "no names: every row")
    }
}
