import Payments
import PaymentsProtocols
import Storage

/// The checkout screen's model: pays an order and keeps its receipt.
final class Checkout {
    private let payments: PaymentService = StoredPaymentService(store: MemoryStore())

    func pay(_ amount: Double, orderID: String) -> Receipt {
        payments.charge(amount, for: orderID)
    }
}
