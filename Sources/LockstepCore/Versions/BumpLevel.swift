import Version

/// How far a release moves from the previous one (SPEC §2).
public enum BumpLevel: Int, Comparable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Internal changes only.
    case patch = 0
    /// Public declarations added.
    case minor = 1
    /// Public declarations removed or changed: the next compatibility line.
    case breaking = 2

    public static func < (lhs: BumpLevel, rhs: BumpLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .patch: return "patch"
        case .minor: return "minor"
        case .breaking: return "breaking"
        }
    }

    /// The next release after `version` at this level; below 1.0 both minor and breaking move to `0.(Y+1).0`.
    public func next(after version: Version) -> Version {
        switch self {
        case .patch: return Version(version.major, version.minor, version.patch + 1)
        case .minor: return Version(version.major, version.minor + 1, 0)
        case .breaking: return version.major == 0 ? Version(0, version.minor + 1, 0) : Version(version.major + 1, 0, 0)
        }
    }

    /// The level a step from `old` to `new` (both releases) amounts to.
    public static func between(_ old: Version, _ new: Version) -> BumpLevel? {
        guard old < new else { return nil }
        if CompatibilityLine(old) != CompatibilityLine(new) { return .breaking }
        if old.major == 0 { return .patch } // same 0.Y line: only the patch moved
        return old.minor != new.minor ? .minor : .patch
    }
}
