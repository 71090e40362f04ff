import Foundation
import LockstepCore
import XCTest
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The JUnit report is valid XML whatever a build log holds (issue 9).
final class JUnitReportTests: XCTestCase {
    /// Parses `xml`, returning every element's text and attributes joined, or the parser's error.
    final class Collector: NSObject, XMLParserDelegate {
        var text = ""
        var attributes: [String: [String]] = [:]
        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            for (key, value) in attributes { self.attributes["\(element).\(key)", default: []].append(value) }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    func testHostileBuildOutputStaysValidXML() throws {
        let hostile =
            "A.swift:1:1: error: \u{0}nul \u{1B}[31mred\u{1B}[0m \u{7} bell \u{FFFE}\u{FFFF} ]]> \"<&' tab\tcr\rend"
        let failing = JUnitReport.TestCase(
            name: "build \"Main\" <&>\n2", className: "lockstep.builds", seconds: 1.5,
            failure: (message: "red: \(hostile)", details: "\(hostile)\nlog: /tmp/x.log"),
            output: "out \u{1}\u{1F}")
        let report = JUnitReport(suites: [
            .init(name: "builds ]]>", cases: [failing, .init(name: "ok", className: "c")])
        ])
        let parser = XMLParser(data: Data(report.xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") in:\n\(report.xml)")

        let readable = "A.swift:1:1: error: \\u{0}nul red \\u{7} bell \\u{FFFE}\\u{FFFF} ]]> \"<&' tab\tcr\rend"
        XCTAssertTrue(collector.text.contains(readable + "\nlog: /tmp/x.log"), collector.text)
        XCTAssertTrue(collector.text.contains("out \\u{1}\\u{1F}"), collector.text)
        XCTAssertEqual(collector.attributes["failure.message"], ["red: " + readable])
        XCTAssertEqual(
            collector.attributes["testcase.name"], ["build \"Main\" <&>\n2", "ok"], "a newline in an attribute survives"
        )
        XCTAssertEqual(collector.attributes["testsuite.name"], ["builds ]]>"])
    }
}
