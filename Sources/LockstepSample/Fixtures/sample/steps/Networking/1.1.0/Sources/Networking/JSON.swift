import Foundation

extension Request {
    /// A request whose body is `body` encoded as JSON, with the matching content type.
    public static func json<Body: Encodable>(
        _ method: HTTPMethod,
        _ path: String,
        body: Body,
        encoder: JSONEncoder = JSONEncoder()
    ) throws -> Request {
        Request(
            method: method,
            path: path,
            headers: ["Content-Type": "application/json"],
            body: try encoder.encode(body)
        )
    }
}

extension Response {
    /// A response whose body is `body` encoded as JSON; handy for stubs.
    public static func json<Body: Encodable>(
        _ body: Body,
        statusCode: Int = 200,
        encoder: JSONEncoder = JSONEncoder()
    ) throws -> Response {
        Response(
            statusCode: statusCode,
            headers: ["Content-Type": "application/json"],
            body: try encoder.encode(body)
        )
    }

    /// Decodes the body as JSON.
    public func decode<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body)
    }
}
