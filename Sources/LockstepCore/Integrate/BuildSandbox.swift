import Foundation
import LockstepGit
import LockstepManifest

/// A temporary folder holding the mirrors and app copies of one integration run. Removed at the end,
/// or by `Interruption` when the run is stopped.
final class BuildSandbox {
    let root: URL
    private let config: WorkspaceConfig
    private let candidates: [Candidate]
    private var mirrors: [String: URL] = [:]

    init(config: WorkspaceConfig, candidates: [Candidate]) throws {
        self.config = config
        self.candidates = candidates
        Self.removeStaleSandboxes()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(Self.prefix)\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        Interruption.shared.register(folder: root)
    }

    static let prefix = "lockstep-integrate-"

    /// Removes sandboxes of runs that were killed (SIGKILL leaves no chance to clean up): folders named
    /// after a process id that no longer exists on this machine.
    static func removeStaleSandboxes() {
        let temporary = FileManager.default.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).prefix(while: \.isNumber)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
        Interruption.shared.unregister(folder: root)
    }

    /// A bare mirror of a component sharing its objects, where each candidate's rc commit already carries
    /// its release tag: the speculative release that exists only here.
    func mirror(of component: Component) throws -> URL {
        if let existing = mirrors[component.name] { return existing }
        let path = root.appendingPathComponent("mirrors").appendingPathComponent("\(try SafeName.fileName(component.name)).git")
        let source = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
        let mirror = try source.makeSharedMirror(at: path.path)
        for candidate in candidates where candidate.component.name == component.name && !candidate.isAlreadyReleased {
            try mirror.createLightweightTag(named: candidate.releaseTagName, commit: candidate.commit)
        }
        mirrors[component.name] = path
        return path
    }

    /// Exports the app at the build's commit and rewrites its manifest to the build's exact versions.
    func prepare(_ build: AppBuild, manifests: ManifestStore) throws -> URL {
        let folder = root.appendingPathComponent("apps").appendingPathComponent("\(try SafeName.fileName(build.app.name))-\(build.commit.short)")
        if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let repository = try SnapshotLoader.openRepository(build.app.path, name: build.app.name, config: config)
        try repository.exportTree(of: build.commit, to: folder)
        // A committed Package.resolved would fight the pins; SwiftPM writes a new one.
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("Package.resolved"))

        let manifestURL = folder.appendingPathComponent("Package.swift")
        let manifest = try Manifest.parse(try String(contentsOf: manifestURL, encoding: .utf8), file: "\(build.app.path)/Package.swift @ \(build.commit.short)")
        let versions = Dictionary(uniqueKeysWithValues: build.versions.map { ($0.component, $0) })
        var declared = Set<String>()
        var pins: [(dependency: PackageDependency, version: String, url: String?)] = []
        var originals: [String: Set<String>] = [:]
        for dependency in manifest.dependencies {
            guard let name = config.componentName(for: dependency), let version = versions[name] else { continue }
            declared.insert(name)
            let url = dependency.url ?? config.remoteURL(of: name)
            pins.append((dependency: dependency, version: version.version.description, url: url))
            if let url { originals[name, default: []].insert(url) }
        }
        var text = manifest.pinning(pins)
        // Components reached only through other packages get a pin too, so every build sees main's versions.
        let extra = build.versions.filter { !declared.contains($0.component) }.compactMap { pinned -> (url: String, version: String)? in
            guard let url = config.remoteURL(of: pinned.component) else { return nil }
            originals[pinned.component, default: []].insert(url)
            return (url: url, version: pinned.version.description)
        }
        text = try Manifest.parse(text, file: manifest.file).addingDependencies(extra)
        // The tree may hold Package.swift or .swiftpm as links (to anywhere): replace them, never write through.
        try FileManager.default.removeItem(at: manifestURL)
        try text.write(to: manifestURL, atomically: true, encoding: .utf8)

        // Every URL by which the graph's manifests name a component, pointed at that component's mirror.
        for pinned in build.versions {
            guard let component = config.component(named: pinned.component) else { continue }
            for dependency in try manifests.dependencies(of: component, at: pinned.commit) {
                guard let name = dependency.component, let url = dependency.dependency.url else { continue }
                originals[name, default: []].insert(url)
            }
        }
        var entries: [[String: String]] = []
        for (name, urls) in originals.sorted(by: { $0.key < $1.key }) {
            guard let component = config.component(named: name) else { continue }
            let mirror = try mirror(of: component)
            for url in urls.sorted() { entries.append(["original": url, "mirror": mirror.path]) }
        }
        let configuration = folder.appendingPathComponent(".swiftpm/configuration")
        for link in [configuration.deletingLastPathComponent(), configuration, configuration.appendingPathComponent("mirrors.json")]
        where (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil {
            try FileManager.default.removeItem(at: link)
        }
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        let json = try JSONSerialization.data(withJSONObject: ["version": 1, "object": entries], options: [.prettyPrinted, .sortedKeys])
        try json.write(to: configuration.appendingPathComponent("mirrors.json"), options: .atomic)
        return folder
    }
}
