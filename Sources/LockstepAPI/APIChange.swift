/// How a declaration differs between two surfaces.
public enum APIChangeKind: String, Sendable, Codable, CaseIterable {
    /// Only the new surface has it.
    case added
    /// Only the old surface has it.
    case removed
    /// Both have it, with different signatures.
    case changed
}

/// How far a change reaches for clients; the core maps it to a patch, minor or major bump.
public enum APIImpact: Int, Comparable, Sendable, Codable, CaseIterable {
    /// Nothing clients can see.
    case none = 0
    /// Clients gain something and lose nothing.
    case additive = 1
    /// Some client may stop compiling.
    case breaking = 2

    /// Orders by reach: `none < additive < breaking`.
    public static func < (lhs: APIImpact, rhs: APIImpact) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One declaration that differs between two surfaces, with its impact.
public struct APIChange: Sendable, Codable, Hashable, CustomStringConvertible {
    /// Added, removed or changed.
    public var kind: APIChangeKind
    /// The declaration's key (the shared base key when overloads were matched up).
    public var key: String
    /// The declaration in the old surface, nil when added.
    public var old: APIDeclaration?
    /// The declaration in the new surface, nil when removed.
    public var new: APIDeclaration?
    /// What the change means for clients.
    public var impact: APIImpact
    /// The platforms the change happens on when `#if` confines it to some of the component's platforms;
    /// nil when it happens on all of them.
    public var platforms: [String]?
    /// Why the impact is what it is when the kind alone does not say (a compatible change, an added
    /// requirement's default implementation), e.g. "added parameters have default values"; for a breaking change,
    /// the use that stops compiling when the typed model can name it, e.g. "calls without `try` no longer compile".
    public var note: String?

    /// Creates a change.
    public init(
        kind: APIChangeKind, key: String, old: APIDeclaration?, new: APIDeclaration?, impact: APIImpact,
        platforms: [String]? = nil, note: String? = nil
    ) {
        self.kind = kind
        self.key = key
        self.old = old
        self.new = new
        self.impact = impact
        self.platforms = platforms
        self.note = note
    }

    /// One line for people, e.g. "removed protocol requirement `func CartService.clear()`"; a change confined
    /// to some platforms ends in "(on iOS)".
    public var summary: String {
        guard let platforms, !platforms.isEmpty else { return platformSummary }
        return platformSummary + " (on " + platforms.joined(separator: ", ") + ")"
    }

    private var platformSummary: String {
        let declaration = new ?? old
        let what =
            declaration?.isProtocolRequirement == true && declaration?.kind != .conformance
            ? "protocol requirement `\(key)`" : "`\(key)`"
        switch kind {
        case .added:
            if impact == .breaking, declaration?.kind == .enumCase {
                return "added \(what) (breaking: exhaustive switches over a public enum stop compiling)"
            }
            return "added \(what)" + (note.map { " (\($0))" } ?? "")
        case .removed:
            return "removed \(what)" + (impact == .breaking ? "" : note.map { " (compatible: \($0))" } ?? "")
        case .changed:
            let from = old?.signature ?? "", to = new?.signature ?? ""
            let reason =
                impact == .breaking
                ? note.map { " (breaks: \($0))" } ?? ""
                : note.map { " (compatible: \($0))" } ?? (impact == .additive ? " (additive: public → open)" : "")
            return "changed \(what) from `\(from)` to `\(to)`\(reason)"
        }
    }

    /// The summary, prefixed with the impact: "[breaking] removed `func f()`".
    public var description: String {
        "[\(impact.label)] \(summary)"
    }
}

extension APIImpact {
    /// `none`, `additive` or `breaking`.
    public var label: String {
        switch self {
        case .none: return "none"
        case .additive: return "additive"
        case .breaking: return "breaking"
        }
    }
}
