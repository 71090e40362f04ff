import LockstepManifest

/// How bad a finding is. Errors make `check` exit 1.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A place a finding points at: a file of a repo, at a revision (a tag, `HEAD`, a commit) when it is not the
/// work tree, a line and, when known, a column.
public struct ManifestLocation: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The path from the workspace folder, e.g. `components/Cart/Package.swift`.
    public var file: String
    /// The revision the file was read at, e.g. `1.0.0` or `HEAD`; nil for the file as it is in the work tree.
    public var revision: String?
    public var line: Int
    public var column: Int?
    /// What the location shows, e.g. `before` / `after`.
    public var label: String?

    public init(file: String, revision: String? = nil, line: Int, column: Int? = nil, label: String? = nil) {
        self.file = file
        self.revision = revision
        self.line = line
        self.column = column
        self.label = label
    }

    /// A place in a manifest file read at a revision (its path and revision are the file's).
    public init(_ manifest: ManifestFile, line: Int, column: Int? = nil, label: String? = nil) {
        self.init(file: manifest.path, revision: manifest.revision, line: line, column: column, label: label)
    }

    /// The file and revision, without the line.
    public var manifestFile: ManifestFile { ManifestFile(path: file, revision: revision) }

    /// `components/Cart/Package.swift @ 1.0.0:12:5 (before)`.
    public var description: String {
        "\(manifestFile):\(line)" + (column.map { ":\($0)" } ?? "") + (label.map { " (\($0))" } ?? "")
    }
}

/// One thing a rule found wrong (or worth knowing) in the workspace.
public struct Finding: Sendable, Codable, Equatable {
    /// The rule's ID, e.g. `LS203`.
    public var rule: String
    public var severity: Severity
    /// The component the finding is about (or the app, for findings about an app alone).
    public var subject: String
    /// The app whose manifest the finding is about, for app rules (LS401–LS404).
    public var app: String?
    /// The version concerned, when there is one.
    public var version: String?
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it.
    public var help: String?
    /// Where, for findings about files (API changes, manifests).
    public var locations: [ManifestLocation]
    /// What tells this finding from others of its rule, subject, version and app (a tag name, a dependency), for its
    /// fingerprint.
    public var key: String? = nil
    /// Set when a reviewed decision accepts the finding: it is shown but fails nothing.
    public var accepted: FindingAcceptance? = nil

    public init(
        rule: String, severity: Severity, subject: String, app: String? = nil, version: String? = nil, message: String,
        help: String? = nil, locations: [ManifestLocation] = []
    ) {
        self.rule = rule
        self.app = app
        self.severity = severity
        self.subject = subject
        self.version = version
        self.message = message
        self.help = help
        self.locations = locations
    }
}
