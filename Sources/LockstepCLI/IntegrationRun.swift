import Foundation
import LockstepCore

/// One run of the gate as `integrate` and `demo` show it: signals trapped, progress on the console, a failure
/// turned into its refusal text and exit code.
enum IntegrationRun {
    /// Runs the gate with signals trapped (Ctrl-C stops builds and cleans up); a failure is reported through
    /// `onFailure` (for the JUnit report) and becomes the command's exit code.
    static func integrate(
        _ candidates: [String], with integrator: Integrator, display: ProgressDisplay, console: Console,
        onFailure: (IntegrationPlan, [BuildOutcome]) -> Void = { _, _ in }
    ) async throws -> IntegrationResult {
        let signals = SignalTrap.install(for: console)
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
            throw IntegrationText.failure(
                error, style: console.errorStyle, released: integrator.releasedTags, pinned: integrator.pinnedApps,
                rerun: IntegrationText.rerunCommand(candidates))
        }
    }
}

extension Console {
    /// The phases' files and checks (Core's `IntegrationPhases`), read from the run's folder.
    var phases: IntegrationPhases { IntegrationPhases(directory: currentDirectory, style: errorStyle) }
}

/// SIGINT and SIGTERM stop the builds and clean up (see `Interruption`), in the real binary only: an in-process
/// run (a test, `Console.handlesSignals` false) leaves the process's signal dispositions alone.
final class SignalTrap {
    private var sources: [DispatchSourceSignal] = []

    static func install(for console: Console) -> SignalTrap {
        let trap = SignalTrap()
        guard console.handlesSignals else { return trap }
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
    private let console: Console
    private let live: Bool
    private var lastPlain: [String: Int] = [:]
    private var lastShown: [String: String] = [:]
    private var showing = false
    /// With `--format json` stdout holds the document alone: the step lines go to stderr.
    private let linesToStderr: Bool

    init(console: Console, linesToStderr: Bool = false) {
        self.console = console
        self.linesToStderr = linesToStderr
        live = console.stderrIsTerminal && console.verbosity == .normal
    }

    /// A step line (✓ rules, ✓ Shell, tagged, pinned): stdout normally, stderr beside JSON, none with `--quiet`.
    private func say(_ text: String) {
        guard console.verbosity >= .normal else { return }
        if linesToStderr { console.error(text) } else { console.line(text) }
    }

    /// `--verbose`: a build's latest output line on stderr, each time it changes (the log is polled every second).
    private func showOutputLine(_ line: String, of app: String) {
        guard !line.isEmpty, lastShown[app] != line else { return }
        lastShown[app] = line
        console.error("  \(app) | \(line)")
    }

    /// A progress line on stderr, none with `--quiet`.
    private func progress(_ text: String) {
        if console.verbosity >= .normal { console.error(text) }
    }

    func show(_ event: IntegrationEvent) {
        lock.withLock { handle(event) }
    }

    func clear() {
        lock.withLock { clearLine() }
    }

    private func clearLine() {
        if showing { console.writeToError("\r\u{1B}[2K"); showing = false }
    }

    private func handle(_ event: IntegrationEvent) {
        let style = linesToStderr ? console.errorStyle : console.style
        switch event {
        case .buildProgress(let app, let seconds, let line):
            if console.verbosity == .verbose {
                showOutputLine(line, of: app)
            } else if console.verbosity == .quiet {
                return
            } else if live {
                let text = "  building \(app)  \(seconds)s  \(line.prefix(70))"
                console.writeToError("\r\u{1B}[2K\(text)")
                showing = true
            } else if seconds / 30 > lastPlain[app, default: 0] {
                lastPlain[app] = seconds / 30
                console.error("  still building \(app) (\(seconds)s): \(line.prefix(100))")
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
            progress(
                """
                → building \(build.app.name) at \
                \(build.commit.short)\(attempt > 1 ? " (attempt \(attempt))" : ""): `\(build.app.build)` with \
                \(versions)
                """
            )
        case .buildFinished(let outcome):
            if console.verbosity == .verbose, outcome.status != .cached {
                showOutputLine(outcome.lastLogLine, of: outcome.app)
            }
            let mark = outcome.isGreen ? style.green("✓") : style.red("✗")
            say(
                """
                \(mark) \(outcome.app): \
                \(outcome.statusText)\(outcome.status == .cached ? "" : " (log: \(outcome.log.path))")
                """
            )
        case .tagged(let candidate, let tag):
            say(
                style.green("✓")
                    + " tagged \(candidate.component.name) \(tag) on \(candidate.commit.short) (from \(candidate.tag.name))"
            )
        case .publishedSpecs(let repo, let branch, let commit, let files):
            say(
                style.green("✓")
                    + " published \(files.joined(separator: ", ")) to the spec repo \(repo) on branch \(branch) (commit \(commit.short))"
            )
        case .mainMoved(let app, let from, let to, let attempt):
            say(
                """
                ↻ \(app) moved from \(from.short) to \(to.short) while building; building again on the new head \
                (try \(attempt) of 3)
                """
            )
        case .pinned(let app, let branch, let commit, let pins, let checkout):
            say(
                style.green("✓") + " pinned \(pins) in \(app) on branch \(branch) (commit \(commit.short); \(checkout))"
            )
        case .waiting(let message):
            progress("… \(message)")
        case .buildProgress:
            break
        }
    }
}
