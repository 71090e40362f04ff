import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep demo`: the whole tool on the sample workspace from Fixtures/.
struct DemoCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Replay the sample workspace into real git repos and show Lockstep at work on it.",
        discussion:
            """
            The sample (a shopping app split into components) comes from Fixtures/sample, or from \
            $LOCKSTEP_FIXTURES; its CocoaPods and Xcode half from Fixtures/pods (or pods beside \
            $LOCKSTEP_FIXTURES), replayed into DIR/cocoapods.
            """
    )

    @Option(
        help: ArgumentHelp(
            "Where to create the sample workspace (must be empty or absent). Default: a new temporary folder.",
            valueName: "dir"))
    var dir: String?

    /// `--workspace DIR`, accepted as every command accepts it: here the same as --dir.
    @Option(help: .hidden)
    var workspace: String?

    @Flag(help: "Only replay the sample workspace (print its folder) and stop: no matrix, bump or integrate.")
    var replayOnly = false

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(
        help:
            "Output format: text, or json (the workspace, both matrices, the bump and the integration as one document)."
    )
    var format: Format = .text

    @OptionGroup var output: OutputOptions

    var jsonCommand: String? { format == .json ? "demo" : nil }

    func validate() throws {
        if let dir, let workspace, dir != workspace {
            throw ValidationError("give the folder once: either --dir or --workspace")
        }
    }

    func run(console: Console) async throws {
        let destination: URL
        if let dir = dir ?? workspace {
            destination = console.url(dir)
            try DemoWorkspace.checkDestination(destination, as: dir)
        } else {
            destination = DemoWorkspace.newFolder(in: console.temporaryDirectory)
        }
        let demo = try DemoWorkspace.replay(into: destination, environment: console.environment)
        if replayOnly {
            if format == .json {
                console.line(try JSONText.document("demo", DemoJSON(workspace: destination.path)))
            } else {
                console.line(destination.path)
            }
            return
        }
        if format == .json { return try await runJSON(demo, console: console) }
        let style = console.style
        console.line(style.bold("Sample workspace: \(destination.path)"))
        console.line("")
        try await Self.showWorld(destination, component: "Cart", console: console)
        console.line("Main now pins Cart 0.1.8.")
        console.line("")
        _ = try await Self.showStory(.protocolSet, demo, console: console, text: true)
        console.line("Explore the workspace: lockstep check --workspace \(destination.path)")

        // The second world: one integration that builds a CocoaPods app and an Xcode app, publishes to the spec
        // repo and pins a Podfile and a project.pbxproj.
        console.line("")
        console.line(style.bold("CocoaPods and Xcode: \(demo.pods.path)"))
        for line in [
            "Components shipped with a Package.swift and a podspec, Objective-C pods (a podspec only), a main app on",
            "CocoaPods (Podfile), a main app that is an Xcode project, and the team's spec repo (specs: Specs). Their",
            "builds are stand-ins here: see each app's build.sh.",
        ] {
            console.line(line)
        }
        console.line("")
        try await Self.showWorld(demo.pods, component: "Payments", console: console)
        console.line(
            "PodShop (Podfile) and XcodeShop (project.pbxproj) now pin Payments 1.0.1, and the spec repo serves it.")
        console.line("")
        _ = try await Self.showStory(.objectiveC, demo, console: console, text: true)
        console.line("Explore: lockstep check --workspace \(demo.pods.path)")
    }

    /// One world's steps in text, as the commands print them: matrix, bump, integrate, matrix.
    static func showWorld(_ folder: URL, component: String, console: Console) async throws {
        let style = console.style
        let config = try DemoWorkspace.config(of: folder)
        console.line(style.bold("$ lockstep matrix"))
        console.line(try console.matrix(SnapshotLoader.load(config)).table(style: style))

        console.line("")
        console.line(style.bold("$ lockstep bump \(component)"))
        let plan = try Bumper.bump(component, requested: nil, dryRun: false, snapshot: SnapshotLoader.load(config))
        console.line("\(plan.summary) tagged at \(plan.commit.short)")

        console.line("")
        console.line(style.bold("$ lockstep integrate \(component)"))
        let display = ProgressDisplay(console: console)
        let integrator = Integrator(config: config, options: options(console)) { display.show($0) }
        _ = try await IntegrationRun.integrate([component], with: integrator, display: display, console: console)

        console.line("")
        console.line(style.bold("$ lockstep matrix"))
        console.line(try console.matrix(SnapshotLoader.load(config)).table(style: style))
        console.line("")
    }

    /// The demo's steps as one JSON document; progress and step lines go to stderr.
    func runJSON(_ demo: DemoWorkspace, console: Console) async throws {
        var json = try await Self.world(demo.root, component: "Cart", console: console)
        json.protocolSet = try await Self.showStory(.protocolSet, demo, console: console, text: false)
        var pods = DemoJSONPart(try await Self.world(demo.pods, component: "Payments", console: console))
        pods.protocolSet = try await Self.showStory(.objectiveC, demo, console: console, text: false)
        json.cocoapods = pods
        console.line(try JSONText.document("demo", json))
    }

    /// One world's steps (matrix, bump, integrate, matrix) as JSON; progress and step lines go to stderr.
    static func world(_ folder: URL, component: String, console: Console) async throws -> DemoJSON {
        let display = ProgressDisplay(console: console, linesToStderr: true)
        return try await DemoWorkspace.world(
            folder, component: component, options: options(console), matrix: { try console.matrix($0) },
            integrate: { candidates, integrator in
                try await IntegrationRun.integrate(candidates, with: integrator, display: display, console: console)
            }, events: { display.show($0) })
    }

    /// The integration settings of the demo's runs: the defaults, in the run's environment.
    static func options(_ console: Console) -> IntegrationOptions {
        var options = IntegrationOptions()
        options.environment = console.environment
        options.temporaryDirectory = console.temporaryDirectory
        return options
    }
}
