import Foundation

/// Wraps another client and sends a request again when the backend answers with a
/// server error (5xx) or the transport throws, up to `maxAttempts` sends in all.
public final class RetryingHTTPClient: HTTPClient {
    public let base: HTTPClient
    public let maxAttempts: Int

    public init(wrapping base: HTTPClient, maxAttempts: Int = 3) {
        precondition(maxAttempts >= 1, "maxAttempts must be at least 1")
        self.base = base
        self.maxAttempts = maxAttempts
    }

    public func send(_ request: Request) async throws -> Response {
        var attempt = 1
        while true {
            do {
                let response = try await base.send(request)
                if (500..<600).contains(response.statusCode), attempt < maxAttempts {
                    attempt += 1
                    continue
                }
                return response
            } catch let error as HTTPError {
                // A missing stub or a rejected status does not get better by asking again.
                throw error
            } catch where attempt < maxAttempts {
                attempt += 1
            }
        }
    }
}
