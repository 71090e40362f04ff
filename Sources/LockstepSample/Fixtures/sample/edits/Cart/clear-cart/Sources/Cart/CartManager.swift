import CartProtocols
import Foundation
import LoginProtocols
import Mediator
import Networking

/// The app's `CartService`: an in-memory cart that checks out with `POST /orders`.
/// It learns whether a user is signed in from the `LoginService` the mediator resolves.
public final class CartManager: CartService, @unchecked Sendable {
    private let mediator: Mediator
    private let client: HTTPClient
    private let lock = NSLock()
    private var lines: [LineItem] = []

    public init(mediator: Mediator, client: HTTPClient) {
        self.mediator = mediator
        self.client = client
    }

    public var itemCount: Int {
        snapshot().reduce(0) { $0 + $1.quantity }
    }

    public var items: [any CartItem] {
        snapshot()
    }

    public var total: Decimal {
        snapshot().reduce(Decimal(0)) { $0 + $1.lineTotal }
    }

    public func add(productID: String, title: String, unitPrice: Decimal, quantity: Int) throws {
        guard quantity > 0 else { throw CartError.invalidQuantity(quantity) }
        guard login?.isLoggedIn == true else { throw CartError.notLoggedIn }
        mutate { lines in
            if let index = lines.firstIndex(where: { $0.productID == productID }) {
                lines[index].quantity += quantity
            } else {
                lines.append(LineItem(productID: productID, title: title, unitPrice: unitPrice, quantity: quantity))
            }
        }
    }

    public func remove(productID: String) {
        mutate { lines in
            guard let index = lines.firstIndex(where: { $0.productID == productID }) else { return }
            if lines[index].quantity > 1 {
                lines[index].quantity -= 1
            } else {
                lines.remove(at: index)
            }
        }
    }

    public func removeAll() {
        mutate { lines in lines.removeAll() }
    }

    public func checkout() async throws -> String {
        let order = snapshot()
        guard !order.isEmpty else { throw CartError.emptyCart }
        guard let user = login?.currentUser() else { throw CartError.notLoggedIn }
        let body = try JSONEncoder().encode(OrderRequest(userID: user.id, lines: order.map(OrderRequest.Line.init)))
        let request = Request(method: .post, path: "/orders", headers: ["Content-Type": "application/json"], body: body)
        let response = try await client.send(request)
        guard response.isSuccess else { throw CartError.checkoutFailed(statusCode: response.statusCode) }
        let confirmation = try JSONDecoder().decode(OrderConfirmation.self, from: response.body)
        mutate { $0.removeAll() }
        return confirmation.orderID
    }

    private var login: (any LoginService)? {
        mediator.resolve(LoginService.self)
    }

    private func snapshot() -> [LineItem] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    private func mutate(_ change: (inout [LineItem]) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&lines)
    }
}
