import Foundation
import LockstepCore
import XCTest

/// The README and docs/ stand on their own: no link out of the repository and no issue numbers.
final class DocumentationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every docs/*.md.
    func documents() throws -> [URL] {
        let docs = Self.root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [Self.root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    /// What a document says outside code: fenced blocks and inline code spans are examples, not links.
    static func prose(_ text: String) -> String {
        var lines: [String] = []
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if !fenced { lines.append(line.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)) }
        }
        return lines.joined(separator: "\n")
    }

    /// The problems of one document's text.
    static func problems(in text: String) -> [String] {
        var found: [String] = []
        let prose = prose(text)
        let patterns = [
            ("a link outside the repository", #"https?://"#, prose),
            ("a link out of the repository folder", #"\]\(\s*\.\./|\]\(\s*/|<\.\./"#, prose),
            ("an issue number", #"(?i)\bissues?\s+#?[0-9]+"#, text),
            ("an issue number", #"(?<![\w&/])#[0-9]+\b"#, prose),
        ]
        for (what, pattern, haystack) in patterns {
            guard let range = haystack.range(of: pattern, options: .regularExpression) else { continue }
            let line = haystack[..<range.lowerBound].filter { $0 == "\n" }.count + 1
            found.append("\(what) (`\(haystack[range])`, line \(line) of the text checked)")
        }
        return found
    }

    func testReadmeAndDocsHaveNoOutsideLinksAndNoIssueNumbers() throws {
        let files = try documents()
        XCTAssertGreaterThanOrEqual(files.count, 4, "README, concepts, rules, releasing at least")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(Self.problems(in: text), [], file.lastPathComponent)
        }
    }

    func testTheCheckCatchesEachKindOfProblem() {
        XCTAssertEqual(Self.problems(in: "See [the spec](../shared/SPEC.md).").count, 1)
        XCTAssertEqual(Self.problems(in: "Versions use [Version](https://github.com/mxcl/Version).").count, 1)
        XCTAssertEqual(Self.problems(in: "Visit http://example.org for more.").count, 1)
        XCTAssertEqual(Self.problems(in: "Measured before issue 9.").count, 1)
        XCTAssertEqual(Self.problems(in: "Fixed in #12.").count, 1)
        // Examples in code are not links: a remote pattern, a path in a table cell.
        XCTAssertEqual(Self.problems(in: "`remote: https://git.example.com/ios/{name}.git` and `path ../X`\n```yaml\nremote: https://x.invalid/{name}\n```"), [])
    }

    func testTheDocsTheReadmeLinksExist() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for name in ["docs/concepts.md", "docs/rules.md", "docs/releasing.md"] {
            XCTAssertTrue(readme.contains("](\(name))"), "README links \(name)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(name).path), name)
        }
    }

    func testEveryRuleIsDocumented() throws {
        let rules = try String(contentsOf: Self.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for rule in Rules.all {
            XCTAssertTrue(rules.contains("### \(rule.id) "), "docs/rules.md documents \(rule.id)")
            XCTAssertTrue(readme.contains("| \(rule.id) |"), "README's table lists \(rule.id)")
        }
    }
}
