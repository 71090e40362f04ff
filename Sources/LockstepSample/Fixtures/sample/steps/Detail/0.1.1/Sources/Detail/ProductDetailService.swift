import CartProtocols
import DetailProtocols
import Foundation
import Mediator

/// The app's `DetailService`. The cart badge comes from the `CartService` the mediator
/// resolves; without a cart the screen says so.
public final class ProductDetailService: DetailService {
    private let mediator: Mediator

    public init(mediator: Mediator) {
        self.mediator = mediator
    }

    public func product(id: String) -> (any Product)? {
        Catalog.product(id: id)
    }

    public func detailDescription(productID: String) -> String? {
        guard let product = Catalog.product(id: productID) else { return nil }
        return [
            product.title,
            "Price: \(Self.format(product.price))",
            product.summary,
            cartBadge(),
        ].joined(separator: "\n")
    }

    /// Two decimals, always: "9.90", not "9.9".
    static func format(_ price: Decimal) -> String {
        String(format: "%.2f", NSDecimalNumber(decimal: price).doubleValue)
    }

    private func cartBadge() -> String {
        guard let cart = mediator.resolve(CartService.self) else { return "Cart unavailable" }
        return "In your cart: \(cart.itemCount) items"
    }
}
