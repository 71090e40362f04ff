import ArgumentParser
import Dispatch
import Foundation
import LockstepCore

/// `lockstep integrate`: the CI gate.
struct IntegrateCommand: AsyncParsableCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "integrate",
        abstract: "Build the shell and main apps against release candidates; on success tag the releases and pin them in main.",
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

    @Argument(help: ArgumentHelp("Components to integrate, optionally with a version.", valueName: "component[@version]"),
              completion: ComponentCompletion.kind)
    var candidates: [String] = []

    @Option(help: "Output format: text, or json (the plan or the outcome as one document on stdout; progress goes to stderr).")
    var format: Format = .text

    var jsonCommand: String? { format == .json ? "integrate" : nil }

    @Flag(help: "Print the plan (candidates, rules, apps, pins, build commands) and run nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Write a JUnit XML report (one case per rule and per app build) to this file.", valueName: "file"))
    var report: String?

    @Option(help: "Kill a build that runs longer than this many seconds (with its child processes); 1 to 604800 (a week).")
    var timeout: Int = 1800

    /// The longest `--timeout`: a week is longer than any build, and lock waits derived from it stay far from overflow.
    static let maximumTimeout = 604_800

    @Option(help: ArgumentHelp("How many app builds run at once, shells and mains alike (default: the number of cores; 1 builds one after another, shells first).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Build even when the same inputs built green before.")
    var noCache = false

    @Flag(help: ArgumentHelp("""
        Build nothing: every app's build must already be green for these exact inputs (the cache, or the results \
        --finish was given); an app that needs a build stops the run. For a finish job on a runner that cannot build \
        every app (xcodebuild on Linux) when another integration moved main since the plan.
        """))
    var noBuild = false

    @Flag(help: "Allow a candidate older than the version a main app already pins (a downgrade); refused without it.")
    var allowDowngrade = false

    func validate() throws {
        if timeout <= 0 || timeout > Self.maximumTimeout {
            throw ValidationError("--timeout must be a number of seconds from 1 to \(Self.maximumTimeout) (a week), not \(timeout)")
        }
        if candidates.isEmpty {
            throw ValidationError(phases.finish == nil ? "name at least one component to integrate (e.g. `lockstep integrate Cart`)"
                                                       : "--finish needs the `lockstep build` result files, one per planned build")
        }
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs must be from 1 to 64, not \(jobs)")
        }
    }

    func run() async throws {
        if let report { try Self.checkReportPath(report) }
        let config = try options.loadConfig()
        var settings = IntegrationOptions()
        settings.timeoutSeconds = timeout
        settings.useCache = !noCache
        settings.buildsAllowed = !noBuild
        settings.allowDowngrade = allowDowngrade
        if let jobs { settings.jobs = jobs }
        let display = ProgressDisplay(linesToStderr: format == .json)
        let integrator = Integrator(config: config, options: settings) { display.show($0) }
        if let planOut = phases.planOut { return try writePlan(planOut, integrator: integrator, config: config) }
        let arguments = try phases.finish.map { try finishPlan($0, integrator: integrator, config: config) } ?? candidates
        if dryRun, format == .json {
            return try dryRunJSON(integrator, config: config)
        }
        if format == .json {
            return try await runJSON(integrator, config: config, display: display, arguments: arguments)
        }
        if dryRun {
            // The same checks in the same order as the run (state folders, plan, rules, checkouts, candidates) and
            // the same error text: a dry run that passes means the run would start building.
            try WorkspaceState.requireRealFolders(in: config.root)
            let plan = try wrap { try integrator.plan(candidates) }
            Output.line(IntegrationText.plan(plan))
            try writeReport(plan: plan, outcomes: [])
            let completing = plan.candidates.filter(\.isAlreadyReleased).map { "\($0.component.name) \($0.releaseTagName)" }
            do {
                try integrator.preflight(plan)
            } catch let error as IntegrationError {
                throw IntegrationText.failure(error, released: completing, rerun: Self.rerunCommand(candidates))
            }
            try checkRemotesForPush(plan, config: config)
            return
        }
        let (result, _) = try await integrateAndPublish(integrator, config: config, display: display, arguments: arguments) { plan, outcomes in
            try? writeReport(plan: plan, outcomes: outcomes)
        }
        try writeReport(plan: result.plan, outcomes: result.outcomes)
        Output.line(Output.style.green("Integrated: ") + result.plan.candidates.map { "\($0.component.name) \($0.release)" }.joined(separator: ", "))
    }

    /// `--dry-run --format json`: one document with the plan, and `error` when the real run would refuse.
    func dryRunJSON(_ integrator: Integrator, config: WorkspaceConfig) throws {
        let plan = try wrap { try integrator.plan(candidates) }
        var refusal: CommandFailure?
        if plan.errors.isEmpty {
            do {
                try wrap { try integrator.checkMainApps(plan) }
                try checkRemotesForPush(plan, config: config)
            } catch let failure as CommandFailure { refusal = failure }
        } else {
            refusal = IntegrationText.failure(.rules(plan.errors))
        }
        let error = refusal.map { JSONError(message: Output.withoutColour(LockstepCommand.withoutErrorPrefix($0.message)), exitCode: $0.code) }
        Output.line(try JSONText.document("integrate", IntegrateJSON(plan: plan, dryRun: true), error: error))
        try writeReport(plan: plan, outcomes: [])
        if let refusal { throw CommandFailure(code: refusal.code, message: refusal.message, reported: true) }
    }

    /// The real run with `--format json`: the outcome (or how far a failed run got, with `error`) as one document.
    func runJSON(_ integrator: Integrator, config: WorkspaceConfig, display: ProgressDisplay, arguments: [String]) async throws {
        var failed: (plan: IntegrationPlan, outcomes: [BuildOutcome])?
        let result: IntegrationResult
        let pushed: PublishOutcome?
        do {
            (result, pushed) = try await integrateAndPublish(integrator, config: config, display: display, arguments: arguments) { plan, outcomes in
                try? writeReport(plan: plan, outcomes: outcomes)
                failed = (plan, outcomes)
            }
        } catch {
            let (code, message) = (error as? CommandFailure).map { ($0.code, $0.message) } ?? LockstepCommand.describe(error)
            let payload = failed.map { IntegrateJSON(plan: $0.plan, outcomes: $0.outcomes, released: integrator.releasedTags) }
            let json = JSONError(message: Output.withoutColour(LockstepCommand.withoutErrorPrefix(message)), exitCode: code)
            Output.line(try JSONText.document("integrate", payload, error: json))
            throw CommandFailure(code: code, message: message, reported: true)
        }
        try writeReport(plan: result.plan, outcomes: result.outcomes)
        Output.line(try JSONText.document("integrate", IntegrateJSON(
            plan: result.plan, outcomes: result.outcomes, released: integrator.releasedTags, pinCommits: result.pinCommits.mapValues(\.hex),
            pushed: pushed)))
    }

    /// Runs the gate with signals trapped (Ctrl-C stops builds and cleans up); a failure is reported through
    /// `onFailure` (for the JUnit report) and becomes the command's exit code.
    static func integrate(_ candidates: [String], with integrator: Integrator, display: ProgressDisplay,
                          onFailure: (IntegrationPlan, [BuildOutcome]) -> Void = { _, _ in }) async throws -> IntegrationResult {
        let signals = SignalTrap.install()
        defer { withExtendedLifetime(signals) {} }
        do {
            let result = try await integrator.run(candidates)
            display.clear()
            return result
        } catch {
            // Every failure leaves its report for CI, also one that is not the gate's own (an unsafe tree to export).
            display.clear()
            if let plan = try? integrator.plan(candidates) { onFailure(plan, integrator.buildOutcomes) }
            guard let error = error as? IntegrationError else { throw error }
            throw IntegrationText.failure(error, released: integrator.releasedTags, pinned: integrator.pinnedApps,
                                          rerun: rerunCommand(candidates))
        }
    }

    /// `lockstep integrate A B`: the command that finishes a run over `candidates`.
    static func rerunCommand(_ candidates: [String]) -> String {
        "lockstep integrate \(candidates.map { $0.split(separator: "@").first.map(String.init) ?? $0 }.joined(separator: " "))"
    }

    func wrap<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as IntegrationError { throw IntegrationText.failure(error) }
    }

    /// Refuses a `--report` path that cannot take the report before anything is built, tagged or pinned:
    /// finding out after a release was made would leave CI without its report.
    static func checkReportPath(_ report: String) throws {
        let manager = FileManager.default
        let file = URL(fileURLWithPath: report).standardizedFileURL
        let folder = file.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: file.path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                throw CommandFailure(code: 2, message: "error: --report \(report) is a folder; give the path of a file for the JUnit report")
            }
            guard manager.isWritableFile(atPath: file.path) else {
                throw CommandFailure(code: 2, message: "error: --report \(report) is not writable; check its permissions or choose another file")
            }
            return
        }
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure(code: 2, message: "error: --report \(report): the folder \(folder.path) does not exist; create it first or choose another file")
        }
        guard manager.isWritableFile(atPath: folder.path) else {
            throw CommandFailure(code: 2, message: "error: --report \(report): the folder \(folder.path) is not writable; check its permissions or choose another file")
        }
    }

    func writeReport(plan: IntegrationPlan, outcomes: [BuildOutcome]) throws {
        guard let report else { return }
        let xml = IntegrationText.junit(plan: plan, outcomes: outcomes)
        try xml.write(to: URL(fileURLWithPath: report), atomically: true, encoding: .utf8)
    }
}

