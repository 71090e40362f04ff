import Foundation

/// One recent integration, as `integrate --format json` recorded it, for the report's history.
public struct IntegrationRecord: Sendable, Equatable {
    public var file: String
    public var candidates: [String]
    /// `name status seconds` per build.
    public var builds: [(name: String, status: String, seconds: Double?)]
    public var result: String

    public static func == (lhs: IntegrationRecord, rhs: IntegrationRecord) -> Bool {
        lhs.file == rhs.file && lhs.candidates == rhs.candidates && lhs.result == rhs.result
            && lhs.builds.map(\.name) == rhs.builds.map(\.name) && lhs.builds.map(\.status) == rhs.builds.map(\.status)
    }

    /// Reads an `integrate --format json` document; throws a `WorkspaceError` naming the file when it is not one.
    public static func read(_ url: URL) throws -> IntegrationRecord {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw WorkspaceError("--integration \(url.path): cannot read it (\(error.localizedDescription))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["command"] as? String == "integrate"
        else {
            throw WorkspaceError("--integration \(url.path) is not the output of `lockstep integrate --format json`")
        }
        let candidates = (object["candidates"] as? [[String: Any]] ?? []).map {
            "\($0["name"] as? String ?? "?") \($0["release"] as? String ?? "")"
        }
        let builds = (object["builds"] as? [[String: Any]] ?? []).map {
            (
                name: $0["name"] as? String ?? "?", status: $0["status"] as? String ?? "?",
                seconds: $0["seconds"] as? Double
            )
        }
        let error = (object["error"] as? [String: Any])?["message"] as? String
        let dryRun = object["dryRun"] as? Bool ?? false
        return IntegrationRecord(
            file: url.lastPathComponent, candidates: candidates, builds: builds,
            result: error.map { "failed: \($0)" } ?? (dryRun ? "dry run" : "integrated"))
    }
}

/// `lockstep report`: one self-contained HTML page (inline CSS, JS and SVG; no network) with the version matrix,
/// the dependency graph and the findings, built from the same data as `matrix --format json` and `check`.
/// Everything is rendered on the page already; the script only sorts, filters and shows details.
public struct HTMLReport {
    public var matrix: MatrixJSON
    public var findings: [Finding]
    public var graph: DependencyGraph
    public var integrations: [IntegrationRecord]
    public var generated: String

    public init(
        matrix: MatrixJSON, findings: [Finding], graph: DependencyGraph, integrations: [IntegrationRecord] = [],
        generated: String
    ) {
        self.matrix = matrix
        self.findings = findings
        self.graph = graph
        self.integrations = integrations
        self.generated = generated
    }

