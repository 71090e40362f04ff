import Foundation
import LockstepManifest

/// The stable JSON form of the matrix (schema documented in docs/json/matrix.md). Field names never change
/// within a `schemaVersion`; new optional fields may be added.
public struct MatrixJSON: Codable, Sendable, Equatable {
    public static let schemaVersion = 1

    public struct Tag: Codable, Sendable, Equatable {
        public var version: String
        public var tag: String
        public var commit: String
    }

    public struct RequirementJSON: Codable, Sendable, Equatable {
        /// exact, upToNextMajor, upToNextMinor, range, closedRange, branch, revision, path
        public var kind: String
        /// Short form: `0.1.7`, `^1.0.0`, `~0.1.5`, `1.0.0..<2.0.0`, `branch main` …
        public var text: String
        /// The version for `exact`, the lower bound for ranges; nil otherwise.
        public var version: String?
    }

    public struct FindingJSON: Codable, Sendable, Equatable {
        public var rule: String
        public var severity: String
        public var app: String?
        public var version: String?
        public var message: String
        public var help: String?
    }

    public struct ProtocolSetJSON: Codable, Sendable, Equatable {
        public var name: String
        public var line: String?
    }

    public struct Row: Codable, Sendable, Equatable {
        public var name: String
        public var kind: String
        public var protocolSet: ProtocolSetJSON?
        public var newestRelease: Tag?
        public var newestPrerelease: Tag?
        public var commitsAhead: Int
        /// Main app name → its pin; absent when that app does not use the component.
        public var pins: [String: RequirementJSON]
        /// Shell app name → its requirement; absent when that shell does not use the component.
        public var requirements: [String: RequirementJSON]
        /// `["ok"]` or the rule IDs found.
        public var status: [String]
        public var findings: [FindingJSON]
    }

    public struct AppJSON: Codable, Sendable, Equatable {
        public var name: String
        public var role: String
    }

    public var schemaVersion: Int
    public var workspace: String
    public var apps: [AppJSON]
    public var components: [Row]
    public var appFindings: [FindingJSON]
}

extension Matrix {
    /// The matrix in its stable JSON schema.
    public var json: MatrixJSON {
        func tag(_ t: VersionTag?) -> MatrixJSON.Tag? {
            t.map { .init(version: $0.version.description, tag: $0.name, commit: $0.commit.hex) }
        }
        func requirement(_ r: Requirement) -> MatrixJSON.RequirementJSON {
            .init(kind: r.kindName, text: r.shortText, version: r.interval?.lower.description)
        }
        func finding(_ f: Finding) -> MatrixJSON.FindingJSON {
            .init(
                rule: f.rule, severity: f.severity.rawValue, app: f.app, version: f.version, message: f.message,
                help: f.help)
        }
        let apps =
            mainApps.map { MatrixJSON.AppJSON(name: $0, role: "main") }
            + shellApps.map { .init(name: $0, role: "shell") }
        let components = rows.map { row in
            MatrixJSON.Row(
                name: row.name, kind: row.kind.name,
                protocolSet: row.protocolSet.map { .init(name: $0, line: row.protocolSetLine) },
                newestRelease: tag(row.newestRelease), newestPrerelease: tag(row.newestPrerelease),
                commitsAhead: row.commitsAhead,
                pins: row.pins.mapValues(requirement), requirements: row.requirements.mapValues(requirement),
                status: row.status.isEmpty ? ["ok"] : row.status, findings: row.findings.map(finding))
        }
        return MatrixJSON(
            schemaVersion: MatrixJSON.schemaVersion, workspace: workspace, apps: apps,
            components: components, appFindings: appFindings.map(finding))
    }

    /// The JSON text, keys sorted so output is stable.
    public func jsonText() throws -> String {
        try JSONText.encode(json)
    }
}

/// JSON as every command prints it: pretty, keys sorted (stable output), slashes unescaped.
public enum JSONText {
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