/// SIGINT and SIGTERM stop the builds and clean up (see `Interruption`).
final class SignalTrap {
    private var sources: [DispatchSourceSignal] = []

    static func install() -> SignalTrap {
        let trap = SignalTrap()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { Interruption.shared.interrupt(signalNumber) }
            source.resume()
            trap.sources.append(source)
        }
        return trap
    }
}

/// Prints integration events: lines for people on stdout, a live progress line on a terminal's stderr.
final class ProgressDisplay: @unchecked Sendable {
    private let lock = NSLock()
    private let live = Output.stderrIsTerminal && Output.verbosity == .normal
    private var lastPlain: [String: Int] = [:]
    private var lastShown: [String: String] = [:]
    private var showing = false
    /// With `--format json` stdout holds the document alone: the step lines go to stderr.
    private let linesToStderr: Bool

    init(linesToStderr: Bool = false) {
        self.linesToStderr = linesToStderr
    }

    /// A step line (✓ rules, ✓ Shell, tagged, pinned): stdout normally, stderr beside JSON, none with `--quiet`.
    private func say(_ text: String) {
        guard Output.verbosity >= .normal else { return }
        if linesToStderr { Output.error(text) } else { Output.line(text) }
    }

    /// `--verbose`: a build's latest output line on stderr, each time it changes (the log is polled every second).
    private func showOutputLine(_ line: String, of app: String) {
        guard !line.isEmpty, lastShown[app] != line else { return }
        lastShown[app] = line
        Output.error("  \(app) | \(line)")
    }

