import LockstepAPI
import LockstepGit
import Version

/// What `lockstep bump` will tag, and why.
public struct BumpPlan: Sendable {
    public var component: String
    /// The newest release the bump starts from; nil for a first version.
    public var from: VersionTag?
    /// The release candidate to tag, e.g. `0.1.8-rc.1`.
    public var to: Version
    /// The tag name in the repo's style, e.g. `v0.1.8-rc.1`.
    public var tagName: String
    public var level: BumpLevel
    /// Why this level, most important first: the API diff, the tie, a flag, the rc series.
    public var reasons: [String]
    /// The API changes since `from`.
    public var changes: [APIChange]
    /// HEAD, the commit that gets the tag.
    public var commit: ObjectID
    /// A level below the diff's, chosen with a reason (`bump --level L --reason TEXT`): a trailer of the tag.
    public var accepted: AcceptedLevel? = nil

    /// `Cart 0.1.7 → 0.1.8-rc.1 (patch: internal changes only)`.
    public var summary: String {
        "\(component) \(from?.name ?? "(none)") → \(tagName) (\(level): \(reasons.first ?? ""))"
    }

    /// The annotated tag's message.
    public var tagMessage: String {
        var lines = ["\(component) \(to)", "", "Level: \(level)"]
        lines += reasons.map { "- \($0)" }
        lines.append("From: \(from?.name ?? "first version")")
        let relevant = changes.filter { $0.impact != .none }
        if !relevant.isEmpty {
            lines.append("")
            lines.append("API changes:")
            lines += relevant.prefix(50).map { "- \($0.summary)" }
            if relevant.count > 50 { lines.append("- … and \(relevant.count - 50) more") }
        }
        lines.append("")
        lines.append("Tagged by lockstep bump.")
        if let accepted {
            lines.append("")
            lines.append(accepted.trailer)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A bump that cannot be made; nothing was written. Exit 1.
public struct BumpRefusal: Error, CustomStringConvertible, Sendable, Equatable {
    public var component: String
    public var reason: String
    /// Further lines: the declarations that require more, the fix.
    public var details: [String]

    public init(_ component: String, _ reason: String, details: [String] = []) {
        self.component = component
        self.reason = reason
        self.details = details
    }

    public var description: String {
        (["bump \(component) refused: \(reason)"] + details.map { "  \($0)" }).joined(separator: "\n")
    }
}
