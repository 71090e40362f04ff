import ArgumentParser
import Foundation
import LockstepCore

/// How much a command says besides its result.
enum Verbosity: Int, Comparable, Sendable {
    case quiet, normal, verbose

    static func < (lhs: Verbosity, rhs: Verbosity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// `--quiet` and `--verbose`, shared by every command (also accepted before the command's name).
struct OutputOptions: ParsableArguments {
    @Flag(name: [.customShort("q"), .long], help: "Print only errors and the final result (no progress, no warnings or notes).")
    var quiet = false

    @Flag(name: [.customShort("v"), .long], help: "Also print progress and details on stderr (what was read with timings, the builds' output lines as they come).")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("pass at most one of --quiet and --verbose") }
    }

    var verbosity: Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }

    /// Makes this the verbosity of the whole process (read by `Output`).
    func apply() { Output.verbosity = verbosity }
}

/// A command that can print JSON: when it was asked to, its failures are printed as a JSON document too.
protocol JSONReporting {
    /// The command's name in its JSON documents, when `--format json` was asked; nil otherwise.
    var jsonCommand: String? { get }
}

extension Output {
    /// Writes a progress or detail line to stderr, only with `--verbose`.
    static func detail(_ text: @autoclosure () -> String) {
        if verbosity >= .verbose { error(text()) }
    }

    /// Prints a failure as a JSON document on stdout: the envelope with `error`.
    static func jsonFailure(command: String, code: Int32, message: String) {
        let error = JSONError(message: withoutColour(message), exitCode: code)
        if let text = try? JSONText.document(command, NoPayload?.none, error: error) { line(text) }
    }

    /// The text without ANSI colour sequences (a message built for a terminal, put into JSON).
    static func withoutColour(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}

extension Output {
    /// Runs `body` and, with `--verbose`, says on stderr what it did and how long it took.
    static func timed<T>(_ what: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard verbosity >= .verbose else { return try body() }
        let start = Date()
        let result = try body()
        detail("lockstep: \(what()) in \(String(format: "%.2f", Date().timeIntervalSince(start)))s")
        return result
    }
}
