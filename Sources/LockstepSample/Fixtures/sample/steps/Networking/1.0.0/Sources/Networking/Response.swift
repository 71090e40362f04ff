import Foundation

/// What the backend answered.
public struct Response: Equatable, Sendable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// `true` for a 2xx status.
    public var isSuccess: Bool {
        (200..<300).contains(statusCode)
    }

    /// Returns the response itself when it is a success, and throws otherwise.
    public func validated() throws -> Response {
        guard isSuccess else { throw HTTPError.unacceptableStatus(statusCode) }
        return self
    }
}
