import Cart
import CartProtocols
import Detail
import DetailProtocols
import Foundation
import Login
import LoginProtocols
import Mediator
import Networking

private struct LoginReply: Encodable {
    var id: String
    var displayName: String
    var token: String
}

private struct OrderReply: Encodable {
    var orderID: String
}

// The full app, wired against a stubbed backend.
let backend = StubHTTPClient()
backend.stub(.post, "/auth/login", with: try .json(LoginReply(id: "u-1", displayName: "Ada", token: "main-token")))
backend.stub(.post, "/orders", with: try .json(OrderReply(orderID: "A-1001"), statusCode: 201))
// Networking 1.2.0: retry the flaky order endpoint.
let client: HTTPClient = RetryingHTTPClient(wrapping: backend, maxAttempts: 3)

let mediator = Mediator.shared
mediator.register(HTTPClient.self) { client }
mediator.register(modules: [LoginModule.self, CartModule.self, DetailModule.self])

guard
    let login = mediator.resolve(LoginService.self),
    let cart = mediator.resolve(CartService.self),
    let detail = mediator.resolve(DetailService.self)
else {
    fatalError("every business component must register its service")
}

let user = try await login.login(username: "ada", password: "secret")
print("Main: welcome, \(user.displayName)")

for (productID, quantity) in [("p-1", 2), ("p-3", 1)] {
    guard let product = detail.product(id: productID) else { continue }
    try cart.add(productID: product.id, title: product.title, unitPrice: product.price, quantity: quantity)
}

print(detail.detailDescription(productID: "p-1") ?? "no such product")
print("Main: \(cart.itemCount) items, total \(cart.total)")

let order = try await cart.checkout()
print("Main: ordered \(order)")
