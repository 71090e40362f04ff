import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep check`: every rule of SPEC §3.
struct CheckCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Run every rule (LS101–LS410, see docs/rules.md) over the workspace and print one diagnostic per finding.",
        discussion: """
            Exits 1 when any error is found that nobody accepted, 0 otherwise. Name components to judge only those. \
            Findings recorded in lockstep-baseline.yml (`lockstep baseline`) are counted in one line, not shown, and \
            releases up to the versions it records are not judged again while their history is unchanged; \
            --no-baseline shows and judges everything. Findings accepted by `accept:` or a tag's `--reason` are shown \
            as accepted.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit
    }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Components to check (default: all).", completion: ComponentCompletion.kind)
    var components: [String] = []

    @Option(help: "Output format: text (for people), json, or junit (XML for CI test views).")
    var format: Format = .text

    @Flag(help: "Ignore lockstep-baseline.yml: judge every release, show and count every finding.")
    var noBaseline = false

    var jsonCommand: String? { format == .json ? "check" : nil }

    func run(console: Console) async throws {
        let config = try options.loadConfig(console)
        try ComponentCompletion.requireKnown(components, in: config)
        let rules = Rules.all
        let baseline = noBaseline ? nil : try Baseline.load(for: config)
        let (snapshot, raw, accepted) = try console.withProgress(.releases) { progress in
            let snapshot = try console.timed("read \(config.components.count + config.apps.count) repos") {
                try SnapshotLoader.load(config)
            }
            let context = RuleContext(snapshot: snapshot, focus: Set(components))
            context.progress = progress
            context.acceptedHistory = AcceptedHistory(baseline: baseline, snapshot: snapshot)
            let raw = try console.timed("ran \(rules.count) rules") { try Rules.run(rules, on: context) }
            return (snapshot, raw, context.acceptedHistory)
        }
        let notJudged = accepted.judgementsLeftOut(in: snapshot, focus: Set(components))
        let focused = { (names: [String]) in names.filter { components.isEmpty || components.contains($0) } }
        let changed = focused(accepted.changed), undigested = focused(accepted.undigested)
        let findings = FindingReview.apply(raw, config: snapshot.config, baseline: baseline)
        let hidden = findings.filter { $0.accepted?.by == .baseline }.count
        switch format {
        case .text:
            let style = console.style
            let shown = findings.filter { $0.accepted?.by != .baseline }
            // --quiet: the errors and the summary line; warnings and notes are counted there.
            for finding in shown where console.verbosity >= .normal || finding.severity == .error {
                console.line(FindingText.render(finding, style: style) + "\n")
            }
            console.line(shown.isEmpty ? style.green("All \(rules.count) rules pass.") : FindingText.summary(shown))
            if hidden > 0 {
                console.line(
                    """
                    \(hidden) finding\(hidden == 1 ? "" : "s") accepted by \(Baseline.fileName) not shown \
                    (`lockstep check --no-baseline` shows them).
                    """
                )
            }
            if notJudged > 0 {
                console.line(
                    """
                    \(notJudged) release\(notJudged == 1 ? "" : "s") up to the versions in \(Baseline.fileName) not \
                    judged again (`lockstep check --no-baseline` judges them).
                    """
                )
            }
            if !changed.isEmpty {
                console.line(
                    """
                    The history \(Baseline.fileName) accepts changed for \(changed.joined(separator: ", ")) (a \
                    version tag moved, deleted, rewritten or added at or below its version, an `accept:` entry about \
                    one, or its kind, platforms or manifest in \(WorkspaceConfig.fileName)): every release of \
                    \(changed.count == 1 ? "it" : "them") was judged; `lockstep baseline` accepts the history as it \
                    is now.
                    """
                )
            }
            if !undigested.isEmpty {
                console.line(
                    """
                    \(Baseline.fileName) records no history digest for \(undigested.joined(separator: ", ")) (it was \
                    written by an older lockstep): every release was judged; rerun `lockstep baseline` once so the \
                    releases it accepts are not judged again.
                    """
                )
            }
        case .json:
            let open = findings.filter { $0.accepted == nil }
            let report = CheckJSON(
                findings: findings,
                errors: open.filter { $0.severity == .error }.count,
                warnings: open.filter { $0.severity == .warning }.count,
                accepted: findings.count - open.count - hidden, baselined: hidden, notJudged: notJudged,
                historyChanged: changed, historyUndigested: undigested)
            console.line(try JSONText.document("check", report))
        case .junit:
            console.line(
                JUnitReport(suites: [
                    JUnitReport.ruleSuite(rules: rules, findings: findings.filter { $0.accepted?.by != .baseline })
                ]).xml)
        }
        if findings.contains(where: \.counts) { throw CommandFailure(code: 1) }
    }
}

/// `check --format json`.
struct CheckJSON: Codable {
    /// Every finding, accepted ones with `accepted: { by, reason }`.
    var findings: [Finding]
    /// Errors and warnings nobody accepted.
    var errors: Int
    var warnings: Int
    /// Findings accepted by `accept:` entries or tag annotations.
    var accepted: Int
    /// Findings accepted by the baseline file.
    var baselined: Int
    /// Releases up to the baseline's versions whose API diff (LS203) was not run again; 0 with `--no-baseline`.
    var notJudged: Int
    /// Components whose accepted history changed since the baseline (judged in full).
    var historyChanged: [String]
    /// Components whose baseline entry has no history digest (judged in full).
    var historyUndigested: [String]
}
