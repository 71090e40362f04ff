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
    /// `Package.swift` or one `Package@swift-X.Y.swift`. For an app: the file its `manifest:` names, else without
    /// a Package.swift the one Xcode project at its root. `rootNames`: the names at the root of `commit`'s tree, when
    /// the caller has read them already.
    static func manifestFileName(
        _ repository: Repository, at commit: ObjectID, config: WorkspaceConfig, app: App? = nil,
        component: Component? = nil, rootNames: [String]? = nil
    ) throws -> String {
        // A named manifest is read as named, except a root Package.swift, whose version-specific variants compete.
        if let declared = app?.manifest ?? component?.manifest,
            ManifestFormat(path: declared) != .swiftPackage || declared.contains("/")
        {
            return declared
        }
        let names = try rootNames ?? repository.rootNames(at: commit)
        if app != nil, app?.manifest == nil, !names.contains(ManifestSelection.regular),
            ManifestSelection.versionSpecific(in: names).isEmpty,
            let project = try xcodeProjectFile(repository, at: commit, names: names)
        {
            return project
        }
        if app == nil, component?.manifest == nil, !names.contains(ManifestSelection.regular),
            ManifestSelection.versionSpecific(in: names).isEmpty,
            let podspec = try podspecFile(repository, at: commit, names: names, component: component)
        {
            return podspec
        }
        guard !ManifestSelection.versionSpecific(in: names).isEmpty else { return ManifestSelection.regular }
        return try ManifestSelection.select(names: names, current: config.manifestToolsVersion) { name in
            let data = try repository.readFile(name, at: commit) ?? Data()
            return ManifestSelection.toolsVersion(of: String(decoding: data.prefix(512), as: UTF8.self))
        }
    }

    /// Parses a manifest with the configured toolchain deciding `#if swift(>=…)`/`compiler(>=…)` (asked, a
    /// `swift --version`, only when the text has an `#if`), as every reader of the workspace must.
    static func parseManifest(_ text: String, file: ManifestFile, config: WorkspaceConfig) throws -> Manifest {
        // The file's path (`apps/Main/Main.xcodeproj/project.pbxproj`) decides the format.
        let format = ManifestFormat(path: file.path) ?? .swiftPackage
        return try format.read(
            text, file: file,
            toolchain: format == .swiftPackage && text.contains("#if") ? config.manifestToolsVersion : nil)
    }

    /// The project file of a repo without a Package.swift: its XcodeGen `project.yml`, else the `project.pbxproj` of
    /// the one `*.xcodeproj` at its root (an app built with Xcode): its package references are the app's
    /// requirements. Nil when there is none; several projects are ambiguous and an error naming them.
    static func xcodeProjectFile(_ repository: Repository, at commit: ObjectID, names: [String]) throws -> String? {
        // An XcodeGen spec is the source the project is generated from (the .xcodeproj is often not even committed).
        if let spec = ["project.yml", "project.yaml"].first(where: names.contains) { return spec }
        // Tuist: its packages are declared in `Tuist/Package.swift`, a SwiftPM manifest (the projects are generated).
        if names.contains("Tuist"), try repository.blobID(of: "Tuist/Package.swift", at: commit) != nil {
            return "Tuist/Package.swift"
        }
        // Older Tuist: packages listed in `Project.swift` itself.
        if names.contains("Project.swift") { return "Project.swift" }
        let projects = try names.filter { $0.hasSuffix(".xcodeproj") }.sorted()
            .filter { try repository.blobID(of: "\($0)/project.pbxproj", at: commit) != nil }
        guard projects.count <= 1 else {
            throw ManifestError(
                file: ManifestFile(path: repository.workDirectory ?? repository.path), line: 1, column: 1,
                reason:
                    """
                    no Package.swift and \(projects.count) Xcode projects (\(projects.joined(separator: ", "))) \
                    at \(commit.short): lockstep reads one; keep one project at the root or add a Package.swift
                    """
            )
        }
        if let project = projects.first { return "\(project)/project.pbxproj" }
        // A CocoaPods app without an Xcode project at its root (or name it: `manifest: Podfile`).
        return names.contains("Podfile") ? "Podfile" : nil
    }

    /// The podspec of a CocoaPods component without a Package.swift: the one `*.podspec.json` or `*.podspec` at its
    /// root (the one named after the component when there are several); nil when there is none.
    static func podspecFile(_ repository: Repository, at commit: ObjectID, names: [String], component: Component?)
        throws -> String?
    {
        let specs = names.filter { ManifestFormat(path: $0) == .podspec || ManifestFormat(path: $0) == .podspecJSON }
            .sorted()
        guard !specs.isEmpty else { return nil }
        if specs.count == 1 { return specs[0] }
        if let name = component?.name,
            let own = specs.first(where: { $0 == "\(name).podspec" || $0 == "\(name).podspec.json" })
        {
            return own
        }
        throw ManifestError(
            file: ManifestFile(path: repository.workDirectory ?? repository.path), line: 1, column: 1,
            reason:
                """
                no Package.swift and \(specs.count) podspecs (\(specs.joined(separator: ", "))) at \
                \(commit.short): lockstep reads one; name it with `manifest:` in lockstep.yml
                """
        )
    }

    /// Every manifest file of the root at `commit` (`Package.swift` first, then each `Package@swift-…`).
    static func manifestFileNames(_ repository: Repository, at commit: ObjectID, app: App? = nil) throws -> [String] {
        if let declared = app?.manifest, ManifestFormat(path: declared) != .swiftPackage || declared.contains("/") {
            return [declared]
        }
        let names = try repository.rootNames(at: commit)
        let variants = ManifestSelection.versionSpecific(in: names).map(\.name).sorted()
        if app != nil, app?.manifest == nil, !names.contains(ManifestSelection.regular), variants.isEmpty,
            let project = try xcodeProjectFile(repository, at: commit, names: names)
        {
            return [project]
        }
        return (names.contains(ManifestSelection.regular) ? [ManifestSelection.regular] : []) + variants
    }
}
