import Foundation

/// The HTTP methods the app's backend speaks.
public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
}

/// One request to the app's backend. `path` is relative to the client's base URL.
public struct Request: Equatable, Sendable {
    public var method: HTTPMethod
    public var path: String
    public var headers: [String: String]
    public var body: Data?

    public init(method: HTTPMethod = .get, path: String, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}
