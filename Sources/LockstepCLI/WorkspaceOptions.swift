import ArgumentParser
import Foundation
import LockstepCore

/// `--workspace DIR`, shared by every command that reads a workspace.
struct WorkspaceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            """
            The workspace folder (holding lockstep.yml). Default: the current folder or its nearest parent with a \
            lockstep.yml.
            """,
            valueName: "dir"))
    var workspace: String?

    /// Finds and validates `lockstep.yml`, from the run's current folder.
    func loadConfig(_ console: Console) throws -> WorkspaceConfig {
        let cwd = console.currentDirectory
        if let workspace {
            let folder = URL(fileURLWithPath: workspace, relativeTo: cwd).standardizedFileURL
            let file = folder.appendingPathComponent(WorkspaceConfig.fileName)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw WorkspaceError(
                    """
                    no \(WorkspaceConfig.fileName) in \(folder.path); pass the folder that holds the workspace \
                    file to --workspace
                    """
                )
            }
            return try WorkspaceConfig.load(from: file)
        }
        guard let file = WorkspaceConfig.locate(from: cwd) else {
            throw WorkspaceError(
                """
                no \(WorkspaceConfig.fileName) in \(cwd.path) or its parents; run inside a workspace or pass \
                --workspace DIR
                """
            )
        }
        return try WorkspaceConfig.load(from: file)
    }

    /// Loads the config and reads every repo.
    func loadSnapshot(_ console: Console) throws -> WorkspaceSnapshot {
        try SnapshotLoader.load(loadConfig(console))
    }
}
