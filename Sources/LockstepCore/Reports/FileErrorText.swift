import Foundation

/// Foundation's file and system errors as sentences: what failed, on which file, why and what to do,
/// never `Error Domain=… Code=…`.
public enum FileErrorText {
    /// A sentence for a Foundation (Cocoa or POSIX) error, or nil for any other error.
    public static func describe(_ error: any Error) -> String? {
        if let posix = error as? POSIXError {
            return sentence(
                verb: "use", path: nil, reason: reason(errno: posix.code.rawValue), fix: fix(errno: posix.code.rawValue)
            )
        }
        let ns = error as NSError
        switch ns.domain {
        case NSPOSIXErrorDomain:
            let path = ns.userInfo[NSFilePathErrorKey] as? String
            return sentence(
                verb: "use", path: path, reason: reason(errno: Int32(ns.code)), fix: fix(errno: Int32(ns.code)))
        case NSCocoaErrorDomain:
            return cocoa(ns)
        default:
            return nil
        }
    }

    /// A short reason for `error`, for messages that already say what failed; Foundation's text otherwise.
    public static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if let errno = underlyingErrno(ns) { return reason(errno: errno) }
        if ns.domain == NSCocoaErrorDomain, let text = cocoaReason(ns.code) { return text }
        return ns.localizedDescription
    }

    private static func cocoa(_ error: NSError) -> String {
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let code = error.code
        let isWrite = (CocoaError.fileWriteUnknown.rawValue...CocoaError.fileWriteVolumeReadOnly.rawValue).contains(
            code)
        let isRead = (CocoaError.fileReadUnknown.rawValue...CocoaError.fileReadUnknownStringEncoding.rawValue).contains(
            code)
        let verb = isWrite ? "write" : isRead ? "read" : "use"
        let errno = underlyingErrno(error)
        let why = errno.map { reason(errno: $0) } ?? cocoaReason(code) ?? "error \(code)"
        let advice =
            errno.map { fix(errno: $0) }
            ?? (isWrite
                ? "check that the folder exists, that you may write there and that the disk has room"
                : "check that it exists and that you may read it")
        return sentence(verb: verb, path: path, reason: why, fix: advice)
    }

    private static func sentence(verb: String, path: String?, reason: String, fix: String) -> String {
        "cannot \(verb) \(path ?? "a file"): \(reason); \(fix)"
    }

    private static func underlyingErrno(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        // On Linux the underlying error may be a Swift POSIXError that does not cast to NSError from Any.
        if let posix = error.userInfo[NSUnderlyingErrorKey] as? POSIXError { return posix.code.rawValue }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error else { return nil }
        let bridged = underlying as NSError
        return bridged.domain == NSPOSIXErrorDomain ? Int32(bridged.code) : nil
    }

    private static func cocoaReason(_ code: Int) -> String? {
        switch CocoaError.Code(rawValue: code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteFileExists: return "it already exists"
        case .fileWriteOutOfSpace: return "the disk is full"
        case .fileWriteVolumeReadOnly: return "the disk is read-only"
        case .fileReadCorruptFile: return "the file is damaged or not in the expected format"
        case .fileReadInapplicableStringEncoding, .fileReadUnknownStringEncoding: return "it is not UTF-8 text"
        case .fileReadTooLarge: return "it is too large"
        case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "the name is not a valid file name"
        default: return nil
        }
    }

    private static func reason(errno code: Int32) -> String {
        switch code {
        case EISDIR: return "it is a folder, not a file"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    private static func fix(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "check the path"
        case EACCES, EPERM: return "check the permissions"
        case ENOSPC: return "free some disk space"
        case EROFS: return "use a writable disk"
        case EISDIR, ENOTDIR: return "check the path"
        default: return "check the path and try again"
        }
    }
}
