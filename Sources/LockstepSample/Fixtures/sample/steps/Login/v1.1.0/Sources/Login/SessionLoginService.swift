import Foundation
import LoginProtocols
import Networking

/// The app's `LoginService`: signs in against the backend's `POST /auth/login`.
public final class SessionLoginService: LoginService, @unchecked Sendable {
    private let client: HTTPClient
    private let lock = NSLock()
    private var storedSession: Session?

    public init(client: HTTPClient) {
        self.client = client
    }

    public var isLoggedIn: Bool {
        session != nil
    }

    public func currentUser() -> (any User)? {
        session?.user
    }

    public var authToken: String? {
        session?.token
    }

    public func login(username: String, password: String) async throws -> any User {
        let body = try JSONEncoder().encode(Credentials(username: username, password: password))
        let request = Request(method: .post, path: "/auth/login", headers: ["Content-Type": "application/json"], body: body)
        let response: Response
        do {
            response = try await client.send(request)
        } catch {
            throw LoginError.unavailable
        }
        switch response.statusCode {
        case 200..<300:
            break
        case 401, 403:
            throw LoginError.invalidCredentials
        default:
            throw LoginError.unavailable
        }
        guard let payload = try? JSONDecoder().decode(LoginPayload.self, from: response.body) else {
            throw LoginError.unavailable
        }
        let newSession = Session(user: AccountUser(id: payload.id, displayName: payload.displayName), token: payload.token)
        session = newSession
        return newSession.user
    }

    public func logout() {
        session = nil
    }

    private var session: Session? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedSession
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            storedSession = newValue
        }
    }
}
