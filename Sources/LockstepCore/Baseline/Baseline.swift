import Foundation
import Version

/// `lockstep-baseline.yml`: the findings a workspace accepted when it adopted lockstep (history it cannot change).
public struct Baseline: Sendable, Equatable {
    /// The file's name, next to `lockstep.yml`.
    public static let fileName = "lockstep-baseline.yml"
    /// The reason recorded when `baseline` is run without `--reason`.
    public static let defaultReason = "history before the workspace adopted lockstep"

    /// A component and the newest version whose history the baseline accepts.
    public struct ComponentEntry: Sendable, Equatable {
        public var name: String
        public var version: String
        /// `Baseline.historyDigest` of the component's history up to `version` when the baseline was recorded: while
        /// it is still that, the releases up to `version` are not diffed again (`AcceptedHistory`).
        /// Nil in a baseline written before lockstep recorded it: every release is judged.
        public var history: String?

        public init(name: String, version: String, history: String? = nil) {
            self.name = name
            self.version = version
            self.history = history
        }
    }

    /// One accepted finding.
    public struct Entry: Sendable, Equatable {
        /// `Finding.fingerprint`: what matches a finding to this entry.
        public var fingerprint: String
        public var rule: String
        public var component: String
        public var version: String?
        public var app: String?
        public var reason: String

        public init(
            fingerprint: String, rule: String, component: String, version: String?, app: String?, reason: String
        ) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.component = component
            self.version = version
            self.app = app
            self.reason = reason
        }
    }

    /// Sorted by name.
    public var components: [ComponentEntry]
    /// Sorted by fingerprint, one per fingerprint.
    public var findings: [Entry]

    public init(components: [ComponentEntry], findings: [Entry]) {
        self.components = components.sorted { $0.name < $1.name }
        self.findings = findings.sorted { $0.fingerprint < $1.fingerprint }
    }

    /// The entry accepting `finding`, if any.
    public func entry(for finding: Finding) -> Entry? {
        let fingerprint = finding.fingerprint
        return findings.first { $0.fingerprint == fingerprint }
    }

    /// What identifies a component's accepted history: a SHA-256 (64 hex digits) of the name, commit and tag object of
    /// each of its version tags up to `version`, of the `accept:` entries of `config` about those versions (rule and
    /// version), and of how `config` has its API read (kind, platforms, manifest), sorted. A tag moved, deleted,
    /// rewritten (its trailer changed) or added at or below `version` (a backport tagged later), an `accept:` entry
    /// added or removed there, or the component's `platforms:`, `manifest:` or kind changed, changes it: the findings
    /// the baseline recorded were those of that history, read that way, judged with those acceptances. Not in it:
    /// lockstep's own version, the toolchain's and the dependencies' typealiases at their HEAD, which may change how
    /// old releases read too (accepted history, like a newer lockstep's findings: `--no-baseline` shows them).
    public static func historyDigest(
        of state: ComponentSnapshot, through version: Version, config: WorkspaceConfig
    ) -> String {
        var lines = state.versionTags.filter { $0.version <= version }.map { tag in
            "tag \(tag.name) \(tag.commit.hex) \(state.tagObjects[tag.name]?.hex ?? "-")\n"
        }
        for entry in config.accepts where entry.component == state.component.name && entry.version <= version {
            lines.append("accept \(entry.rule) \(entry.version)\n")
        }
        // How lockstep.yml has the component's API read: its kind, platforms and manifest.
        let component = state.component
        let platforms = (component.platforms ?? []).joined(separator: ",")
        lines.append(
            "config \(component.kind.name) \(component.implements ?? "-") \(platforms) \(component.manifest ?? "-")\n")
        return SHA256.hex(Data(lines.sorted().joined().utf8))
    }

    /// Where the baseline of the workspace at `root` lives.
    public static func file(in root: URL) -> URL { root.appendingPathComponent(fileName) }

    /// Reads the workspace's baseline; nil when there is none. Every mistake is a `ConfigError` with line and column.
    public static func load(for config: WorkspaceConfig) throws -> Baseline? {
        let file = file(in: config.root)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            throw ConfigError(
                file: file.path, line: 0, column: 0,
                message: "this is a folder, not the baseline file; remove it and run `lockstep baseline`")
        }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ConfigError(
                file: file.path, line: 0, column: 0,
                message:
                    """
                    cannot read the baseline file: \(FileErrorText.reason(error)); check that it is a readable \
                    UTF-8 text file
                    """
            )
        }
        return try parse(text, file: file.path, config: config)
    }

    /// Validates baseline text already in memory; `file` names it in errors.
    public static func parse(_ text: String, file: String, config: WorkspaceConfig) throws -> Baseline {
        try ConfigParser(file: file, root: config.root).parseBaseline(text, config: config)
    }

    /// The baseline accepting `findings` (errors and warnings nobody accepted otherwise; notes never fail anything).
    /// Entries already in `previous` keep their reason, so a rerun with nothing new writes the same bytes.
    public static func recording(
        _ findings: [Finding], snapshot: WorkspaceSnapshot, previous: Baseline?, reason: String?
    ) -> Baseline {
        var entries: [String: Entry] = [:]
        for finding in findings where finding.severity >= .warning && finding.accepted == nil {
            let fingerprint = finding.fingerprint
            guard entries[fingerprint] == nil else { continue }
            let kept = previous?.findings.first { $0.fingerprint == fingerprint }?.reason
            entries[fingerprint] = Entry(
                fingerprint: fingerprint, rule: finding.rule, component: finding.subject, version: finding.version,
                app: finding.app, reason: kept ?? reason ?? defaultReason)
        }
        let components = snapshot.components.compactMap { state in
            state.newestVersion.map {
                ComponentEntry(
                    name: state.component.name, version: $0.version.description,
                    history: historyDigest(of: state, through: $0.version, config: snapshot.config))
            }
        }
        return Baseline(components: components, findings: Array(entries.values))
    }
}

