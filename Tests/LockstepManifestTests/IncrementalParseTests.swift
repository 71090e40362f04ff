import Foundation
@testable import LockstepParsing
import SwiftSyntax
import XCTest

/// Incremental parsing (`BoundedParser.parse(_:after:_:)`): after any edit, the tree is the one a full parse gives,
/// and where the edit leaves declarations alone, their nodes come from the previous parse.
final class IncrementalParseTests: XCTestCase {
    /// A file with what makes Swift's lexing depend on context: strings holding braces, interpolation, a multi-line
    /// and a raw string, a regex literal, comments, `#if`, closures, a switch.
    static let file = #"""
        import Foundation

        /// A queue of jobs.
        public protocol JobQueue {
            associatedtype Job
            func push(_ job: Job) async throws
            var count: Int { get }
        }

        public struct Box<Value: Sendable>: Sendable {
            public var value: Value
            public init(_ value: Value) { self.value = value }

            public func map<T>(_ transform: (Value) throws -> T) rethrows -> Box<T> where T: Sendable {
                let text = "{ not a brace } \(String(describing: value)) }"
                _ = text
                return Box<T>(try transform(value))
            }
        }

        extension Box where Value == Int {
            public var doubled: Int {
                get { value * 2 }
            }

            /* a comment { with braces */
            public func describe() -> String {
                let banner = """
                    {
                      "value": \(value)
                    }
                    """
                let raw = #"a "quoted" } brace"#
                switch value {
                case 0: return banner
                case let n where n < 0: return raw
                default:
                    return [1, 2, 3].map { "\($0)" }.joined(separator: "}")
                }
            }
        }

        #if os(Linux)
        public func platformName() -> String { "Linux" }
        #else
        public func platformName() -> String { "other" }
        #endif

