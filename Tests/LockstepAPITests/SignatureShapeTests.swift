@testable import LockstepAPI
import XCTest

/// `SignatureShape` reads back the signatures `APICollector` writes; the compatibility rules stand on it.
final class SignatureShapeTests: XCTestCase {
    func testFunctionWithEverything() throws {
        let shape = try XCTUnwrap(
            SignatureShape(
                """
                @MainActor public class func make<T: P>(_: T, count: Int = default) async throws -> [T] where T: \
                Hashable, T: Sendable
                """
            ))
        XCTAssertEqual(shape.modifiers, ["@MainActor", "public", "class"])
        XCTAssertEqual(shape.keyword, "func")
        XCTAssertEqual(shape.name, "make")
        XCTAssertEqual(shape.generics, ["T: P"])
        XCTAssertEqual(shape.parameters, ["_: T", "count: Int = default"])
        XCTAssertEqual(shape.effects, ["async", "throws"])
        XCTAssertEqual(shape.result, "-> [T]")
        XCTAssertEqual(shape.requirements, ["T: Hashable", "T: Sendable"])
    }

    func testOperatorInitializerSubscriptPropertyAndClass() throws {
        let op = try XCTUnwrap(SignatureShape("public static func == (_: Money, _: Money) -> Bool"))
        XCTAssertEqual([op.name, op.result], ["==", "-> Bool"])
        XCTAssertEqual(op.parameters?.count, 2)
        let less = try XCTUnwrap(SignatureShape("public static func < <T>(_: T, _: T) -> Bool"))
        XCTAssertEqual([less.name, less.result], ["<", "-> Bool"])
        XCTAssertEqual(less.generics, ["T"])
        let initializer = try XCTUnwrap(
            SignatureShape("@available(iOS 13, *) public init?(id: String) throws(LoadError)"))
        XCTAssertEqual([initializer.keyword, initializer.name], ["init?", ""])
        XCTAssertEqual(initializer.availability, ["@available(iOS 13, *)"])
        XCTAssertEqual(initializer.effects, ["throws(LoadError)"])
        let subscriptShape = try XCTUnwrap(
            SignatureShape("public subscript<T>(_: Int, default: T = default) -> T where T: P { get set }"))
        XCTAssertEqual(subscriptShape.keyword, "subscript")
        XCTAssertEqual(subscriptShape.parameters, ["_: Int", "default: T = default"])
        XCTAssertEqual([subscriptShape.result, subscriptShape.accessors], ["-> T", "{ get set }"])
        XCTAssertEqual(subscriptShape.requirements, ["T: P"])
        let property = try XCTUnwrap(SignatureShape("public var handler: (Int) -> Void { get set }"))
        XCTAssertEqual(
            [property.keyword, property.name, property.result, property.accessors],
            ["var", "handler", ": (Int) -> Void", "{ get set }"])
        XCTAssertNil(property.parameters)
        let type = try XCTUnwrap(SignatureShape("open class CartView: UIView"))
        XCTAssertEqual([type.keyword, type.name, type.result], ["class", "CartView", ": UIView"])
    }

    func testParametersAndAvailability() {
        let parameter = ShapeParameter("tags: String...")
        XCTAssertEqual([parameter.label, parameter.type], ["tags", "String"])
        XCTAssertTrue(parameter.isVariadic && parameter.isOmittable)
        XCTAssertTrue(ShapeParameter("b: [String: Int] = default").hasDefault)
        XCTAssertEqual(ShapeParameter("b: [String: Int] = default").type, "[String: Int]")
        XCTAssertEqual(
            Availability.widening(from: ["@available(iOS 15, *)"], to: ["@available(iOS, introduced: 13)"]),
            .some("availability widened"))
        XCTAssertEqual(Availability.widening(from: [], to: ["@available(iOS, unavailable)"]), .none)
        XCTAssertEqual(
            Availability.widening(from: ["@available(iOS 13, *)"], to: ["@available(iOS 13.0, *)"]),
            .some(Availability.spelledOnly), "13 and 13.0 are one version")
        XCTAssertEqual(
            Availability.widening(
                from: ["@available(OSX 10.15, OSXApplicationExtension 10.15, *)"],
                to: ["@available(macOS 10.15, macOSApplicationExtension 10.15, *)"]),
            .some(Availability.spelledOnly), "OSX is macOS")
        XCTAssertEqual(
            Availability.widening(from: ["@available(OSX 10.15, *)"], to: ["@available(macOS 11, *)"]), .none,
            "a higher macOS minimum spelled OSX before still narrows")
        XCTAssertEqual(
            Availability.widening(from: ["@available(OSX, unavailable)"], to: ["@available(macOS, unavailable)"]),
            .some(Availability.spelledOnly))
        XCTAssertEqual(
            Availability.widening(from: ["@available(iOS 13, *)"], to: ["@available(iOS 13, *)"]), .some(nil))
    }
}