extension Baseline {
    /// The file's text: a commented header, then `components:` and `findings:`, sorted, every value quoted.
    public var text: String {
        var lines = [
            "# Lockstep baseline: findings this workspace accepted when it adopted lockstep, because they are about",
            "# history that cannot change (tags already published). Up to each component's `version`, while its",
            "# history up to it is that of `history` (a digest of its tags and of the `accept:` entries about them),",
            "# `lockstep check` does not diff the releases again; it counts the findings below without failing on",
            "# them. `lockstep check --no-baseline` judges and shows everything. Later versions still count.",
            "# Regenerate with `lockstep baseline [--reason TEXT]` (kept entries keep their reason). A finding is",
            "# matched by its fingerprint: RULE SUBJECT [VERSION] [in APP] [[KEY]], never a line or message.",
            "components:",
        ]
        if components.isEmpty { lines[lines.count - 1] += " []" }
        for component in components {
            let history = component.history.map { ", history: \(YAMLText.quoted($0))" } ?? ""
            lines.append(
                """
                  - { name: \(YAMLText.quoted(component.name)), version: \(YAMLText.quoted(component.version))\
                \(history) }
                """
            )
        }
        lines.append(findings.isEmpty ? "findings: []" : "findings:")
        for entry in findings {
            lines.append("  - fingerprint: \(YAMLText.quoted(entry.fingerprint))")
            lines.append("    rule: \(YAMLText.quoted(entry.rule))")
            lines.append("    component: \(YAMLText.quoted(entry.component))")
            if let version = entry.version { lines.append("    version: \(YAMLText.quoted(version))") }
            if let app = entry.app { lines.append("    app: \(YAMLText.quoted(app))") }
            lines.append("    reason: \(YAMLText.quoted(entry.reason))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

}
