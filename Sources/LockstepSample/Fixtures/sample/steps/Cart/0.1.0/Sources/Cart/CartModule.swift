import CartProtocols
import Mediator
import Networking

/// Registers `CartManager` as the app's `CartService`.
/// The app registers its `HTTPClient` with the mediator first.
public enum CartModule: ModuleRegistration {
    public static func register(in mediator: Mediator) {
        guard let client = mediator.resolve(HTTPClient.self) else {
            preconditionFailure("CartModule needs an HTTPClient: register one with the mediator first")
        }
        let cart = CartManager(mediator: mediator, client: client)
        mediator.register(CartService.self) { cart }
    }
}