    /// A progress line on stderr, none with `--quiet`.
    private func progress(_ text: String) {
        if Output.verbosity >= .normal { Output.error(text) }
    }

    func show(_ event: IntegrationEvent) {
        lock.withLock { handle(event) }
    }

    func clear() {
        lock.withLock { clearLine() }
    }

    private func clearLine() {
        if showing { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)); showing = false }
    }

    private func handle(_ event: IntegrationEvent) {
        let style = linesToStderr ? Output.errorStyle : Output.style
        switch event {
        case .buildProgress(let app, let seconds, let line):
            if Output.verbosity == .verbose {
                showOutputLine(line, of: app)
            } else if Output.verbosity == .quiet {
                return
            } else if live {
                let text = "  building \(app)  \(seconds)s  \(line.prefix(70))"
                FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
                showing = true
            } else if seconds / 30 > lastPlain[app, default: 0] {
                lastPlain[app] = seconds / 30
                Output.error("  still building \(app) (\(seconds)s): \(line.prefix(100))")
            }
            return
        default:
            clearLine()
        }
        switch event {
        case .rulesPassed(let count, let warnings):
            say(style.green("✓") + " rules: all \(count) rules pass on the workspace as it would be after the release")
            for warning in warnings { say(FindingText.render(warning, style: style)) }
        case .completing(let candidates):
            say("↻ completing an earlier run: \(candidates.map(\.summary).joined(separator: ", "))")
        case .buildStarted(let build, let attempt):
            let versions = build.versions.map { "\($0.component) \($0.version)" }.joined(separator: ", ")
            progress("→ building \(build.app.name) at \(build.commit.short)\(attempt > 1 ? " (attempt \(attempt))" : ""): `\(build.app.build)` with \(versions)")
        case .buildFinished(let outcome):
            if Output.verbosity == .verbose, outcome.status != .cached { showOutputLine(outcome.lastLogLine, of: outcome.app) }
            let mark = outcome.isGreen ? style.green("✓") : style.red("✗")
            say("\(mark) \(outcome.app): \(outcome.statusText)\(outcome.status == .cached ? "" : " (log: \(outcome.log.path))")")
        case .tagged(let candidate, let tag):
            say(style.green("✓") + " tagged \(candidate.component.name) \(tag) on \(candidate.commit.short) (from \(candidate.tag.name))")
        case .publishedSpecs(let repo, let branch, let commit, let files):
            say(style.green("✓") + " published \(files.joined(separator: ", ")) to the spec repo \(repo) on branch \(branch) (commit \(commit.short))")
        case .mainMoved(let app, let from, let to, let attempt):
            say("↻ \(app) moved from \(from.short) to \(to.short) while building; building again on the new head (try \(attempt) of 3)")
        case .pinned(let app, let branch, let commit, let pins, let checkout):
            say(style.green("✓") + " pinned \(pins) in \(app) on branch \(branch) (commit \(commit.short); \(checkout))")
        case .waiting(let message):
            progress("… \(message)")
        case .buildProgress:
            break
        }
    }
}

