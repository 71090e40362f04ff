import CartProtocols
import Foundation

struct LineItem: CartItem, Equatable {
    var productID: String
    var title: String
    var unitPrice: Decimal
    var quantity: Int
}
