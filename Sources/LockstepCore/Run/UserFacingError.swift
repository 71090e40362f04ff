import Foundation
import LockstepGit
import LockstepManifest

/// Errors whose own description already says what, where and how to fix, and Foundation's file errors (exit 2).
public enum UserFacingError {
    /// The sentence for `error`, or nil when it is not one of these.
    public static func describe(_ error: any Error) -> String? {
        switch error {
        case let error as ConfigError: return error.description.replacingOccurrences(of: ": error: ", with: ": ")
        case let error as WorkspaceError: return error.description
        case let error as ManifestError: return error.description
        case let error as GitError: return sentence(for: error)
        case let error as ExportError:
            return "\(error.description). Fix or remove that commit's entry; nothing was written outside the build copy"
        default: return FileErrorText.describe(error)
        }
    }

    /// libgit2's failure as a sentence: where, libgit2's own words, and what to check.
    static func sentence(for error: GitError) -> String {
        let place = error.path.map { " \($0)" } ?? " a repository"
        return
            """
            git could not read or write\(place): \(error.message) (\(error.function), code \(error.code)); check \
            that the repository is intact with `git status` and `git fsck`
            """
    }
}
