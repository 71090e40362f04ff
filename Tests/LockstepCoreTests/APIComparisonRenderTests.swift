@testable import LockstepCore
import LockstepAPI
import LockstepGit
import XCTest

final class APIComparisonRenderTests: XCTestCase {
    func testChangedEntryShowsBothPlacesAndWhyItIsCompatible() throws {
        let diff = APIDiff(
            old: APISurface.extract(from: [
                SourceFile(path: "Sources/Cart/Old.swift", text: "public func add(item: String) {}")
            ]),
            new: APISurface.extract(from: [
                SourceFile(
                    path: "Sources/Cart/New.swift", text: "\npublic func add(item: String, quantity: Int = 1) {}")
            ]))
        let from = try XCTUnwrap(ObjectID(hex: String(repeating: "a", count: 40)))
        let to = try XCTUnwrap(ObjectID(hex: String(repeating: "b", count: 40)))
        let text = APIComparison(component: "Cart", fromLabel: "1.0.0", toLabel: "HEAD", from: from, to: to, diff: diff)
            .render()
        XCTAssertTrue(
            text.contains("changed func add(item:)  [minor]  Sources/Cart/Old.swift:1 → Sources/Cart/New.swift:2"), text
        )
        XCTAssertTrue(text.contains("(added parameters have default values)"), text)
    }

    func testAddedRequirementSaysWhetherConformersMustAddIt() throws {
        let diff = APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "P.swift", text: "public protocol P { func f() }")]),
            new: APISurface.extract(from: [
                SourceFile(path: "P.swift", text: "public protocol P { func f()\n func g() }")
            ]))
        let id = try XCTUnwrap(ObjectID(hex: String(repeating: "c", count: 40)))
        let text = APIComparison(component: "P", fromLabel: "1.0.0", toLabel: "HEAD", from: id, to: id, diff: diff)
            .render()
        XCTAssertTrue(text.contains("added   func P.g()  [breaking]"), text)
        XCTAssertTrue(
            text.contains("(breaking: it has no default implementation: conformers outside the package must add it)"),
            text)
    }

    func testAChangeConfinedToSomePlatformsSaysWhereOnItsLine() throws {
        let diff = APIDiff(
            old: APISurface.extract(from: [
                SourceFile(path: "H.swift", text: "#if canImport(UIKit)\npublic func haptic() {}\n#endif\n")
            ]),
            new: APISurface.extract(from: [SourceFile(path: "H.swift", text: "")]))
        let id = try XCTUnwrap(ObjectID(hex: String(repeating: "d", count: 40)))
        let text = APIComparison(component: "H", fromLabel: "1.0.0", toLabel: "HEAD", from: id, to: id, diff: diff)
            .render()
        XCTAssertTrue(text.contains("func haptic() (on iOS)  [breaking]"), text)
    }
}
