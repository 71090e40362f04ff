import Foundation
import LockstepGit
import LockstepManifest

/// A git repo found under the folder `lockstep init` looks at, with what init reads of it.
struct FoundRepo: Sendable {
    /// Path relative to the workspace folder, `/`-separated.
    var path: String
    /// The repo folder's own name.
    var folderName: String { path.split(separator: "/").last.map(String.init) ?? path }
    /// The fetch URL of `origin`, when it has one.
    var origin: String?
    /// `Package.swift` at HEAD, when it could be read.
    var manifest: Manifest?
    /// Why the repo is left out (no commit, no manifest), or nil.
    var leftOut: String?
    /// Why the manifest could not be read (it is still listed, as a component), or nil.
    var manifestProblem: String?
    /// The Xcode project whose package references were read, for a repo without a Package.swift (an app).
    var xcodeProject: String?
    /// The podspec a CocoaPods component without a Package.swift is read from.
    var podspec: String?
}

/// Finds git repos under a folder and reads each one's origin and manifest at HEAD, straight from git.
enum RepoScan {
    /// How deep below the workspace folder repos are looked for (`components/ios/Login` is 3).
    static let maximumDepth = 4

    /// Relative paths of the repos under `root`, sorted. Never descends into a repo, a hidden folder (`.git`,
    /// `.lockstep`, `.swiftpm`), `.build` or a symbolic link, nor deeper than `maximumDepth`.
    static func repoPaths(under root: URL) -> [String] {
        var found: [String] = []
        func walk(_ folder: URL, relative: String, depth: Int) {
            guard depth < maximumDepth,
                let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
            else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let url = folder.appendingPathComponent(entry)
                guard
                    (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType)
                        == .typeDirectory
                else { continue }
                let path = relative.isEmpty ? entry : relative + "/" + entry
                if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) {
                    found.append(path)
                } else {
                    walk(url, relative: path, depth: depth + 1)
                }
            }
        }
        walk(root, relative: "", depth: 0)
        return found
    }

    /// Reads one repo; failures become `leftOut` or `manifestProblem`, never an error, so one odd repo does not
    /// stop init.
    static func read(_ path: String, root: URL) -> FoundRepo {
        var repo = FoundRepo(path: path)
        if let bad = path.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            repo.leftOut =
                """
                its path holds the control character \(SafeName.describe(bad)), which lockstep.yml cannot hold; \
                rename the folder
                """
            return repo
        }
        let repository: Repository
        do {
            repository = try Repository.open(at: root.appendingPathComponent(path).path)
        } catch {
            repo.leftOut = "git cannot open it (\(error))"
            return repo
        }
        repo.origin = (try? repository.remoteURL(named: "origin")).map(withoutCredentials)
        guard let commit = try? repository.head().commit else {
            repo.leftOut = "it has no commit yet"
            return repo
        }
        if (try? repository.readFile("Package.swift", at: commit)) == nil {
            // An app built with Xcode: one *.xcodeproj at the root, read from its project.pbxproj.
            let names = (try? repository.rootNames(at: commit)) ?? []
            if let project = try? SnapshotLoader.xcodeProjectFile(repository, at: commit, names: names) {
                repo.xcodeProject = project
            } else if let podspec = try? SnapshotLoader.podspecFile(
                repository, at: commit, names: names, component: nil)
            {
                // A CocoaPods component: its podspec is its manifest.
                repo.podspec = podspec
            } else {
                repo.leftOut =
                    """
                    it has no Package.swift, podspec, single *.xcodeproj, project.yml, Tuist/Package.swift or \
                    Podfile at HEAD (neither a component nor an app lockstep reads)
                    """
                return repo
            }
        }
        do {
            // The manifest SwiftPM would load for the running toolchain (a `Package@swift-X.Y.swift` when it wins).
            let config = WorkspaceConfig(root: root, remote: nil, components: [], apps: [])
            let app = repo.xcodeProject.map { project -> App in
                var app = App(name: path, path: path, role: .main)
                app.manifest = project
                return app
            }
            let component = repo.podspec.map { spec -> Component in
                var component = Component(name: path, path: path, kind: .base)
                component.manifest = spec
                return component
            }
            repo.manifest = try SnapshotLoader.readManifest(
                repository, at: commit, folder: path, owner: path, config: config, app: app, component: component)
        } catch {
            repo.manifestProblem = "\(error)"
        }
        return repo
    }

    /// The URL without credentials: over http(s) the whole `user:token@` goes (a token is often passed as the
    /// user), over other schemes only a `:password` (`ssh://git@host/x` needs its user). A token in an origin
    /// must not land in `lockstep.yml`, which teams commit, nor on the terminal; scp-style `git@host:team/x.git`
    /// has none and is kept.
    static func withoutCredentials(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<hostEnd].lastIndex(of: "@") else { return url }
        let prefix = String(url[..<scheme.upperBound])
        let host = rest[rest.index(after: at)...]
        if ["http://", "https://"].contains(prefix.lowercased()) { return prefix + host }
        let user = rest[..<at].prefix { $0 != ":" }
        return prefix + user + "@" + host
    }
}
