import Foundation

/// Bare repositories standing in for the real remote of every repo of a workspace, and clones of the whole
/// workspace standing in for CI runners (each with its own folder, like a fresh job).
public final class RemoteRunners {
    public let folder: TemporaryFolder
    public let names: [String]
    let config: Data
    let paths: [String: String]

    /// Makes `remotes/<name>.git` from each repo of `iw` (with its tags) and points the repo's `origin` at it.
    public init(_ iw: IntegrationWorkspace) throws {
        folder = try TemporaryFolder("lockstep-remotes")
        config = try Data(contentsOf: iw.root.appendingPathComponent("lockstep.yml"))
        var paths: [String: String] = [:]
        for (name, repo) in iw.ws.repos {
            let bare = folder.url.appendingPathComponent("remotes/\(name).git")
            try GitCLI.run(["clone", "-q", "--bare", repo.url.path, bare.path], in: folder.url)
            try repo.git("remote", "add", "origin", bare.path)
            try repo.git("fetch", "-q", "origin")
            try repo.git("branch", "-q", "--set-upstream-to=origin/main", "main")
            paths[name] = String(repo.url.path.dropFirst(iw.root.path.count + 1))
        }
        self.paths = paths
        names = paths.keys.sorted()
    }

    /// The bare remote of repo `name`.
    public func remote(_ name: String) -> URL { folder.url.appendingPathComponent("remotes/\(name).git") }

    /// A fresh clone of the whole workspace (lockstep.yml and every repo from its remote), as a CI job has.
    public func runner(_ label: String) throws -> URL {
        let root = folder.url.appendingPathComponent("runners/\(label)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try config.write(to: root.appendingPathComponent("lockstep.yml"))
        // Side by side, each clone setting its own identity: one git process per repo instead of three in a row.
        let clones = paths.sorted { $0.key < $1.key }.map { (remote: remote($0.key).path, path: $0.value) }
        let failures = LockedLines()
        DispatchQueue.concurrentPerform(iterations: clones.count) { index in
            let (source, path) = clones[index]
            let identity = ["-c", "user.name=Runner \(label)", "-c", "user.email=\(label)@lockstep.invalid"]
            do {
                _ = try GitCLI.run(
                    ["clone", "-q"] + identity + [source, root.appendingPathComponent(path).path], in: root)
            } catch { failures.add("\(error)") }
        }
        if let failure = failures.all.first { throw ProcessFailure(command: "git clone", status: 1, output: failure) }
        return root
    }

    /// `git args…` in the bare remote of `name`.
    public func git(_ name: String, _ arguments: String...) throws -> String {
        try GitCLI.run(arguments, in: remote(name))
    }
}