/// Texts of the integrate command.
enum IntegrationText {
    static func plan(_ plan: IntegrationPlan) -> String {
        var lines = ["Candidates:"]
        lines += plan.candidates.map { "  \($0.summary) (commit \($0.commit.short))" }
        lines.append(plan.errors.isEmpty ? "Rules: pass" : "Rules: \(plan.errors.count) error(s) — integrate would refuse:")
        if plan.earlierFindings > 0 {
            lines.append("  (\(plan.earlierFindings) finding(s) about earlier versions, there before this release, are not judged here; `lockstep check` shows them)")
        }
        for finding in plan.findings { lines.append(FindingText.plain(finding).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")) }
        if !plan.warnings.isEmpty {
            lines.append("Passed over (not about a candidate; built as the app writes it, see docs/app-refusals.md):")
            for warning in plan.warnings { lines.append(FindingText.plain(warning).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")) }
        }
        lines.append("Builds (shells first, then mains):")
        if plan.builds.isEmpty { lines.append("  none: no app uses the candidates") }
        for build in plan.builds {
            lines.append("  \(build.app.name) at \(build.commit.short): `\(build.app.build)`")
            lines.append("    with " + build.versions.filter { !build.asWritten.contains($0.component) }.map { "\($0.component) \($0.version)" }.joined(separator: ", "))
            if !build.asWritten.isEmpty { lines.append("    and as the app writes them: " + build.asWritten.joined(separator: ", ")) }
        }
        lines.append("Pins:")
        if plan.pinChanges.isEmpty { lines.append("  none") }
        for change in plan.pinChanges {
            lines.append("  \(change.app.name): " + change.pins.map { "\($0.component) exact \($0.version)" }.joined(separator: ", "))
        }
        lines.append("(dry run: nothing built, tagged or pinned)")
        return lines.joined(separator: "\n")
    }

    /// The error text of a failed run. `released` and `pinned` are what the run already did: a failure after
    /// tagging says which tags exist and how to finish, never that nothing was tagged.
    static func failure(_ error: IntegrationError, released: [String] = [], pinned: [String] = [], rerun: String = "lockstep integrate") -> CommandFailure {
        let result = failureText(error, afterTagging: !released.isEmpty)
        guard !released.isEmpty, result.code == 1 else { return result }
        let done = "released: \(released.joined(separator: ", ")) (tags exist)" + (pinned.isEmpty ? "; no main app pinned yet" : "; pinned in \(pinned.joined(separator: ", "))")
        return CommandFailure(code: 1, message: result.message + "\n\(done). Rerun `\(rerun)` to finish the release")
    }

    private static func failureText(_ error: IntegrationError, afterTagging: Bool = false) -> CommandFailure {
        let style = Output.errorStyle
        switch error {
        case .usage(let message):
            return CommandFailure(code: 2, message: "error: \(message)")
        case .refused(let message):
            return CommandFailure(code: 1, message: "error: integrate refused: \(message)")
        case .rules(let findings):
            let text = findings.map { FindingText.render($0, style: style) }.joined(separator: "\n\n")
            return CommandFailure(code: 1, message: text + "\n\nerror: integrate refused: the rules reject the workspace as it would be after the release; "
                                  + (afterTagging ? "the remaining pins were not made" : "nothing was built, tagged or pinned"))
        case .buildFailed(let outcome):
            var lines = ["error: \(outcome.app) failed: \(outcome.statusText)"]
            if !outcome.errorLines.isEmpty {
                lines.append("first errors:")
                lines += outcome.errorLines.prefix(10).map { "  \($0)" }
            } else if !outcome.logTail.isEmpty {
                lines.append("last lines of the log:")
                lines += outcome.logTail.map { "  \($0)" }
            }
            lines.append("log: \(outcome.log.path)")
            lines.append(afterTagging ? "not everything was pinned" : "nothing was tagged or pinned")
            return CommandFailure(code: 1, message: lines.joined(separator: "\n"))
        case .interrupted(let signal):
            return CommandFailure(code: 128 + signal, message: "error: interrupted")
        }
    }

    static func junit(plan: IntegrationPlan, outcomes: [BuildOutcome]) -> String {
        let rules = JUnitReport.ruleSuite(rules: Rules.all, findings: plan.findings, name: "lockstep integrate: rules")
        let builds = plan.builds.map { build -> JUnitReport.TestCase in
            let name = "build \(build.app.name) (\(build.app.role.rawValue))"
            guard let outcome = outcomes.last(where: { $0.app == build.app.name }) else {
                return .init(name: name, className: "lockstep.builds", skipped: plan.errors.isEmpty ? "not run: an earlier step failed" : "not run: the rules failed")
            }
            let failure = outcome.isGreen ? nil : (message: outcome.statusText, details: (outcome.errorLines + outcome.logTail + ["log: \(outcome.log.path)"]).joined(separator: "\n"))
            return .init(name: name, className: "lockstep.builds", seconds: outcome.seconds, failure: failure,
                         output: outcome.status == .cached ? "cached: these inputs built green before" : nil)
        }
        return JUnitReport(suites: [rules, .init(name: "lockstep integrate: builds", cases: builds)]).xml
    }
}
