import Foundation

/// `lockstep init`: guesses a `lockstep.yml` for the repos already under a folder.
public enum WorkspaceInit {
    /// What init would write, and why.
    public struct Proposal: Sendable {
        /// The folder the file is for.
        public var folder: URL
        /// The commented `lockstep.yml` text (already validated as the parser reads it).
        public var text: String
        /// One line per guess (and per repo left out), for people.
        public var summary: [String]
        public var componentCount: Int
        public var appCount: Int
    }

    /// `lockstep.yml` exists and `--force` was not given: nothing was written (exit 1).
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Scans `folder` and proposes a workspace file. Throws `WorkspaceError` (exit 2) when the folder is missing
    /// or holds no repo init could use.
    public static func propose(in folder: URL, progress: WorkProgress? = nil) throws -> Proposal {
        let folder = folder.standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw WorkspaceError(
                "\(folder.path) is not a folder; pass the folder that holds your component and app repos")
        }
        let paths = RepoScan.repoPaths(under: folder)
        guard !paths.isEmpty else {
            throw WorkspaceError(
                """
                found no git repository under \(folder.path) (looked \(RepoScan.maximumDepth) folders deep, \
                skipping hidden folders and .build); run init in the folder that holds your component and app \
                repos
                """
            )
        }
        progress?.expect(paths.count)
        let scanned = paths.map { path in
            defer { progress?.advance(path) }
            return RepoScan.read(path, root: folder)
        }
        let guess = InitGuesser.guess(scanned)
        guard !guess.components.isEmpty || !guess.apps.isEmpty else {
            throw WorkspaceError(
                """
                none of the \(paths.count) git repositories under \(folder.path) is a SwiftPM package Lockstep \
                can list:\n
                """
                    + guess.leftOut.joined(separator: "\n"))
        }
        let text = guess.yaml
        let file = folder.appendingPathComponent(WorkspaceConfig.fileName)
        do {
            _ = try ConfigParser(file: file.path, root: folder).parse(text)
        } catch let error as ConfigError {
            // A guess the parser refuses is init's own mistake: say so rather than write a file that does not load.
            throw WorkspaceError(
                """
                lockstep init made a \(WorkspaceConfig.fileName) it cannot read back (\(error.message), line \
                \(error.line)); nothing was written. Please report this with the repo names
                """
            )
        }
        return Proposal(
            folder: folder, text: text, summary: guess.summary,
            componentCount: guess.components.count, appCount: guess.apps.count)
    }

    /// Writes the proposal as `lockstep.yml`. Without `force` an existing file is a `Refusal` and stays as it was;
    /// a folder in its place is refused even with `force`; a link there is replaced, never written through.
    @discardableResult
    public static func write(_ proposal: Proposal, force: Bool) throws -> URL {
        let file = proposal.folder.appendingPathComponent(WorkspaceConfig.fileName)
        if try requireWritable(proposal.folder, force: force) == .typeSymbolicLink {
            try FileManager.default.removeItem(at: file)
        }
        try Data(proposal.text.utf8).write(to: file, options: .atomic)
        return file
    }

    /// Refuses, before any scanning, what `write` would refuse; returns the type of the entry already there.
    @discardableResult
    public static func requireWritable(_ folder: URL, force: Bool) throws -> FileAttributeType? {
        let file = folder.standardizedFileURL.appendingPathComponent(WorkspaceConfig.fileName)
        guard let existing = try? FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType
        else { return nil }
        if existing == .typeDirectory {
            throw WorkspaceError("\(file.path) is a folder; move it away, then run init again")
        }
        guard force else {
            throw Refusal(
                description:
                    """
                    \(file.path) already exists; it was left as it is. Run `lockstep init --dry-run` to see the \
                    guess, or `lockstep init --force` to replace the file
                    """
            )
        }
        return existing
    }
}
