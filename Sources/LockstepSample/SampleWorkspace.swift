import Foundation
import LockstepGit
import Yams

/// Replays a fixture folder (`lockstep.yml`, `history.yml`, `steps/`) into real git repos.
///
/// Author, committer and dates are fixed, so the same fixture always yields the same commit ids.
public enum SampleWorkspace {
    /// The fixed identity of fixture commits, also written as each repo's `user.name`/`user.email`.
    public static let author = Signature(name: "Lockstep Sample", email: "sample@lockstep.invalid")
    /// 2026-01-05 09:00 UTC; each commit is one hour after the previous one.
    static let epoch: Int64 = 1_767_603_600

    /// The sample fixture folder, the first of: `$LOCKSTEP_FIXTURES`; `Fixtures/sample` in the resource bundle
    /// installed beside the `lockstep` binary (`Lockstep_LockstepSample.resources` on Linux, `.bundle` on macOS);
    /// `Fixtures/sample` of this source checkout. `named: "pods"` is the CocoaPods and Xcode half beside it
    /// (`pods` next to `$LOCKSTEP_FIXTURES`). `environment` is the run's (a command run in-process passes its own).
    public static func defaultFixture(
        named name: String = "sample",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        if let path = environment["LOCKSTEP_FIXTURES"], !path.isEmpty {
            let sample = URL(fileURLWithPath: path)
            return name == "sample" ? sample : sample.deletingLastPathComponent().appendingPathComponent(name)
        }
        var tried: [String] = []
        for fixtures in installedFixtureFolders() + [sourceFixtures] {
            let folder = fixtures.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("history.yml").path) {
                return folder
            }
            tried.append(folder.path)
        }
        throw SampleError(
            """
            cannot find the sample fixture (looked in \(tried.joined(separator: ", "))); install lockstep with its \
            resource bundle beside the binary, or set LOCKSTEP_FIXTURES to a folder with lockstep.yml and history.yml
            """)
    }

    /// `Fixtures` of this source checkout (Sources/LockstepSample/Fixtures, beside this file).
    static var sourceFixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// Where SwiftPM's resource bundle of this module can be beside the running binary (the binary's folder, its
    /// links resolved). Found by hand rather than with the generated `Bundle.module`, which stops the process when
    /// the bundle is missing: a binary copied without it must still explain itself.
    static func installedFixtureFolders() -> [URL] {
        var binaries: [URL] = []
        if let executable = Bundle.main.executableURL { binaries.append(executable) }
        if let first = CommandLine.arguments.first, first.contains("/") { binaries.append(URL(fileURLWithPath: first)) }
        var folders: [URL] = []
        for binary in binaries {
            for folder in [
                binary.deletingLastPathComponent(), binary.resolvingSymlinksInPath().deletingLastPathComponent(),
            ] {
                for bundle in ["Lockstep_LockstepSample.resources", "Lockstep_LockstepSample.bundle"] {
                    let root = folder.appendingPathComponent(bundle)
                    for candidate in [
                        root.appendingPathComponent("Fixtures"),
                        root.appendingPathComponent("Contents/Resources/Fixtures"),
                    ] where !folders.contains(candidate) {
                        folders.append(candidate)
                    }
                }
            }
        }
        return folders
    }

    /// Replays `fixture` into `destination` (created; must be empty or absent) and returns the workspace root.
    @discardableResult
    public static func materialize(fixture: URL, into destination: URL, upTo limit: Int? = nil) throws -> URL {
        let manager = FileManager.default
        if manager.fileExists(atPath: destination.path),
            let contents = try? manager.contentsOfDirectory(atPath: destination.path), !contents.isEmpty
        {
            throw SampleError("\(destination.path) is not empty; choose a new folder for the sample workspace")
        }
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        let configText = try String(contentsOf: fixture.appendingPathComponent("lockstep.yml"), encoding: .utf8)
        try configText.write(to: destination.appendingPathComponent("lockstep.yml"), atomically: true, encoding: .utf8)
        let paths = try repoPaths(fromConfig: configText)
        let history = try SampleHistory.load(from: fixture)
        var repositories: [String: Repository] = [:]
        for (index, commit) in history.commits.prefix(limit ?? Int.max).enumerated() {
            guard let relative = paths[commit.repo] else {
                throw SampleError(
                    "history.yml commit \(index + 1) names repo `\(commit.repo)`, which lockstep.yml does not declare")
            }
            let folder = destination.appendingPathComponent(relative)
            let repository = try repositories[commit.repo] ?? openOrCreate(folder)
            repositories[commit.repo] = repository
            let (id, signature) = try replay(
                commit, number: index + 1, of: "history.yml", overlays: fixture.appendingPathComponent("steps"),
                into: folder, repository: repository, hour: index)
            for tag in commit.tags ?? [] { try repository.createLightweightTag(named: tag, commit: id) }
            for tag in commit.annotated ?? [] {
                try repository.createAnnotatedTag(
                    named: tag, commit: id, message: "\(commit.repo) \(tag)\n", tagger: signature)
            }
        }
        return destination
    }

    /// Commits the edit `name` of the fixture's `edits.yml` into the replayed workspace at `workspace`, as a
    /// developer would: one commit per entry on the repo's current branch (its tree = the repo's tree + the
    /// overlay `edits/<repo>/<step>/` - delete), at fixed times after the history. Returns each commit made.
    @discardableResult
    public static func applyEdit(_ name: String, fixture: URL, workspace: URL) throws -> [(
        repo: String, message: String, commit: ObjectID
    )] {
        let configText = try String(contentsOf: fixture.appendingPathComponent("lockstep.yml"), encoding: .utf8)
        let paths = try repoPaths(fromConfig: configText)
        let history = try SampleHistory.load(from: fixture)
        let edits = try SampleHistory.load(from: fixture, file: "edits.yml").commits
        let story = edits.enumerated().filter { $0.element.edit == name }
        guard !story.isEmpty else {
            throw SampleError("\(fixture.appendingPathComponent("edits.yml").path) has no edit `\(name)`")
        }
        var made: [(repo: String, message: String, commit: ObjectID)] = []
        for (index, commit) in story {
            guard let relative = paths[commit.repo] else {
                throw SampleError(
                    "edits.yml commit \(index + 1) names repo `\(commit.repo)`, which lockstep.yml does not declare")
            }
            let folder = workspace.appendingPathComponent(relative)
            let repository = try Repository.open(at: folder.path)
            let (id, _) = try replay(
                commit, number: index + 1, of: "edits.yml", overlays: fixture.appendingPathComponent("edits"),
                into: folder, repository: repository, hour: history.commits.count + index)
            made.append((commit.repo, commit.message, id))
        }
        return made
    }

    /// One commit of `history.yml` or `edits.yml` (entry `number` of `file`): the repo's tree + the overlay
    /// `overlays/<repo>/<step>/` - delete, committed with the fixed identity `hour` hours after the epoch.
    private static func replay(
        _ commit: SampleHistory.Commit, number: Int, of file: String, overlays: URL, into folder: URL,
        repository: Repository, hour: Int
    ) throws -> (ObjectID, Signature) {
        if let step = commit.step {
            let overlay = overlays.appendingPathComponent("\(commit.repo)/\(step)")
            guard FileManager.default.fileExists(atPath: overlay.path) else {
                throw SampleError("\(file) commit \(number): overlay \(overlay.path) does not exist")
            }
            try copyOverlay(overlay, into: folder)
        }
        for file in commit.delete ?? [] {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        var signature = author
        signature.time = epoch + Int64(hour) * 3600
        return (try repository.commitWorkTree(message: commit.message, author: signature), signature)
    }

    private static func openOrCreate(_ folder: URL) throws -> Repository {
        let repository = try Repository.create(at: folder.path, initialBranch: "main")
        try repository.setConfigString("user.name", author.name)
        try repository.setConfigString("user.email", author.email)
        return repository
    }

    private static func repoPaths(fromConfig text: String) throws -> [String: String] {
        struct Entry: Decodable { var name: String; var path: String }
        struct Config: Decodable { var components: [Entry]?; var apps: [Entry]?; var specs: String? }
        let config = try YAMLDecoder().decode(Config.self, from: text)
        var paths: [String: String] = [:]
        for entry in (config.components ?? []) + (config.apps ?? []) { paths[entry.name] = entry.path }
        // The spec repo (`specs:`) is replayed too, as the repo `Specs` of history.yml.
        if let specs = config.specs { paths["Specs"] = specs }
        return paths
    }

    private static func copyOverlay(_ overlay: URL, into folder: URL) throws {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: overlay, includingPropertiesForKeys: [.isDirectoryKey]) else {
            return
        }
        let base = overlay.standardizedFileURL.path
        for case let item as URL in enumerator {
            let relative = String(item.standardizedFileURL.path.dropFirst(base.count + 1))
            let target = folder.appendingPathComponent(relative)
            if (try item.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
                try manager.createDirectory(at: target, withIntermediateDirectories: true)
            } else {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Written fresh, never copied: a copy keeps the old mtime, and a same-size change (a pin's digits)
                // would then look unchanged to the index.
                if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
                try Data(contentsOf: item).write(to: target)
            }
        }
    }
}
