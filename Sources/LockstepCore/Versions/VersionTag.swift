import LockstepGit
import Version

/// A git tag that names a SemVer version, e.g. `v1.2.0` on commit 3f2a1c9.
public struct VersionTag: Sendable, Hashable {
    /// The tag as written in the repo (`1.2.0` or `v1.2.0`).
    public var name: String
    /// The version it names.
    public var version: Version
    /// The commit it points to.
    public var commit: ObjectID
    /// True for an annotated tag.
    public var isAnnotated: Bool

    public init(name: String, version: Version, commit: ObjectID, isAnnotated: Bool) {
        self.name = name
        self.version = version
        self.commit = commit
        self.isAnnotated = isAnnotated
    }

    /// True for a tag with a `-PRERELEASE` part.
    public var isPrerelease: Bool { !version.prereleaseIdentifiers.isEmpty }

    /// Reads a tag name as a version: `1.2.3`, `v1.2.3`, with optional prerelease and build parts. Nil otherwise.
    public static func parse(_ name: String) -> Version? {
        let body = name.hasPrefix("v") ? Substring(name.utf8.dropFirst()) : Substring(name)
        if let plain = plainRelease(body) { return plain }
        // Everything else (prereleases, build metadata, non-versions): strict SemVer, exactly three numeric
        // parts, no leading zeros.
        return Version(semVer: body)
    }

    /// `X.Y.Z` with no prerelease or build part, read without the general parser (most tags of a large
    /// workspace); nil for anything else, including leading zeros, which the general parser then rejects.
    static func plainRelease(_ text: Substring) -> Version? {
        var parts: [Int] = []
        var value = 0
        var digits = 0
        var leadingZero = false
        for byte in text.utf8 {
            if byte >= 48 && byte <= 57 {
                if digits == 1 && leadingZero { return nil }
                if digits == 0 { leadingZero = byte == 48 }
                guard digits < 9 else { return nil }
                value = value * 10 + Int(byte - 48)
                digits += 1
            } else if byte == 46, digits > 0, parts.count < 2 {
                parts.append(value)
                value = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard digits > 0, parts.count == 2 else { return nil }
        return Version(parts[0], parts[1], value)
    }
}

/// How a repo writes its version tags: with or without a leading `v`.
public enum TagStyle: String, Sendable, Codable {
    case plain
    case vPrefixed = "v"

    /// The tag name for `version` in this style.
    public func tagName(for version: Version) -> String {
        self == .vPrefixed ? "v\(version)" : "\(version)"
    }

    /// The style a repo already uses: `v` when most of its version tags have it; plain when it has none.
    public static func of(_ tags: [VersionTag]) -> TagStyle {
        let prefixed = tags.filter { $0.name.hasPrefix("v") }.count
        return prefixed * 2 > tags.count ? .vPrefixed : .plain
    }
}

extension Version {
    /// The compatibility line this version is on (SPEC §2).
    public var line: CompatibilityLine { CompatibilityLine(self) }

    /// The same version without prerelease and build parts: what an rc is a candidate for.
    public var release: Version { Version(major, minor, patch) }

    /// True for a version with a prerelease part.
    public var isPrerelease: Bool { !prereleaseIdentifiers.isEmpty }

    /// The N of an `-rc.N` prerelease, nil for any other version.
    public var releaseCandidateNumber: Int? {
        guard prereleaseIdentifiers.count == 2, prereleaseIdentifiers[0] == "rc" else { return nil }
        return Int(prereleaseIdentifiers[1])
    }

    /// `X.Y.Z-rc.N` for this version's release part.
    public func releaseCandidate(_ number: Int) -> Version {
        Version(major, minor, patch, pre: ["rc", String(number)])
    }
}
