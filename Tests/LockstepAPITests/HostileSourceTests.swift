import LockstepAPI
import XCTest

/// Source files nested 10,000 deep (issue 9): the API collector returns a surface or an error, never crashes.
final class HostileSourceTests: XCTestCase {
    let n = 10_000

    func read(_ text: String) throws -> APIFileSurface {
        try APIFileSurface.read(from: SourceFile(path: "Sources/A/A.swift", text: "public struct A {}\n" + text))
    }

    func testDeepNestingIsASourceFileErrorWithItsPlace() {
        let cases: [(String, String)] = [
            ("public let x = " + String(repeating: "[", count: n) + String(repeating: "]", count: n), "`[` nested"),
            (
                "public func f() { " + String(repeating: "(", count: n) + String(repeating: ")", count: n) + " }",
                "brackets nested"
            ),
            (String(repeating: "#if A\n", count: n) + String(repeating: "#endif\n", count: n), "`#if` nested"),
            (
                "public let x: " + String(repeating: "A<", count: n) + "B" + String(repeating: ">", count: n),
                "generic `<` nested"
            ),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try read(text)) { error in
                guard let error = error as? SourceFileError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.file, "Sources/A/A.swift")
                XCTAssertGreaterThanOrEqual(error.line, 2)
                XCTAssertTrue(error.reason.contains(reason), "\(error)")
            }
            // The non-throwing form yields an empty surface for such a file.
            XCTAssertEqual(APIFileSurface.extract(from: SourceFile(path: "x.swift", text: text)).count, 0)
        }
    }

    func testLongChainsAreRead() throws {
        let chain = try read("public let x = a" + String(repeating: ".b", count: n) + "\npublic func g() {}\n")
        XCTAssertEqual(chain.count, 3)
        let arrows = try read("public let y: " + String(repeating: "() -> ", count: n) + "Int = f\n")
        XCTAssertEqual(arrows.count, 2)
    }
}
