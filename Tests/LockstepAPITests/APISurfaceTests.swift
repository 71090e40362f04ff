import XCTest
import LockstepAPI

final class APISurfaceTests: XCTestCase {
    private func surface(_ text: String, path: String = "Sources/A.swift") -> APISurface {
        APISurface.extract(from: [SourceFile(path: path, text: text)])
    }

    private func signature(_ key: String, in text: String, file: StaticString = #filePath, line: UInt = #line)
        -> String?
    {
        let found = surface(text).declarations[key]
        XCTAssertNotNil(
            found, "no declaration \(key); have \(surface(text).declarations.keys.sorted())", file: file, line: line)
        return found?.signature
    }

    func testFileAndLineOfEachDeclaration() throws {
        let cart = """
            import Foundation

            /// A cart.
            @MainActor
            public struct Cart {
                // internal detail
                var cache: [String] = []

                public func add(
                    item: String
                ) {}
            }
            """
        let payment = "public enum PaymentMethod {\n    case card, cash\n}\n"
        let result = APISurface.extract(from: [
            SourceFile(path: "Sources/Cart/Cart.swift", text: cart),
            SourceFile(path: "Sources/Cart/Payment.swift", text: payment),
        ])
        let add = try XCTUnwrap(result.declarations["func Cart.add(item:)"])
        XCTAssertEqual(add.file, "Sources/Cart/Cart.swift")
        XCTAssertEqual(add.line, 9)
        // The name's line, not the attribute's.
        XCTAssertEqual(result.declarations["struct Cart"]?.line, 5)
        let cash = try XCTUnwrap(result.declarations["case PaymentMethod.cash"])
        XCTAssertEqual(cash.file, "Sources/Cart/Payment.swift")
        XCTAssertEqual(cash.line, 2)
        XCTAssertEqual(cash.kind, .enumCase)
        XCTAssertEqual(cash.container, .enumeration)
        XCTAssertNil(result.declarations["var Cart.cache"])
    }

    func testNormalizedSignatures() {
        let source = """
            public protocol CartService: AnyObject {
                associatedtype Item: Hashable&Codable = String
                var items: [Item] { get set }
                func add(item value: Item, quantity: Int) async throws -> Bool
                subscript(index: Int) -> Item { get }
            }
            open class Base {
                @discardableResult @MainActor public final func run(_ value: inout [String:Int], _ rest: Int...) -> \
                Int { 0 }
                public init?(x: Int = 5) {}
                public private(set) var name = ""
                public subscript(row r: Int, col: Int) -> Int { get { 0 } set {} }
                public static func == (lhs: Base, rhs: Base) -> Bool { true }
            }
            public func handle(_ f: @escaping @Sendable (Int) async throws -> Void, _ p: some Collection<Int>, _ q: \
            (any P)?) {}
            public enum Channel: String { case web = "web" }
            """
        let expected: [String: String] = [
            "associatedtype CartService.Item": "associatedtype Item: Codable, Hashable = String",
            "var CartService.items": "var items: [Item] { get set }",
            "func CartService.add(item:quantity:)": "func add(item: Item, quantity: Int) async throws -> Bool",
            "subscript CartService[_:]": "subscript(_: Int) -> Item { get }",
            "func Base.run(_:_:)": "@MainActor public final func run(_: inout [String: Int], _: Int...) -> Int",
            "init Base(x:)": "public init?(x: Int = default)",
            "var Base.name": "public var name: String { get }",
            "subscript Base[row:_:]": "public subscript(row: Int, _: Int) -> Int { get set }",
            "func Base.==(_:_:)": "public static func == (_: Base, _: Base) -> Bool",
            "func handle(_:_:_:)":
                """
            public func handle<τ_0>(_: @Sendable @escaping (Int) async throws -> Void, _: τ_0, _: P?) where \
            τ_0.Element == Int, τ_0: Collection
            """,
            "enum Channel": "public enum Channel: String",
            "case Channel.web": "case web = \"web\"",
        ]
        let declarations = surface(source).declarations
        for (key, signature) in expected {
            XCTAssertEqual(declarations[key]?.signature, signature, key)
        }
    }

    func testLetAndVarShareTheKeyWordButNotTheKind() {
        let declarations = surface("public struct S { public let a: Int; public var b: Int }").declarations
        XCTAssertEqual(declarations["var S.a"]?.kind, .constant)
        XCTAssertEqual(declarations["var S.b"]?.kind, .variable)
    }

    func testOverloadsAreKeyedApartButShareTheBaseKey() {
        let declarations = surface("public func track(_ e: String) {}\npublic func track(_ e: Int) {}").declarations
        XCTAssertEqual(Set(declarations.keys), ["func track(_:) (String)", "func track(_:) (Int)"])
        XCTAssertEqual(Set(declarations.values.map(\.baseKey)), ["func track(_:)"])
    }

    func testTheSameDeclarationInTwoIfBranchesIsOne() {
        let declarations = surface("#if os(iOS)\npublic func log() {}\n#else\npublic func log() {}\n#endif")
            .declarations
        XCTAssertEqual(Array(declarations.keys), ["func log()"])
        XCTAssertEqual(declarations["func log()"]?.line, 2)
    }

    func testRequirementsAndDefaultImplementationsAreKeyedApart() throws {
        let declarations = surface("public protocol P { func f() }\nextension P { public func f() {} }").declarations
        XCTAssertEqual(declarations["func P.f()"]?.isProtocolRequirement, true)
        let implementation = try XCTUnwrap(declarations["func P.f() (extension)"])
        XCTAssertFalse(implementation.isProtocolRequirement)
    }

    func testExtensionsOfNonPublicTypesAndConformancesToNonPublicProtocolsAreNotAPI() {
        let source = """
            public struct Cart {}
            struct Cache { struct Entry {} }
            protocol Internal {}
            extension Cache.Entry { public func touch() {} }
            extension Cart: Internal {}
            extension Cart: CustomStringConvertible { public var description: String { "" } }
            extension String { public var shouted: String { self } }
            """
        XCTAssertEqual(
            Set(surface(source).declarations.keys),
            ["struct Cart", "conformance Cart: CustomStringConvertible", "var Cart.description", "var String.shouted"])
    }

    func testConditionalConformanceCarriesItsCondition() {
        XCTAssertEqual(
            signature(
                "conformance Box: Equatable",
                in: "public struct Box<T> {}\nextension Box: Equatable where T: Equatable {}"),
            "Box: Equatable where τ0_0: Equatable")
    }

    func testExtensionWhereClauseReachesMembers() {
        XCTAssertEqual(
            signature(
                "func Array.sum()", in: "extension Array where Element == Int { public func sum() -> Int { 0 } }"),
            "public func sum() -> Int where Element == Int")
    }

    func testBackticksDoNotMatter() {
        let old = surface("public enum Mode { case `default` }\npublic func `run`(`in` x: Int) -> `Mode` { .default }")
        let new = surface("public enum Mode { case `default` }\npublic func run(in x: Int) -> Mode { .default }")
        XCTAssertNotNil(old.declarations["case Mode.default"])
        XCTAssertNotNil(old.declarations["func run(in:)"])
        XCTAssertTrue(APIDiff(old: old, new: new).isEmpty)
    }

    func testNothingInsideFunctionBodiesCounts() {
        let declarations = surface("public func f() { struct Local { public func g() {} } }").declarations
        XCTAssertEqual(Array(declarations.keys), ["func f()"])
    }

    func testConcurrentExtractionsAgree() async {
        let files = (0..<20).map { index in
            SourceFile(
                path: "F\(index).swift", text: "public struct T\(index) { public func f(_ x: Int) -> Int { x } }")
        }
        let reference = APISurface.extract(from: files)
        await withTaskGroup(of: APISurface.self) { group in
            for _ in 0..<8 { group.addTask { APISurface.extract(from: files) } }
            for await result in group { XCTAssertEqual(result, reference) }
        }
        XCTAssertEqual(reference.declarations.count, 40)
    }
}

extension APISurfaceTests {
    func testCombiningPerFileExtractionsEqualsExtractingTogether() {
        // The cross-file pass must still apply: Cache is internal in one file, extended in another.
        let files = [
            SourceFile(path: "A.swift", text: "struct Cache {}\npublic protocol P { func f() }"),
            SourceFile(
                path: "B.swift", text: "extension Cache { public func g() {} }\nextension P { public func f() {} }"),
        ]
        let combined = APISurface(combining: files.map { APIFileSurface.extract(from: $0) })
        XCTAssertEqual(combined, APISurface.extract(from: files))
        XCTAssertEqual(Set(combined.declarations.keys), ["protocol P", "func P.f()", "func P.f() (extension)"])
    }
}

extension APISurfaceTests {
    func testCombiningDoesNotDependOnTheFilesOrder() {
        // Two modules of one package may each declare a typealias of one name (and a type of one name with other
        // generic parameters): which one the cross-file pass reads must not depend on the order files come in.
        let files = [
            SourceFile(
                path: "Sources/A/Handle.swift",
                text: "public typealias Handle = Int\npublic struct Box<T> {}\npublic func open() -> Handle { 0 }"),
            SourceFile(
                path: "Sources/B/Handle.swift",
                text: "public typealias Handle = String\npublic struct Box<U> {}\npublic func close(_ h: Handle) {}"),
            SourceFile(path: "Sources/B/Use.swift", text: "extension Box { public func use(_ h: Handle) {} }"),
        ]
        let parts = files.map { APIFileSurface.extract(from: $0) }
        let forward = APISurface(combining: parts)
        for order in [[2, 1, 0], [1, 0, 2], [2, 0, 1]] {
            XCTAssertEqual(APISurface(combining: order.map { parts[$0] }), forward, "order \(order)")
        }
        // And a diff across a release that only moves the declarations between files keeps its verdict.
        let diff = APIDiff(old: parts, new: [parts[1], parts[0], parts[2]], shared: [])
        XCTAssertEqual(diff.impact, .none)
    }
}

extension APISurfaceTests {
    func testDeclarationLinesCountEveryLineEnding() {
        // "\n", "\r\n" and a lone "\r" each end a line, as in the Swift lexer; multi-byte text before does not shift
        // it.
        let text = "// é\npublic func a() {}\r\npublic func b() {}\rpublic func c() {}\r\n\r\npublic func d() {}"
        let surface = APISurface.extract(from: [SourceFile(path: "A.swift", text: text)])
        XCTAssertEqual(surface.declarations["func a()"]?.line, 2)
        XCTAssertEqual(surface.declarations["func b()"]?.line, 3)
        XCTAssertEqual(surface.declarations["func c()"]?.line, 4)
        XCTAssertEqual(surface.declarations["func d()"]?.line, 6)
    }
}
