import Foundation
import LockstepCore
import XCTest

/// The report page's markup, without a browser (ReportCommandTests opens it in Chromium).
final class HTMLReportTests: XCTestCase {
    func hostileReport() throws -> String {
        let evil = "<script>alert(1)</script>\\\" onload=\\\"x"
        let matrix = try JSONDecoder().decode(
            MatrixJSON.self,
            from: Data(
                """
                {"schemaVersion": 1, "workspace": "/ws/\(evil)", "apps": [{"name": "Main\(evil)", "role": "main"}], \
                "appFindings": [],
                 "components": [{"name": "Cart\(evil)", "kind": "base", "commitsAhead": 1, "pins": {"Main\(evil)": \
                 {"kind": "exact", "text": "1.0.0 \(evil)", "version": "1.0.0"}},
                   "requirements": {}, "status": ["LS405"], "findings": [{"rule": "LS405", "severity": "info", \
                   "message": "m \(evil)"}],
                   "newestRelease": {"version": "1.0.0", "tag": "1.0.0", "commit": \
                   "0123456789012345678901234567890123456789"}}]}
                """.utf8))
        let graph = try JSONDecoder().decode(
            DependencyGraph.self,
            from: Data(
                """
                {"nodes": [{"name": "Cart\(evil)", "kind": "base", "layer": 0}, {"name": "Main\(evil)", "kind": "app", \
                "role": "main", "layer": 3}],
                 "edges": [{"from": "Main\(evil)", "to": "Cart\(evil)", "requirement": "exact: \\"1.0.0\\" \(evil)", \
                 "problem": "cycle"}], "cycles": []}
                """.utf8))
        let finding = Finding(
            rule: "LS405", severity: .info, subject: "Cart<script>alert(1)</script>\" onload=\"x",
            message: "m <script>alert(1)</script>",
            help: "h <img src=x onerror=alert(1)>", locations: [])
        return HTMLReport(matrix: matrix, findings: [finding], graph: graph, generated: "now").html
    }

