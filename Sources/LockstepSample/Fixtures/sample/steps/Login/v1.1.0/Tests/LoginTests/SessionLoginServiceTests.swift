import Foundation
import XCTest
import LoginProtocols
import Networking
@testable import Login

final class SessionLoginServiceTests: XCTestCase {
    private let okBody = Data(#"{"id":"u-42","displayName":"Ada","token":"t-1"}"#.utf8)

    func testLoginStoresTheUser() async throws {
        let client = StubHTTPClient()
        client.stub(.post, "/auth/login", with: Response(statusCode: 200, body: okBody))
        let service = SessionLoginService(client: client)

        let user = try await service.login(username: "ada", password: "secret")

        XCTAssertEqual(user.id, "u-42")
        XCTAssertTrue(service.isLoggedIn)
        XCTAssertEqual(service.currentUser()?.displayName, "Ada")
        XCTAssertEqual(service.authToken, "t-1")
    }

    func testRejectedCredentials() async {
        let client = StubHTTPClient()
        client.stub(.post, "/auth/login", with: Response(statusCode: 401))
        let service = SessionLoginService(client: client)

        do {
            _ = try await service.login(username: "ada", password: "wrong")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? LoginError, .invalidCredentials)
        }
        XCTAssertFalse(service.isLoggedIn)
    }

    func testLogout() async throws {
        let client = StubHTTPClient()
        client.stub(.post, "/auth/login", with: Response(statusCode: 200, body: okBody))
        let service = SessionLoginService(client: client)
        _ = try await service.login(username: "ada", password: "secret")

        service.logout()

        XCTAssertFalse(service.isLoggedIn)
        XCTAssertNil(service.currentUser())
        XCTAssertNil(service.authToken)
    }
}
