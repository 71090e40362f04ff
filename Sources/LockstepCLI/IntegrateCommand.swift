import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep integrate`: the CI gate.
struct IntegrateCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "integrate",
        abstract:
            """
            Build the shell and main apps against release candidates; on success tag the releases and pin them in \
            main.
            """,
        discussion: """
            Candidates are the named components' newest release candidates, or the versions given \
            (Cart@0.1.8-rc.2). The rules run first on the workspace as it would be after the release; then every \
            app whose graph contains a candidate is built (shells first) from a copy of its HEAD, pinned to main's \
            versions, against temporary mirrors in which the candidates are already released. Your checkouts are \
            not touched until every build is green. Logs go to <workspace>/.lockstep/logs/.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var pushing: PushOptions
    @OptionGroup var phases: PhaseOptions

    @Argument(
        help: ArgumentHelp("Components to integrate, optionally with a version.", valueName: "component[@version]"),
        completion: ComponentCompletion.kind)
    var candidates: [String] = []

    @Option(
        help:
            "Output format: text, or json (the plan or the outcome as one document on stdout; progress goes to stderr)."
    )
    var format: Format = .text

    var jsonCommand: String? { format == .json ? "integrate" : nil }

    @Flag(help: "Print the plan (candidates, rules, apps, pins, build commands) and run nothing.")
    var dryRun = false

    @Option(
        help: ArgumentHelp(
            "Write a JUnit XML report (one case per rule and per app build) to this file.", valueName: "file"))
    var report: String?

    @Option(
        help: "Kill a build that runs longer than this many seconds (with its child processes); 1 to 604800 (a week).")
    var timeout: Int = 1800

    /// The longest `--timeout`: a week is longer than any build, and lock waits derived from it stay far from overflow.
    static let maximumTimeout = 604_800

    @Option(
        help: ArgumentHelp(
            """
            How many app builds run at once, shells and mains alike (default: the number of cores; 1 builds one \
            after another, shells first).
            """,
            valueName: "n"))
    var jobs: Int?

    @Flag(help: "Build even when the same inputs built green before.")
    var noCache = false

    @Flag(
        help: ArgumentHelp(
            """
            Build nothing: every app's build must already be green for these exact inputs (the cache, or the results \
            --finish was given); an app that needs a build stops the run. For a finish job on a runner that cannot \
            build \
            every app (xcodebuild on Linux) when another integration moved main since the plan.
            """))
    var noBuild = false

    @Flag(help: "Allow a candidate older than the version a main app already pins (a downgrade); refused without it.")
    var allowDowngrade = false

    func validate() throws {
        if timeout <= 0 || timeout > Self.maximumTimeout {
            throw ValidationError(
                "--timeout must be a number of seconds from 1 to \(Self.maximumTimeout) (a week), not \(timeout)")
        }
        if candidates.isEmpty {
            throw ValidationError(
                phases.finish == nil
                    ? "name at least one component to integrate (e.g. `lockstep integrate Cart`)"
                    : "--finish needs the `lockstep build` result files, one per planned build")
        }
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs must be from 1 to 64, not \(jobs)")
        }
    }

    func run(console: Console) async throws {
        if let report { try Self.checkReportPath(report, in: console) }
        let config = try options.loadConfig(console)
        var settings = IntegrationOptions()
        settings.timeoutSeconds = timeout
        settings.useCache = !noCache
        settings.buildsAllowed = !noBuild
        settings.allowDowngrade = allowDowngrade
        if let jobs { settings.jobs = jobs }
        settings.environment = console.environment
        settings.temporaryDirectory = console.temporaryDirectory
        let display = ProgressDisplay(console: console, linesToStderr: format == .json)
        let integrator = Integrator(config: config, options: settings) { display.show($0) }
        if let planOut = phases.planOut {
            return try writePlan(planOut, integrator: integrator, config: config, console: console)
        }
        let arguments =
            try phases.finish.map { try finishPlan($0, integrator: integrator, config: config, console: console) }
            ?? candidates
        if dryRun, format == .json {
            return try dryRunJSON(integrator, config: config, console: console)
        }
        if format == .json {
            return try await runJSON(
                integrator, config: config, display: display, arguments: arguments, console: console)
        }
        if dryRun {
            // The same checks in the same order as the run (state folders, plan, rules, checkouts, candidates) and
            // the same error text: a dry run that passes means the run would start building.
            try WorkspaceState.requireRealFolders(in: config.root)
            let plan = try wrap(console) { try integrator.plan(candidates) }
            console.line(IntegrationText.plan(plan))
            try writeReport(plan: plan, outcomes: [], console: console)
            let completing = plan.candidates.filter(\.isAlreadyReleased).map {
                "\($0.component.name) \($0.releaseTagName)"
            }
            do {
                try integrator.preflight(plan)
            } catch let error as IntegrationError {
                throw IntegrationText.failure(
                    error, style: console.errorStyle, released: completing,
                    rerun: IntegrationText.rerunCommand(candidates))
            }
            try checkRemotesForPush(plan, config: config, console: console)
            return
        }
        let (result, _) = try await integrateAndPublish(
            integrator, config: config, display: display, arguments: arguments,
            console: console
        ) { plan, outcomes in
            try? writeReport(plan: plan, outcomes: outcomes, console: console)
        }
        try writeReport(plan: result.plan, outcomes: result.outcomes, console: console)
        console.line(
            console.style.green("Integrated: ")
                + result.plan.candidates.map { "\($0.component.name) \($0.release)" }.joined(separator: ", "))
    }

    /// `--dry-run --format json`: one document with the plan, and `error` when the real run would refuse.
    func dryRunJSON(_ integrator: Integrator, config: WorkspaceConfig, console: Console) throws {
        let plan = try wrap(console) { try integrator.plan(candidates) }
        var refusal: CommandFailure?
        if plan.errors.isEmpty {
            do {
                try wrap(console) { try integrator.checkMainApps(plan) }
                try checkRemotesForPush(plan, config: config, console: console)
            } catch let failure as CommandFailure { refusal = failure }
        } else {
            refusal = IntegrationText.failure(.rules(plan.errors), style: console.errorStyle)
        }
        let error = refusal.map {
            JSONError(message: Console.withoutColour(LockstepCommand.withoutErrorPrefix($0.message)), exitCode: $0.code)
        }
        console.line(try JSONText.document("integrate", IntegrateJSON(plan: plan, dryRun: true), error: error))
        try writeReport(plan: plan, outcomes: [], console: console)
        if let refusal { throw CommandFailure(code: refusal.code, message: refusal.message, reported: true) }
    }

    /// The real run with `--format json`: the outcome (or how far a failed run got, with `error`) as one document.
    func runJSON(
        _ integrator: Integrator, config: WorkspaceConfig, display: ProgressDisplay, arguments: [String],
        console: Console
    ) async throws {
        var failed: (plan: IntegrationPlan, outcomes: [BuildOutcome])?
        let result: IntegrationResult
        let pushed: PublishOutcome?
        do {
            (result, pushed) = try await integrateAndPublish(
                integrator, config: config, display: display, arguments: arguments,
                console: console
            ) { plan, outcomes in
                try? writeReport(plan: plan, outcomes: outcomes, console: console)
                failed = (plan, outcomes)
            }
        } catch {
            let (code, message) =
                (error as? CommandFailure).map { ($0.code, $0.message) } ?? LockstepCommand.describe(error)
            let payload = failed.map {
                IntegrateJSON(plan: $0.plan, outcomes: $0.outcomes, released: integrator.releasedTags)
            }
            let json = JSONError(
                message: Console.withoutColour(LockstepCommand.withoutErrorPrefix(message)), exitCode: code)
            console.line(try JSONText.document("integrate", payload, error: json))
            throw CommandFailure(code: code, message: message, reported: true)
        }
        try writeReport(plan: result.plan, outcomes: result.outcomes, console: console)
        console.line(
            try JSONText.document(
                "integrate",
                IntegrateJSON(
                    plan: result.plan, outcomes: result.outcomes, released: integrator.releasedTags,
                    pinCommits: result.pinCommits.mapValues(\.hex),
                    pushed: pushed)))
    }

    func wrap<T>(_ console: Console, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as IntegrationError {
            throw IntegrationText.failure(error, style: console.errorStyle)
        }
    }

    /// Refuses a `--report` path that cannot take the report before anything is built, tagged or pinned:
    /// finding out after a release was made would leave CI without its report.
    static func checkReportPath(_ report: String, in console: Console) throws {
        let manager = FileManager.default
        let file = console.url(report)
        let folder = file.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: file.path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                throw CommandFailure(
                    code: 2,
                    message: "error: --report \(report) is a folder; give the path of a file for the JUnit report")
            }
            guard manager.isWritableFile(atPath: file.path) else {
                throw CommandFailure(
                    code: 2,
                    message: "error: --report \(report) is not writable; check its permissions or choose another file")
            }
            return
        }
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure(
                code: 2,
                message:
                    """
                    error: --report \(report): the folder \(folder.path) does not exist; create it first or \
                    choose another file
                    """
            )
        }
        guard manager.isWritableFile(atPath: folder.path) else {
            throw CommandFailure(
                code: 2,
                message:
                    """
                    error: --report \(report): the folder \(folder.path) is not writable; check its permissions \
                    or choose another file
                    """
            )
        }
    }

    func writeReport(plan: IntegrationPlan, outcomes: [BuildOutcome], console: Console) throws {
        guard let report else { return }
        let xml = IntegrationText.junit(plan: plan, outcomes: outcomes)
        try xml.write(to: console.url(report), atomically: true, encoding: .utf8)
    }
}
