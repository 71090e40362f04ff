import Foundation

/// What must be undone when a run is interrupted: running build groups and temporary folders.
///
/// A signal handler (installed by the CLI) calls `interrupt`, which kills every registered process group
/// and removes every registered folder. Work inside `critical` (tagging and pinning) is never cut short:
/// the interruption waits for it, so a run never stops between writing a ref and recording it.
public final class Interruption: @unchecked Sendable {
    public static let shared = Interruption()

    private let lock = NSLock()
    /// Held while a folder is being removed, by the run or by the handler: two recursive removals of one tree
    /// at once each stop at the first file the other took, and the folder stays behind.
    private let removal = NSLock()
    private var groups = Set<pid_t>()
    private var folders: [URL] = []
    private var criticalDepth = 0
    private var pendingSignal: Int32?
    private var receivedSignal: Int32?

    /// The signal that interrupted this run, once one arrived.
    public var signal: Int32? { lock.withLock { receivedSignal } }

    /// Tracks a running build's process group.
    public func register(processGroup: pid_t) { lock.withLock { _ = groups.insert(processGroup) } }
    public func unregister(processGroup: pid_t) { lock.withLock { _ = groups.remove(processGroup) } }

    /// Tracks a temporary folder to remove if the run is interrupted.
    public func register(folder: URL) { lock.withLock { folders.append(folder) } }
    public func unregister(folder: URL) { lock.withLock { folders.removeAll { $0 == folder } } }

    /// Removes a registered folder and forgets it, never at the same time as the handler's clean-up.
    public func remove(folder: URL) {
        removal.withLock {
            Self.removeWhole(folder)
            unregister(folder: folder)
        }
    }

    /// Removes a tree, retrying when something else (a dying build) changed it under the removal.
    static func removeWhole(_ folder: URL) {
        let manager = FileManager.default
        for _ in 0..<5 where manager.fileExists(atPath: folder.path) {
            try? manager.removeItem(at: folder)
        }
    }

    /// Runs `body` so that an interruption during it waits until it is done.
    public func critical<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { criticalDepth += 1 }
        defer {
            let signal: Int32? = lock.withLock {
                criticalDepth -= 1
                return criticalDepth == 0 ? pendingSignal : nil
            }
            if let signal { finish(signal, afterCriticalStep: true) }
        }
        return try body()
    }

    /// Called from the signal handler: stops builds, removes temporary folders and exits 128+signal.
    public func interrupt(_ signal: Int32) {
        let deferred: Bool = lock.withLock {
            receivedSignal = signal
            if criticalDepth > 0 { pendingSignal = signal; return true }
            return false
        }
        if !deferred { finish(signal) }
    }

    /// Called on the way out of a failed run: when a signal caused the failure (its build was killed), the
    /// handler is still cleaning up and will exit with 128+signal; wait for it instead of racing it.
    public func yieldToInterruption() {
        guard signal != nil else { return }
        for _ in 0..<100 { usleep(100_000) }
    }

    private func finish(_ signal: Int32, afterCriticalStep: Bool = false) {
        let groups = lock.withLock { self.groups }
        for group in groups { Self.killGroup(group) }
        // Kept until exit: a removal the run starts after this one waits, and exit ends it.
        removal.lock()
        let folders = lock.withLock { self.folders }
        for folder in folders { Self.removeWhole(folder) }
        let step =
            afterCriticalStep
            ? """
            the tagging or pinning step under way was finished first (see the lines above for what landed); rerun \
            integrate to complete the rest
            """
            : "nothing tagged or pinned by this step"
        FileHandle.standardError.write(
            Data(
                "\nlockstep: interrupted (signal \(signal)); builds stopped, temporary folders removed, \(step)\n".utf8)
        )
        exit(128 + signal)
    }

    /// SIGTERM to the whole group, then SIGKILL to whatever is left after a grace period; returns once the
    /// group is gone (or, if something cannot die, after a bounded wait), so callers can count on it.
    public static func killGroup(_ group: pid_t) {
        guard kill(-group, SIGTERM) == 0 else { return }  // no such group: nothing left
        if waitUntilGone(group, tries: 20) { return }
        kill(-group, SIGKILL)
        _ = waitUntilGone(group, tries: 20)
    }

    /// Polls (50 ms apart) until no process of the group is left, zombies included.
    private static func waitUntilGone(_ group: pid_t, tries: Int) -> Bool {
        for _ in 0..<tries {
            if kill(-group, 0) != 0 { return true }
            usleep(50_000)
        }
        return kill(-group, 0) != 0
    }
}
