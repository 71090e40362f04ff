import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep check`: every rule of SPEC §3.
struct CheckCommand: ParsableCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every rule (LS101–LS406) over the workspace and print one diagnostic per finding.",
        discussion: "Exits 1 when any error is found, 0 otherwise. Name components to judge only those."
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

    var jsonCommand: String? { format == .json ? "check" : nil }

    func run() throws {
        let config = try options.loadConfig()
        try ComponentCompletion.requireKnown(components, in: config)
        let snapshot = try Output.timed("read \(config.components.count + config.apps.count) repos") { try SnapshotLoader.load(config) }
        let rules = Rules.all
        let findings = try Output.timed("ran \(rules.count) rules") { try Rules.run(rules, on: RuleContext(snapshot: snapshot, focus: Set(components))) }
        switch format {
        case .text:
            let style = Output.style
            // --quiet: the errors and the summary line; warnings and notes are counted there.
            for finding in findings where Output.verbosity >= .normal || finding.severity == .error {
                Output.line(FindingText.render(finding, style: style) + "\n")
            }
            Output.line(findings.isEmpty ? style.green("All \(rules.count) rules pass.") : FindingText.summary(findings))
        case .json:
            let report = CheckJSON(findings: findings,
                                   errors: findings.filter { $0.severity == .error }.count,
                                   warnings: findings.filter { $0.severity == .warning }.count)
            Output.line(try JSONText.document("check", report))
        case .junit:
            Output.line(JUnitReport(suites: [JUnitReport.ruleSuite(rules: rules, findings: findings)]).xml)
        }
        if findings.contains(where: { $0.severity == .error }) { throw CommandFailure(code: 1) }
    }
}

/// `check --format json`.
struct CheckJSON: Codable {
    var findings: [Finding]
    var errors: Int
    var warnings: Int
}
