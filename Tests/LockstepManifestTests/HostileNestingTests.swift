import Foundation
import LockstepManifest
import LockstepParsing
import XCTest

/// Manifests nested 10,000 deep (issue 9): each returns a manifest or a ManifestError, never a crash or a hang.
final class HostileNestingTests: XCTestCase {
    let n = 10_000

    func manifest(_ body: String) -> String {
        """
        // swift-tools-version: 5.9\nimport PackageDescription\n\(body)\nlet package = Package(name: \"X\", \
        dependencies: [.package(url: \"https://x/A.git\", exact: \"1.0.0\")])\n
        """
    }

    func assertRefused(
        _ body: String, line: Int, contains reason: String, file: StaticString = #filePath, sourceLine: UInt = #line
    ) {
        XCTAssertThrowsError(try Manifest.parse(manifest(body), file: "Package.swift"), file: file, line: sourceLine) {
            error in
            guard let error = error as? ManifestError else { return XCTFail("\(error)", file: file, line: sourceLine) }
            XCTAssertEqual(error.line, line, "\(error)", file: file, line: sourceLine)
            XCTAssertTrue(error.reason.contains(reason), "\(error)", file: file, line: sourceLine)
        }
    }

    func testDeepSquareBracketsAreRefusedAtOnce() {
        // swift-syntax's look-ahead doubles per nested `[`: 28 levels took a minute.
        assertRefused(
            "let x = " + String(repeating: "[", count: n) + String(repeating: "]", count: n), line: 3,
            contains: "`[` nested more than 10 deep")
        assertRefused(
            "let x = " + String(repeating: "[(", count: 20) + String(repeating: ")]", count: 20), line: 3,
            contains: "`[` nested")
    }

    func testDeepParenthesesBracesConditionalsAndGenericsAreRefused() {
        assertRefused(
            "let x = " + String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n), line: 3,
            contains: "brackets nested more than 256 deep")
        assertRefused(
            "let x = " + String(repeating: "{ ", count: n) + String(repeating: "} ", count: n), line: 3,
            contains: "brackets nested")
        assertRefused(
            String(repeating: "#if A\n", count: n) + String(repeating: "#endif\n", count: n), line: 67,
            contains: "`#if` nested more than 64 deep")
        assertRefused(
            "let x: " + String(repeating: "A<", count: n) + "B" + String(repeating: ">", count: n) + " = 1", line: 3,
            contains: "generic `<` nested")
    }

    func testLongChainsParseOnTheLargeStack() throws {
        // Not nesting in the text, but a tree 10,000 deep: the parser and the visitor recurse that far.
        for body in [
            "let x = a" + String(repeating: ".b", count: n),
            "let x: " + String(repeating: "() -> ", count: n) + "Int = 1",
            "let x = a" + String(repeating: "[0]", count: n),
        ] {
            let parsed = try Manifest.parse(manifest(body), file: "Package.swift")
            XCTAssertEqual(parsed.dependencies.map(\.requirement), [.exact("1.0.0")])
        }
    }

    func testBracketsInStringsAndCommentsDoNotCount() throws {
        let deep = String(repeating: "[", count: 300)
        let body =
            """
            let a = \"\(deep)\"\n// \(deep)\n/* \(deep) /* nested */ \(deep) */\nlet b = #\"\(deep)\"#\nlet c = \
            \"\"\"\n\(deep)\n\"\"\"\nlet d = \"\\(1 + [2][0])\(deep)\"
            """
        XCTAssertEqual(try Manifest.parse(manifest(body), file: "Package.swift").dependencies.count, 1)
        // Interpolations are code: deep brackets there count.
        assertRefused(
            "let e = \"\\(" + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + ")\"", line: 3,
            contains: "`[` nested")
    }

    func testScanLimitsLeaveRealisticNestingAlone() {
        let text =
            """
            let m: [String: [[Int]]] = [\"a\": [[1, 2], [3]]]\nfunc f<T: Collection<Array<Int>>>(_ t: T) -> Bool \
            where T.Element == Array<Int> { a < b && c<d }\n#if os(Linux)\n#if DEBUG\nlet z = 1\n#endif\n#endif\n
            """
        XCTAssertNil(NestingScan.check(text))
    }
}
