import Foundation
import LockstepCore

extension Console {
    /// Writes a progress or detail line to stderr, only with `--verbose`.
    func detail(_ text: @autoclosure () -> String) {
        if verbosity >= .verbose { error(text()) }
    }

    /// Prints a failure as a JSON document on stdout: the envelope with `error`.
    func jsonFailure(command: String, code: Int32, message: String) {
        let error = JSONError(message: Self.withoutColour(message), exitCode: code)
        if let text = try? JSONText.document(command, NoPayload?.none, error: error) { line(text) }
    }

    /// The text without ANSI colour sequences (a message built for a terminal, put into JSON).
    static func withoutColour(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// Runs `body` and, with `--verbose`, says on stderr what it did and how long it took.
    func timed<T>(_ what: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard verbosity >= .verbose else { return try body() }
        let start = Date()
        let result = try body()
        detail("lockstep: \(what()) in \(String(format: "%.2f", Date().timeIntervalSince(start)))s")
        return result
    }
}
