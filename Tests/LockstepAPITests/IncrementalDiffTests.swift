@testable import LockstepAPI
import XCTest

/// `APIDiff(old:new:shared:)` compares only the files that differ, and must equal the diff of the whole sets.
final class IncrementalDiffTests: XCTestCase {
    func part(_ path: String, _ text: String) -> APIFileSurface {
        APIFileSurface.extract(from: SourceFile(path: path, text: text))
    }

    func assertSame(
        old: [APIFileSurface], new: [APIFileSurface], shared: [APIFileSurface], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let full = APIDiff(old: APISurface(combining: old + shared), new: APISurface(combining: new + shared))
        let incremental = APIDiff(old: old, new: new, shared: shared)
        XCTAssertEqual(incremental, full, file: file, line: line)
        // With the whole sets given (in another order), what they give is computed once and read again.
        let oldSet = APIFileSet(shared + old), newSet = APIFileSet(shared + new)
        for _ in 0..<2 {
            let remembered = APIDiff(old: old, new: new, shared: shared, oldSet: oldSet, newSet: newSet)
            XCTAssertEqual(remembered, full, file: file, line: line)
        }
    }

    /// One file that changes (`old` empty: absent before) beside one that does not: `assertSame`, then the incremental
    /// diff and the diff of the whole sets.
    func diffs(
        shared: String, old: String, new: String, file: StaticString = #filePath, line: UInt = #line
    ) -> (incremental: APIDiff, whole: APIDiff) {
        let sharedPart = part("Shared.swift", shared)
        let oldParts = old.isEmpty ? [] : [part("Changed.swift", old)]
        let newParts = [part("Changed.swift", new)]
        assertSame(old: oldParts, new: newParts, shared: [sharedPart], file: file, line: line)
        return (
            APIDiff(old: oldParts, new: newParts, shared: [sharedPart]),
            APIDiff(
                old: APISurface(combining: oldParts + [sharedPart]), new: APISurface(combining: newParts + [sharedPart])
            )
        )
    }

    func testAnAliasedUnderscoredTypeIsDecidedFromTheWholeSet() {
        // The alias and the `_`-protocol live in a file neither side changes; the conformance in the changed file.
        let shared = part(
            "Shared.swift", "public protocol _Marker {}\npublic typealias Marker = _Marker\npublic struct S<T> {}")
        let old = part("S.swift", "extension S: Marker {}\n")
        let new = part("S.swift", "extension S: Marker where T: Sendable {}\n")
        assertSame(old: [old], new: [new], shared: [shared])
        XCTAssertFalse(APIDiff(old: [old], new: [new], shared: [shared]).changes.isEmpty)
    }

    func testMatchesTheWholeSetDiff() {
        let a = part("A.swift", "public protocol P { func f() }\npublic enum E { case a }\n")
        let a2 = part("A.swift", "public protocol P { func f(); func g(_ x: Int) }\npublic enum E { case a, b }\n")
        let b = part(
            "B.swift",
            """
            extension P { public func f() {}\n public func g(_ x: Int) {} }\nstruct Hidden {}\nextension Hidden { \
            public func h() {} }\n
            """
        )
        let c = part("C.swift", "public func over(_ x: Int) {}\n")
        let c2 = part(
            "C.swift",
            """
            public func over(_ x: Int) {}\npublic func over(_ x: String) {}\nextension P { public func g(_ x: \
            String) {} }\n
            """
        )
        let d = part("D.swift", "extension E { public static var z: Int { 1 } }\npublic func over(_ x: Double) {}\n")
        let d2 = part("D.swift", "extension E { public static var z: Int { 2 } }\npublic func over(_ x: Float) {}\n")
        let hiddenMadePublic = part("H.swift", "public struct Hidden {}\n")
        let newEnum = part("F.swift", "public enum F { case x }\nextension E { public func y() {} }\n")
        assertSame(old: [a], new: [a2], shared: [b, c, d])
        assertSame(old: [c], new: [c2], shared: [a, b, d])
        assertSame(old: [d], new: [d2], shared: [a, b, c])
        assertSame(old: [a, c], new: [a2, c2], shared: [b, d])
        assertSame(old: [], new: [hiddenMadePublic], shared: [a, b, c, d])  // the cross-file sets change
        assertSame(old: [], new: [newEnum], shared: [a, b, c, d])
        assertSame(old: [b], new: [], shared: [a, c, d])
        assertSame(old: [], new: [], shared: [a, b, c, d])
        XCTAssertFalse(APIDiff(old: [a], new: [a2], shared: [b, c, d]).changes.isEmpty)
    }

