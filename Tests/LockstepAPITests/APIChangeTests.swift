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
            ["changed `func total()` from `public func total() -> Int` to `public func total() -> Double`"])
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
