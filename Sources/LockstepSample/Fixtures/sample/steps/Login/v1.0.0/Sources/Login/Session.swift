import Foundation
import LoginProtocols

struct Credentials: Encodable {
    var username: String
    var password: String
}

/// The body of a successful `POST /auth/login`.
struct LoginPayload: Decodable {
    var id: String
    var displayName: String
    var token: String
}

struct AccountUser: User {
    var id: String
    var displayName: String
}

struct Session {
    var user: AccountUser
    var token: String
}
