import Foundation

extension WorkspaceConfig {
    /// Validates `lockstep.yml` text already in memory (tests, fuzzing); `file` names it in errors, `root` is its
    /// folder.
    public static func parse(_ text: String, file: String, root: URL) throws -> WorkspaceConfig {
        try ConfigParser(file: file, root: root).parse(text)
    }
}
