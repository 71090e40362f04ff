import ArgumentParser
import Foundation
import LockstepCore
import LockstepSample

/// `lockstep demo`: the whole tool on the sample workspace from Fixtures/.
struct DemoCommand: AsyncParsableCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Replay the sample workspace into real git repos and show Lockstep at work on it.",
        discussion: "The sample (a shopping app split into components) comes from Fixtures/sample, or from $LOCKSTEP_FIXTURES; its CocoaPods and Xcode half from Fixtures/pods (or pods beside $LOCKSTEP_FIXTURES), replayed into DIR/cocoapods."
    )

    @Option(help: ArgumentHelp("Where to create the sample workspace (must be empty or absent). Default: a new temporary folder.", valueName: "dir"))
    var dir: String?

    /// `--workspace DIR`, accepted as every command accepts it: here the same as --dir.
    @Option(help: .hidden)
    var workspace: String?

    @Flag(help: "Only replay the sample workspace (print its folder) and stop: no matrix, bump or integrate.")
    var replayOnly = false

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Output format: text, or json (the workspace, both matrices, the bump and the integration as one document).")
    var format: Format = .text

    @OptionGroup var output: OutputOptions

    var jsonCommand: String? { format == .json ? "demo" : nil }

    func validate() throws {
        if let dir, let workspace, dir != workspace {
            throw ValidationError("give the folder once: either --dir or --workspace")
        }
    }

    func run() async throws {
        let destination: URL
        if let dir = dir ?? workspace {
            destination = URL(fileURLWithPath: dir).standardizedFileURL
            try Self.checkDestination(destination, as: dir)
        } else {
            // A plain, unique name people can paste into commands (no spaces).
            destination = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent("lockstep-demo-\(UUID().uuidString.prefix(8).lowercased())")
        }
        let fixture = try SampleWorkspace.defaultFixture()
        // The second world (CocoaPods components, a Podfile app, an Xcode app, a spec repo) in a folder of the first.
        let pods = destination.appendingPathComponent(Self.podsFolder)
        do {
            try SampleWorkspace.materialize(fixture: fixture, into: destination)
            try SampleWorkspace.materialize(fixture: try SampleWorkspace.defaultFixture(named: "pods"), into: pods)
        } catch let error as SampleError {
            throw CommandFailure(code: 2, message: "error: \(error)")
        }
        if replayOnly {
            if format == .json {
                Output.line(try JSONText.document("demo", DemoJSON(workspace: destination.path)))
            } else {
                Output.line(destination.path)
            }
            return
        }
        if format == .json { return try await runJSON(destination) }
        let style = Output.style
        Output.line(style.bold("Sample workspace: \(destination.path)"))
        Output.line("")
        try await Self.showWorld(destination, component: "Cart", style: style)
        Output.line("Main now pins Cart 0.1.8. Explore the workspace: lockstep check --workspace \(destination.path)")

        // The second world: one integration that builds a CocoaPods app and an Xcode app, publishes to the spec
        // repo and pins a Podfile and a project.pbxproj.
        Output.line("")
        Output.line(style.bold("CocoaPods and Xcode: \(pods.path)"))
        Output.line("Components shipped with a Package.swift and a podspec, a main app on CocoaPods (Podfile), a main app that is an")
        Output.line("Xcode project, and the team's spec repo (specs: Specs). Their builds are stand-ins here: see each app's build.sh.")
        Output.line("")
        try await Self.showWorld(pods, component: "Payments", style: style)
        Output.line("PodShop (Podfile) and XcodeShop (project.pbxproj) now pin Payments 1.0.1, and the spec repo serves it. Explore: lockstep check --workspace \(pods.path)")
    }

    /// The folder of the first workspace holding the second (CocoaPods and Xcode).
    static let podsFolder = "cocoapods"

    /// One world's steps in text, as the commands print them: matrix, bump, integrate, matrix.
    static func showWorld(_ folder: URL, component: String, style: Style) async throws {
        let config = try WorkspaceConfig.load(from: folder.appendingPathComponent(WorkspaceConfig.fileName))
        Output.line(style.bold("$ lockstep matrix"))
        Output.line(try MatrixReport.build(SnapshotLoader.load(config)).table(style: style))

        Output.line("")
        Output.line(style.bold("$ lockstep bump \(component)"))
        let plan = try BumpCommand.bump(component, requested: nil, dryRun: false, snapshot: SnapshotLoader.load(config))
        Output.line("\(plan.summary) tagged at \(plan.commit.short)")

        Output.line("")
        Output.line(style.bold("$ lockstep integrate \(component)"))
        let display = ProgressDisplay()
        _ = try await IntegrateCommand.integrate([component], with: Integrator(config: config) { display.show($0) }, display: display)

        Output.line("")
        Output.line(style.bold("$ lockstep matrix"))
        Output.line(try MatrixReport.build(SnapshotLoader.load(config)).table(style: style))
        Output.line("")
    }

    /// The demo's steps as one JSON document; progress and step lines go to stderr.
    func runJSON(_ destination: URL) async throws {
        var json = try await Self.world(destination, component: "Cart")
        let pods = try await Self.world(destination.appendingPathComponent(Self.podsFolder), component: "Payments")
        json.cocoapods = DemoJSONPart(workspace: pods.workspace, matrixBefore: pods.matrixBefore, bump: pods.bump,
                                      integrate: pods.integrate, matrixAfter: pods.matrixAfter)
        Output.line(try JSONText.document("demo", json))
    }

    /// One world's steps (matrix, bump, integrate, matrix) as JSON; progress and step lines go to stderr.
    static func world(_ folder: URL, component: String) async throws -> DemoJSON {
        let config = try WorkspaceConfig.load(from: folder.appendingPathComponent(WorkspaceConfig.fileName))
        var json = DemoJSON(workspace: folder.path)
        json.matrixBefore = try MatrixReport.build(SnapshotLoader.load(config)).json
        let plan = try BumpCommand.bump(component, requested: nil, dryRun: false, snapshot: SnapshotLoader.load(config))
        json.bump = BumpJSON(plan, dryRun: false)
        let display = ProgressDisplay(linesToStderr: true)
        let integrator = Integrator(config: config) { display.show($0) }
        let result = try await IntegrateCommand.integrate([component], with: integrator, display: display)
        json.integrate = IntegrateJSON(plan: result.plan, outcomes: result.outcomes, released: integrator.releasedTags,
                                       pinCommits: result.pinCommits.mapValues(\.hex))
        json.matrixAfter = try MatrixReport.build(SnapshotLoader.load(config)).json
        return json
    }

    /// Refuses a `--dir` that is a file or a folder with something in it, before anything is written: the
    /// demo never writes into, or deletes, a folder it did not create.
    static func checkDestination(_ destination: URL, as given: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw CommandFailure(code: 2, message: "error: --dir \(given) is a file; give a new or empty folder for the sample workspace")
        }
        let contents: [String]
        do { contents = try manager.contentsOfDirectory(atPath: destination.path) } catch {
            throw CommandFailure(code: 2, message: "error: --dir \(given) cannot be read (\(FileErrorText.reason(error))); give a new or empty folder")
        }
        guard !contents.isEmpty else { return }
        if contents.contains(WorkspaceConfig.fileName) {
            throw CommandFailure(code: 2, message: "error: --dir \(given) already holds a workspace (an earlier demo?); Lockstep does not delete folders. Remove it yourself (rm -rf \(destination.path)) or give a new folder")
        }
        throw CommandFailure(code: 2, message: "error: --dir \(given) is not empty; give a new or empty folder for the sample workspace")
    }
}

/// `demo --format json` (schema: docs/json/demo.md): each step's own document body, in order.
struct DemoJSON: Codable {
    /// The sample workspace's folder.
    var workspace: String
    var matrixBefore: MatrixJSON?
    var bump: BumpJSON?
    var integrate: IntegrateJSON?
    var matrixAfter: MatrixJSON?
    /// The same steps on the CocoaPods and Xcode half (`integrate Payments`), in `<workspace>/cocoapods`.
    var cocoapods: DemoJSONPart?
}

/// The second world's part of `demo --format json`: the first's fields, without a nested world.
struct DemoJSONPart: Codable {
    var workspace: String
    var matrixBefore: MatrixJSON?
    var bump: BumpJSON?
    var integrate: IntegrateJSON?
    var matrixAfter: MatrixJSON?
}
