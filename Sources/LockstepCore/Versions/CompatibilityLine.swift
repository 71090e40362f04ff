import Version

/// Versions meant to be compatible: `X` for X ≥ 1, `0.Y` below 1.0 (as Cargo treats 0.x).
public struct CompatibilityLine: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    /// Set only on a 0.x line.
    public var minor: Int?

    /// The line of `version`.
    public init(_ version: Version) {
        major = version.major
        minor = version.major == 0 ? version.minor : nil
    }

    /// The first version on this line, e.g. `2.0.0` or `0.4.0`.
    public var firstVersion: Version { Version(major, minor ?? 0, 0) }

    /// The first version of the next line: `3.0.0` after line 2, `0.5.0` after line 0.4, `1.0.0` after
    /// line 0.<Int.max>; nil after line <Int.max>, the last a version can name.
    public var nextLineStart: Version? {
        if let minor { return minor.incremented.map { Version(0, $0, 0) } ?? Version(1, 0, 0) }
        return major.incremented.map { Version($0, 0, 0) }
    }

    /// True when `version` is on this line.
    public func contains(_ version: Version) -> Bool { CompatibilityLine(version) == self }

    public var description: String { minor.map { "0.\($0)" } ?? "\(major)" }

    public static func < (lhs: CompatibilityLine, rhs: CompatibilityLine) -> Bool {
        (lhs.major, lhs.minor ?? 0) < (rhs.major, rhs.minor ?? 0)
    }
}
