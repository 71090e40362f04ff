import Foundation

/// Where a long read of the workspace's history stands: the repo being read, how many of the units (releases
/// judged, repos scanned or fetched) are done, how many are left.
public struct ProgressUpdate: Sendable, Equatable {
    public enum Unit: String, Sendable {
        case releases, repos
    }

    /// The repo the last unit belonged to.
    public var repo: String
    public var done: Int
    public var total: Int
    public var unit: Unit

    public init(repo: String, done: Int, total: Int, unit: Unit) {
        self.repo = repo
        self.done = done
        self.total = total
        self.unit = unit
    }

    /// Units not done yet (never negative).
    public var left: Int { max(0, total - done) }
}

/// Counts the work of a command that reads history and hands each step to `report`, which the command gives
/// (the command line draws it on a terminal; Core never knows how, or whether, it is shown).
///
/// Thread-safe: components are judged in parallel and each counts its own releases. `report` is called with the
/// lock released, in whatever order the threads reach it; it must be cheap or throttle itself.
public final class WorkProgress: @unchecked Sendable {
    public let unit: ProgressUpdate.Unit
    private let report: @Sendable (ProgressUpdate) -> Void
    private let lock = NSLock()
    private var done = 0
    private var total = 0

    public init(unit: ProgressUpdate.Unit, report: @escaping @Sendable (ProgressUpdate) -> Void) {
        self.unit = unit
        self.report = report
    }

    /// Adds `count` units to the work to do (called once the work is known, before it starts).
    public func expect(_ count: Int) {
        lock.withLock { total += max(0, count) }
    }

    /// `count` units of `repo` are done.
    public func advance(_ repo: String, by count: Int = 1) {
        let update = lock.withLock { () -> ProgressUpdate in
            done += count
            return ProgressUpdate(repo: repo, done: done, total: max(total, done), unit: unit)
        }
        report(update)
    }

    /// The counts so far (for tests and summaries).
    public var current: (done: Int, total: Int) { lock.withLock { (done, total) } }
}
