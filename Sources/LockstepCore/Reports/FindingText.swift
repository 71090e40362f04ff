/// Findings printed the way compilers print diagnostics.
public enum FindingText {
    /// `error[LS203]: message`, then where, then `help:`.
    public static func render(_ finding: Finding, style: Style = .plain) -> String {
        let head = style.severity(finding.severity, style.bold("\(finding.severity.rawValue)[\(finding.rule)]")) + style.bold(": \(finding.message)")
        var lines = [head]
        var subject = finding.subject
        if let version = finding.version { subject += " \(version)" }
        if let app = finding.app { subject += " (in \(app))" }
        lines.append("  \(style.cyan("-->")) \(subject)")
        for location in finding.locations { lines.append("   \(style.cyan("|")) \(location)") }
        if let help = finding.help { lines.append("   \(style.cyan("=")) \(style.bold("help")): \(help)") }
        return lines.joined(separator: "\n")
    }

    /// The same without colour.
    public static func plain(_ finding: Finding) -> String { render(finding) }

    /// `2 errors, 1 warning, 3 notes` style summary.
    public static func summary(_ findings: [Finding]) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let infos = findings.filter { $0.severity == .info }.count
        return "\(count(errors, "error")), \(count(warnings, "warning")), \(count(infos, "note"))"
    }
}
