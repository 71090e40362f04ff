import Foundation
import LockstepSample

/// Runs the built `lockstep` binary, as users do.
public enum Lockstep {
    /// The `lockstep` executable next to the test bundle.
    public static let executable: URL = {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first { candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in candidates {
            let url = folder.appendingPathComponent("lockstep")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("cannot find the lockstep binary near \(candidates.map(\.path)); run `swift build` first")
    }()

    /// Runs `lockstep args…` in `folder` with NO_COLOR unless `environment` says otherwise.
    @discardableResult
    public static func run(_ arguments: [String], in folder: URL? = nil, environment extra: [String: String] = [:]) throws -> ProcessResult {
        var environment = GitCLI.environment()
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        return try ProcessRunner.run(executable.path, arguments, in: folder, environment: environment)
    }

    /// Replays the sample workspace of Fixtures/ (`named: "pods"`: its CocoaPods and Xcode half) into `ws` of a new
    /// temporary folder.
    public static func sampleWorkspace(named name: String = "sample") throws -> TemporaryFolder {
        let folder = try TemporaryFolder("lockstep-sample")
        try SampleWorkspace.materialize(fixture: SampleWorkspace.defaultFixture(named: name), into: folder.url.appendingPathComponent("ws"))
        return folder
    }
}
