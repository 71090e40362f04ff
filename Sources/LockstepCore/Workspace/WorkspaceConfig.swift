import Foundation
import Yams

/// `lockstep.yml`: the workspace's components and apps, as declared.
public struct WorkspaceConfig: Sendable, Equatable {
    /// The name of the workspace file Lockstep looks for.
    public static let fileName = "lockstep.yml"

    /// The folder holding `lockstep.yml`; every repo path is relative to it.
    public var root: URL
    /// How manifests name a component's repo, with `{name}` in place of the component name.
    public var remote: String?
    public var components: [Component] { didSet { componentIndex = Self.index(components, remote: remote) } }
    public var apps: [App]
    /// `accept:`: reviewed findings that fail nothing (one rule on one component version each).
    public var accepts: [AcceptEntry] = []
    /// Components by normalized remote URL and by lowercased name, for matching manifest dependencies.
    private(set) var componentIndex: (byURL: [String: String], byName: [String: String])

    public init(root: URL, remote: String?, components: [Component], apps: [App]) {
        self.root = root
        self.remote = remote
        self.components = components
        self.apps = apps
        componentIndex = Self.index(components, remote: remote)
    }

    private static func index(_ components: [Component], remote: String?) -> (byURL: [String: String], byName: [String: String]) {
        var byURL: [String: String] = [:]
        var byName: [String: String] = [:]
        for component in components {
            if let remote { byURL[normalizedURL(remote.replacingOccurrences(of: "{name}", with: component.name))] = component.name }
            byName[component.name.lowercased()] = component.name
        }
        return (byURL, byName)
    }

    public static func == (lhs: WorkspaceConfig, rhs: WorkspaceConfig) -> Bool {
        lhs.root == rhs.root && lhs.remote == rhs.remote && lhs.components == rhs.components && lhs.apps == rhs.apps
    }

    /// The component called `name`, if any.
    public func component(named name: String) -> Component? {
        components.first { $0.name == name }
    }

    /// The absolute folder of a component or app path.
    public func absolutePath(_ relative: String) -> URL {
        root.appendingPathComponent(relative).standardizedFileURL
    }

    /// Refuses a repo folder that leads outside the workspace through a symbolic link, also one that
    /// appeared after `lockstep.yml` was read.
    func checkInside(_ folder: URL, name: String) throws {
        do {
            let resolvedRoot = try ResolvedPath.resolve(root.standardizedFileURL.path)
            let resolved = try ResolvedPath.resolve(folder.standardizedFileURL.path)
            guard resolved != resolvedRoot, ResolvedPath.isInside(resolved, root: resolvedRoot) else {
                throw WorkspaceError("\(name): \(folder.path) leads to \(resolved), outside the workspace \(root.path), through a symbolic link; repos must live inside the folder of \(Self.fileName). Replace the link with the repo itself")
            }
        } catch let failure as ResolvedPath.Failure {
            throw WorkspaceError("\(name): \(failure.message); fix the link or `path` in \(Self.fileName)")
        }
    }

    /// The URL manifests use for `component`, from the `remote` pattern.
    public func remoteURL(of component: String) -> String? {
        remote?.replacingOccurrences(of: "{name}", with: component)
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
            throw ConfigError(file: file.path, line: 0, column: 0, message: "this is a folder, not the workspace file; replace it with a \(fileName) file")
        }
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ConfigError(file: file.path, line: 0, column: 0, message: "cannot read the workspace file: \(FileErrorText.reason(error)); check that it is a readable UTF-8 text file")
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
