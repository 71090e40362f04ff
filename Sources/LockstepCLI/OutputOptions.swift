import ArgumentParser
import Foundation
import LockstepCore

/// `--quiet` and `--verbose`, shared by every command (also accepted before the command's name).
struct OutputOptions: ParsableArguments {
    @Flag(
        name: [.customShort("q"), .long],
        help: "Print only errors and the final result (no progress, no warnings or notes).")
    var quiet = false

    @Flag(
        name: [.customShort("v"), .long],
        help:
            """
            Also print progress and details on stderr (what was read with timings, the builds' output lines as \
            they come).
            """
    )
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("pass at most one of --quiet and --verbose") }
    }

    /// The run's verbosity (the entry point gives it to the command's `Console`).
    var verbosity: Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }
}

/// A command that can print JSON: when it was asked to, its failures are printed as a JSON document too.
protocol JSONReporting {
    /// The command's name in its JSON documents, when `--format json` was asked; nil otherwise.
    var jsonCommand: String? { get }
}

/// A command the entry point runs with the run's `Console` (every subcommand): it writes only there.
protocol ConsoleCommand {
    func run(console: Console) async throws
}