    /// The verdict on a member reads its type's declaration (a value type's `Self`, a class's openness) even when
    /// that declaration sits in a file that did not change.
    /// A requirement loosened to a parent protocol declared in a file neither side changes: the refinement comes from
    /// the whole set in both diffs.
    func testARefinementIsReadFromAnUnchangedFile() {
        let protocols = part("P.swift", "public protocol Schema {}\npublic protocol Model: Schema {}\n")
        let old = part("F.swift", "public func f<T>(_ p: KeyPath<T, Int>) where T: Model {}\n")
        let new = part("F.swift", "public func f<T>(_ p: KeyPath<T, Int>) where T: Schema {}\n")
        assertSame(old: [old], new: [new], shared: [protocols])
        XCTAssertEqual(APIDiff(old: [old], new: [new], shared: [protocols]).impact, .additive)
    }

    func testTheEnclosingTypeIsReadFromAnUnchangedFile() {
        let types = part("Types.swift", "public struct BitSet {}\npublic final class Counter { init() {} }\n")
        let old = part("Ops.swift", "extension BitSet { public func union(_ other: Self) -> Self { self } }\n")
        let new = part("Ops.swift", "extension BitSet { public func union(_ other: BitSet) -> BitSet { self } }\n")
        assertSame(old: [old], new: [new], shared: [types])
        XCTAssertEqual(APIDiff(old: [old], new: [new], shared: [types]).changes, [], "Self is BitSet inside BitSet")
    }

    /// When the files that differ change what names resolve to, a declaration of an unchanged file that names one of
    /// them reads differently on the two sides: it is compared too.
    func testAnUnchangedFileReadsANameTheChangeRespells() {
        let cases: [(name: String, shared: String, old: String, new: String)] = [
            (
                "a nested type shadows a top-level one",
                "public struct Outer {}\npublic struct Item {}\nextension Outer { public func f(_ x: Item) {} }\n",
                "", "extension Outer { public struct Item {} }\n"
            ),
            (
                "a typealias's target", "public func g(_ x: Size) {}\n", "public typealias Size = Int\n",
                "public typealias Size = Int64\n"
            ),
            (
                "an alias of an alias whose target changed",
                "public typealias Count = Size\npublic func h(_ c: Count) {}\n", "public typealias Size = Int\n",
                "public typealias Size = Int64\n"
            ),
            (
                "a type made a protocol keys its extension apart", "extension Thing { public func m() {} }\n",
                "public struct Thing {}\n", "public protocol Thing {}\n"
            ),
            (
                "an alias makes a `_`-type API", "public struct _Box { public func open() {} }\n", "",
                "public typealias Box = _Box\n"
            ),
            (
                "generic parameters swapped",
                "extension Pair { public func swapped() -> Pair<B, A> { fatalError() } }\n",
                "public struct Pair<A, B> {}\n", "public struct Pair<B, A> {}\n"
            ),
            (
                "a conformance brings a protocol's typealias into scope",
                "public protocol Keyed {}\nextension Keyed { public typealias Key = String }\n"
                    + "extension Thing { public func k(_ key: Key) {} }\npublic struct Key {}\n",
                "public struct Thing {}\n", "public struct Thing: Keyed {}\n"
            ),
            (
                "a generic typealias's target", "public func p(_ x: Pairs<Int>) {}\n",
                "public typealias Pairs<T> = [T]\n",
                "public typealias Pairs<T> = [T: T]\n"
            ),
            (
                "a package type named like a standard one",
                "public func r() -> Swift.Result<Int, Error> { fatalError() }\n",
                "", "public enum Result {}\n"
            ),
            (
                "a hidden type made public", "struct Hidden {}\nextension Hidden { public func h() {} }\n", "",
                "extension Hidden: Sendable {}\npublic struct Other {}\n"
            ),
        ]
        for (name, shared, old, new) in cases {
            XCTAssertFalse(diffs(shared: shared, old: old, new: new).whole.changes.isEmpty, name)
        }
    }

    /// A member a release removes may still be served by what an unchanged file declares (the same member in the
    /// extension of a protocol the type refines): a diff that finds a break is judged on the whole sets.
    func testABreakIsJudgedOnTheWholeSets() {
        let shared = part(
            "Runner.swift",
            """
            public protocol Runner {}
            extension Runner { public static func start(_ arguments: [String]? = nil) throws -> Self { fatalError() } }
            public protocol AsyncRunner: Runner {}

            """)
        let old = part(
            "AsyncRunner.swift",
            """
            extension AsyncRunner {
                public static func start(_ arguments: [String]? = nil) async throws -> Self { fatalError() }
            }

            """)
        let new = part(
            "AsyncRunner.swift",
            """
            extension AsyncRunner {
                public static func asyncStart(_ arguments: [String]? = nil) async throws -> Self { fatalError() }
            }

            """)
        assertSame(old: [old], new: [new], shared: [shared])
        XCTAssertEqual(APIDiff(old: [old], new: [new], shared: [shared]).impact, .additive)
    }

