import Foundation

/// The body of `POST /orders`.
struct OrderRequest: Encodable {
    struct Line: Encodable {
        var productID: String
        var quantity: Int
        var unitPriceCents: Int

        init(_ item: LineItem) {
            productID = item.productID
            quantity = item.quantity
            unitPriceCents = Self.cents(item.unitPrice)
        }

        /// `amount` in cents, rounded half up: 9.995 → 1000. The order API takes integer cents.
        static func cents(_ amount: Decimal) -> Int {
            var value = amount * 100
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 0, .plain)
            return NSDecimalNumber(decimal: rounded).intValue
        }
    }

    var userID: String
    var lines: [Line]
}

/// The body of a successful `POST /orders`.
struct OrderConfirmation: Decodable {
    var orderID: String
}
