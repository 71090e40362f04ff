import Foundation
import LockstepParsing
import XCTest

@testable import LockstepAPI

/// Function bodies are parsed blank (`NestingScan.blankingBodies`): what is blanked, what is kept, and that every
/// surface is the one the whole text gives.
final class BodyBlankingTests: XCTestCase {
    func blanked(_ text: String) throws -> String {
        String(decoding: try NestingScan.blankingBodies(Array(text.utf8)).get(), as: UTF8.self)
    }

    /// The body's text is gone, its braces, line breaks and every other byte stay where they were.
    func testBodiesOfFunctionsInitializersAndDeinitializersAreBlank() throws {
        let text = """
            public struct S {
                public init?(x: Int) { guard x > 0 else { return nil }
                    self.init(y: x) }
                public func f() -> [Int] { [1, 2].map { $0 + 1 } }
                deinit { print("gone") }
                public static func == (a: S, b: S) -> Bool { true }
            }
            """
        let result = try blanked(text)
        XCTAssertEqual(result.utf8.count, text.utf8.count)
        XCTAssertEqual(result.filter { $0 == "\n" }.count, text.filter { $0 == "\n" }.count)
        for gone in ["guard", "self.init", "map", "print", "true"] {
            XCTAssertFalse(result.contains(gone), "\(gone) left in:\n\(result)")
        }
        let signatures = [
            "public init?(x: Int) {", "public func f() -> [Int] {", "deinit {", "-> Bool {", "struct S {",
        ]
        for kept in signatures {
            XCTAssertTrue(result.contains(kept), "\(kept) lost in:\n\(result)")
        }
    }

    /// A requirement has no body: the next declaration's accessor block is not taken for one, nor is a closure in a
    /// default argument, a computed property's body or a stored property's closure.
    func testAccessorBlocksDefaultsAndRequirementsAreKept() throws {
        let text = """
            public protocol P {
                func f()
                var x: Int { get }
                init()
                subscript(i: Int) -> Int { get set }
                static func g() where Self: Equatable
                associatedtype A
            }
            public struct T {
                public func h(_ c: () -> Int = { 1 }) {}
                public var y: Int { get { 1 } set { _ = newValue } }
                public let z: Int = { 2 }()
                public func k(_ s: String = "}") { let q = "{"; _ = q }
            }
            """
        let result = try blanked(text)
        for kept in ["{ get }", "{ get set }", "= { 1 }", "get { 1 } set { _ = newValue }", "= { 2 }()", "\"}\""] {
            XCTAssertTrue(result.contains(kept), "\(kept) lost in:\n\(result)")
        }
        XCTAssertFalse(result.contains("let q"), result)
        XCTAssertTrue(result.contains("associatedtype A\n}\npublic struct T {"), result)
    }

    /// Braces in strings, interpolations, raw strings and comments of a body do not end it; a `#if` between a
    /// signature and a brace, or a `;`, ends the wait for a body.
    func testStringsCommentsAndDirectives() throws {
        let text = #"""
            public func a() { let s = "}\(f({ 1 }))}"; let r = #"}"#; /* } */ // }
                let m = """
                }
                """
            }
            public func b()
            #if os(Linux)
            { }
            #endif
            public func c(); public var v: Int { 3 }
            public var w = 4
            """#
        let result = try blanked(text)
        XCTAssertFalse(result.contains("let s"), result)
        XCTAssertFalse(result.contains("let m"), result)
        XCTAssertTrue(result.contains("public var v: Int { 3 }"), result)
        XCTAssertTrue(result.hasSuffix("public var w = 4"), result)
    }

    /// Regex literals (`#/…/#` and bare `/…/`) and quoted identifiers may hold braces, quotes and `//`: they do not
    /// end or open a body, so the declarations after them are read as without blanking.
    func testRegexLiteralsAndQuotedIdentifiersInBodies() throws {
        let text = #"""
            public struct Links {
                public func isURL(_ s: String) -> Bool { s.contains(#/https?://\S+/#) }
                public func brace(_ s: String) -> Bool { s.contains(#/\{/#) }
                public func bare(_ s: String) -> Bool { let r = /\{"/; return s.contains(r) }
                public func half(_ a: Int, _ b: Int) -> Int { a / b / 2 }
                public func `open{brace`() {}
                public func count(_ s: String) -> Int { s.count }
            }
            public struct T {}
            """#
        let file = SourceFile(path: "Sources/A/Links.swift", text: text)
        let whole = try APICollector.collect(file, context: .default, after: nil, blankingBodies: false)
        let blank = try APICollector.collect(file, context: .default, after: nil, blankingBodies: true)
        XCTAssertEqual(blank.surface, whole.surface)
        let keys = Set(APISurface(combining: [blank.surface]).declarations.keys)
        XCTAssertTrue(keys.isSuperset(of: ["func Links.count(_:)", "struct T", "func Links.half(_:_:)"]), "\(keys)")
        XCTAssertFalse(try blanked(text).contains("s.count }"))
    }

    /// Hostile nesting inside a body is still refused: the scan reads bodies before it blanks them.
    func testNestingInsideABodyIsStillAProblem() {
        let nested = String(repeating: "(", count: 1000) + String(repeating: ")", count: 1000)
        let text = "public func f() { " + nested + " }"
        XCTAssertThrowsError(try NestingScan.blankingBodies(Array(text.utf8)).get())
    }

    /// Every Swift file of this package, read with and without blanking, gives the same surface for every platform;
    /// and bodies were blanked in most of them.
    func testSurfacesAreTheSameAsFromTheWholeText() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let context = APIContext.default
        var compared = 0, changed = 0, declarations = 0
        for folder in ["Sources", "Fixtures"] {
            let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = walker?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let text = try String(
                    contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path), encoding: .utf8)
                let file = SourceFile(path: "\(folder)/\(path)", text: text)
                let whole = try APICollector.collect(file, context: context, after: nil, blankingBodies: false)
                let blank = try APICollector.collect(file, context: context, after: nil, blankingBodies: true)
                XCTAssertEqual(blank.surface, whole.surface, file.path)
                compared += 1
                declarations += whole.surface.count
                if try blanked(text) != text { changed += 1 }
            }
        }
        print("compared \(compared) files, \(declarations) declarations, \(changed) with bodies")
        XCTAssertGreaterThan(compared, 300)
        XCTAssertGreaterThan(declarations, 2000)
        XCTAssertGreaterThan(changed, compared / 2)
    }
}
