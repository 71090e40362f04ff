import Foundation

/// One line of the cart.
public protocol CartItem {
    var productID: String { get }
    var title: String { get }
    var unitPrice: Decimal { get }
    var quantity: Int { get }
}

extension CartItem {
    /// `unitPrice × quantity`.
    public var lineTotal: Decimal {
        unitPrice * Decimal(quantity)
    }
}