    func testEveryUserTextIsEscapedAndThePageLoadsNothing() throws {
        let html = try hostileReport()
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1, "only the page's own script")
        XCTAssertFalse(html.contains("<img"), "no markup from a finding")
        XCTAssertFalse(html.contains("\" onload=\""), "no attribute breaks out of its quotes")
        XCTAssertTrue(html.contains("Cart&lt;script&gt;alert(1)&lt;/script&gt;"), "names are shown, escaped")
        for outside in ["http://", "https://", "src=\"", "@import", "url(http"] {
            XCTAssertFalse(html.contains(outside), "nothing is loaded from outside: \(outside)")
        }
        XCTAssertTrue(
            html.contains("Content-Security-Policy\" content=\"default-src 'none'"), "and the browser is told so")
    }

    func testStructureTablesGraphAndAccessibility() throws {
        let html = try hostileReport()
        XCTAssertTrue(html.contains("<table id=\"matrix-table\">"))
        XCTAssertTrue(
            html.contains(
                "<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" data-column=\"0\">Component</button></th>"
            ))
        XCTAssertEqual(html.components(separatedBy: "<tr data-name=").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "<g class=\"node ").count - 1, 2)
        XCTAssertEqual(
            html.components(separatedBy: "<g class=\"edge problem cycle\"").count - 1, 1, "the cycle edge is marked")
        XCTAssertTrue(html.contains("tabindex=\"0\" role=\"button\""), "graph nodes are reachable by keyboard")
        XCTAssertTrue(html.contains("@media (prefers-color-scheme: dark)"))
        XCTAssertTrue(html.contains("name=\"viewport\""))
        XCTAssertTrue(html.contains("href=\"#finding-0\""), "a matrix cell links to its finding")
        XCTAssertTrue(html.contains("<tr id=\"finding-0\""))
    }

    func testAnAppCellLinksToTheFindingAboutThatAppAndComponent() throws {
        let matrix = try JSONDecoder().decode(
            MatrixJSON.self,
            from: Data(
                """
                {"schemaVersion": 1, "workspace": "/ws", "apps": [{"name": "Main", "role": "main"}], "appFindings": [],
                 "components": [{"name": "Cart", "kind": "base", "commitsAhead": 0, "pins": {"Main": {"kind": "exact", \
                 "text": "0.9.0", "version": "0.9.0"}},
                   "requirements": {}, "status": ["LS402"], "findings": [{"rule": "LS402", "severity": "warning", \
                   "app": "Main", "message": "drift"}],
                   "newestRelease": {"version": "1.0.0", "tag": "1.0.0", "commit": \
                   "0123456789012345678901234567890123456789"}}]}
                """.utf8))
        let findings = [
            Finding(rule: "LS405", severity: .info, subject: "Cart", message: "other", locations: []),
            Finding(rule: "LS402", severity: .warning, subject: "Cart", app: "Main", message: "drift", locations: []),
        ]
        let html = HTMLReport(
            matrix: matrix, findings: findings,
            graph: try JSONDecoder().decode(
                DependencyGraph.self, from: Data(#"{"nodes": [], "edges": [], "cycles": []}"#.utf8)), generated: "now"
        ).html
        XCTAssertTrue(
            html.contains(
                """
                <td class=\"drift\" title=\"pins an older version than the newest release\"><a \
                href=\"#finding-1\">0.9.0</a></td>
                """
            ), html)
    }

    func testTheStatusColumnShowsWhatTheHeaderCounts() throws {
        // The matrix itself runs no API diff: its row says nothing, the report's findings hold three LS203s.
        let matrix = try JSONDecoder().decode(
            MatrixJSON.self,
            from: Data(
                """
                {"schemaVersion": 1, "workspace": "/ws", "apps": [], "appFindings": [],
                 "components": [{"name": "Cart", "kind": "base", "commitsAhead": 0, "pins": {}, "requirements": {}, \
                 "status": ["ok"], "findings": []},
                                {"name": "Base", "kind": "base", "commitsAhead": 0, "pins": {}, "requirements": {}, \
                                "status": ["ok"], "findings": []}]}
                """.utf8))
        var accepted = Finding(rule: "LS203", severity: .error, subject: "Base", message: "old break", locations: [])
        accepted.accepted = FindingAcceptance(by: .baseline, reason: "known")
        let findings =
            (1...3).map {
                Finding(
                    rule: "LS203", severity: .error, subject: "Cart", version: "1.\($0).0", message: "break \($0)",
                    locations: [])
            }
            + [Finding(rule: "LS405", severity: .info, subject: "Cart", message: "note", locations: []), accepted]
        let html = HTMLReport(
            matrix: matrix, findings: findings,
            graph: try JSONDecoder().decode(
                DependencyGraph.self, from: Data(#"{"nodes": [], "edges": [], "cycles": []}"#.utf8)), generated: "now"
        ).html
        XCTAssertTrue(html.contains(">3 errors</span>"), "the header counts the open errors")
        XCTAssertTrue(
            html.contains("<tr data-name=\"Cart\" data-kind=\"base\" data-status=\"problem\">"),
            "the row is a problem row")
        XCTAssertTrue(
            html.contains(
                """
                <a class=\"error\" href=\"#finding-0\">error LS203 ×3</a> <a class=\"info\" \
                href=\"#finding-3\">info LS405</a>
                """
            ), html)
        XCTAssertTrue(
            html.contains("<tr data-name=\"Base\" data-kind=\"base\" data-status=\"ok\">"),
            "an accepted finding is not counted, nor shown as open")
    }

    func testEscapeCoversTheMarkupCharacters() {
        XCTAssertEqual(HTMLReport.escape("a&b<c>\"d'"), "a&amp;b&lt;c&gt;&quot;d&#39;")
    }
}
