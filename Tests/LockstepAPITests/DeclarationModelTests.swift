@testable import LockstepAPI
import XCTest

/// The typed declaration model: signatures parsed once into types, compared by structure.
final class DeclarationModelTests: XCTestCase {
    /// Two overloads' signatures never fit one call only where one takes a closure and the other a declared or
    /// standard value type at the same required parameter; generic, optional, `@autoclosure` and defaulted parameters
    /// and names the package does not declare as nominal types may take both.
    func testOverloadsNeverShareACallOnlyWhereAClosureMeetsAPlainValue() {
        let nominals: Set<String> = ["Logger.Attributes", "String", "Int"]
        func never(_ a: String, _ b: String) -> Bool {
            APIDiff.neverShareACall("public func f" + a, "public func f" + b, nominals: nominals)
        }
        XCTAssertTrue(
            never("(_: Int, x: @Sendable (inout Logger.Attributes) -> Void)", "(_: Int, x: Logger.Attributes)"))
        XCTAssertTrue(never("(x: () -> Void)", "(x: [Int])"))
        XCTAssertTrue(never("(x: String)", "(x: @escaping (Int) -> Int)"))
        XCTAssertFalse(never("(x: @autoclosure () -> Logger.Attributes)", "(x: Logger.Attributes)"))
        XCTAssertFalse(never("<τ_0>(x: () -> Void)", "<τ_0>(x: τ_0)"))
        XCTAssertFalse(never("(x: (() -> Void)?)", "(x: Logger.Attributes)"))
        XCTAssertFalse(
            never("(x: () -> Void)", "(x: Handler)"), "an undeclared name may be an alias of a function type")
        XCTAssertFalse(never("(x: () -> Void = {})", "(x: Logger.Attributes)"))
        XCTAssertFalse(never("(y: () -> Void)", "(x: Logger.Attributes)"))
        XCTAssertFalse(never("(x: () -> Void, y: Int)", "(x: Logger.Attributes)"))
    }

    func testTypesParseIntoTheirStructureAndPrintCanonically() {
        let cases: [(String, String)] = [
            ("[String: Int]", "[String: Int]"),
            ("KeyPath<Int, τ_0> & Sendable", "KeyPath<Int, τ_0> & Sendable"),
            ("@Sendable @escaping (Int) async throws -> [τ_1]", "@Sendable @escaping (Int) async throws -> [τ_1]"),
            ("(any P)?", "(any P)?"),
            ("τ_0.Type", "τ_0.Type"),
            ("Swift.Result<τ_0, any Error>", "Swift.Result<τ_0, any Error>"),
            ("(a: Int, b: String)", "(a: Int, b: String)"),
        ]
        for (text, printed) in cases {
            XCTAssertEqual(SwiftType(parsing: text).description, printed, text)
        }
        XCTAssertEqual(SwiftType(parsing: "τ_3").genericParameter, 3)
        XCTAssertNil(SwiftType(parsing: "τ_3.Element").genericParameter)
        XCTAssertEqual(SwiftType(parsing: "[τ_0: (τ_2) -> Int]").genericParameters, [0, 2])
        XCTAssertTrue(SwiftType(parsing: "any Any").isAny)
        guard case .composition(let members) = SwiftType(parsing: "KeyPath<A, B> & Sendable") else {
            return XCTFail("a composition")
        }
        XCTAssertEqual(members.map(\.description), ["KeyPath<A, B>", "Sendable"])
        // Text swift-syntax cannot read is kept as text and equals only itself.
        XCTAssertEqual(SwiftType(parsing: "Int <<"), .other("Int <<"))
    }

    func testADottedNameReadWithoutSwiftSyntaxIsWhatSwiftSyntaxReads() {
        // The fast path for plain names must build the tree the parser builds; what it refuses goes to the parser.
        let texts = [
            "Int", "τ_0", "τ_12", "Substring.UTF8View", "Swift.Int", "_Marker", "Any", "Self", "Never", "A.B.C_d2",
            "τ_0.Element", "Foo.Type", "P.Protocol", "inout", "some", "Int?", "[Int]", "`class`", "A..B", "A.", "1A",
        ]
        for text in texts {
            XCTAssertEqual(SwiftType(parsing: text), SwiftType(parsingWithSyntax: text), text)
        }
        if case .metatype = SwiftType(parsing: "Foo.Type") {} else { XCTFail("Foo.Type is a metatype") }
        // Remembered parses give the same answer twice.
        XCTAssertEqual(SwiftType(parsing: "[String: τ_1]"), SwiftType(parsing: "[String: τ_1]"))
        XCTAssertEqual(
            SignatureShape("public func f(_ a: Int) -> String"), SignatureShape("public func f(_ a: Int) -> String"))
        XCTAssertNil(SignatureShape("not a signature at all"))
        XCTAssertNil(SignatureShape("not a signature at all"))
    }

