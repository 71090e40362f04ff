import LockstepManifest
import Version

/// What went wrong reading a version inside a requirement.
public struct BadVersionText: Error, Sendable { public var text: String }

extension Requirement {
    /// The version interval a requirement stands for; nil for branch, revision and path.
    public var interval: VersionInterval? {
        switch self {
        case .exact(let text):
            guard let v = Version(semVer: text) else { return nil }
            return VersionInterval(lower: v, upper: v, upperInclusive: true)
        case .upToNextMajor(let text):
            guard let v = Version(semVer: text) else { return nil }
            guard let next = v.major.incremented else { return .unbounded(from: v) }
            return VersionInterval(lower: v, upper: Version(next, 0, 0), upperInclusive: false)
        case .upToNextMinor(let text):
            guard let v = Version(semVer: text) else { return nil }
            // Past MINOR = Int.max comes the next major.
            guard
                let upper = v.minor.incremented.map({ Version(v.major, $0, 0) })
                    ?? v.major.incremented.map({ Version($0, 0, 0) })
            else {
                return .unbounded(from: v)
            }
            return VersionInterval(lower: v, upper: upper, upperInclusive: false)
        case .range(let a, let b):
            guard let l = Version(semVer: a), let u = Version(semVer: b) else { return nil }
            return VersionInterval(lower: l, upper: u, upperInclusive: false)
        case .closedRange(let a, let b):
            guard let l = Version(semVer: a), let u = Version(semVer: b) else { return nil }
            return VersionInterval(lower: l, upper: u, upperInclusive: true)
        case .branch, .revision, .path:
            return nil
        }
    }

    /// True for a requirement that names a version (not a branch, revision or path).
    public var isVersioned: Bool { interval != nil }

    /// The exact version, for `exact:` requirements.
    public var exactVersion: Version? {
        if case .exact(let text) = self { return Version(semVer: text) }
        return nil
    }

    /// Whether SwiftPM would pick `version` under this requirement.
    public func admits(_ version: Version) -> Bool { interval?.admits(version) ?? false }

    /// A short human form: `exact 1.2.0`, `^1.2.0`, `~0.1.5`, `1.0.0..<2.0.0`, `branch main` …
    public var shortText: String {
        switch self {
        case .exact(let v): return v
        case .upToNextMajor(let v): return "^\(v)"
        case .upToNextMinor(let v): return "~\(v)"
        case .range(let a, let b): return "\(a)..<\(b)"
        case .closedRange(let a, let b): return "\(a)...\(b)"
        case .branch(let b): return "branch \(b)"
        case .revision(let r): return "revision \(r.prefix(7))"
        case .path(let p): return "path \(p)"
        }
    }
}

/// A set of versions `lower ..< upper` (or `...`), with SwiftPM's treatment of prereleases.
public struct VersionInterval: Sendable, Equatable {
    public var lower: Version
    public var upper: Version
    public var upperInclusive: Bool

    /// Every version from `lower` up: what `from:` means when its next major cannot be written.
    static func unbounded(from lower: Version) -> VersionInterval {
        VersionInterval(lower: lower, upper: Version(Int.max, Int.max, Int.max), upperInclusive: true)
    }

    /// SwiftPM semantics: a prerelease is admitted only when a bound of the range is itself a prerelease
    /// of the same version, or the requirement is exact; ranges never pick up other prereleases.
    public func admits(_ version: Version) -> Bool {
        let belowUpper = upperInclusive ? version <= upper : version < upper
        guard version >= lower, belowUpper else { return false }
        guard version.isPrerelease else { return true }
        if lower == upper && upperInclusive { return true }
        return (lower.isPrerelease && lower.release == version.release)
            || (upper.isPrerelease && upper.release == version.release)
    }

    /// The compatibility lines the interval spans, at most `limit` of them (0.x ranges can span very many).
    public func lines(limit: Int = 8) -> [CompatibilityLine] {
        var result: [CompatibilityLine] = []
        var line = CompatibilityLine(lower)
        while result.count < limit {
            result.append(line)
            guard let next = line.nextLineStart else { break }
            let reaches = upperInclusive ? next <= upper : next < upper
            if !reaches { break }
            line = CompatibilityLine(next)
        }
        return result
    }

    /// True when every admitted version is on one compatibility line (what the tie needs).
    public var isOneLine: Bool { lines(limit: 2).count == 1 }

    /// `1`, `0.1`, or `1–2` / `0.3+` for a range spanning several lines.
    public var linesDescription: String {
        let spanned = lines(limit: 9)
        if spanned.count == 1 { return spanned[0].description }
        if spanned.count == 9 { return "\(spanned[0])+" }
        return "\(spanned[0])–\(spanned[spanned.count - 1])"
    }
}
