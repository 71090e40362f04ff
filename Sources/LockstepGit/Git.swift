internal import CLibgit2
import Foundation

/// Process-wide libgit2 set-up.
public enum Git {
    private static let initialized: Bool = {
        git_libgit2_init()
        // Lockstep reads many repos at once from several threads; each thread owns its handles.
        return true
    }()

    /// Initialises libgit2 once; call from the entry point. Safe to call again.
    public static func bootstrap() {
        _ = initialized
    }

    /// The linked libgit2 version, e.g. "1.5.1".
    public static var libraryVersion: String {
        bootstrap()
        var major: Int32 = 0, minor: Int32 = 0, rev: Int32 = 0
        git_libgit2_version(&major, &minor, &rev)
        return "\(major).\(minor).\(rev)"
    }
}

/// A git object id as 40 lowercase hex digits.
public struct ObjectID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    /// The full hex form.
    public let hex: String

    /// Wraps a 40-digit hex id; returns nil for anything else.
    public init?(hex: String) {
        guard hex.count == 40, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    init(_ oid: git_oid) {
        var copy = oid
        // git_oid_fmt writes exactly 40 hex digits and no terminating NUL.
        var buffer = [CChar](repeating: 0, count: 40)
        git_oid_fmt(&buffer, &copy)
        hex = String(decoding: buffer.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    var raw: git_oid {
        var oid = git_oid()
        _ = git_oid_fromstr(&oid, hex)
        return oid
    }

    /// The abbreviated form people read (7 digits).
    public var short: String { String(hex.prefix(7)) }
    public var description: String { hex }
    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.hex < rhs.hex }
}

/// Who made a commit or tag, and when.
public struct Signature: Sendable, Equatable {
    public var name: String
    public var email: String
    /// Seconds since 1970; nil means "now" when the signature is written.
    public var time: Int64?
    /// Offset from UTC in minutes.
    public var offsetMinutes: Int32

    public init(name: String, email: String, time: Int64? = nil, offsetMinutes: Int32 = 0) {
        self.name = name
        self.email = email
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// Makes a libgit2 signature for the length of `body`, freeing it afterwards.
    func withGitSignature<T>(_ body: (UnsafeMutablePointer<git_signature>) throws -> T) throws -> T {
        var pointer: UnsafeMutablePointer<git_signature>?
        if let time {
            try check(git_signature_new(&pointer, name, email, git_time_t(time), offsetMinutes), "git_signature_new")
        } else {
            try check(git_signature_now(&pointer, name, email), "git_signature_now")
        }
        defer { git_signature_free(pointer) }
        return try body(pointer!)
    }

    init(_ signature: UnsafePointer<git_signature>) {
        name = String(cString: signature.pointee.name)
        email = String(cString: signature.pointee.email)
        time = Int64(signature.pointee.when.time)
        offsetMinutes = signature.pointee.when.offset
    }
}

extension ObjectID {
    /// The git blob id of `data` (SHA-1 through libgit2), a stable content key.
    public static func hash(of data: Data) -> ObjectID {
        Git.bootstrap()
        var oid = git_oid()
        _ = data.withUnsafeBytes { bytes in git_odb_hash(&oid, bytes.baseAddress, bytes.count, GIT_OBJECT_BLOB) }
        return ObjectID(oid)
    }
}
