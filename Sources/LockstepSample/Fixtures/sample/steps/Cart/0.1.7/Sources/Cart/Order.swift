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
            unitPriceCents = PriceFormatter.cents(item.unitPrice)
        }
    }

    var userID: String
    var lines: [Line]
}

/// The body of a successful `POST /orders`.
struct OrderConfirmation: Decodable {
    var orderID: String
}
