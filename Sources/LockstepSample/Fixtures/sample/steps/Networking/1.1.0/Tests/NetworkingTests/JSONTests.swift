import Foundation
import XCTest
import Networking

final class JSONTests: XCTestCase {
    private struct Greeting: Codable, Equatable {
        var text: String
    }

    func testJSONRequestEncodesTheBody() throws {
        let request = try Request.json(.post, "/greetings", body: Greeting(text: "hi"))

        XCTAssertEqual(request.method, .post)
        XCTAssertEqual(request.headers["Content-Type"], "application/json")
        XCTAssertEqual(try JSONDecoder().decode(Greeting.self, from: request.body ?? Data()), Greeting(text: "hi"))
    }

    func testResponseRoundTrip() throws {
        let response = try Response.json(Greeting(text: "hello"), statusCode: 201)

        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(try response.decode(Greeting.self), Greeting(text: "hello"))
    }
}
