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
    /// Nil when the number to raise is already `Int.max` (a hand-made tag can be that large).
    public func next(after version: Version) -> Version? {
        switch self {
        case .patch: return version.patch.incremented.map { Version(version.major, version.minor, $0) }
        case .minor: return version.minor.incremented.map { Version(version.major, $0, 0) }
        case .breaking:
            if version.major == 0 { return version.minor.incremented.map { Version(0, $0, 0) } }
            return version.major.incremented.map { Version($0, 0, 0) }
        }
    }

    /// The level a step from `old` to `new` (both releases) amounts to.
    public static func between(_ old: Version, _ new: Version) -> BumpLevel? {
        guard old < new else { return nil }
        if CompatibilityLine(old) != CompatibilityLine(new) { return .breaking }
        if old.major == 0 { return .patch }  // same 0.Y line: only the patch moved
        return old.minor != new.minor ? .minor : .patch
    }
}

extension Int {
    /// `self + 1`, or nil at `Int.max` (version numbers come from tags anyone can write).
    var incremented: Int? {
        let (sum, overflow) = addingReportingOverflow(1)
        return overflow ? nil : sum
    }
}
