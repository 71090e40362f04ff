import CartProtocols
import Foundation
import LoginProtocols
import Mediator
import Networking
import XCTest
@testable import Cart

private struct TestUser: User {
    var id = "u-1"
    var displayName = "Test"
}

private final class FakeLogin: LoginService {
    var user: (any User)? = TestUser()

    var isLoggedIn: Bool { user != nil }
    func currentUser() -> (any User)? { user }
    func login(username: String, password: String) async throws -> any User { TestUser() }
    func logout() { user = nil }
}

final class CartManagerTests: XCTestCase {
    private var mediator = Mediator()
    private var login = FakeLogin()
    private var client = StubHTTPClient()

    override func setUp() {
        mediator = Mediator()
        login = FakeLogin()
        client = StubHTTPClient()
        let login = self.login
        mediator.register(LoginService.self) { login }
    }

    private func makeCart() -> CartManager {
        CartManager(mediator: mediator, client: client)
    }

    func testAddCountsUnits() throws {
        let cart = makeCart()
        try cart.add(productID: "p-1", title: "Mug", unitPrice: Decimal(string: "9.90")!, quantity: 2)
        try cart.add(productID: "p-2", title: "Tea", unitPrice: 4)

        XCTAssertEqual(cart.itemCount, 3)
        XCTAssertEqual(cart.total, Decimal(string: "23.80")!)
    }

    func testAddNeedsASignedInUser() {
        login.logout()
        XCTAssertThrowsError(try makeCart().add(productID: "p-1", title: "Mug", unitPrice: 1)) { error in
            XCTAssertEqual(error as? CartError, .notLoggedIn)
        }
    }

    func testRejectsNonPositiveQuantities() {
        XCTAssertThrowsError(try makeCart().add(productID: "p-1", title: "Mug", unitPrice: 1, quantity: 0)) { error in
            XCTAssertEqual(error as? CartError, .invalidQuantity(0))
        }
    }

    func testCheckoutEmptiesTheCart() async throws {
        client.stub(.post, "/orders", with: Response(statusCode: 201, body: Data(#"{"orderID":"o-7"}"#.utf8)))
        let cart = makeCart()
        try cart.add(productID: "p-1", title: "Mug", unitPrice: 5)

        let order = try await cart.checkout()

        XCTAssertEqual(order, "o-7")
        XCTAssertEqual(cart.itemCount, 0)
    }

    func testAddingAProductAgainMergesItsLine() throws {
        let cart = makeCart()
        try cart.add(productID: "p-1", title: "Mug", unitPrice: 5)
        try cart.add(productID: "p-1", title: "Mug", unitPrice: 5, quantity: 2)

        XCTAssertEqual(cart.items.count, 1)
        XCTAssertEqual(cart.itemCount, 3)
    }

    func testCheckoutSendsTheUsersID() async throws {
        client.stub(.post, "/orders", with: Response(statusCode: 201, body: Data(#"{"orderID":"o-8"}"#.utf8)))
        let cart = makeCart()
        try cart.add(productID: "p-1", title: "Mug", unitPrice: 5)

        _ = try await cart.checkout()

        let sent = try XCTUnwrap(client.sentRequests.last?.body)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: sent) as? [String: Any])
        XCTAssertEqual(json["userID"] as? String, "u-1")
    }

    func testFailedCheckoutKeepsTheCart() async throws {
        client.stub(.post, "/orders", with: Response(statusCode: 503, body: Data("<html>busy</html>".utf8)))
        let cart = makeCart()
        try cart.add(productID: "p-1", title: "Mug", unitPrice: 5)

        do {
            _ = try await cart.checkout()
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? CartError, .checkoutFailed(statusCode: 503))
        }
        XCTAssertEqual(cart.itemCount, 1)
    }

    func testPricesAreSentInCents() {
        XCTAssertEqual(OrderRequest.Line.cents(Decimal(string: "9.90")!), 990)
        XCTAssertEqual(OrderRequest.Line.cents(Decimal(string: "9.995")!), 1000)
        XCTAssertEqual(OrderRequest.Line.cents(4), 400)
    }

    func testRemoveTakesAwayOneUnit() throws {
        let cart = makeCart()
        try cart.add(productID: "p-1", title: "Mug", unitPrice: 5, quantity: 2)

        cart.remove(productID: "p-1")
        XCTAssertEqual(cart.itemCount, 1)

        cart.remove(productID: "p-1")
        XCTAssertTrue(cart.items.isEmpty)
    }
}
