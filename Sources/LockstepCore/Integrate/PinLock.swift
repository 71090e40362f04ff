import Foundation

/// A workspace-wide lock between concurrent integrations: an exclusive `flock` on `.lockstep/<kind>.lock`.
///
/// The kernel releases it when the holding process ends, so a killed run never blocks the next one and no pid
/// is ever guessed at; the file's content (holder's pid and host) only feeds the waiting message, and an empty
/// or garbled file is fine. The file is never deleted: deleting a lock file races with the next holder.
///
/// Two are used: `pin` is held while a run brings its main-app builds up to date with main's head and
/// commits its pins (so each pin is built on the one before it); `checkout` is held only while a pin is
/// committed and the checkout updated, so readers of the checkout never see it half-way.
public final class PinLock {
    public enum Kind: String { case pin, checkout }

    public let file: URL
    private let kind: Kind
    private let lock: FileLock

    public init(workspace: URL, kind: Kind = .pin) {
        file = workspace.appendingPathComponent(".lockstep/\(kind.rawValue).lock")
        self.kind = kind
        lock = FileLock(path: file.path)
    }

    /// Waits for the lock (polling, up to `timeout` seconds), then holds it until `release`.
    public func acquire(timeout: TimeInterval = 600, waiting: (String) -> Void = { _ in }) throws {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw IntegrationError.refused(
                """
                cannot create \(file.deletingLastPathComponent().path) for the \(kind.rawValue) lock: \
                \(error.localizedDescription)
                """
            )
        }
        let deadline = Date().addingTimeInterval(timeout)
        var announced = false
        while true {
            do {
                if try lock.tryLock(create: true) {
                    lock.write("\(getpid()) \(ProcessInfo.processInfo.hostName)\n")
                    return
                }
            } catch let error as FileLockError {
                throw IntegrationError.refused(
                    "\(error); lockstep needs a writable workspace on a file system with file locks")
            }
            let holder = Self.describeHolder(FileLock.content(of: file.path))
            if Date() > deadline {
                throw IntegrationError.refused(
                    """
                    \(holder) has held the \(kind.rawValue) lock \(file.path) for over \
                    \(String(format: "%.0f", timeout))s. The lock is freed the moment its holder exits, so that \
                    process is still running: wait for it to finish or stop it, then rerun
                    """
                )
            }
            if !announced { waiting("waiting for the \(kind.rawValue) lock held by \(holder)"); announced = true }
            usleep(100_000)
        }
    }

    /// Releases the lock. The file stays, emptied, so the next holder takes the same file.
    public func release() {
        guard lock.isHeld else { return }
        lock.write("")
        lock.unlock()
    }

    deinit { release() }

    /// `another lockstep run (pid 42 on build-host)` from the file's `pid host` line; just `another lockstep run`
    /// when the file says nothing usable (a holder that has not written yet, or garbage).
    static func describeHolder(_ content: String) -> String {
        let parts = content.split(whereSeparator: \.isWhitespace)
        guard parts.count >= 2, let pid = Int32(parts[0]), pid > 0 else { return "another lockstep run" }
        let host = parts[1].unicodeScalars.filter { $0.value >= 0x21 && $0.value < 0x7F }.prefix(100)
        return "another lockstep run (pid \(pid) on \(String(String.UnicodeScalarView(host))))"
    }
}