    /// The page.
    public var html: String {
        let open = findings.filter { $0.accepted == nil }
        let errors = open.filter { $0.severity == .error }.count,
            warnings = open.filter { $0.severity == .warning }.count
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; \
            script-src 'unsafe-inline'; img-src data:">
            <title>Lockstep — \(Self.escape(matrix.workspace))</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <header><h1>Lockstep workspace report</h1>
            <p>\(Self.escape(matrix.workspace)) · \(matrix.components.count) components · \(matrix.apps.count) apps · \
            <span class="\(errors > 0 ? "bad" : "ok")">\(errors) errors</span> · \(warnings) warnings · generated \
            \(Self.escape(generated))</p>
            <nav aria-label="Sections"><a href="#matrix">Matrix</a> <a href="#graph">Graph</a> <a \
            href="#findings">Findings</a>\
            \(integrations.isEmpty ? "" : " <a href=\"#integrations\">Integrations</a>")</nav></header>
            <main>

            """
        page += matrixSection()
        page += graphSection()
        page += findingsSection()
        if !integrations.isEmpty { page += integrationsSection() }
        page += "</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The open findings about each component, with their index in the findings table: the status column shows
    /// exactly what the header counts (the API diff's findings too, which the matrix itself does not run).
    func openFindingsByComponent() -> [String: [(index: Int, finding: Finding)]] {
        var byComponent: [String: [(index: Int, finding: Finding)]] = [:]
        for (index, finding) in findings.enumerated() where finding.accepted == nil {
            byComponent[finding.subject, default: []].append((index, finding))
        }
        return byComponent
    }

    func matrixSection() -> String {
        let open = openFindingsByComponent()
        let kinds = Array(Set(matrix.components.map(\.kind))).sorted()
        var out = """
            <section id="matrix" aria-labelledby="matrix-title"><h2 id="matrix-title">Version matrix</h2>
            <div class="controls" role="search">
            <label>Name <input id="filter-name" type="search" placeholder="filter by name" autocomplete="off"></label>
            <label>Kind <select id="filter-kind"><option \
            value="">all</option>\(kinds.map { "<option>\(Self.escape($0))</option>" }.joined())</select></label>
            <label>Status <select id="filter-status"><option value="">all</option><option \
            value="ok">ok</option><option value="problem">with findings</option></select></label>
            <span id="shown" aria-live="polite"></span>
            </div>
            <div class="scroll"><table id="matrix-table">
            <caption>One row per component; pins of main apps and requirements of shells per app</caption>
            <thead><tr>
            """
        let columns =
            ["Component", "Kind", "Protocol set", "Release", "RC", "Ahead"]
            + matrix.apps.map { "\($0.name) (\($0.role))" } + ["Status"]
        for (index, column) in columns.enumerated() {
            out +=
                """
                <th scope=\"col\" aria-sort=\"none\"><button type=\"button\" \
                data-column=\"\(index)\">\(Self.escape(column))</button></th>
                """
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in matrix.components {
            let rowFindings = open[row.name] ?? []
            let problem = !rowFindings.isEmpty
            out +=
                """
                <tr data-name=\"\(Self.escape(row.name))\" data-kind=\"\(Self.escape(row.kind))\" \
                data-status=\"\(problem ? "problem" : "ok")\">
                """
            out += "<th scope=\"row\"><a href=\"#node-\(Self.anchor(row.name))\">\(Self.escape(row.name))</a></th>"
            out += "<td>\(Self.escape(row.kind))</td>"
            out +=
                "<td>\(Self.escape(row.protocolSet.map { "\($0.name)\($0.line.map { " \($0)" } ?? "")" } ?? "–"))</td>"
            out +=
                "<td data-sort=\"\(Self.escape(row.newestRelease?.version ?? ""))\">\(Self.escape(row.newestRelease?.version ?? "–"))</td>"
            out += "<td>\(Self.escape(row.newestPrerelease?.version ?? "–"))</td>"
            out +=
                "<td data-sort=\"\(row.commitsAhead)\"\(row.commitsAhead > 0 ? " class=\"ahead\"" : "")>\(row.commitsAhead)</td>"
            for app in matrix.apps {
                let requirement = app.role == "main" ? row.pins[app.name] : row.requirements[app.name]
                let drift =
                    requirement.map {
                        app.role == "main" && $0.version != nil && $0.version != row.newestRelease?.version
                    } ?? false
                let text = Self.escape(requirement?.text ?? "–")
                // A cell with a finding about this app and component links to it (drift, a pin the shell does not
                // admit, …).
                let linked =
                    findings.firstIndex { $0.subject == row.name && $0.app == app.name }.map {
                        "<a href=\"#finding-\($0)\">\(text)</a>"
                    } ?? text
                out +=
                    "<td\(drift ? " class=\"drift\" title=\"pins an older version than the newest release\"" : "")>\(linked)</td>"
            }
            // One link per rule (to its first finding), with how many findings of that rule the row has.
            var groups: [(rule: String, severity: Severity, first: Int, count: Int)] = []
            for (index, finding) in rowFindings {
                if let at = groups.firstIndex(where: { $0.rule == finding.rule && $0.severity == finding.severity }) {
                    groups[at].count += 1
                } else {
                    groups.append((finding.rule, finding.severity, index, 1))
                }
            }
            let links = groups.map { group in
                let label = "\(group.severity) \(group.rule)\(group.count > 1 ? " ×\(group.count)" : "")"
                return "<a class=\"\(group.severity)\" href=\"#finding-\(group.first)\">\(Self.escape(label))</a>"
            }
            out += "<td>\(links.isEmpty ? "<span class=\"ok\">ok</span>" : links.joined(separator: " "))</td></tr>\n"
        }
        out += "</tbody></table></div></section>\n"
        return out
    }

    func findingsSection() -> String {
        var out =
            "<section id=\"findings\" aria-labelledby=\"findings-title\"><h2 id=\"findings-title\">Findings</h2>\n"
        guard !findings.isEmpty else { return out + "<p class=\"ok\">Every rule passes.</p></section>\n" }
        out +=
            """
            <div class=\"scroll\"><table><caption>Every finding of `lockstep check`, accepted ones \
            marked</caption><thead><tr>
            """
        out += ["Rule", "Severity", "Subject", "Message", "Help", "Where"].map { "<th scope=\"col\">\($0)</th>" }
            .joined()
        out += "</tr></thead><tbody>\n"
        for (index, finding) in findings.enumerated() {
            let accepted = finding.accepted.map { " (accepted by \($0.by.rawValue))" } ?? ""
            out +=
                """
                <tr id=\"finding-\(index)\" \
                class=\"\(finding.severity.rawValue)\"><td>\(Self.escape(finding.rule))</td>
                """
            out +=
                "<td>\(Self.escape(finding.severity.rawValue + accepted))</td><td>\(Self.escape(finding.subject))</td>"
            out += "<td>\(Self.escape(finding.message))</td><td>\(Self.escape(finding.help ?? ""))</td>"
            out += "<td>\(Self.escape(finding.locations.map(\.description).joined(separator: ", ")))</td></tr>\n"
        }
        return out + "</tbody></table></div></section>\n"
    }

    func integrationsSection() -> String {
        var out =
            """
            <section id=\"integrations\" aria-labelledby=\"integrations-title\"><h2 \
            id=\"integrations-title\">Recent integrations</h2>\n
            """
        out += "<div class=\"scroll\"><table><caption>From the integrate --format json files given</caption><thead><tr>"
        out +=
            ["File", "Candidates", "Builds", "Result"].map { "<th scope=\"col\">\($0)</th>" }.joined()
            + "</tr></thead><tbody>\n"
        for record in integrations {
            let builds = record.builds.map {
                "\($0.name) \($0.status)\($0.seconds.map { String(format: " %.1fs", $0) } ?? "")"
            }
            out +=
                "<tr><td>\(Self.escape(record.file))</td><td>\(Self.escape(record.candidates.joined(separator: ", ")))</td>"
            out +=
                "<td>\(Self.escape(builds.joined(separator: ", ")))</td><td>\(Self.escape(record.result))</td></tr>\n"
        }
        return out + "</tbody></table></div></section>\n"
    }

    /// Text for HTML content and attribute values: the five markup characters as entities.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// An id fragment for `name`: letters, digits, `-`, `_` kept, everything else as `_HEX`.
    static func anchor(_ name: String) -> String {
        name.unicodeScalars.map { scalar in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_"
                ? String(scalar) : "_\(String(scalar.value, radix: 16))"
        }.joined()
    }
}
