import Foundation
import XCTest
@testable import Networking

final class StubHTTPClientTests: XCTestCase {
    func testAnswersWithTheStubbedResponse() async throws {
        let client = StubHTTPClient()
        client.stub(.get, "/ping", with: Response(statusCode: 200, body: Data("pong".utf8)))

        let response = try await client.send(Request(path: "/ping"))

        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "pong")
        XCTAssertEqual(client.sentRequests.map(\.path), ["/ping"])
    }

    func testThrowsForARequestWithoutStub() async {
        let client = StubHTTPClient()
        do {
            _ = try await client.send(Request(method: .post, path: "/nowhere"))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? HTTPError, .noStub(method: .post, path: "/nowhere"))
        }
    }

    func testValidatedRejectsServerErrors() {
        XCTAssertThrowsError(try Response(statusCode: 503).validated()) { error in
            XCTAssertEqual(error as? HTTPError, .unacceptableStatus(503))
        }
    }
}
