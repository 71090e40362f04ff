import CartProtocols
import Foundation
import Mediator
import XCTest
@testable import Detail

private final class FakeCart: CartService {
    var itemCount = 0
    var items: [any CartItem] { [] }
    var total: Decimal { 0 }
    func add(productID: String, title: String, unitPrice: Decimal, quantity: Int) throws { itemCount += quantity }
    func remove(productID: String) { itemCount -= 1 }
    func checkout() async throws -> String { "o-1" }
}

final class ProductDetailServiceTests: XCTestCase {
    func testDescribesAProductWithTheCartBadge() throws {
        let mediator = Mediator()
        let cart = FakeCart()
        cart.itemCount = 3
        mediator.register(CartService.self) { cart }
        let service = ProductDetailService(mediator: mediator)

        let text = try XCTUnwrap(service.detailDescription(productID: "p-3"))

        XCTAssertTrue(text.hasPrefix("Cast-iron teapot\n"))
        XCTAssertTrue(text.hasSuffix("In your cart: 3 items"))
    }

    func testWithoutACart() throws {
        let service = ProductDetailService(mediator: Mediator())

        let text = try XCTUnwrap(service.detailDescription(productID: "p-1"))

        XCTAssertTrue(text.hasSuffix("Cart unavailable"))
    }

    func testUnknownProduct() {
        let service = ProductDetailService(mediator: Mediator())

        XCTAssertNil(service.product(id: "nope"))
        XCTAssertNil(service.detailDescription(productID: "nope"))
    }

    func testPricesHaveTwoDecimals() {
        XCTAssertEqual(ProductDetailService.format(Decimal(string: "9.9")!), "9.90")
        XCTAssertEqual(ProductDetailService.format(32), "32.00")
    }

    func testBadgeSaysOneItem() throws {
        let mediator = Mediator()
        let cart = FakeCart()
        cart.itemCount = 1
        mediator.register(CartService.self) { cart }

        let text = try XCTUnwrap(ProductDetailService(mediator: mediator).detailDescription(productID: "p-1"))

        XCTAssertTrue(text.hasSuffix("In your cart: 1 item"))
    }
}
