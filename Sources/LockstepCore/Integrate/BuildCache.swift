import Foundation
import LockstepGit

/// Remembers builds that went green, keyed by everything that decides their result.
///
/// Lives under `<workspace>/.lockstep/cache/`; one small file per green build. Failed builds are never recorded.
public struct BuildCache: Sendable {
    public let folder: URL

    public init(workspace: URL) {
        folder = workspace.appendingPathComponent(".lockstep/cache/green-builds")
    }

    /// The key of a build: app commit, every pinned version with its commit, the command and the toolchain.
    public static func key(for build: AppBuild, toolchain: String) -> String {
        var text = "app \(build.app.name) \(build.commit.hex)\ncommand \(build.app.build)\ntoolchain \(toolchain)\n"
        for version in build.versions.sorted(by: { $0.component < $1.component }) {
            text += "pin \(version.component) \(version.version) \(version.commit.hex)\n"
        }
        return ObjectID.hash(of: Data(text.utf8)).hex
    }

    public func isGreen(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path)
    }

    public func recordGreen(_ key: String, build: AppBuild) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let note =
            "\(build.app.name) at \(build.commit.hex) built green \(ISO8601DateFormatter().string(from: Date()))\n"
        try? note.write(to: folder.appendingPathComponent(key), atomically: true, encoding: .utf8)
    }
}