    func testTheByteScanFindsWhatFirstRangeFinds() {
        let texts = ["", "throws(", "a throws(E)", "throwthrows(", "throws", "x throws (E)", "τ throws(τ_0)", "t"]
        for text in texts {
            XCTAssertEqual(
                text.containsASCII("throws("), text.utf8.firstRange(of: "throws(".utf8) != nil, text)
        }
    }

    func testAnInferredTypeNamesNoUse() throws {
        // `_` is a type the reader could not spell (inferred from the value): no "code using it as `_`" is made up.
        let inferred = try XCTUnwrap(DeclarationSignature("public var x: _ { get set }"))
        let typed = try XCTUnwrap(DeclarationSignature("public var x: Int { get set }"))
        let other = try XCTUnwrap(DeclarationSignature("public var x: Double { get set }"))
        XCTAssertNil(CallJudgement.breakage(old: inferred, new: typed))
        XCTAssertNil(CallJudgement.breakage(old: typed, new: inferred))
        XCTAssertEqual(
            CallJudgement.breakage(old: typed, new: other)?.description,
            "code using it as `Int` no longer compiles (it is `Double`)")
        let call = try XCTUnwrap(DeclarationSignature("public func f(_ a: _)"))
        XCTAssertNil(
            CallJudgement.breakage(old: try XCTUnwrap(DeclarationSignature("public func f(_ a: Int)")), new: call))
    }

    func testASignatureIsReadIntoParametersGenericsEffectsAndResult() throws {
        let signature = try XCTUnwrap(
            DeclarationSignature(
                "public func h<τ_0: Sendable>(_: Int = default, y: String..., z: inout τ_0) async throws(E) -> [τ_0]"
                    + " where τ_0: Hashable"))
        XCTAssertEqual(signature.keyword, "func")
        XCTAssertEqual(signature.name, "h")
        XCTAssertEqual(signature.parameters?.map(\.label), ["_", "y", "z"])
        XCTAssertEqual(signature.parameters?.map(\.hasDefault), [true, false, false])
        XCTAssertEqual(signature.parameters?.map(\.isVariadic), [false, true, false])
        XCTAssertEqual(signature.parameters?.last?.type.description, "inout τ_0")
        XCTAssertTrue(signature.isAsync)
        XCTAssertEqual(signature.throwing, "throws(E)")
        XCTAssertEqual(signature.result?.description, "[τ_0]")
        XCTAssertEqual(Set(signature.requirements.map(\.text)), ["τ_0: Sendable", "τ_0: Hashable"])
        let constant = try XCTUnwrap(DeclarationSignature("public let x: Int"))
        XCTAssertEqual(constant.keyword, "var")
        XCTAssertEqual(constant.accessors, "{ get }")
        XCTAssertEqual(constant.result?.description, "Int")
    }

    func testTheJudgementMatchesGenericParametersByRoleAndNamesItsReasons() throws {
        func reasons(_ old: String, _ new: String) throws -> [CompatibilityReason]? {
            CallJudgement.reasons(
                old: try XCTUnwrap(DeclarationSignature(old)), new: try XCTUnwrap(DeclarationSignature(new)),
                implemented: false)
        }
        XCTAssertEqual(
            try reasons(
                "public func f<τ_0, τ_1>(_: τ_0, as: τ_1.Type) -> τ_1?",
                "public func f<τ_0>(_: Any, as: τ_0.Type) -> τ_0?"),
            [.genericParameterBecameAny(label: "argument 1")])
        XCTAssertEqual(
            try reasons("public func f<τ_0, τ_1>(_: τ_0, _: τ_1)", "public func f<τ_0, τ_1>(_: τ_1, _: τ_0)"),
            [.genericParametersRenumbered])
        XCTAssertEqual(
            try reasons("public func f<τ_0>(_: τ_0) where τ_0: P", "public func f<τ_0>(_: τ_0)"),
            [.requirementsDropped(["τ_0: P"])])
        // Two generic parameters merged into one: calls passing two types break.
        XCTAssertNil(try reasons("public func f<τ_0, τ_1>(_: τ_0, _: τ_1)", "public func f<τ_0>(_: τ_0, _: τ_0)"))
        // The same signature: nothing to say.
        XCTAssertNil(try reasons("public func f(_: Int)", "public func f(_: Int)"))
        // What clients implement is not judged here.
        XCTAssertNil(
            CallJudgement.reasons(
                old: try XCTUnwrap(DeclarationSignature("func f<τ_0>(_: τ_0)")),
                new: try XCTUnwrap(DeclarationSignature("func f(_: Any)")), implemented: true))
    }
}
