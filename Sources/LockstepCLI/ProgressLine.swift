import Foundation
import LockstepCore

/// Core's `WorkProgress` drawn on stderr: one line redrawn in place (`\r`, erase line), at most `interval` apart,
/// first shown once the work has taken `delay`, erased by `finish`. Drawn only when stderr is a terminal and the run
/// is neither `--quiet` nor `--verbose` (whose detail lines would interleave with it); otherwise it writes nothing.
final class ProgressLine: @unchecked Sendable {
    static let delay = 1.0
    static let interval = 0.1
    /// A repo name longer than this is cut (the line must fit a narrow terminal).
    static let nameWidth = 40

    private let console: Console
    private let live: Bool
    private let started: Double
    private let lock = NSLock()
    private var lastDrawn: Double?
    private var showing = false

    init(console: Console) {
        self.console = console
        live = console.stderrIsTerminal && console.verbosity == .normal
        started = console.clock()
    }

    /// The line for `update`, e.g. `reading history: swift-nio, 312 of 724 releases read, 412 left`.
    static func text(_ update: ProgressUpdate) -> String {
        let name =
            update.repo.count > nameWidth ? String(update.repo.prefix(nameWidth - 1)) + "…" : update.repo
        let verb = update.unit == .releases ? "read" : "done"
        let counts = "\(update.done) of \(update.total) \(update.unit.rawValue) \(verb)"
        return "reading history: \(name), \(counts), \(update.left) left"
    }

    func show(_ update: ProgressUpdate) {
        guard live else { return }
        lock.withLock {
            let now = console.clock()
            guard now - started >= Self.delay else { return }
            if let lastDrawn, now - lastDrawn < Self.interval { return }
            lastDrawn = now
            showing = true
            console.writeToError("\r\u{1B}[2K" + Self.text(update))
        }
    }

    /// Erases the line if it was drawn.
    func finish() {
        lock.withLock {
            guard showing else { return }
            console.writeToError("\r\u{1B}[2K")
            showing = false
        }
    }
}

extension Console {
    /// Runs `body` with a `WorkProgress` drawn as a `ProgressLine`, erased when `body` ends (also when it throws).
    func withProgress<T>(_ unit: ProgressUpdate.Unit, _ body: (WorkProgress) throws -> T) rethrows -> T {
        let line = ProgressLine(console: self)
        defer { line.finish() }
        return try body(WorkProgress(unit: unit) { line.show($0) })
    }
}