        public final class Counter {
            private var total = 0
            public func add(_ amount: Int) -> Int {
                total += amount
                if total > 100 { total = 0 }
                return total
            }
            public static let pattern = /[a-z]+\{/
        }
        """#

    /// Every node's kind and presence and every token's text and trivia, in tree order, hashed: two parses with the
    /// same are the same parse (`debugDescription` says the same, at ten times the cost on a real history).
    func shape(_ text: String, after base: ParsedText?) throws -> (Int, base: ParsedText, reused: Int) {
        func visit(_ node: Syntax, into hasher: inout Hasher) {
            hasher.combine(node.kind)
            hasher.combine(node.hasError)
            if let token = node.as(TokenSyntax.self) {
                hasher.combine(token.tokenKind)
                hasher.combine(token.tokenDiagnostic.map { "\($0)" })
                hasher.combine(token.text)
                hasher.combine(token.presence)
                hasher.combine(token.leadingTrivia.description)
                hasher.combine(token.trailingTrivia.description)
            }
            for child in node.children(viewMode: .all) { visit(child, into: &hasher) }
            hasher.combine(0x5EED)
        }
        let (shape, next, reused) = try BoundedParser.parse(text, after: base) { tree in
            var hasher = Hasher()
            visit(Syntax(tree), into: &hasher)
            return hasher.finalize()
        }
        return (shape, next, reused)
    }

    /// Returns how many bytes the incremental parse reused.
    @discardableResult
    func assertSameAsFullParse(
        from old: String, to new: String, reuses: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        let first = try shape(old, after: nil)
        let incremental = try shape(new, after: first.base)
        let full = try shape(new, after: nil)
        XCTAssertEqual(incremental.0, full.0, file: file, line: line)
        XCTAssertEqual(full.reused, 0, file: file, line: line)
        if reuses {
            XCTAssertGreaterThan(incremental.reused, 0, "nothing was reused", file: file, line: line)
        }
        return incremental.reused
    }

    func replacing(_ target: String, with replacement: String, in text: String = file) -> String {
        precondition(text.components(separatedBy: target).count == 2, "`\(target)` must occur once")
        return text.replacingOccurrences(of: target, with: replacement)
    }

    func testAnEditInAFunctionBodyReusesTheRestOfTheFile() throws {
        let new = replacing("if total > 100 { total = 0 }", with: "if total > 1_000 { total = -1 }")
        try assertSameAsFullParse(from: Self.file, to: new)
        let first = try shape(Self.file, after: nil)
        let parsed = try shape(new, after: first.base)
        // Everything but the edited statement's neighbourhood: most of the file.
        XCTAssertGreaterThan(parsed.reused, new.utf8.count * 3 / 4)
        XCTAssertTrue(parsed.base === first.base, "an incremental parse keeps its base")
    }

    func testEditsThatChangeHowTheRestIsLexedGiveTheFullParsesTree() throws {
        let edits = [
            // A brace closing the body early turns the rest into other declarations.
            replacing("total += amount", with: "total += amount }\npublic func escaped() {"),
            // A quote opening a string that swallows code.
            replacing("let text = \"{ not a brace }", with: "let text = \"{ not a brace \\\" }"),
            // The multi-line string's closing delimiter removed.
            replacing("        }\n            \"\"\"\n", with: "        }\n"),
            // A comment opened and never closed.
            replacing("/* a comment { with braces */", with: "/* a comment { with braces"),
            // A comment's end removed from between two declarations.
            replacing("/// A queue of jobs.", with: "/* A queue of jobs."),
            // `#if` clauses reshuffled.
            replacing("#else\n", with: "#elseif os(Windows)\npublic struct Windows {}\n#else\n"),
            // The regex literal becoming a division.
            replacing("public static let pattern = /[a-z]+\\{/", with: "public static let pattern = 4 /[a-z]+\\{/"),
            // Members added, removed and reordered.
            replacing("public var value: Value\n", with: "public var value: Value\n    public var other = 1\n"),
            replacing("    func push(_ job: Job) async throws\n", with: ""),
            replacing(
                "    associatedtype Job\n    func push(_ job: Job) async throws\n",
                with: "    func push(_ job: Job) async throws\n    associatedtype Job\n"),
            // A generic clause changed, so an extension's where clause reads another type.
            replacing("public struct Box<Value: Sendable>", with: "public struct Box<Value: Sendable, Other>"),
        ]
        // Some of them leave nothing to reuse (a comment opened at the top); most leave declarations whole.
        var reusing = 0
        for new in edits {
            if try assertSameAsFullParse(from: Self.file, to: new, reuses: false) > 0 { reusing += 1 }
            // And back: from the edited text to the original.
            if try assertSameAsFullParse(from: new, to: Self.file, reuses: false) > 0 { reusing += 1 }
        }
        XCTAssertGreaterThan(reusing, edits.count)
    }

    /// swift-syntax 602 records, for a node an incremental parse reused, a look-ahead only to the next token; a parse
    /// after that one could reuse the node where a full parse extends it (here `foo() {}` takes `label: {}` as a
    /// labelled trailing closure once the `switch` between is gone). Each version is parsed after a full parse only.
    func testAParseAfterAnIncrementalOneIsStillTheFullParsesTree() throws {
        let versions = [
            "foo() {}\nlabel: switch x {\n  default: break\n}\nbar() {}\n",
            "foo() {}\nlabel: switch x {\n  default: break\n}\nbaz() {}\n",
            "foo() {}\nlabel: {}\nbaz() {}\n",
        ]
        var base = try shape(versions[0], after: nil).base
        for text in versions.dropFirst() {
            let incremental = try shape(text, after: base)
            XCTAssertEqual(incremental.0, try shape(text, after: nil).0, text)
            base = incremental.base
        }
    }

    func testTheSameTextAgainIsTheSameTreeAndANewFileIsAFullParse() throws {
        let first = try shape(Self.file, after: nil)
        let again = try shape(Self.file, after: first.base)
        XCTAssertEqual(again.0, try shape(Self.file, after: nil).0)
        XCTAssertEqual(again.reused, Self.file.utf8.count)
        try assertSameAsFullParse(from: "", to: Self.file, reuses: false)
        try assertSameAsFullParse(from: Self.file, to: "", reuses: false)
        try assertSameAsFullParse(from: "let x = 1", to: Self.file, reuses: false)
    }

    /// Chains of edits, as a history gives: each version parsed after the one before, through more generations than
    /// the chain keeps (`ParsedText.maximumGeneration`), each compared with a full parse. Deterministic: a fixed
    /// seed picks the edits.
    func testAChainOfRandomLineEditsAlwaysGivesTheFullParsesTree() throws {
        var generator = SplitMix(seed: 0x5EED)
        let snippets = [
            "    public func added() -> Int { 1 }", "}", "{", "\"", "/*", "*/", "#if DEBUG", "#endif",
            "let s = \"\"\"", "\"\"\"", "        return 0", "public struct New {}", "// comment", "case 1: break",
            "label: switch x {", "default: break", "foo() {}", "label: {}",
        ]
        var lines = Self.file.components(separatedBy: "\n")
        var base = try shape(Self.file, after: nil).base
        var reusedAny = false
        for _ in 0..<60 {
            let at = Int(generator.next() % UInt64(lines.count))
            switch generator.next() % 4 {
            case 0: lines.remove(at: at)
            case 1: lines.insert(snippets[Int(generator.next() % UInt64(snippets.count))], at: at)
            case 2: lines.insert(lines[at], at: at)
            default: lines[at] = lines[at].replacingOccurrences(of: "value", with: "count")
            }
            if lines.isEmpty { lines = ["let x = 1"] }
            let text = lines.joined(separator: "\n")
            let incremental = try shape(text, after: base)
            XCTAssertEqual(incremental.0, try shape(text, after: nil).0, text)
            reusedAny = reusedAny || incremental.reused > 0
            base = incremental.base
        }
        XCTAssertTrue(reusedAny)
    }

    /// The line matching is a shortest edit script: as many kept lines as the longest common subsequence (computed
    /// here the slow way), in order, each pair equal; beyond the distance bound, no script.
    func testKeptLinesAreALongestCommonSubsequenceWithinTheBound() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<300 {
            let old = (0..<Int(generator.next() % 30)).map { _ in Int(generator.next() % 5) }
            let new = (0..<Int(generator.next() % 30)).map { _ in Int(generator.next() % 5) }
            var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
            for i in old.indices.reversed() {
                for j in new.indices.reversed() {
                    table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            let longest = table[0][0]
            let distance = old.count + new.count - 2 * longest
            guard let kept = ParsedText.keptLines(old, new, maximumDistance: 60) else {
                return XCTFail("\(old) \(new): no script within 60")
            }
            XCTAssertEqual(kept.count, longest, "\(old) \(new)")
            for (index, pair) in kept.enumerated() {
                XCTAssertEqual(old[pair.0], new[pair.1])
                if index > 0 {
                    XCTAssertLessThan(kept[index - 1].0, pair.0)
                    XCTAssertLessThan(kept[index - 1].1, pair.1)
                }
            }
            if distance > 0 {
                XCTAssertNil(ParsedText.keptLines(old, new, maximumDistance: distance - 1), "\(old) \(new)")
            }
        }
    }

    /// Every Swift file of every release of a real repository (`LOCKSTEP_INCREMENTAL_CORPUS=DIR`, a git clone with
    /// version tags), parsed after its version in the release before, gives the tree a full parse gives.
    func testEveryFileOfARealHistoryParsesIncrementallyAsInFull() throws {
        guard let repository = ProcessInfo.processInfo.environment["LOCKSTEP_INCREMENTAL_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_INCREMENTAL_CORPUS to a git clone with version tags")
        }
        let tags = try git(["tag", "--sort=v:refname"], in: repository).split(separator: "\n").map(String.init)
            .filter { $0.first?.isNumber == true || $0.hasPrefix("v") }
        var bases: [String: ParsedText] = [:], blobs: [String: String] = [:]
        var files = 0, bytes = 0, reused = 0
        for tag in tags {
            let listing = try git(["ls-tree", "-r", tag, "--", "Sources"], in: repository)
            for entry in listing.split(separator: "\n") {
                let parts = entry.split(separator: "\t", maxSplits: 1)
                guard parts.count == 2, parts[1].hasSuffix(".swift") else { continue }
                let path = String(parts[1]), blob = String(parts[0].split(separator: " ")[2])
                guard blobs.updateValue(blob, forKey: path) != blob else { continue }
                let text = try git(["cat-file", "blob", blob], in: repository)
                let incremental = try shape(text, after: bases[path])
                if bases[path] != nil {
                    XCTAssertEqual(incremental.0, try shape(text, after: nil).0, "\(tag) \(path)")
                    files += 1
                    bytes += text.utf8.count
                    reused += incremental.reused
                }
                bases[path] = incremental.base
            }
        }
        print("incremental parses: \(files) file versions, \(bytes) bytes, \(reused) reused")
    }

    private func git(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A small deterministic generator (SplitMix64), so that the random edits are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
