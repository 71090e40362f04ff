import LockstepAPI
import XCTest

/// Types are compared as the compiler resolves them: how signatures spell them, and what the context adds.
final class TypeSpellingTests: XCTestCase {
    private func declarations(_ text: String, context: APIContext = .default) -> [String: APIDeclaration] {
        APISurface.extract(from: [SourceFile(path: "Sources/A.swift", text: text)], context: context).declarations
    }

    func testCanonicalSignatures() {
        let source = """
            public protocol P {}
            public protocol Q {}
            public struct Logger {
                public enum Level { case info }
                public func log<Message: StringProtocol>(_ message: Message, at level: Level, _ extra: some P & Q) {}
            }
            public struct Box<T> { public func map<U>(_ transform: (T) throws -> U) rethrows -> Box<U> { fatalError() \
            } }
            public func handle(_ f: @Sendable @escaping (_ code: Int) -> (), _ x: Optional<any P & Q>) {}
            public typealias Handler = (Int) -> Void
            public func register(_ h: Handler?) {}
            """
        let expected: [String: String] = [
            "func Logger.log(_:at:_:)":
                "public func log<τ_0, τ_1>(_: τ_0, at: Logger.Level, _: τ_1) where τ_0: StringProtocol, τ_1: P, τ_1: Q",
            "struct Box": "public struct Box<τ0_0>",
            "func Box.map(_:)": "public func map<τ_0>(_: (τ0_0) throws -> τ_0) rethrows -> Box<τ_0>",
            "func handle(_:_:)": "public func handle(_: @Sendable @escaping (Int) -> Void, _: (P & Q)?)",
            "func register(_:)": "public func register(_: ((Int) -> Void)?)",
        ]
        let found = declarations(source)
        for (key, signature) in expected {
            XCTAssertEqual(found[key]?.signature, signature, key)
        }
    }

    func testKeysKeepLabelsWhateverTheGenericSpelling() {
        let old = declarations("public func f<T: Equatable>(_ x: T, label y: Int) {}")
        let new = declarations("public func f(_ x: some Equatable, label y: Int) {}")
        XCTAssertEqual(Array(old.keys), ["func f(_:label:)"])
        XCTAssertEqual(Array(new.keys), ["func f(_:label:)"])
        XCTAssertEqual(
            old["func f(_:label:)"]?.signature, "public func f<τ_0>(_: τ_0, label: Int) where τ_0: Equatable")
        XCTAssertEqual(new["func f(_:label:)"]?.signature, old["func f(_:label:)"]?.signature)
    }

    func testModuleQualificationIsDroppedForTheContextsModules() {
        let old =
            """
            public struct Logger { public enum Level { case info } }\npublic func log(at level: \
            Logging.Logger.Level) {}
            """
        let new = "public struct Logger { public enum Level { case info } }\npublic func log(at level: Logger.Level) {}"
        let context = APIContext(modules: ["Logging"])
        let diff = APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "A.swift", text: old)], context: context),
            new: APISurface.extract(from: [SourceFile(path: "A.swift", text: new)], context: context))
        XCTAssertTrue(diff.isEmpty, "\(diff.changes)")
        // Without the module known, the qualification is a different spelling.
        let unknown = APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "A.swift", text: old)]),
            new: APISurface.extract(from: [SourceFile(path: "A.swift", text: new)]))
        XCTAssertEqual(unknown.changes.map(\.key), ["func log(at:)"])
        // A module-qualified typealias is followed too.
        let aliased = "extension Logger { public typealias Metadata = [String: String] }\n"
        let viaModule = APISurface.extract(
            from: [
                SourceFile(path: "A.swift", text: old + aliased + "public func meta(_ m: Logging.Logger.Metadata?) {}")
            ], context: context)
        XCTAssertEqual(viaModule.declarations["func meta(_:)"]?.signature, "public func meta(_: [String: String]?)")
    }

    func testCombiningWithAContextEqualsExtractingWithIt() {
        let context = APIContext(modules: ["Kit"])
        let files = [
            SourceFile(path: "A.swift", text: "public struct Box<T> { public struct Item {} }"),
            SourceFile(
                path: "B.swift",
                text: "extension Box { public func first() -> Item? { nil }\n public func kit(_ x: Kit.Box<Int>) {} }"),
        ]
        let combined = APISurface(
            combining: files.map { APIFileSurface.extract(from: $0, context: context) }, context: context)
        XCTAssertEqual(combined, APISurface.extract(from: files, context: context))
        XCTAssertEqual(combined.declarations["func Box.first()"]?.signature, "public func first() -> Box.Item?")
        XCTAssertEqual(combined.declarations["func Box.kit(_:)"]?.signature, "public func kit(_: Box<Int>)")
    }

    func testIncrementalDiffSeesARenamedGenericParameterInUnchangedFiles() {
        let box = APIFileSurface.extract(from: SourceFile(path: "A.swift", text: "public struct Box<T> {}"))
        let renamed = APIFileSurface.extract(from: SourceFile(path: "A.swift", text: "public struct Box<Element> {}"))
        let changedMeaning = APIFileSurface.extract(
            from: SourceFile(path: "A.swift", text: "public struct Box<T, Element> {}"))
        let use = APIFileSurface.extract(
            from: SourceFile(
                path: "B.swift", text: "extension Box { public func get() -> Element { fatalError() } }"))
        XCTAssertTrue(APIDiff(old: [box], new: [renamed], shared: []).isEmpty)
        // In the unchanged file, `Element` first named an outside type, then Box's parameter.
        let incremental = APIDiff(old: [box], new: [changedMeaning], shared: [use])
        let full = APIDiff(old: APISurface(combining: [box, use]), new: APISurface(combining: [changedMeaning, use]))
        XCTAssertEqual(incremental, full)
        XCTAssertEqual(Set(full.changes.map(\.key)), ["struct Box", "func Box.get()"])
    }

    func testAliasCyclesAndChainsEnd() {
        let found = declarations(
            """
            public typealias A = B
            public typealias B = A
            public typealias C = D
            public typealias D = Int
            public func f(_ a: A, _ c: C) {}
            """)
        XCTAssertEqual(
            found["func f(_:_:)"]?.signature.hasSuffix(", _: Int)"), true, found["func f(_:_:)"]?.signature ?? "")
    }
}

extension TypeSpellingTests {
    func testTypedThrowsOfErrorIsThrowsAndOfNeverIsNone() {
        let old = declarations(
            "public func f() throws {}\npublic func g() {}\npublic func h(_ x: () throws -> Void) {}")
        let new = declarations(
            """
            public func f() throws(any Error) {}\npublic func g() throws(Never) {}\npublic func h(_ x: () \
            throws(Swift.Error) -> Void) {}
            """
        )
        XCTAssertEqual(old.mapValues(\.signature), new.mapValues(\.signature))
        // A nested type called Error is a typed throw.
        let nested = declarations(
            "public enum Parser { public enum Error: Swift.Error {}\n public static func parse() throws(Error) {} }")
        XCTAssertEqual(nested["func Parser.parse()"]?.signature, "public static func parse() throws(Parser.Error)")
    }
}

extension TypeSpellingTests {
    func testGenericOverloadsAreKeyedByTheirConstraints() {
        let found = declarations(
            """
            public protocol P {}\npublic protocol Q {}\npublic func add(_ x: some P) {}\npublic func add<T: Q>(_ \
            x: T) {}
            """
        )
        XCTAssertEqual(
            Set(found.keys),
            ["protocol P", "protocol Q", "func add(_:) (τ_0) where τ_0: P", "func add(_:) (τ_0) where τ_0: Q"])
    }
}
