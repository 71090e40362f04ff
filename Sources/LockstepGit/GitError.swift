internal import CLibgit2

/// A libgit2 call that failed, with libgit2's own message and the C function's name.
public struct GitError: Error, CustomStringConvertible, Sendable {
    /// libgit2's return code (negative), e.g. `GIT_ENOTFOUND` = -3.
    public let code: Int32
    /// The libgit2 error class (`git_error_t`), 0 when libgit2 recorded none.
    public let errorClass: Int32
    /// libgit2's message, or a fallback when `git_error_last()` returned NULL.
    public let message: String
    /// The libgit2 function that failed, e.g. `git_repository_open_ext`.
    public let function: String
    /// The repository or path the call was about, when known.
    public let path: String?

    public var description: String {
        let place = path.map { " (\($0))" } ?? ""
        return "\(function) failed\(place): \(message) [code \(code)]"
    }

    /// True when libgit2 reported that the object or reference does not exist.
    public var isNotFound: Bool { code == GIT_ENOTFOUND.rawValue }
    /// True when a reference update lost a race (compare-and-swap mismatch).
    public var isModified: Bool { code == GIT_EMODIFIED.rawValue }
    /// True when a reference or tag already exists.
    public var isExists: Bool { code == GIT_EEXISTS.rawValue }
    /// True when a lock file held by another process blocked the write.
    public var isLocked: Bool { code == GIT_ELOCKED.rawValue }
}

/// Turns a libgit2 return code into a thrown `GitError`; every C call of this module goes through it.
@discardableResult
func check(_ code: Int32, _ function: String, path: String? = nil) throws -> Int32 {
    guard code < 0 else { return code }
    // libgit2 1.5 may return NULL here (e.g. for GIT_ITEROVER-style codes), so never force-unwrap.
    var message = "no message from libgit2"
    var errorClass: Int32 = 0
    if let last = git_error_last() {
        errorClass = last.pointee.klass
        if let text = last.pointee.message { message = String(cString: text) }
    }
    throw GitError(code: code, errorClass: errorClass, message: message, function: function, path: path)
}
