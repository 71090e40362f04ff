import Foundation

/// An `HTTPClient` that answers from canned responses and records every request it is sent.
public final class StubHTTPClient: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var responses: [String: Response] = [:]
    private var sent: [Request] = []

    public init() {}

    /// Answers every `method` request to `path` with `response`.
    public func stub(_ method: HTTPMethod, _ path: String, with response: Response) {
        lock.lock()
        defer { lock.unlock() }
        responses[Self.key(method, path)] = response
    }

    /// The requests sent so far, oldest first.
    public var sentRequests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    public func send(_ request: Request) async throws -> Response {
        guard let response = record(request) else {
            throw HTTPError.noStub(method: request.method, path: request.path)
        }
        return response
    }

    private func record(_ request: Request) -> Response? {
        lock.lock()
        defer { lock.unlock() }
        sent.append(request)
        return responses[Self.key(request.method, request.path)]
    }

    private static func key(_ method: HTTPMethod, _ path: String) -> String {
        "\(method.rawValue) \(path)"
    }
}
