import Foundation

/// The cart component's service.
public protocol CartService: AnyObject {
    /// The number of units in the cart, over all lines.
    var itemCount: Int { get }

    /// The lines of the cart, in the order their products were first added.
    var items: [any CartItem] { get }

    /// The sum of all line totals.
    var total: Decimal { get }

    /// Adds `quantity` units of a product. Needs a signed-in user.
    func add(productID: String, title: String, unitPrice: Decimal, quantity: Int) throws

    /// Removes one unit of a product; its line goes away with the last unit.
    func remove(productID: String)

    /// Orders the cart's contents, empties the cart and returns the order number.
    func checkout() async throws -> String

    /// Removes every line: the cart is empty afterwards.
    func removeAll()
}

extension CartService {
    /// Adds one unit of a product.
    public func add(productID: String, title: String, unitPrice: Decimal) throws {
        try add(productID: productID, title: title, unitPrice: unitPrice, quantity: 1)
    }
}

public enum CartError: Error, Equatable {
    case notLoggedIn
    case invalidQuantity(Int)
    case emptyCart
    case checkoutFailed(statusCode: Int)
}
