import Foundation
import LockstepCore
import LockstepGit
import LockstepManifest

/// Where people's output (stdout) and progress and logs (stderr) go.
enum Output {
    /// Set once from `--quiet`/`--verbose` before a command runs.
    nonisolated(unsafe) static var verbosity = Verbosity.normal

    /// Writes a line to standard output.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a line to standard error (progress, logs, errors).
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Colour for standard output: only on a terminal, never with NO_COLOR or TERM=dumb.
    static var style: Style { Style(enabled: stdoutIsColourTerminal) }
    static var errorStyle: Style { Style(enabled: colourAllowed && isatty(STDERR_FILENO) == 1) }

    private static var colourAllowed: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    static var stdoutIsColourTerminal: Bool { colourAllowed && isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// Errors whose own description already says what, where and how to fix, and Foundation's file errors (exit 2).
enum UserFacingError {
    static func describe(_ error: any Error) -> String? {
        switch error {
        case let error as ConfigError: return error.description.replacingOccurrences(of: ": error: ", with: ": ")
        case let error as WorkspaceError: return error.description
        case let error as ManifestError: return error.description
        case let error as GitError: return sentence(for: error)
        case let error as ExportError: return "\(error.description). Fix or remove that commit's entry; nothing was written outside the build copy"
        default: return FileErrorText.describe(error)
        }
    }

    /// libgit2's failure as a sentence: where, libgit2's own words, and what to check.
    static func sentence(for error: GitError) -> String {
        let place = error.path.map { " \($0)" } ?? " a repository"
        return "git could not read or write\(place): \(error.message) (\(error.function), code \(error.code)); check that the repository is intact with `git status` and `git fsck`"
    }
}
