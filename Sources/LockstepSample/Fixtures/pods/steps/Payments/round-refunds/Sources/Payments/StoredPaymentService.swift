import PaymentsProtocols
import Storage

/// Charges and refunds in whole cents, keeping the last receipt of each order in a store.
public final class StoredPaymentService: PaymentService {
    private let store: KeyValueStore

    public init(store: KeyValueStore) {
        self.store = store
    }

    public func charge(_ amount: Double, for orderID: String) -> Receipt {
        record(Receipt(orderID: orderID, cents: Int((amount * 100).rounded())))
    }

    public func refund(_ amount: Double, for orderID: String) -> Receipt {
        record(Receipt(orderID: orderID, cents: -Int((amount * 100).rounded())))
    }

    private func record(_ receipt: Receipt) -> Receipt {
        store.set(String(receipt.cents), forKey: "receipt.\(receipt.orderID)")
        return receipt
    }
}
