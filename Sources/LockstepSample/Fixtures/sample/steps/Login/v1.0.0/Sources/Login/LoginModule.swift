import LoginProtocols
import Mediator
import Networking

/// Registers `SessionLoginService` as the app's `LoginService`.
/// The app registers its `HTTPClient` with the mediator first.
public enum LoginModule: ModuleRegistration {
    public static func register(in mediator: Mediator) {
        guard let client = mediator.resolve(HTTPClient.self) else {
            preconditionFailure("LoginModule needs an HTTPClient: register one with the mediator first")
        }
        let service = SessionLoginService(client: client)
        mediator.register(LoginService.self) { service }
    }
}
