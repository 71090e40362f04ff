import Foundation
import LockstepCore
import XCTest

/// The README and docs/ stand on their own: no link out of the repository and no issue numbers.
final class DocumentationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md, every page under docs/ (json/ too) and the pipelines' README.
    static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        guard let walker = FileManager.default.enumerator(atPath: docs.path) else { return [] }
        let names = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md"), root.appendingPathComponent("ci/pipelines/README.md")]
            + names.map { docs.appendingPathComponent($0) }
    }

    func documents() throws -> [URL] { try Self.documents() }

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
            // `../` is fine inside the repository (docs/ linking the README);
            // testEveryRelativeLinkResolvesInsideTheRepository
            // checks where each relative link leads.
            ("a link out of the repository folder", #"\]\(\s*/|<\.\./"#, prose),
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
        XCTAssertEqual(Self.problems(in: "See [the spec](/work/shared/SPEC.md).").count, 1)
        XCTAssertEqual(
            Self.leavingTheRepository(
                in: "See [the spec](../shared/SPEC.md).", at: Self.root.appendingPathComponent("README.md")),
            ["../shared/SPEC.md"])
        XCTAssertEqual(
            Self.leavingTheRepository(
                in: "The [README](../README.md).", at: Self.root.appendingPathComponent("docs/README.md")), [])
        XCTAssertEqual(Self.problems(in: "Versions use [Version](https://github.com/mxcl/Version).").count, 1)
        XCTAssertEqual(Self.problems(in: "Visit http://example.org for more.").count, 1)
        XCTAssertEqual(Self.problems(in: "Measured before issue 9.").count, 1)
        XCTAssertEqual(Self.problems(in: "Fixed in #12.").count, 1)
        // Examples in code are not links: a remote pattern, a path in a table cell.
        XCTAssertEqual(
            Self.problems(
                in:
                    """
                    `remote: https://git.example.com/ios/{name}.git` and `path ../X`\n```yaml\nremote: \
                    https://x.invalid/{name}\n```
                    """
            ), [])
    }

    func testTheReadmeIsShortAndLinksTheDocs() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertLessThanOrEqual(
            readme.split(separator: "\n", omittingEmptySubsequences: false).count, 200, "the README stays a front page")
        for name in [
            "docs/README.md", "docs/concepts.md", "docs/configuration.md", "docs/manifests.md", "docs/commands.md",
            "docs/rules.md", "docs/api-diff.md", "docs/releasing.md", "docs/ci.md", "docs/reliability.md",
            "docs/hostile-input.md", "docs/benchmarks.md", "docs/development.md", "docs/images/report-sample.png",
        ] {
            XCTAssertTrue(readme.contains("](\(name)"), "README links \(name)")
        }
        // The two set-up commands, exactly.
        XCTAssertTrue(readme.contains("bash ci/demo    #"), "README shows `bash ci/demo`")
        XCTAssertTrue(readme.contains("bash ci/test    #"), "README shows `bash ci/test`")
    }

    /// Every page of docs/ is reachable from the index.
    func testTheIndexLinksEveryPage() throws {
        let index = try String(contentsOf: Self.root.appendingPathComponent("docs/README.md"), encoding: .utf8)
        let docs = Self.root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path)
        where name.hasSuffix(".md") && name != "README.md" {
            XCTAssertTrue(index.contains("](\(name))"), "docs/README.md links \(name)")
        }
        XCTAssertTrue(index.contains("](json/README.md)"))
    }

    /// `[text](target)` and `![alt](target)` outside code, with the line each is on.
    static func links(in text: String) -> [(target: String, line: Int)] {
        var found: [(String, Int)] = []
        for (number, line) in prose(text).components(separatedBy: "\n").enumerated() {
            for match in line.matches(of: /\]\(([^)\s]+)\)/) { found.append((String(match.1), number + 1)) }
        }
        return found
    }

    /// GitHub's anchor for a heading: lowercase, spaces to `-`, everything but letters, digits, `-` and `_` dropped.
    static func anchor(_ heading: String) -> String {
        var result = ""
        for character in heading.lowercased() {
            if character == " " {
                result.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                result.append(character)
            }
        }
        return result
    }

    /// The anchors of a Markdown file's headings (outside fenced code), with GitHub's `-1`, `-2` for repeats.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, let match = line.wholeMatch(of: /#{1,6} (.+)/) else { continue }
            let base = anchor(String(match.1).trimmingCharacters(in: .whitespaces))
            let count = seen[base, default: 0]
            result.insert(count == 0 ? base : "\(base)-\(count)")
            seen[base] = count + 1
        }
        return result
    }

    /// Where a relative link of `file` leads (the file itself for `#anchor`).
    static func destination(of path: String, from file: URL) -> URL {
        path.isEmpty
            ? file : URL(fileURLWithPath: path, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
    }

    /// The relative links of a document at `file` that lead out of the repository.
    static func leavingTheRepository(in text: String, at file: URL) -> [String] {
        let root = Self.root.standardizedFileURL.path + "/"
        return links(in: text).map(\.target).filter { !$0.hasPrefix("http") }.filter {
            !destination(of: String($0.split(separator: "#", omittingEmptySubsequences: false)[0]), from: file).path
                .hasPrefix(root)
        }
    }

    func testEveryRelativeLinkResolvesInsideTheRepository() throws {
        let root = Self.root.standardizedFileURL.path
        var checked = 0
        for file in try documents() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (target, line) in Self.links(in: text) where !target.hasPrefix("http") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let destination = Self.destination(of: parts[0], from: file)
                let place = "\(file.path.dropFirst(root.count + 1)):\(line): \(target)"
                XCTAssertTrue(destination.path.hasPrefix(root + "/"), "\(place) leaves the repository")
                XCTAssertTrue(FileManager.default.fileExists(atPath: destination.path), "\(place) names nothing")
                if parts.count == 2, destination.pathExtension == "md",
                    let linked = try? String(contentsOf: destination, encoding: .utf8)
                {
                    XCTAssertTrue(Self.anchors(in: linked).contains(parts[1]), "\(place): no heading with that anchor")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50, "the links were found")
    }

    func testTheLinkCheckCatchesBrokenLinks() {
        XCTAssertEqual(
            Self.links(in: "See [rules](rules.md#ls101) and `[not](a link)`.\n```\n[x](y)\n```").map(\.target),
            ["rules.md#ls101"])
        XCTAssertEqual(
            Self.anchor("History you cannot change: baseline and accept"),
            "history-you-cannot-change-baseline-and-accept")
        XCTAssertEqual(
            Self.anchor("The gate in phases: `plan`, `build`, `integrate --finish`"),
            "the-gate-in-phases-plan-build-integrate---finish")
        XCTAssertEqual(
            Self.anchors(in: "# A\n## Notes\n```\n# not a heading\n```\n## Notes"), ["a", "notes", "notes-1"])
    }

    func testEveryRuleIsDocumented() throws {
        let rules = try String(contentsOf: Self.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        for rule in Rules.all {
            XCTAssertTrue(rules.contains("### \(rule.id) "), "docs/rules.md documents \(rule.id)")
            XCTAssertTrue(rules.contains("| \(rule.id) |"), "docs/rules.md's table lists \(rule.id)")
        }
    }

    /// Benchmark figures carry their date and the command that reproduces them, and no machine's paths.
    func testBenchmarkFiguresSayWhenAndHow() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/benchmarks.md"), encoding: .utf8)
        let rows = text.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        XCTAssertGreaterThanOrEqual(rows.count, 7)
        for row in rows {
            XCTAssertNotNil(row.firstMatch(of: /\| 20[0-9]{2}-[0-9]{2}-[0-9]{2} \|$/), "a date: \(row)")
            XCTAssertNotNil(row.firstMatch(of: /^\| `[^`]*ci\/bench-[a-z]+[^`]*` \|/), "a command: \(row)")
        }
        for file in try documents() {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertNil(
                text.firstMatch(of: /\/work\/|\.mirror\//), "\(file.lastPathComponent) names a machine's folder")
        }
    }
}
