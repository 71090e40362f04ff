import Cart
import CartProtocols
import Foundation
import Login
import LoginProtocols
import Mediator
import Networking

// The shell runs its components against a stubbed backend.
let backend = StubHTTPClient()
backend.stub(.post, "/auth/login", with: Response(
    statusCode: 200,
    body: Data(#"{"id":"u-1","displayName":"Ada","token":"shell-token"}"#.utf8)
))
backend.stub(.post, "/orders", with: Response(
    statusCode: 201,
    body: Data(#"{"orderID":"SHELL-0001"}"#.utf8)
))

let mediator = Mediator.shared
mediator.register(HTTPClient.self) { backend }
mediator.register(modules: [LoginModule.self, CartModule.self])

guard let login = mediator.resolve(LoginService.self), let cart = mediator.resolve(CartService.self) else {
    fatalError("Login and Cart must register their services")
}

let user = try await login.login(username: "ada", password: "secret")
print("Shell: signed in as \(user.displayName) (\(user.id))")

try cart.add(productID: "p-1", title: "Enamel mug", unitPrice: Decimal(string: "9.90")!, quantity: 2)
try cart.add(productID: "p-2", title: "Sencha, 100 g", unitPrice: Decimal(string: "4.50")!)
print("Shell: \(cart.itemCount) items in the cart, total \(cart.total)")

cart.remove(productID: "p-2")
print("Shell: removed the tea; \(cart.itemCount) items, total \(cart.total)")

let order = try await cart.checkout()
print("Shell: ordered \(order); \(cart.itemCount) items left")

login.logout()
do {
    try cart.add(productID: "p-1", title: "Enamel mug", unitPrice: Decimal(string: "9.90")!)
} catch CartError.notLoggedIn {
    print("Shell: signed out, the cart refuses new items")
}
