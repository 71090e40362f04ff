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

        public init(name: String, className: String, seconds: Double = 0, failure: (message: String, details: String)? = nil,
                    skipped: String? = nil, output: String? = nil) {
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
            lines.append("  <testsuite name=\"\(escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailures)\" skipped=\"\(skipped)\" time=\"\(time)\">")
            for test in suite.cases {
                let head = "    <testcase name=\"\(escape(test.name))\" classname=\"\(escape(test.className))\" time=\"\(String(format: "%.3f", test.seconds))\""
                if test.failure == nil, test.skipped == nil, test.output == nil {
                    lines.append(head + "/>")
                    continue
                }
                lines.append(head + ">")
                if let failure = test.failure {
                    lines.append("      <failure message=\"\(escape(failure.message))\">\(escape(failure.details))</failure>")
                }
                if let skipped = test.skipped { lines.append("      <skipped message=\"\(escape(skipped))\"/>") }
                if let output = test.output { lines.append("      <system-out>\(escape(output))</system-out>") }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{1B}": continue // colour codes from build logs are not XML
            default:
                // XML 1.0 forbids most control characters.
                if scalar.value < 0x20, scalar != "\n", scalar != "\t", scalar != "\r" { continue }
                result.unicodeScalars.append(scalar)
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
            let errors = found.filter { $0.severity == .error }
            let details = found.map(FindingText.plain).joined(separator: "\n\n")
            return TestCase(name: "\(rule.id) \(rule.summary)", className: "lockstep.rules",
                            failure: errors.isEmpty ? nil : (message: "\(errors.count) error(s): \(errors[0].message)", details: details),
                            output: errors.isEmpty && !found.isEmpty ? details : nil)
        }
        return Suite(name: name, cases: cases)
    }
}
