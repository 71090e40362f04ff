import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep build APP --plan PLAN`: one app build of a planned integration, on any clone of the workspace.
struct BuildCommand: AsyncParsableCommand, OutputConfigurable {
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
            throw ValidationError("--timeout must be a number of seconds from 1 to \(IntegrateCommand.maximumTimeout) (a week), not \(timeout)")
        }
    }

    func run() async throws {
        let (written, bytes) = try PhaseFiles.read(PhasePlan.self, command: "plan", from: plan)
        guard let entry = written.builds.first(where: { $0.name == app }) else {
            throw CommandFailure(code: 2, message: "error: \(plan) plans no build of \(app); it plans \(written.builds.map(\.name).joined(separator: ", "))")
        }
        let folder = URL(fileURLWithPath: resultOut).deletingLastPathComponent()
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw CommandFailure(code: 2, message: "error: --result-out \(resultOut): the folder \(folder.path) does not exist or is not writable; nothing was built")
        }
        let config = try options.loadConfig()
        var settings = IntegrationOptions()
        settings.timeoutSeconds = timeout
        settings.useCache = !noCache
        let display = ProgressDisplay(linesToStderr: false)
        let integrator = Integrator(config: config, options: settings) { display.show($0) }
        let (current, phases) = try wrap { try PhaseFiles.currentPlan(integrator, arguments: written.arguments, config: config) }
        try PhaseFiles.requireMatch(written, phases, path: plan)
        let signals = SignalTrap.install()
        defer { withExtendedLifetime(signals) {} }
        let outcome = try await wrapAsync { try await integrator.buildOne(app, plan: current) }
        display.clear()
        let result = PhaseResult(planDigest: PhasePlan.digest(of: bytes), name: app, key: entry.key, status: outcome.status.name,
                                 seconds: (outcome.seconds * 10).rounded() / 10, log: outcome.log.path, toolchain: Toolchain.versionLine,
                                 versions: phases.builds.first { $0.name == app }?.versions ?? [])
        try PhaseFiles.write(result, command: "build", to: resultOut)
        Output.line("\(app): \(outcome.statusText); wrote \(resultOut)")
        if !result.isGreen { throw CommandFailure(code: 1, message: "error: \(app) failed: \(outcome.statusText) (log: \(outcome.log.path))") }
    }

    func wrap<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as IntegrationError { throw IntegrationText.failure(error) }
    }

    func wrapAsync<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as IntegrationError { throw IntegrationText.failure(error) }
    }
}

/// `lockstep plan PLAN --format github-matrix|gitlab|json`: a plan's builds as CI jobs.
struct PlanCommand: ParsableCommand, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the builds of a plan (`integrate --plan-out`) as a GitHub Actions matrix, a GitLab child pipeline, or JSON.",
        discussion: """
            github-matrix: the object for `strategy.matrix` (`{"include":[{"app":…,"role":…,"key":…,"runner":"linux"|"macos"}]}`, macos \
            for an app whose build command runs xcodebuild, xcrun, CocoaPods or fastlane), one job per \
            build; pass it on with `fromJSON(needs.plan.outputs.matrix)`. gitlab: the jobs of a child pipeline, to append to \
            the job templates of ci/pipelines/gitlab-child.yml (`.lockstep-build`, `.lockstep-macos`, `.lockstep-finish`): one \
            build job per app (LOCKSTEP_APP names it; an xcodebuild app also extends .lockstep-macos) and one finish job that \
            needs them all. The plan itself is not changed; it holds all it prints, so --workspace (accepted like \
            every command's) is only checked to hold a lockstep.yml.
            """
    )

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case githubMatrix = "github-matrix", gitlab, json }

    /// True for a build command that needs Apple's tools: xcodebuild or xcrun, CocoaPods (`pod install`), fastlane.
    static func needsMacOS(_ command: String) -> Bool {
        let words = command.split(whereSeparator: { " \t;&|()".contains($0) }).map(String.init)
        return words.contains { ["xcodebuild", "xcrun", "fastlane"].contains($0) }
            || zip(words, words.dropFirst()).contains { $0 == "pod" && ["install", "update"].contains($1) }
    }

    @Argument(help: "The plan file.")
    var plan: String

    @Option(help: "github-matrix, gitlab or json.")
    var format: Format = .json

    func run() throws {
        // The same --workspace as every command: a folder without lockstep.yml is a mistake worth saying.
        if options.workspace != nil { _ = try options.loadConfig() }
        let (written, _) = try PhaseFiles.read(PhasePlan.self, command: "plan", from: plan)
        switch format {
        case .json:
            Output.line(try JSONText.document("plan", written))
        case .githubMatrix:
            // `runner`: macos for an xcodebuild app (`runs-on: ${{ matrix.runner == 'macos' && 'macos-15' || 'ubuntu-24.04' }}`).
            let include = written.builds.map {
                ["app": $0.name, "role": $0.role, "key": String($0.key.prefix(16)), "runner": Self.needsMacOS($0.command) ? "macos" : "linux"]
            }
            let data = try JSONSerialization.data(withJSONObject: ["include": include], options: [.sortedKeys])
            Output.line(String(decoding: data, as: UTF8.self))
        case .gitlab:
            Output.line(Self.gitlabJobs(written))
        }
    }
}

extension PlanCommand {
    /// A plan's builds as GitLab jobs extending the templates of ci/pipelines/gitlab-child.yml: `lockstep-build-<app>`
    /// per app, then `lockstep-finish`, which needs the plan job of the parent pipeline and every build job.
    static func gitlabJobs(_ plan: PhasePlan) -> String {
        var lines = ["", "# Generated by `lockstep plan --format gitlab`: one job per planned app build, then the finish."]
        var jobs: [String] = []
        for build in plan.builds {
            let base = "lockstep-build-" + build.name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
            var job = base
            var suffix = 2
            while jobs.contains(job) { job = "\(base)-\(suffix)"; suffix += 1 }
            jobs.append(job)
            let templates = Self.needsMacOS(build.command) ? ".lockstep-build, .lockstep-macos" : ".lockstep-build"
            lines += ["\(job):", "  extends: [\(templates)]", "  variables:", "    LOCKSTEP_APP: \(YAMLText.quoted(build.name))"]
        }
        lines += ["lockstep-finish:", "  extends: [.lockstep-finish]", "  needs:", "    - pipeline: $PARENT_PIPELINE_ID", "      job: lockstep-plan"]
        lines += jobs.map { "    - \($0)" }
        return lines.joined(separator: "\n")
    }
}
