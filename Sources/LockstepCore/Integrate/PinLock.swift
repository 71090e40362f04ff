import Foundation

/// A workspace-wide lock between concurrent integrations: a file holding the holder's pid and host,
/// created exclusively. A lock left by a dead process on this host is taken over.
///
/// Two are used: `pin` is held while a run brings its main-app builds up to date with main's head and
/// commits its pins (so each pin is built on the one before it); `checkout` is held only while a pin is
/// committed and the checkout updated, so readers of the checkout never see it half-way.
public final class PinLock {
    public enum Kind: String { case pin, checkout }

    public let file: URL
    private var held = false

    public init(workspace: URL, kind: Kind = .pin) {
        file = workspace.appendingPathComponent(".lockstep/\(kind.rawValue).lock")
    }

    /// Waits for the lock (polling, up to `timeout` seconds), then holds it until `release`.
    public func acquire(timeout: TimeInterval = 600, waiting: (String) -> Void = { _ in }) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let me = "\(getpid()) \(ProcessInfo.processInfo.hostName)\n"
        let deadline = Date().addingTimeInterval(timeout)
        var announced = false
        while true {
            let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if fd >= 0 {
                _ = me.withCString { write(fd, $0, strlen($0)) }
                close(fd)
                held = true
                return
            }
            let holder = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let parts = holder.split(separator: " ")
            if parts.count >= 2, let pid = pid_t(parts[0]), String(parts[1]).trimmingCharacters(in: .whitespacesAndNewlines) == ProcessInfo.processInfo.hostName,
               kill(pid, 0) != 0, errno == ESRCH {
                // The holder died without releasing: take the lock over (remove and retry exclusively).
                try? FileManager.default.removeItem(at: file)
                continue
            }
            if Date() > deadline {
                throw IntegrationError.refused("another lockstep integrate holds \(file.path) (\(holder.trimmingCharacters(in: .whitespacesAndNewlines))) for over \(Int(timeout))s; if no such run is alive, delete the file")
            }
            if !announced { waiting("waiting for the pin lock held by \(holder.trimmingCharacters(in: .whitespacesAndNewlines))"); announced = true }
            usleep(100_000)
        }
    }

    public func release() {
        guard held else { return }
        try? FileManager.default.removeItem(at: file)
        held = false
    }

    deinit { release() }
}
