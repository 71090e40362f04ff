import Foundation
import XCTest
import LockstepAPI

final class APIChangeTests: XCTestCase {
    private func diff(_ old: String, _ new: String) -> APIDiff {
        APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "A.swift", text: old)]),
            new: APISurface.extract(from: [SourceFile(path: "A.swift", text: new)]))
    }

    func testSummaries() {
        XCTAssertEqual(
            diff("public protocol CartService { func clear() }", "public protocol CartService {}").changes.map(
                \.summary),
            ["removed protocol requirement `func CartService.clear()`"])
        XCTAssertEqual(
            diff("public protocol CartService {}", "public protocol CartService { func clear() }").changes.map(
                \.summary),
            [
                """
                added protocol requirement `func CartService.clear()` (breaking: it has no default \
                implementation: conformers outside the package must add it)
                """
            ])
        XCTAssertEqual(
            diff("public enum PaymentMethod { case card }", "public enum PaymentMethod { case card, applePay }")
                .changes.map(\.summary),
            ["added `case PaymentMethod.applePay` (breaking: exhaustive switches over a public enum stop compiling)"])
        XCTAssertEqual(
            diff("public func total() -> Int { 0 }", "public func total() -> Double { 0 }").changes.map(\.summary),
            [
                "changed `func total()` from `public func total() -> Int` to `public func total() -> Double` "
                    + "(breaks: code using the result as `Int` no longer compiles (it is `Double`))"
            ])
        // Each breaking change the typed model can read names the use that stops compiling.
        XCTAssertEqual(
            [
                diff("public func f() {}", "public func f() throws {}"),
                diff("public func f() {}", "public func f() async {}"),
                diff("public struct S { public var x: Int }", "public struct S { public let x: Int }"),
                diff("public func f(a: Int = 1) {}", "public func f(a: Int) {}"),
                diff("public func f(_ a: Int, _ b: Int) {}", "public func f(_ a: Int, _ b: String) {}"),
                diff(
                    "public protocol P {}\npublic func f<T>(_ a: T) {}",
                    "public protocol P {}\npublic func f<T: P>(_ a: T) {}"),
                diff("public protocol P { func f() }", "public protocol P { func f() throws }"),
                diff("public protocol P { func f() throws }", "public protocol P { func f() }"),
            ].flatMap { $0.changes.compactMap(\.note) },
            [
                "calls without `try` no longer compile", "calls without `await` no longer compile",
                "assignments to it no longer compile", "calls that leave out `a:` no longer compile",
                "calls passing a `Int` as argument 2 no longer compile (it takes `String`)",
                "calls whose types do not meet `τ_0: P` no longer compile", "calls without `try` no longer compile",
                "conforming types' implementations of the old form no longer match the new one",
            ])
        XCTAssertEqual(
            diff("public class C {}", "open class C {}").changes.map(\.description),
            ["[additive] changed `class C` from `public class C` to `open class C` (additive: public → open)"])
    }

    func testImpactOrderAndEmptyDiff() {
        XCTAssertLessThan(APIImpact.none, .additive)
        XCTAssertLessThan(APIImpact.additive, .breaking)
        let same = diff("public func f() {}", "public func f() {}")
        XCTAssertTrue(same.isEmpty)
        XCTAssertEqual(same.impact, .none)
    }

    func testChangesWithImpactNameTheDeclarationsBehindALevel() {
        let result = diff("public func a() {}\npublic func b() {}", "public func b() {}\npublic func c() {}")
        XCTAssertEqual(result.impact, .breaking)
        XCTAssertEqual(result.changes(with: .breaking).map(\.key), ["func a()"])
        XCTAssertEqual(result.changes(with: .additive).map(\.key), ["func c()"])
    }

    func testChangesRoundTripThroughJSON() throws {
        let changes = diff("public func a() {}", "public func a() throws {}").changes
        let data = try JSONEncoder().encode(changes)
        XCTAssertEqual(try JSONDecoder().decode([APIChange].self, from: data), changes)
    }

    func testOverloadWhoseTypeChangedReadsAsAChange() {
        let result = diff(
            "public func track(_ e: String) {}\npublic func track(_ e: Int) {}",
            "public func track(_ e: String) {}\npublic func track(_ e: Double) {}")
        XCTAssertEqual(result.changes.map(\.kind), [.changed])
        XCTAssertEqual(result.changes.first?.key, "func track(_:)")
        XCTAssertEqual(result.impact, .breaking)
    }
}
