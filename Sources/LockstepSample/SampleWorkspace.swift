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

    /// The sample fixture folder: `$LOCKSTEP_FIXTURES`, else `Fixtures/sample` of this source checkout.
    /// `named: "pods"` is the CocoaPods and Xcode half beside it (`Fixtures/pods`, or `pods` next to
    /// `$LOCKSTEP_FIXTURES`). `environment` is the run's (a command run in-process passes its own).
    public static func defaultFixture(named name: String = "sample",
                                      environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        if let path = environment["LOCKSTEP_FIXTURES"], !path.isEmpty {
            let sample = URL(fileURLWithPath: path)
            return name == "sample" ? sample : sample.deletingLastPathComponent().appendingPathComponent(name)
        }
        // Sources/LockstepSample/SampleWorkspace.swift → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fixtures/\(name)")
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("history.yml").path) else {
            throw SampleError("cannot find the sample fixture at \(folder.path); set LOCKSTEP_FIXTURES to a folder with lockstep.yml and history.yml")
        }
        return folder
    }

    /// Replays `fixture` into `destination` (created; must be empty or absent) and returns the workspace root.
    @discardableResult
    public static func materialize(fixture: URL, into destination: URL, upTo limit: Int? = nil) throws -> URL {
        let manager = FileManager.default
        if manager.fileExists(atPath: destination.path),
           let contents = try? manager.contentsOfDirectory(atPath: destination.path), !contents.isEmpty {
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
                throw SampleError("history.yml commit \(index + 1) names repo `\(commit.repo)`, which lockstep.yml does not declare")
            }
            let folder = destination.appendingPathComponent(relative)
            let repository = try repositories[commit.repo] ?? openOrCreate(folder)
            repositories[commit.repo] = repository
            if let step = commit.step {
                let overlay = fixture.appendingPathComponent("steps/\(commit.repo)/\(step)")
                guard manager.fileExists(atPath: overlay.path) else {
                    throw SampleError("history.yml commit \(index + 1): overlay \(overlay.path) does not exist")
                }
                try copyOverlay(overlay, into: folder)
            }
            for file in commit.delete ?? [] {
                try manager.removeItem(at: folder.appendingPathComponent(file))
            }
            var signature = author
            signature.time = epoch + Int64(index) * 3600
            let id = try repository.commitWorkTree(message: commit.message, author: signature)
            for tag in commit.tags ?? [] { try repository.createLightweightTag(named: tag, commit: id) }
            for tag in commit.annotated ?? [] {
                try repository.createAnnotatedTag(named: tag, commit: id, message: "\(commit.repo) \(tag)\n", tagger: signature)
            }
        }
        return destination
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
        guard let enumerator = manager.enumerator(at: overlay, includingPropertiesForKeys: [.isDirectoryKey]) else { return }
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
