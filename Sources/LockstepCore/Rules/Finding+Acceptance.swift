/// Why a finding is accepted: a reviewed decision, shown with the finding, that keeps it from failing anything.
public struct FindingAcceptance: Sendable, Codable, Equatable {
    /// Where the decision is recorded.
    public enum Source: String, Sendable, Codable {
        /// `lockstep-baseline.yml`: history accepted when the workspace adopted lockstep.
        case baseline
        /// An `accept:` entry of `lockstep.yml`.
        case accept
        /// A `Lockstep-Accepted-Level:` line in the version's tag annotation (`bump --level L --reason TEXT`).
        case tag
    }

    public var by: Source
    public var reason: String

    public init(by: Source, reason: String) {
        self.by = by
        self.reason = reason
    }
}

extension Finding {
    /// Identifies the finding across runs: rule, subject, version, app and key — never a line number or message
    /// text, so it survives edits elsewhere in a file and rewordings of the message.
    ///
    /// `LS203 swift-log 1.2.0`, `LS101 swift-log [tag 1.0]`, `LS404 Cart 2.0.0 in Main`.
    public var fingerprint: String {
        var text = "\(rule) \(subject)"
        if let version { text += " \(version)" }
        if let app { text += " in \(app)" }
        if let key { text += " [\(key)]" }
        return text
    }

    /// True when the finding fails a check: an error nobody accepted.
    public var counts: Bool { severity == .error && accepted == nil }
}
