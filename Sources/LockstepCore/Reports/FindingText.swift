/// Findings printed the way compilers print diagnostics.
public enum FindingText {
    /// `error[LS203]: message`, then where, then `help:`.
    public static func render(_ finding: Finding, style: Style = .plain) -> String {
        let shown = finding.accepted == nil ? finding.severity : .info
        let head =
            style.severity(shown, style.bold("\(finding.severity.rawValue)[\(finding.rule)]"))
            + (finding.accepted == nil ? "" : " (accepted)")
            + style.bold(": \(finding.message)")
        var lines = [head]
        var subject = finding.subject
        if let version = finding.version { subject += " \(version)" }
        if let app = finding.app { subject += " (in \(app))" }
        lines.append("  \(style.cyan("-->")) \(subject)")
        for location in finding.locations { lines.append("   \(style.cyan("|")) \(location)") }
        if let help = finding.help { lines.append("   \(style.cyan("=")) \(style.bold("help")): \(help)") }
        if let accepted = finding.accepted {
            lines.append("   \(style.cyan("=")) \(style.bold("accepted")) by \(accepted.by.place): \(accepted.reason)")
        }
        return lines.joined(separator: "\n")
    }

    /// The same without colour.
    public static func plain(_ finding: Finding) -> String { render(finding) }

    /// `2 errors, 1 warning, 3 notes` style summary (`, 1 accepted` when some are); accepted findings count only there.
    public static func summary(_ findings: [Finding]) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let open = findings.filter { $0.accepted == nil }
        let errors = open.filter { $0.severity == .error }.count
        let warnings = open.filter { $0.severity == .warning }.count
        let infos = open.filter { $0.severity == .info }.count
        let accepted = findings.count - open.count
        return "\(count(errors, "error")), \(count(warnings, "warning")), \(count(infos, "note"))"
            + (accepted > 0 ? ", \(accepted) accepted" : "")
    }
}

extension FindingAcceptance.Source {
    /// Where the decision is kept, for people.
    public var place: String {
        switch self {
        case .baseline: return "the baseline (\(Baseline.fileName))"
        case .accept: return "`accept:` in \(WorkspaceConfig.fileName)"
        case .tag: return "the tag annotation (`bump --reason`)"
        }
    }
}
