import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 that answers every request without the accepted credential with
/// `401 Basic` and records the `user:password` each request offered, in order. With the accepted credential it
/// answers 404 (there is no repository): enough to see what a git client sends, without a git server.
public final class BasicAuthServer: @unchecked Sendable {
    public let port: UInt16
    private let socket: Int32
    private let accepted: String?
    private let lock = NSLock()
    private var offered: [String] = []
    private var requests = 0

    /// Listens on a free port; `accepted` (`user:password`) gets 404 instead of 401.
    public init(accepting accepted: String? = nil) throws {
        self.accepted = accepted
        // A client that hangs up before the answer must not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        let (fd, port) = try Loopback.listeningSocket()
        self.port = port
        socket = fd
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit { close(socket) }

    /// The URL of a repository on this server.
    public func url(_ path: String = "repo.git") -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The `user:password` pairs offered so far, in order (requests without credentials are not listed).
    public var credentialsOffered: [String] { lock.withLock { offered } }

    private func serve() {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !data.contains("\r\n\r\n".data(using: .utf8)!) && data.count < 65_536 {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            data.append(buffer, count: count)
        }
        let head = String(decoding: data, as: UTF8.self)
        var credential: String?
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("authorization: basic ") {
            let encoded = line.dropFirst("authorization: basic ".count)
            credential = Data(base64Encoded: String(encoded)).map { String(decoding: $0, as: UTF8.self) }
        }
        lock.withLock {
            requests += 1
            if let credential { offered.append(credential) }
        }
        let ok = credential != nil && credential == accepted
        let response =
            ok
            ? "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            : """
            HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"lockstep-test\"\r\nContent-Length: \
            0\r\nConnection: close\r\n\r\n
            """
        _ = response.utf8CString.withUnsafeBufferPointer { write(client, $0.baseAddress, $0.count - 1) }
    }
}

/// TCP sockets on 127.0.0.1 for the servers tests start.
public enum Loopback {
    /// A new TCP socket, bound to 127.0.0.1 on a port the system picks, with that port.
    static func boundSocket() throws -> (fd: Int32, port: UInt16) {
        #if canImport(Glibc)
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A socket listening on 127.0.0.1 on a free port.
    static func listeningSocket() throws -> (fd: Int32, port: UInt16) {
        let (fd, port) = try boundSocket()
        guard listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        return (fd, port)
    }

    /// A port nothing listens on right now (a server binds it right after; a lost race is retried by the caller).
    static func freePort() throws -> UInt16 {
        let (fd, port) = try boundSocket()
        close(fd)
        return port
    }

    /// `sockaddr_in` for 127.0.0.1:`port`.
    static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }
}
