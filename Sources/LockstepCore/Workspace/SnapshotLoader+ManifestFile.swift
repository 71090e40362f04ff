import Foundation
import LockstepGit
import LockstepManifest

extension WorkspaceConfig {
    /// The tools version whose manifest files are read: `swift-tools-version` of `lockstep.yml`, else the running
    /// `swift --version` (asked only when a repo has a `Package@swift-…` file), else nil (the newest file).
    var manifestToolsVersion: [Int]? { swiftToolsVersion ?? Toolchain.swiftToolsVersion }
}

extension Toolchain {
    /// The running toolchain's Swift version (e.g. `[6, 3]`), nil when `swift --version` names none.
    static let swiftToolsVersion: [Int]? = swiftVersion(in: versionLine)
}

extension SnapshotLoader {
    /// The manifest file SwiftPM would load at `commit` for the configured toolchain (`ManifestSelection`):
    /// `Package.swift` or one `Package@swift-X.Y.swift`.
    static func manifestFileName(_ repository: Repository, at commit: ObjectID, config: WorkspaceConfig) throws -> String {
        let names = try repository.rootNames(at: commit)
        guard !ManifestSelection.versionSpecific(in: names).isEmpty else { return ManifestSelection.regular }
        return try ManifestSelection.select(names: names, current: config.manifestToolsVersion) { name in
            let data = try repository.readFile(name, at: commit) ?? Data()
            return ManifestSelection.toolsVersion(of: String(decoding: data.prefix(512), as: UTF8.self))
        }
    }

    /// Parses a manifest with the configured toolchain deciding `#if swift(>=…)`/`compiler(>=…)` (asked, a
    /// `swift --version`, only when the text has an `#if`), as every reader of the workspace must.
    static func parseManifest(_ text: String, file: String, config: WorkspaceConfig) throws -> Manifest {
        try Manifest.parse(text, file: file, toolchain: text.contains("#if") ? config.manifestToolsVersion : nil)
    }

    /// Every manifest file of the root at `commit` (`Package.swift` first, then each `Package@swift-…`).
    static func manifestFileNames(_ repository: Repository, at commit: ObjectID) throws -> [String] {
        let names = try repository.rootNames(at: commit)
        let variants = ManifestSelection.versionSpecific(in: names).map(\.name).sorted()
        return (names.contains(ManifestSelection.regular) ? [ManifestSelection.regular] : []) + variants
    }
}
