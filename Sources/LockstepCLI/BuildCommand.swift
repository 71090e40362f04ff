import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep build APP --plan PLAN`: one app build of a planned integration, on any clone of the workspace.
struct BuildCommand: ParsableCommand, ConsoleCommand, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build one app of a plan written by `integrate --plan-out` (a CI job per app), and write its result.",
        discussion: """
            Refuses (exit 2) when this clone does not hold what was planned: other commits, a missing rc tag, another \
            lockstep.yml. The build runs exactly as in `integrate`: a copy of the app pinned to the plan's versions, \
            built against mirrors in which the candidates are already released. Exit 0 green, 1 red. \
            Example: `lockstep build Main --plan plan.json --result-out main.json`.
            """
    )

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The app to build.")
    var app: String

    @Option(help: ArgumentHelp("The plan file (`integrate --plan-out`).", valueName: "file"))
    var plan: String

    @Option(help: ArgumentHelp("Where to write the result for `integrate --finish`.", valueName: "file"))
    var resultOut: String

    @Option(help: "Kill the build after this many seconds (1 to 604800).")
    var timeout: Int = 1800

    @Flag(help: "Build even when the same inputs built green before.")
    var noCache = false

    func validate() throws {
        if timeout <= 0 || timeout > IntegrateCommand.maximumTimeout {
            throw ValidationError(
                """
                --timeout must be a number of seconds from 1 to \(IntegrateCommand.maximumTimeout) (a week), not \
                \(timeout)
                """
            )
        }
    }

    func run(console: Console) async throws {
        let phases = console.phases
        var settings = IntegrationOptions()
        settings.timeoutSeconds = timeout
        settings.useCache = !noCache
        settings.environment = console.environment
        settings.temporaryDirectory = console.temporaryDirectory
        let display = ProgressDisplay(console: console, linesToStderr: false)
        let planned = try phases.prepareBuild(
            app, plan: plan, resultOut: resultOut,
            integrator: try {
                let config = try options.loadConfig(console)
                return (Integrator(config: config, options: settings) { display.show($0) }, config)
            }())
        let signals = SignalTrap.install(for: console)
        defer { withExtendedLifetime(signals) {} }
        let outcome = try await phases.wrapAsync { try await planned.integrator.buildOne(app, plan: planned.plan) }
        display.clear()
        let result = try phases.writeResult(
            outcome, of: planned, toolchain: planned.integrator.toolchain, to: resultOut)
        console.line("\(app): \(outcome.statusText); wrote \(resultOut)")
        if !result.isGreen {
            throw CommandFailure(
                code: 1, message: "error: \(app) failed: \(outcome.statusText) (log: \(outcome.log.path))")
        }
    }
}

/// `lockstep plan PLAN --format github-matrix|gitlab|json`: a plan's builds as CI jobs.
struct PlanCommand: ParsableCommand, ConsoleCommand, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract:
            """
            Print the builds of a plan (`integrate --plan-out`) as a GitHub Actions matrix, a GitLab child \
            pipeline, or JSON.
            """,
        discussion: """
            github-matrix: the object for `strategy.matrix` \
            (`{"include":[{"app":…,"role":…,"key":…,"runner":"linux"|"macos"}]}`, macos \
            for an app whose build command runs xcodebuild, xcrun, CocoaPods or fastlane), one job per \
            build; pass it on with `fromJSON(needs.plan.outputs.matrix)`. gitlab: the jobs of a child pipeline, to \
            append to \
            the job templates of ci/pipelines/gitlab-child.yml (`.lockstep-build`, `.lockstep-macos`, \
            `.lockstep-finish`): one \
            build job per app (LOCKSTEP_APP names it; an xcodebuild app also extends .lockstep-macos) and one finish \
            job that \
            needs them all. The plan itself is not changed; it holds all it prints, so --workspace (accepted like \
            every command's) is only checked to hold a lockstep.yml.
            """
    )

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case githubMatrix = "github-matrix", gitlab, json }

    @Argument(help: "The plan file.")
    var plan: String

    @Option(help: "github-matrix, gitlab or json.")
    var format: Format = .json

    func run(console: Console) async throws {
        // The same --workspace as every command: a folder without lockstep.yml is a mistake worth saying.
        if options.workspace != nil { _ = try options.loadConfig(console) }
        let (written, _) = try console.phases.read(PhasePlan.self, command: "plan", from: plan)
        switch format {
        case .json:
            console.line(try JSONText.document("plan", written))
        case .githubMatrix:
            console.line(try CIJobs.githubMatrix(written))
        case .gitlab:
            console.line(CIJobs.gitlabJobs(written))
        }
    }
}
