import ArgumentParser
import Foundation
import LockstepCore

/// Completes COMPONENT arguments with the component names of the workspace's `lockstep.yml`.
enum ComponentCompletion {
    /// The completion kind for COMPONENT arguments.
    static let kind = CompletionKind.custom { arguments, index, prefix in
        names(arguments: arguments, index: index, prefix: prefix)
    }

    /// The names that complete `prefix`: the workspace is `--workspace DIR` from the words typed so far, else the
    /// current folder's or a parent's. Never throws and never prints: a shell shows whatever a completer prints,
    /// so any trouble (no workspace, a broken file) means no suggestions.
    static func names(arguments: [String], index: Int, prefix: String, from folder: URL? = nil) -> [String] {
        let cwd = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let file = configFile(arguments: arguments, cwd: cwd),
            let config = try? WorkspaceConfig.load(from: file)
        else { return [] }
        let typed = Set(arguments.enumerated().filter { $0.offset != index }.map(\.element))
        return config.components.map(\.name).filter { $0.hasPrefix(prefix) && !typed.contains($0) }
    }

    /// `lockstep.yml` of `--workspace DIR` (or `--workspace=DIR`) among the words, else found from `cwd`.
    static func configFile(arguments: [String], cwd: URL) -> URL? {
        var workspace: String?
        for (offset, word) in arguments.enumerated() {
            if word == "--workspace", offset + 1 < arguments.count { workspace = arguments[offset + 1] }
            if word.hasPrefix("--workspace=") { workspace = String(word.dropFirst("--workspace=".count)) }
        }
        if let workspace {
            let file = URL(fileURLWithPath: workspace, relativeTo: cwd).standardizedFileURL.appendingPathComponent(
                WorkspaceConfig.fileName)
            return FileManager.default.fileExists(atPath: file.path) ? file : nil
        }
        return WorkspaceConfig.locate(from: cwd)
    }

    /// Refuses names that are not components (exit 2), listing the ones there are.
    static func requireKnown(_ names: [String], in config: WorkspaceConfig) throws {
        let known = config.components.map(\.name)
        let unknown = names.filter { !known.contains($0) }
        guard !unknown.isEmpty else { return }
        let what =
            unknown.count == 1
            ? "unknown component `\(unknown[0])`"
            : "unknown components " + unknown.map { "`\($0)`" }.joined(separator: ", ")
        throw WorkspaceError("\(what); components: \(known.joined(separator: ", "))")
    }
}
