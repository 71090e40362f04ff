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
}

public enum LoginError: Error, Equatable {
    /// The backend rejected the username or the password.
    case invalidCredentials
    /// The backend could not be reached or answered something unexpected.
    case unavailable
}
