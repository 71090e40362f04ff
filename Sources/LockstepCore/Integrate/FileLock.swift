import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a file, held through an open descriptor.
///
/// The kernel drops the lock when the descriptor closes, which happens when the holder's process ends however
/// it ends (SIGKILL included). So whether a lock is taken says whether its holder is alive, with no pid guessing:
/// pids are reused, and a run in another PID namespace (a container sharing the temp folder) has pids that mean
/// nothing here. The descriptor is close-on-exec, so build commands never inherit it and keep it held.
final class FileLock {
    let path: String
    private var descriptor: Int32 = -1

    init(path: String) { self.path = path }

    deinit { unlock() }

    var isHeld: Bool { descriptor >= 0 }

    /// Tries once, without waiting. With `create`, a missing file is created; without, a missing file is not taken.
    /// Throws only when the file cannot be opened for a reason other than being missing.
    func tryLock(create: Bool) throws -> Bool {
        if isHeld { return true }
        while true {
            let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | (create ? O_CREAT : 0), 0o644)
            if fd < 0 {
                if errno == ENOENT && !create { return false }
                throw FileLockError(path: path, operation: "open", code: errno)
            }
            var result: Int32
            repeat { result = flock(fd, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
            if result != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK || code == EAGAIN { return false }
                throw FileLockError(path: path, operation: "lock", code: code)
            }
            // Whoever held it before us may have unlinked the file: a lock on an unlinked file guards nothing,
            // since the next opener gets a new file. Only the file still at `path` counts.
            if Self.sameFile(fd, path) {
                descriptor = fd
                return true
            }
            close(fd)
            if !create { return false }
        }
    }

    /// Replaces the file's content (informational: who holds it).
    func write(_ text: String) {
        guard isHeld else { return }
        _ = ftruncate(descriptor, 0)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Unlinks the file while still holding it (so nobody can take it in between), then releases.
    func removeAndUnlock() {
        guard isHeld else { return }
        unlink(path)
        unlock()
    }

    /// Releases the lock; the file stays.
    func unlock() {
        guard isHeld else { return }
        close(descriptor)  // closing the only descriptor of this open file releases its flock
        descriptor = -1
    }

    /// The first bytes of the file at `path` as lossy UTF-8 (what a holder wrote), or "" when unreadable.
    static func content(of path: String, limit: Int = 512) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, limit) }
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// True when `fd` is the file currently at `path` (same device and inode).
    static func sameFile(_ fd: Int32, _ path: String) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(fd, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}

/// A lock file that cannot be opened or locked (permissions, a read-only disk, a file system without locks).
struct FileLockError: Error, CustomStringConvertible {
    var path: String
    var operation: String
    var code: Int32

    var description: String { "cannot \(operation) the lock file \(path): \(String(cString: strerror(code)))" }
}
