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

let mediator = Mediator.shared
mediator.register(HTTPClient.self) { backend }
mediator.register(modules: [LoginModule.self])

guard let login = mediator.resolve(LoginService.self) else {
    fatalError("LoginModule registered no LoginService")
}

let user = try await login.login(username: "ada", password: "secret")
print("Shell: signed in as \(user.displayName) (\(user.id))")
login.logout()
print("Shell: signed out; logged in: \(login.isLoggedIn)")