    /// A verdict that lowers a break from what is absent (no public initializer, a type not declared) is taken on the
    /// whole sets: the unchanged files may declare it.
    func testALoweredVerdictIsJudgedOnTheWholeSets() {
        let shared = part(
            "N+Init.swift", "extension N { public init() { fatalError() }\n public static var x: Int { 1 } }\n")
        let old = part("N.swift", "public struct N {}\n")
        let new = part("N.swift", "public enum N {}\n")
        assertSame(old: [old], new: [new], shared: [shared])
        XCTAssertEqual(APIDiff(old: [old], new: [new], shared: [shared]).impact, .breaking)
        let type = part("T.swift", "public struct T {}\n")
        let sendable = part("T+Sendable.swift", "extension T: Sendable {}\n")
        assertSame(old: [sendable], new: [], shared: [type])
        XCTAssertEqual(APIDiff(old: [sendable], new: [], shared: [type]).impact, .breaking)
    }

    /// An unchanged file's declaration whose key the cross-file pass renames (an extension of a typealias or of
    /// `Box<Int>`, a conformance through a typealias) is compared under its finished key.
    func testAKeyRenamedByTheCrossFilePassIsCompared() {
        let aliased = "public struct Box {}\npublic typealias BoxAlias = Box\n"
        let cases: [(name: String, shared: String, old: String, new: String)] = [
            (
                "an async overload beside a sync one declared through an alias",
                aliased + "extension BoxAlias { public func f() {} }\n", "extension Box {}\n",
                "extension Box { public func f() async {} }\n"
            ),
            (
                "an overload beside one declared through an alias",
                aliased
                    + "extension BoxAlias { public func f(_ x: String) {} }\n", "extension Box {}\n",
                "extension Box { public func f(_ x: Int) {} }\n"
            ),
            (
                "a synthesized member kept by a conformance through an alias",
                "public struct T {}\npublic typealias HashAlias = Hashable\nextension T: HashAlias {}\n",
                "extension T {}\n",
                "extension T { public func hash(into hasher: inout Hasher) {} }\n"
            ),
            (
                "an overload beside one in an extension of a generic alias with arguments",
                "public struct _Box<T> {}\npublic typealias Box<T> = _Box<T>\n"
                    + "extension Box<Int> { public func f(_ x: String) {} }\n", "",
                "extension _Box where T == Int { public func f(_ x: Int) {} }\n"
            ),
        ]
        for (name, shared, old, new) in cases {
            let (incremental, whole) = diffs(shared: shared, old: old, new: new)
            XCTAssertEqual(incremental, whole, name)
        }
    }
}

extension IncrementalDiffTests {
    /// An added requirement's note is decided from keys the partial comparison holds (the protocol, the members of its
    /// extensions under the requirement's name), also when those sit in an unchanged file: such a release is not
    /// diffed again on the whole sets (every protocol set's minor release adds requirements).
    func testAnAddedRequirementIsRatedFromTheTouchedKeys() {
        let protocols = APIContext(addedRequirementImpact: .additive)
        let cases: [(name: String, shared: String, impact: APIImpact, note: String)] = [
            ("without a default", "extension P {}\n", .additive, "conformers move with the protocol set"),
            ("with a default in an unchanged file", "extension P { public func g() {} }\n", .additive, "default"),
            (
                "with a constrained default only", "extension P where Self: Sendable { public func g() {} }\n",
                .additive, "conformers move with the protocol set"
            ),
        ]
        for (name, shared, impact, note) in cases {
            let sharedPart = part("P+Defaults.swift", shared)
            let old = [part("P.swift", "public protocol P { func f() }\n")]
            let new = [part("P.swift", "public protocol P { func f()\n func g() }\n")]
            let whole = APIDiff(
                old: APISurface(combining: old + [sharedPart]), new: APISurface(combining: new + [sharedPart]),
                context: protocols)
            let incremental = APIDiff(old: old, new: new, shared: [sharedPart], context: protocols)
            XCTAssertEqual(incremental, whole, name)
            XCTAssertEqual(incremental.impact, impact, name)
            XCTAssertEqual(incremental.changes.map(\.key), ["func P.g()"], name)
            XCTAssertTrue(incremental.changes.first?.note?.contains(note) ?? false, "\(name): \(incremental.changes)")
            XCTAssertTrue(
                APIDiff.requirementNotes.contains(incremental.changes.first?.note ?? ""),
                "\(name): a note of the added requirement's own")
        }
    }
}
