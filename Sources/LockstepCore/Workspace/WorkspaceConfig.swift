import Foundation
import Yams

/// `lockstep.yml`: the workspace's components and apps, as declared.
public struct WorkspaceConfig: Sendable, Equatable {
    /// The name of the workspace file Lockstep looks for.
    public static let fileName = "lockstep.yml"

    /// The folder holding `lockstep.yml`; every repo path is relative to it.
    public var root: URL
    /// How manifests name components' repos, each with `{name}` in place of the component name; the first is the
    /// one Lockstep writes when it needs a component's URL and the component has no `url:`.
    public var remotes: [String] { didSet { componentIndex = Self.index(components, remotes: remotes) } }
    /// The first `remote` pattern, if any (set it to replace all of them).
    public var remote: String? {
        get { remotes.first }
        set { remotes = newValue.map { [$0] } ?? [] }
    }
    public var components: [Component] { didSet { componentIndex = Self.index(components, remotes: remotes) } }
    public var apps: [App]
    /// `swift-tools-version:` of `lockstep.yml` (e.g. `[6, 0]`): the toolchain whose manifest files are read
    /// (`Package@swift-X.Y.swift`); nil asks the running `swift --version`.
    public var swiftToolsVersion: [Int]? = nil
    /// `accept:`: reviewed findings that fail nothing (one rule on one component version each).
    public var accepts: [AcceptEntry] = []
    /// `specs:`: the team's CocoaPods spec repo (relative to the workspace), where `integrate` publishes the
    /// podspec of each CocoaPods release; nil when the workspace names none.
    public var specs: String? = nil
    /// Components by package identity (lowercased), for matching manifest dependencies.
    private(set) var componentIndex: [String: String]

    public init(root: URL, remote: String?, components: [Component], apps: [App]) {
        self.init(root: root, remotes: remote.map { [$0] } ?? [], components: components, apps: apps)
    }

    /// A workspace whose manifests may name components' repos by any of `remotes`.
    public init(root: URL, remotes: [String], components: [Component], apps: [App]) {
        self.root = root
        self.remotes = remotes
        self.components = components
        self.apps = apps
        componentIndex = Self.index(components, remotes: remotes)
    }

    public static func == (lhs: WorkspaceConfig, rhs: WorkspaceConfig) -> Bool {
        lhs.root == rhs.root && lhs.remotes == rhs.remotes && lhs.components == rhs.components && lhs.apps == rhs.apps
            && lhs.swiftToolsVersion == rhs.swiftToolsVersion && lhs.accepts == rhs.accepts && lhs.specs == rhs.specs
    }

    /// The component called `name`, if any.
    public func component(named name: String) -> Component? {
        components.first { $0.name == name }
    }

    /// Every protocol set with its implementation, in the order the implementations are declared.
    public var protocolSets: [ProtocolSet] { components.compactMap(\.protocolSet) }

    /// The implementations of the protocol set called `name` (a `protocols` component); empty for any other name.
    public func implementations(of name: String) -> [ProtocolSet] {
        protocolSets.filter { $0.name == name }
    }

    /// The absolute folder of a component or app path.
    public func absolutePath(_ relative: String) -> URL {
        root.appendingPathComponent(relative).standardizedFileURL
    }

    /// Refuses a repo folder that leads outside the workspace through a symbolic link, also one that
    /// appeared after `lockstep.yml` was read.
    func checkInside(_ folder: URL, name: String) throws {
        do {
            let resolvedRoot = try ResolvedPath.resolvedRoot(root.standardizedFileURL.path)
            let resolved = try ResolvedPath.resolve(folder.standardizedFileURL.path)
            guard resolved != resolvedRoot, ResolvedPath.isInside(resolved, root: resolvedRoot) else {
                throw WorkspaceError(
                    """
                    \(name): \(folder.path) leads to \(resolved), outside the workspace \(root.path), through a \
                    symbolic link; repos must live inside the folder of \(Self.fileName). Replace the link with \
                    the repo itself
                    """
                )
            }
        } catch let failure as ResolvedPath.Failure {
            throw WorkspaceError("\(name): \(failure.message); fix the link or `path` in \(Self.fileName)")
        }
    }

    /// The URL Lockstep writes for `component` (pins of local-path dependencies, build copies): its `url:`, else
    /// the first `remote` pattern.
    public func remoteURL(of component: String) -> String? {
        if let url = self.component(named: component)?.url { return url }
        return remote?.replacingOccurrences(of: "{name}", with: component)
    }

    /// Finds `lockstep.yml` in `start` or the nearest parent that has one.
    public static func locate(from start: URL) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads and validates the workspace file; every mistake is a `ConfigError` with line and column.
    public static func load(from file: URL) throws -> WorkspaceConfig {
        let text: String
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            throw ConfigError(
                file: file.path, line: 0, column: 0,
                message: "this is a folder, not the workspace file; replace it with a \(fileName) file")
        }
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ConfigError(
                file: file.path, line: 0, column: 0,
                message:
                    """
                    cannot read the workspace file: \(FileErrorText.reason(error)); check that it is a readable \
                    UTF-8 text file
                    """
            )
        }
        return try ConfigParser(file: file.path, root: file.deletingLastPathComponent()).parse(text)
    }
}

/// A mistake in `lockstep.yml`, pointing at the line and column to fix.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): error: \(message)" : "\(file): error: \(message)"
    }
}
