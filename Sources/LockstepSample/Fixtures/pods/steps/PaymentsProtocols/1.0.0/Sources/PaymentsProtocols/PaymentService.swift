/// Proof that an order was paid.
public struct Receipt: Equatable {
    public let orderID: String
    public let cents: Int

    public init(orderID: String, cents: Int) {
        self.orderID = orderID
        self.cents = cents
    }
}

/// Charges and refunds orders.
public protocol PaymentService {
    func charge(_ amount: Double, for orderID: String) -> Receipt
    func refund(_ amount: Double, for orderID: String) -> Receipt
}
