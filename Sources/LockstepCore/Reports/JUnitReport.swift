import Foundation

/// A JUnit XML report: suites of test cases, for CI test views.
public struct JUnitReport: Sendable {
    /// One test case: passed, failed (with message and details) or skipped.
    public struct TestCase: Sendable {
        public var name: String
        public var className: String
        public var seconds: Double
        public var failure: (message: String, details: String)?
        public var skipped: String?
        public var output: String?

        public init(
            name: String, className: String, seconds: Double = 0, failure: (message: String, details: String)? = nil,
            skipped: String? = nil, output: String? = nil
        ) {
            self.name = name
            self.className = className
            self.seconds = seconds
            self.failure = failure
            self.skipped = skipped
            self.output = output
        }
    }

    public struct Suite: Sendable {
        public var name: String
        public var cases: [TestCase]
        public init(name: String, cases: [TestCase]) {
            self.name = name
            self.cases = cases
        }
    }

    public var suites: [Suite]

    public init(suites: [Suite]) { self.suites = suites }

    /// The XML text.
    public var xml: String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let total = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        lines.append("<testsuites name=\"lockstep\" tests=\"\(total)\" failures=\"\(failures)\">")
        for suite in suites {
            let suiteFailures = suite.cases.filter { $0.failure != nil }.count
            let skipped = suite.cases.filter { $0.skipped != nil }.count
            let time = String(format: "%.3f", suite.cases.reduce(0) { $0 + $1.seconds })
            lines.append(
                "  <testsuite name=\"\(Self.escape(suite.name, attribute: true))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailures)\" skipped=\"\(skipped)\" time=\"\(time)\">"
            )
            for test in suite.cases {
                let head =
                    "    <testcase name=\"\(Self.escape(test.name, attribute: true))\" classname=\"\(Self.escape(test.className, attribute: true))\" time=\"\(String(format: "%.3f", test.seconds))\""
                if test.failure == nil, test.skipped == nil, test.output == nil {
                    lines.append(head + "/>")
                    continue
                }
                lines.append(head + ">")
                if let failure = test.failure {
                    lines.append(
                        "      <failure message=\"\(Self.escape(failure.message, attribute: true))\">\(Self.escape(failure.details))</failure>"
                    )
                }
                if let skipped = test.skipped {
                    lines.append("      <skipped message=\"\(Self.escape(skipped, attribute: true))\"/>")
                }
                if let output = test.output { lines.append("      <system-out>\(Self.escape(output))</system-out>") }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text as XML 1.0 character data or attribute value, valid for any input.
    ///
    /// Build logs carry anything: terminal colour codes are dropped, and the characters XML 1.0 forbids even
    /// as references (most C0 controls, U+FFFE, U+FFFF) become a visible `\u{…}` so the report still parses.
    /// CR is written as a reference (parsers turn a literal one into a newline), and so are tab and newline in
    /// attributes (parsers turn literal ones into spaces there).
    static func escape(_ text: String, attribute: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"  // also keeps `]]>` out of character data
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n" where attribute: result += "&#10;"
            case "\t" where attribute: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            case "\u{1B}" where index < scalars.count && scalars[index] == "[":
                // A colour code (ESC [ parameters final-byte): noise in a report.
                index += 1
                while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
                if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

extension JUnitReport {
    /// One test case per rule: failed when the rule found errors, with every finding in the details.
    public static func ruleSuite(rules: [any Rule], findings: [Finding], name: String = "lockstep rules") -> Suite {
        let cases = rules.map { rule -> TestCase in
            let found = findings.filter { $0.rule == rule.id }
            let errors = found.filter(\.counts)  // accepted errors are reported as output, not failures
            let details = found.map(FindingText.plain).joined(separator: "\n\n")
            return TestCase(
                name: "\(rule.id) \(rule.summary)", className: "lockstep.rules",
                failure: errors.isEmpty
                    ? nil : (message: "\(errors.count) error(s): \(errors[0].message)", details: details),
                output: errors.isEmpty && !found.isEmpty ? details : nil)
        }
        return Suite(name: name, cases: cases)
    }
}
