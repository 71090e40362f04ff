/// The login component's service.
public protocol LoginService: AnyObject {
    /// Whether a user is signed in.
    var isLoggedIn: Bool { get }

    /// The signed-in user, or `nil`.
    func currentUser() -> (any User)?

    /// Signs in, replacing any signed-in user.
    func login(username: String, password: String) async throws -> any User

    /// Signs the current user out; does nothing when nobody is signed in.
    func logout()

    /// The bearer token to send with the signed-in user's requests; `nil` when signed out.
    /// Added in 1.1.0.
    var authToken: String? { get }
}

extension LoginService {
    /// Implementations built against 1.0.0 keep no token.
    public var authToken: String? { nil }
}

public enum LoginError: Error, Equatable {
    /// The backend rejected the username or the password.
    case invalidCredentials
    /// The backend could not be reached or answered something unexpected.
    case unavailable
}
