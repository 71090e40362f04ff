/// Terminal styling: ANSI colours, or plain text.
public struct Style: Sendable {
    public var enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }
    public static let plain = Style(enabled: false)

    func wrap(_ text: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }

    /// Colours text by severity.
    public func severity(_ severity: Severity?, _ text: String) -> String {
        switch severity {
        case .error: return red(text)
        case .warning: return yellow(text)
        case .info: return cyan(text)
        case nil: return green(text)
        }
    }
}

extension Matrix {
    /// The columns: one PINS column summarising the apps, or with `wide` one column per app.
    private func columns(wide: Bool) -> [String] {
        let apps = wide ? mainApps.map { "\($0) PIN" } + shellApps.map { "\($0) REQ" } : ["PINS"]
        return ["COMPONENT", "KIND", "PROTOCOLS", "RELEASE", "RC", "AHEAD"] + apps + ["STATUS"]
    }

    private func cells(_ row: Row, wide: Bool) -> [String] {
        let protocols = row.protocolSet.map { name in row.protocolSetLine.map { "\(name) \($0)" } ?? name } ?? "-"
        let apps =
            wide
            ? mainApps.map { row.pins[$0]?.shortText ?? "-" } + shellApps.map { row.requirements[$0]?.shortText ?? "-" }
            : [appSummary(row)]
        return [
            row.name, row.kind.name, protocols,
            row.newestRelease?.name ?? "-", row.newestPrerelease?.name ?? "-",
            row.commitsAhead == 0 ? "-" : "\(row.commitsAhead)",
        ]
            + apps
            + [row.status.isEmpty ? "ok" : row.status.joined(separator: ",")]
    }

    /// A padded table for a terminal; `wide` gives every app its own column instead of the PINS summary.
    public func table(style: Style = .plain, wide: Bool = false) -> String {
        let header = columns(wide: wide)
        let body = rows.map { cells($0, wide: wide) }
        let all = [header] + body
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ values: [String], status: Severity?, isHeader: Bool) -> String {
            let padded = values.enumerated().map { index, value in
                index == values.count - 1 ? value : value.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            var text = padded.dropLast().joined(separator: "  ") + "  "
            let last = padded.last ?? ""
            text += isHeader ? last : style.severity(status, last)
            return isHeader ? style.bold(text) : text
        }
        var lines = [line(header, status: nil, isHeader: true)]
        for (row, values) in zip(rows, body) { lines.append(line(values, status: row.worstSeverity, isHeader: false)) }
        for finding in appFindings {
            lines.append(
                style.severity(finding.severity, "\(finding.severity.rawValue)[\(finding.rule)]")
                    + ": \(finding.subject): \(finding.message)")
        }
        return lines.joined(separator: "\n")
    }

    /// A GitHub-flavoured Markdown table, for a CI job summary (`wide` as for `table`).
    public func markdown(wide: Bool = false) -> String {
        func escape(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        let header = columns(wide: wide)
        var lines = [
            "| " + header.map(escape).joined(separator: " | ") + " |",
            "|" + header.map { _ in " --- " }.joined(separator: "|") + "|",
        ]
        for row in rows {
            var values = cells(row, wide: wide).map(escape)
            values[0] = "**\(values[0])**"
            let status = values.removeLast()
            let mark =
                row.worstSeverity == .error
                ? "❌ " : row.worstSeverity == .warning ? "⚠️ " : row.status.isEmpty ? "✅ " : ""
            values.append(mark + status)
            lines.append("| " + values.joined(separator: " | ") + " |")
        }
        let details = rows.flatMap(\.findings) + appFindings
        if !details.isEmpty {
            lines.append("")
            for finding in details {
                lines.append(
                    """
                    - `\(finding.rule)` \(finding.severity.rawValue): **\(finding.subject)** — \
                    \(escape(finding.message))
                    """
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
