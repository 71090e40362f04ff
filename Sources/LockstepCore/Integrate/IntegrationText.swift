import Foundation

/// Texts of `integrate`: the dry run's plan, a failed run's error (with its exit code) and the JUnit report.
public enum IntegrationText {
    /// `lockstep integrate A B`: the command that finishes a run over `candidates`.
    public static func rerunCommand(_ candidates: [String]) -> String {
        """
        lockstep integrate \
        \(candidates.map { $0.split(separator: "@").first.map(String.init) ?? $0 }.joined(separator: " "))
        """
    }

    /// The plan as `integrate --dry-run` prints it.
    public static func plan(_ plan: IntegrationPlan) -> String {
        var lines = ["Candidates:"]
        lines += plan.candidates.map { "  \($0.summary) (commit \($0.commit.short))" }
        lines.append(
            plan.errors.isEmpty ? "Rules: pass" : "Rules: \(plan.errors.count) error(s) — integrate would refuse:")
        if plan.earlierFindings > 0 {
            lines.append(
                "  (\(plan.earlierFindings) finding(s) about earlier versions, there before this release, are not judged here; `lockstep check` shows them)"
            )
        }
        for finding in plan.findings {
            lines.append(FindingText.plain(finding).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        }
        if !plan.warnings.isEmpty {
            lines.append("Passed over (not about a candidate; built as the app writes it, see docs/app-refusals.md):")
            for warning in plan.warnings {
                lines.append(
                    FindingText.plain(warning).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        lines.append("Builds (shells first, then mains):")
        if plan.builds.isEmpty { lines.append("  none: no app uses the candidates") }
        for build in plan.builds {
            lines.append("  \(build.app.name) at \(build.commit.short): `\(build.app.build)`")
            lines.append(
                "    with "
                    + build.versions.filter { !build.asWritten.contains($0.component) }.map {
                        "\($0.component) \($0.version)"
                    }.joined(separator: ", "))
            if !build.asWritten.isEmpty {
                lines.append("    and as the app writes them: " + build.asWritten.joined(separator: ", "))
            }
        }
        lines.append("Pins:")
        if plan.pinChanges.isEmpty { lines.append("  none") }
        for change in plan.pinChanges {
            lines.append(
                "  \(change.app.name): "
                    + change.pins.map { "\($0.component) exact \($0.version)" }.joined(separator: ", "))
        }
        lines.append("(dry run: nothing built, tagged or pinned)")
        return lines.joined(separator: "\n")
    }

    /// The error text of a failed run. `released` and `pinned` are what the run already did: a failure after
    /// tagging says which tags exist and how to finish, never that nothing was tagged.
    public static func failure(
        _ error: IntegrationError, style: Style, released: [String] = [], pinned: [String] = [],
        rerun: String = "lockstep integrate"
    ) -> CommandFailure {
        let result = failureText(error, style: style, afterTagging: !released.isEmpty)
        guard !released.isEmpty, result.code == 1 else { return result }
        let done =
            "released: \(released.joined(separator: ", ")) (tags exist)"
            + (pinned.isEmpty ? "; no main app pinned yet" : "; pinned in \(pinned.joined(separator: ", "))")
        return CommandFailure(code: 1, message: result.message + "\n\(done). Rerun `\(rerun)` to finish the release")
    }

    private static func failureText(_ error: IntegrationError, style: Style, afterTagging: Bool = false)
        -> CommandFailure
    {
        switch error {
        case .usage(let message):
            return CommandFailure(code: 2, message: "error: \(message)")
        case .refused(let message):
            return CommandFailure(code: 1, message: "error: integrate refused: \(message)")
        case .rules(let findings):
            let text = findings.map { FindingText.render($0, style: style) }.joined(separator: "\n\n")
            return CommandFailure(
                code: 1,
                message: text
                    + "\n\nerror: integrate refused: the rules reject the workspace as it would be after the release; "
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

    /// `integrate --report`: one JUnit case per rule and per app build (skipped when it did not run).
    public static func junit(plan: IntegrationPlan, outcomes: [BuildOutcome]) -> String {
        let rules = JUnitReport.ruleSuite(rules: Rules.all, findings: plan.findings, name: "lockstep integrate: rules")
        let builds = plan.builds.map { build -> JUnitReport.TestCase in
            let name = "build \(build.app.name) (\(build.app.role.rawValue))"
            guard let outcome = outcomes.last(where: { $0.app == build.app.name }) else {
                return .init(
                    name: name, className: "lockstep.builds",
                    skipped: plan.errors.isEmpty ? "not run: an earlier step failed" : "not run: the rules failed")
            }
            let failure =
                outcome.isGreen
                ? nil
                : (
                    message: outcome.statusText,
                    details: (outcome.errorLines + outcome.logTail + ["log: \(outcome.log.path)"]).joined(
                        separator: "\n")
                )
            return .init(
                name: name, className: "lockstep.builds", seconds: outcome.seconds, failure: failure,
                output: outcome.status == .cached ? "cached: these inputs built green before" : nil)
        }
        return JUnitReport(suites: [rules, .init(name: "lockstep integrate: builds", cases: builds)]).xml
    }
}
