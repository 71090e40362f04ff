import Foundation
import XCTest
import Networking

final class RetryingHTTPClientTests: XCTestCase {
    /// Answers with the given status codes in turn.
    private final class FlakyClient: HTTPClient {
        var statuses: [Int]
        private(set) var sends = 0

        init(statuses: [Int]) {
            self.statuses = statuses
        }

        func send(_ request: Request) async throws -> Response {
            sends += 1
            return Response(statusCode: statuses.removeFirst())
        }
    }

    func testRetriesServerErrors() async throws {
        let flaky = FlakyClient(statuses: [503, 502, 200])
        let client = RetryingHTTPClient(wrapping: flaky, maxAttempts: 3)

        let response = try await client.send(Request(path: "/cart"))

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(flaky.sends, 3)
    }

    func testGivesUpAfterMaxAttempts() async throws {
        let flaky = FlakyClient(statuses: [500, 500, 200])
        let client = RetryingHTTPClient(wrapping: flaky, maxAttempts: 2)

        let response = try await client.send(Request(path: "/cart"))

        XCTAssertEqual(response.statusCode, 500)
        XCTAssertEqual(flaky.sends, 2)
    }

    func testDoesNotRetryClientErrors() async throws {
        let flaky = FlakyClient(statuses: [404, 200])
        let client = RetryingHTTPClient(wrapping: flaky)

        let response = try await client.send(Request(path: "/cart"))

        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(flaky.sends, 1)
    }
}
