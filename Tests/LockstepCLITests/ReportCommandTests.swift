import Foundation
import LockstepTestSupport
import XCTest

/// `lockstep report` opened in a real browser: headless Chromium loads the page from file://, runs its script,
/// and the DOM it dumps is checked.
final class ReportCommandTests: XCTestCase {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    func browser() throws -> String {
        guard let chromium = Self.chromium else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("Chromium is missing; ci/ensure-deps --test installs it")
            }
            throw XCTSkip("Chromium is not installed")
        }
        return chromium
    }

    /// The DOM after the page's script ran (the script marks `<body data-ready="true">` when it is done).
    func dom(_ page: URL, fragment: String, in folder: URL) throws -> String {
        let result = try ProcessRunner.run(
            try browser(),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.path)/profile",
                "--dump-dom", page.absoluteString + fragment,
            ],
            in: folder, environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("data-ready=\"true\""), "the script ran to its end")
        return result.stdout
    }

    func testTheSampleReportInChromiumShowsEveryRowNodeAndEdgeAndFilters() throws {
        let sample = try Lockstep.sampleWorkspace()
        let ws = sample.url.appendingPathComponent("ws")
        let written = try Lockstep.run(["report", "--output", sample.url.appendingPathComponent("out").path], in: ws)
        XCTAssertEqual(written.status, 0, written.stderr)
        let page = sample.url.appendingPathComponent("out/lockstep-report.html")
        let names = [
            "Networking", "Mediator", "LoginProtocols", "Login", "CartProtocols", "Cart", "DetailProtocols", "Detail",
        ]
        let all = try dom(page, fragment: "", in: sample.url)
        for name in names { XCTAssertTrue(all.contains("<tr data-name=\"\(name)\" data-kind="), "row \(name)") }
        for name in names + ["Shell", "Main"] {
            XCTAssertTrue(all.contains("data-name=\"\(name)\" tabindex=\"0\""), "graph node \(name)")
        }
        XCTAssertEqual(all.components(separatedBy: "<g class=\"edge").count - 1, 24, "every requirement is an edge")
        XCTAssertEqual(
            all.components(separatedBy: "<line class=\"pair\"").count - 1, 3,
            "each implementation joined to its protocol set")
        XCTAssertTrue(all.contains("8 of 8 components shown"))
        let filtered = try dom(page, fragment: "#filter=cart", in: sample.url)
        XCTAssertTrue(filtered.contains("2 of 8 components shown"), "the filter from the address was applied")
        XCTAssertTrue(
            filtered.contains("<tr data-name=\"Cart\" data-kind=\"business\" data-status=\"problem\">"), "Cart stays")
        XCTAssertTrue(
            filtered.contains("<tr data-name=\"Login\" data-kind=\"business\" data-status=\"ok\" hidden=\"\">"),
            "Login is hidden")
        // Sorted by the Ahead column (index 5), descending, as two clicks on its header would.
        let sorted = try dom(page, fragment: "#sort=-5", in: sample.url)
        let order = sorted.components(separatedBy: "<tr data-name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(
            Array(order.prefix(2)).sorted(), ["Cart", "Detail"], "the two components with commits ahead come first")
        XCTAssertTrue(
            sorted.contains("aria-sort=\"descending\"><button type=\"button\" data-column=\"5\">Ahead</button>"),
            "the header says how it sorts")
        let focused = try dom(page, fragment: "#node-Detail", in: sample.url)
        XCTAssertTrue(
            focused.contains(
                "<div class=\"detail\" id=\"detail-Detail\" role=\"region\" aria-label=\"Detail details\">"),
            "Detail's panel is open")
        XCTAssertTrue(
            focused.contains(
                "<div class=\"detail\" id=\"detail-Cart\" role=\"region\" aria-label=\"Cart details\" hidden=\"\">"),
            "the others stay closed")
    }

    func testOutputAndIntegrationFilesAreChecked() throws {
        let sample = try Lockstep.sampleWorkspace()
        let ws = sample.url.appendingPathComponent("ws")
        let missingFolder = try Lockstep.run(
            ["report", "--output", sample.url.appendingPathComponent("no/such/r.html").path], in: ws)
        XCTAssertEqual(missingFolder.status, 2)
        XCTAssertTrue(missingFolder.stderr.contains("does not exist; create it first"), missingFolder.stderr)
        let notJSON = sample.url.appendingPathComponent("x.json")
        try "{}".write(to: notJSON, atomically: true, encoding: .utf8)
        let bad = try Lockstep.run(["report", "--output", sample.url.path, "--integration", notJSON.path], in: ws)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("is not the output of `lockstep integrate --format json`"), bad.stderr)
        let run = sample.url.appendingPathComponent("run.json")
        let dryRun = try Lockstep.run(["integrate", "Detail", "--dry-run", "--format", "json"], in: ws)
        try dryRun.stdout.write(to: run, atomically: true, encoding: .utf8)
        let good = try Lockstep.run(
            ["report", "--output", sample.url.appendingPathComponent("r.html").path, "--integration", run.path], in: ws)
        XCTAssertEqual(good.status, 0, good.stderr)
        let html = try String(contentsOf: sample.url.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<td>run.json</td><td>Detail 0.1.2</td>"), "the integration is listed")
    }
}
