import Foundation
import LockstepSample

/// What `lockstep demo` does besides printing: the sample workspace of Fixtures/ replayed into real git repos (its
/// CocoaPods and Xcode half in a folder of it), and each world's steps (matrix, bump, integrate, matrix).
public struct DemoWorkspace {
    /// The folder of the first workspace holding the second (CocoaPods and Xcode).
    public static let podsFolder = "cocoapods"

    /// The sample workspace (Swift packages, a shell app and a main app).
    public let root: URL
    /// The CocoaPods and Xcode half, in `root`.
    public var pods: URL { root.appendingPathComponent(Self.podsFolder) }

    /// A new folder in `temporaryDirectory` with a plain, unique name people can paste into commands (no spaces).
    public static func newFolder(in temporaryDirectory: URL) -> URL {
        temporaryDirectory.appendingPathComponent("lockstep-demo-\(UUID().uuidString.prefix(8).lowercased())")
    }

    /// Replays both fixtures (`$LOCKSTEP_FIXTURES` of `environment`, else Fixtures/ of the checkout) into `root`.
    public static func replay(into root: URL, environment: [String: String]) throws -> DemoWorkspace {
        let fixture = try SampleWorkspace.defaultFixture(environment: environment)
        let demo = DemoWorkspace(root: root)
        do {
            try SampleWorkspace.materialize(fixture: fixture, into: root)
            try SampleWorkspace.materialize(
                fixture: try SampleWorkspace.defaultFixture(named: "pods", environment: environment), into: demo.pods)
        } catch let error as SampleError {
            throw CommandFailure(code: 2, message: "error: \(error)")
        }
        return demo
    }

    /// Refuses a `--dir` that is a file or a folder with something in it, before anything is written: the
    /// demo never writes into, or deletes, a folder it did not create.
    public static func checkDestination(_ destination: URL, as given: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw CommandFailure(
                code: 2, message: "error: --dir \(given) is a file; give a new or empty folder for the sample workspace"
            )
        }
        let contents: [String]
        do { contents = try manager.contentsOfDirectory(atPath: destination.path) } catch {
            throw CommandFailure(
                code: 2,
                message:
                    "error: --dir \(given) cannot be read (\(FileErrorText.reason(error))); give a new or empty folder")
        }
        guard !contents.isEmpty else { return }
        if contents.contains(WorkspaceConfig.fileName) {
            throw CommandFailure(
                code: 2,
                message:
                    """
                    error: --dir \(given) already holds a workspace (an earlier demo?); Lockstep does not delete \
                    folders. Remove it yourself (rm -rf \(destination.path)) or give a new folder
                    """
            )
        }
        throw CommandFailure(
            code: 2, message: "error: --dir \(given) is not empty; give a new or empty folder for the sample workspace")
    }

    /// The workspace file of a world (`root` or `pods`).
    public static func config(of world: URL) throws -> WorkspaceConfig {
        try WorkspaceConfig.load(from: world.appendingPathComponent(WorkspaceConfig.fileName))
    }

    /// One world's steps as JSON: matrix, bump `component`, integrate it (through `integrate`, which shows the
    /// progress), matrix again.
    public static func world(
        _ folder: URL, component: String, options: IntegrationOptions,
        matrix: (WorkspaceSnapshot) throws -> Matrix = { try MatrixPipeline.build($0) },
        integrate: ([String], Integrator) async throws -> IntegrationResult,
        events: @escaping @Sendable (IntegrationEvent) -> Void
    ) async throws -> DemoJSON {
        let config = try config(of: folder)
        var json = DemoJSON(workspace: folder.path)
        json.matrixBefore = try matrix(SnapshotLoader.load(config)).json
        let plan = try Bumper.bump(component, requested: nil, dryRun: false, snapshot: SnapshotLoader.load(config))
        json.bump = BumpJSON(plan, dryRun: false)
        let integrator = Integrator(config: config, options: options, events: events)
        let result = try await integrate([component], integrator)
        json.integrate = IntegrateJSON(
            plan: result.plan, outcomes: result.outcomes, released: integrator.releasedTags,
            pinCommits: result.pinCommits.mapValues(\.hex))
        json.matrixAfter = try matrix(SnapshotLoader.load(config)).json
        return json
    }
}

/// `demo --format json` (schema: docs/json/demo.md): each step's own document body, in order.
public struct DemoJSON: Codable, Sendable {
    /// The sample workspace's folder.
    public var workspace: String
    public var matrixBefore: MatrixJSON?
    public var bump: BumpJSON?
    public var integrate: IntegrateJSON?
    public var matrixAfter: MatrixJSON?
    /// After the release: a protocol set gains a requirement (DemoStory.protocolSet).
    public var protocolSet: DemoStoryJSON?
    /// The same steps on the CocoaPods and Xcode half (`integrate Payments`), in `<workspace>/cocoapods`, and its
    /// Objective-C story (DemoStory.objectiveC).
    public var cocoapods: DemoJSONPart?

    public init(workspace: String) {
        self.workspace = workspace
    }
}

/// The second world's part of `demo --format json`: the first's fields, without a nested world.
public struct DemoJSONPart: Codable, Sendable {
    public var workspace: String
    public var matrixBefore: MatrixJSON?
    public var bump: BumpJSON?
    public var integrate: IntegrateJSON?
    public var matrixAfter: MatrixJSON?
    /// After the release: an Objective-C protocol gains a `@required` method its implementation lacks
    /// (DemoStory.objectiveC).
    public var protocolSet: DemoStoryJSON?

    public init(_ world: DemoJSON) {
        workspace = world.workspace
        matrixBefore = world.matrixBefore
        bump = world.bump
        integrate = world.integrate
        matrixAfter = world.matrixAfter
    }
}
