import ArgumentParser
import Foundation
import LockstepCore

/// The `lockstep` root command.
public struct LockstepCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lockstep",
        abstract: "Keep a workspace of component repos and the apps built from them in lockstep.",
        discussion: """
            Lockstep reads the component and app repos declared in lockstep.yml through libgit2, enforces \
            the versioning rules that tie protocol sets to their implementations, makes release candidates, \
            and releases them only when the shell and main apps build with them.

            Usage: lockstep [--workspace DIR] [--quiet|--verbose] <command>. Without --workspace, lockstep.yml is \
            looked for in the current folder and its parents. Every command takes --format json (one document on \
            stdout, failures included). Shell completion, component names included: lockstep \
            --generate-completion-script bash|zsh|fish.

            Exit codes: 0 success; 1 a check or build failed or a bump was refused; 2 bad usage, bad \
            configuration or an unreadable repo.
            """,
        version: "0.1.0",
        subcommands: [
            InitCommand.self, MatrixCommand.self, GraphCommand.self, ReportCommand.self, PlanCommand.self,
            BuildCommand.self, CheckCommand.self, BaselineCommand.self, DiffCommand.self, BumpCommand.self,
            IntegrateCommand.self, SyncCommand.self, DemoCommand.self,
        ]
    )

    public init() {}

    /// Runs one `lockstep` command line in this process: parses `arguments` (without the program's name), runs the
    /// command with `console`, prints any error the way people read it (and as a JSON document with `--format json`)
    /// and returns SPEC.md's exit code (usage errors are 2, not 64). Never exits the process and never changes its
    /// current folder; the executable exits with the code returned.
    public static func main(arguments: [String], console: Console) async -> Int32 {
        // Each run says a transfer warning once, to its own stderr.
        GitSession.begin { console.error($0) }
        defer { GitSession.end() }
        var console = console
        var jsonCommand: String?
        do {
            var command = try parseAsRoot(movingLeadingWorkspace(arguments))
            if let configurable = command as? OutputConfigurable { console.verbosity = configurable.output.verbosity }
            jsonCommand = (command as? JSONReporting)?.jsonCommand
            if let command = command as? ConsoleCommand {
                try await command.run(console: console)
            } else {
                try command.run()  // the root without a command: ArgumentParser's help
            }
            return 0
        } catch {
            if console.handlesSignals { Interruption.shared.yieldToInterruption() }
            return report(error, json: jsonCommand, console: console)
        }
    }

    /// `lockstep --workspace DIR matrix` → `lockstep matrix --workspace DIR`: SPEC.md puts the option before the
    /// command, and ArgumentParser only gives a subcommand the options written after its name. `--quiet` and
    /// `--verbose` (`-q`, `-v`) move the same way.
    static func movingLeadingWorkspace(_ arguments: [String]) -> [String] {
        var rest = arguments[...]
        var moved: [String] = []
        while let first = rest.first {
            if first == "--workspace", rest.count >= 2 {
                moved += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if ["--quiet", "-q", "--verbose", "-v"].contains(first) {
                moved.append(first)
                rest = rest.dropFirst()
            } else if first.hasPrefix("--workspace=") {
                moved.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !moved.isEmpty, let command = rest.first else { return arguments }
        return [command] + moved + rest.dropFirst()
    }

    /// Prints an error the way people read it and returns the exit code it stands for. With `json` (the command's
    /// name, when `--format json` was asked) the failure is also printed on stdout as a JSON document, unless the
    /// command already printed its own.
    static func report(_ error: any Error, json command: String? = nil, console: Console) -> Int32 {
        if let failure = error as? CommandFailure {
            if !failure.message.isEmpty { console.error(failure.message) }
            if let command, !failure.message.isEmpty, !failure.reported {
                console.jsonFailure(command: command, code: failure.code, message: withoutErrorPrefix(failure.message))
            }
            return failure.code
        }
        let (code, message) = describe(error)
        if code == 0 {
            if !message.isEmpty { console.line(message) }
            return 0
        }
        if !message.isEmpty { console.error(message) }
        if let command { console.jsonFailure(command: command, code: code, message: withoutErrorPrefix(message)) }
        return code
    }

    /// The exit code and the text of an error that is not a `CommandFailure`.
    static func describe(_ error: any Error) -> (code: Int32, message: String) {
        if let known = UserFacingError.describe(error) { return (2, "error: \(known)") }
        // Any other Foundation error (ArgumentParser would print `Error Domain=…`): its sentence, exit 2.
        let bridged = error as NSError
        if bridged.domain.hasSuffix("ErrorDomain") {
            return (2, "error: \(bridged.localizedDescription) (\(bridged.domain) \(bridged.code))")
        }
        let code = exitCode(for: error)
        // ArgumentParser uses 64 for usage errors; SPEC.md says 2.
        return (code == .validationFailure ? 2 : code.rawValue, fullMessage(for: error))
    }

    /// `error: x` → `x`: in JSON the field's name already says it is an error.
    static func withoutErrorPrefix(_ message: String) -> String {
        message.hasPrefix("error: ") ? String(message.dropFirst("error: ".count)) : message
    }
}

/// A command with `--quiet`/`--verbose`.
protocol OutputConfigurable {
    var output: OutputOptions { get }
}
