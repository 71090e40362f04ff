import Foundation

/// Sends requests to the app's backend. Components depend on this protocol, never on a
/// concrete client: the app decides which client they get (see `Mediator`).
public protocol HTTPClient: AnyObject {
    func send(_ request: Request) async throws -> Response
}

public enum HTTPError: Error, Equatable {
    /// A `StubHTTPClient` was sent a request it has no response for.
    case noStub(method: HTTPMethod, path: String)
    /// The backend answered with a status outside 2xx.
    case unacceptableStatus(Int)
}
