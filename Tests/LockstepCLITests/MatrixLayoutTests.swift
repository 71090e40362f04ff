import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `matrix [COMPONENT…]`, the PINS summary and `--wide` on a workspace the size of a real team's.
final class MatrixLayoutTests: XCTestCase {
    /// 50 components and 20 apps (2 mains, 18 shells): Comp03's mains disagree, Shell07 drifts on Comp05.
    static func largeWorkspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let names = (1...50).map { String(format: "Comp%02d", $0) }
        for name in names { try ws.component(name).release("1.2.0") }
        for index in 1...2 {
            try ws.app(
                String(format: "Main%02d", index), role: "main",
                dependencies: names.map { name in
                    ws.dep(name, "exact: \"\(name == "Comp03" && index == 2 ? "1.1.0" : "1.2.0")\"")
                })
        }
        for index in 1...18 {
            try ws.app(
                String(format: "Shell%02d", index), role: "shell",
                dependencies: names.map { name in
                    ws.dep(name, name == "Comp05" && index == 7 ? "\"1.0.0\"..<\"1.1.0\"" : "from: \"1.0.0\"")
                })
        }
        return ws
    }

    func testFiftyComponentsAndTwentyAppsStayReadableAndWideShowsEveryApp() throws {
        let ws = try Self.largeWorkspace()
        let table = try Lockstep.run(["matrix", "--workspace", ws.root.path])
        XCTAssertEqual(table.status, 0, table.stderr)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        let rows = lines.filter { $0.hasPrefix("Comp") }
        XCTAssertEqual(rows.count, 50, table.stdout)
        let widest = lines.map(\.count).max() ?? 0
        XCTAssertLessThanOrEqual(widest, 100, "the default table must fit a wide terminal:\n\(table.stdout)")
        XCTAssertTrue(lines[0].contains("PINS") && !lines[0].contains("Shell07"), lines[0])
        // At a glance: agreement, mains that differ, a drifting shell.
        XCTAssertTrue(
            rows.contains { $0.hasPrefix("Comp01 ") && $0.contains("2 mains 1.2.0, 18 shells ok") }, table.stdout)
        XCTAssertTrue(
            rows.contains { $0.hasPrefix("Comp03 ") && $0.contains("mains differ: 1.2.0/1.1.0") }, table.stdout)
        XCTAssertTrue(
            rows.contains { $0.hasPrefix("Comp05 ") && $0.contains("drift in 1 of 18 shells") && $0.contains("LS403") },
            table.stdout)

        let wide = try Lockstep.run(["matrix", "--wide", "--workspace", ws.root.path])
        let header = try XCTUnwrap(wide.stdout.split(separator: "\n").first)
        XCTAssertTrue(
            header.contains("Main01 PIN") && header.contains("Shell18 REQ") && !header.contains("PINS "), String(header)
        )
        XCTAssertGreaterThan(header.count, 200, "--wide has one column per app")
    }

    func testComponentArgumentsFilterRowsAndAnUnknownNameListsTheKnownOnes() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("Networking").release("1.0.0")
        try ws.component("Cart").release("0.1.0")
        try ws.component("Login").release("2.0.0")
        try ws.app(
            "Main", role: "main",
            dependencies: [ws.dep("Cart", "exact: \"0.1.0\""), ws.dep("Login", "exact: \"1.0.0\"")])
        let filtered = try Lockstep.run(["matrix", "Login", "Cart", "--workspace", ws.root.path])
        XCTAssertEqual(filtered.status, 0, filtered.stderr)
        let names = filtered.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(
            names, ["Cart", "Login"],
            "workspace order, only the named rows, and no app-only findings:\n\(filtered.stdout)")

        let json = try Lockstep.run(["matrix", "Cart", "--format", "json", "--workspace", ws.root.path])
        let matrix = try JSONDecoder().decode(JSONEnvelope<MatrixJSON>.self, from: Data(json.stdout.utf8))
        XCTAssertEqual(matrix.payload?.components.map(\.name), ["Cart"])

        let unknown = try Lockstep.run(["matrix", "Cart", "Payments", "--workspace", ws.root.path])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(
            unknown.stderr.contains("unknown component `Payments`; components: Networking, Cart, Login"), unknown.stderr
        )
    }
}
