import LockstepAPI
import XCTest

/// An added protocol requirement: its impact follows `APIContext.addedRequirementImpact` unless a default
/// implementation covers every conformer, and the summary says which.
final class RequirementImpactTests: XCTestCase {
    private let store = "public protocol Store { func save() }"
    private let storeWithFlush = "public protocol Store { func save()\n func flush() }"

    private func diff(_ old: String, _ new: String, _ context: APIContext = .default) -> APIDiff {
        APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "A.swift", text: old)]),
            new: APISurface.extract(from: [SourceFile(path: "A.swift", text: new)]), context: context)
    }

    func testWithoutDefaultIsBreakingByDefaultAndMinorForKindProtocols() {
        let breaking = diff(store, storeWithFlush)
        XCTAssertEqual(breaking.impact, .breaking)
        XCTAssertEqual(
            breaking.changes.map(\.summary),
            [
                """
                added protocol requirement `func Store.flush()` (breaking: it has no default implementation: \
                conformers outside the package must add it)
                """
            ])
        let minor = diff(store, storeWithFlush, APIContext(addedRequirementImpact: .additive))
        XCTAssertEqual(minor.impact, .additive)
        XCTAssertEqual(
            minor.changes.map(\.summary),
            [
                """
                added protocol requirement `func Store.flush()` (minor: kind protocols; it has no default \
                implementation, so conformers move with the protocol set)
                """
            ])
    }

    func testAParentAddedToAProtocolCountsLikeARequirement() {
        let old = "public protocol Repository { func all() -> [String] }"
        let new = "public protocol Repository: Sendable { func all() -> [String] }"
        XCTAssertEqual(
            diff(old, new).changes.map(\.description),
            [
                """
                [breaking] added `conformance Repository: Sendable` (breaking: conformers outside the package \
                must now conform to Sendable too)
                """
            ])
        XCTAssertEqual(diff(old, new, APIContext(addedRequirementImpact: .additive)).impact, .additive)
        XCTAssertEqual(
            diff("public struct A {}", "public struct A {}\npublic protocol Q: Sendable {}").impact, .additive,
            "a new protocol's parents are no burden on anyone yet")
    }

    func testAvailabilityNarrowedOnlyOnAnUnsupportedPlatformIsNotBreaking() {
        let old = "@available(macOS 13, iOS 16, tvOS 15, watchOS 8, *)\npublic func record() {}"
        let new = "@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)\npublic func record() {}"
        XCTAssertTrue(diff(old, new).isEmpty, "iOS and macOS only: tvOS and watchOS clients do not exist")
        XCTAssertEqual(
            diff(old, "@available(macOS 12, iOS 16, tvOS 16, *)\npublic func record() {}").changes.map(\.impact),
            [.additive], "widened on macOS")
        XCTAssertEqual(diff(old, new, APIContext(platforms: ["iOS", "macOS", "tvOS"])).impact, .breaking)
        XCTAssertEqual(diff(old, "@available(macOS 14, iOS 16, *)\npublic func record() {}").impact, .breaking)
    }

    func testDefaultImplementationMakesItAdditiveForEveryKind() {
        let new = storeWithFlush + "\nextension Store { public func flush() {} }"
        for context in [APIContext.default, APIContext(addedRequirementImpact: .additive)] {
            let result = diff(store, new, context)
            XCTAssertEqual(result.impact, .additive)
            XCTAssertEqual(
                result.changes.first { $0.key == "func Store.flush()" }?.summary,
                "added protocol requirement `func Store.flush()` (it has a default implementation)")
        }
    }

    func testAMemberThatImplementsNothingIsNamedWithWhatKeepsItFromDoingSo() {
        let new = storeWithFlush + "\nextension Store { public func flush() throws {}\n public static func flush() {} }"
        XCTAssertEqual(
            diff(store, new).changes.first { $0.key == "func Store.flush()" }?.summary,
            """
            added protocol requirement `func Store.flush()` (breaking: it has no default implementation (in the \
            protocol's extensions, `Store.flush()` is static; `Store.flush()` throws): conformers outside the package \
            must add it)
            """)
        XCTAssertEqual(
            diff(store, storeWithFlush + "\nextension Store { public func flush() throws {}\n public func flush() {} }")
                .impact,
            .additive, "one of the two implements it")
    }

    func testDefaultImplementationInAnUnchangedFileIsSeenByTheIncrementalDiff() {
        let before = APIFileSurface.extract(from: SourceFile(path: "Store.swift", text: store))
        let after = APIFileSurface.extract(from: SourceFile(path: "Store.swift", text: storeWithFlush))
        let defaults = APIFileSurface.extract(
            from: SourceFile(path: "Defaults.swift", text: "extension Store { public func flush() {} }"))
        let incremental = APIDiff(old: [before], new: [after], shared: [defaults])
        XCTAssertEqual(incremental.impact, .additive)
        XCTAssertEqual(
            incremental,
            APIDiff(
                old: APISurface(combining: [before, defaults]),
                new: APISurface(combining: [after, defaults])))
    }

    func testSynthesizedMemberBesideAConformanceInAnUnchangedFile() {
        let before = APIFileSurface.extract(
            from: SourceFile(path: "A.swift", text: "public struct A { public var x: Int }"))
        let after = APIFileSurface.extract(
            from: SourceFile(
                path: "A.swift",
                text: "public struct A { public var x: Int\n public func hash(into h: inout Hasher) {} }"))
        let conformance = APIFileSurface.extract(from: SourceFile(path: "B.swift", text: "extension A: Hashable {}"))
        let incremental = APIDiff(old: [before], new: [after], shared: [conformance])
        XCTAssertTrue(incremental.isEmpty, "\(incremental.changes)")
        XCTAssertEqual(
            incremental,
            APIDiff(
                old: APISurface(combining: [before, conformance]),
                new: APISurface(combining: [after, conformance])))
    }

    func testCompatibleChangeNamesItsReasonAndBothPlaces() {
        let result = APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "Old.swift", text: "public func add(item: String) {}")]),
            new: APISurface.extract(from: [
                SourceFile(path: "New.swift", text: "\n\npublic func add(item: String, quantity: Int = 1) {}")
            ]))
        XCTAssertEqual(result.changes.count, 1)
        let change = result.changes[0]
        XCTAssertEqual(change.kind, .changed)
        XCTAssertEqual(change.impact, .additive)
        XCTAssertEqual(change.old?.file, "Old.swift")
        XCTAssertEqual(change.new?.file, "New.swift")
        XCTAssertEqual(change.new?.line, 3)
        XCTAssertEqual(
            change.summary,
            "changed `func add(item:)` from `public func add(item: String)` to "
                + """
                `public func add(item: String, quantity: Int = default)` (compatible: added parameters have \
                default values)
                """
        )
    }
}
