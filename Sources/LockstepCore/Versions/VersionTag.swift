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
        // Everything else (prereleases, build metadata, non-versions) goes to mxcl/Version once it is known to be
        // strict SemVer: that parser also takes `1.0.0-` (as 1.0.0), `01.2.3` and `rc.-1`, and drops numbers
        // above Int.max, which are then LS101 warnings rather than versions.
        return Version(semVer: body)
    }

    /// `MAJOR.MINOR.PATCH[-PRE][+BUILD]` as semver.org spells it: identifiers of `[0-9A-Za-z-]` that are never
    /// empty, numeric prerelease identifiers without leading zeros (they would compare equal yet differ).
    static func isStrictSemVer(_ text: Substring) -> Bool {
        let (main, build) = split(text, at: "+")
        let (core, pre) = split(main, at: "-")
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        // No leading zeros in MAJOR.MINOR.PATCH either: `01.2.3` would be a second spelling of 1.2.3 (LS101, not a
        // version).
        guard numbers.count == 3, numbers.allSatisfy(isNumber) else { return false }
        func identifiers(_ part: Substring?, numeric: Bool) -> Bool {
            guard let part else { return true }
            return part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { identifier in
                guard !identifier.isEmpty, identifier.utf8.allSatisfy(isIdentifierByte) else { return false }
                guard numeric else { return true }
                // mxcl/Version orders `-1` as the number -1 where SemVer has text: keep such tags out.
                if identifier.utf8.first == 45, Int(identifier) != nil { return false }
                return !identifier.utf8.allSatisfy(isDigit) || isNumber(identifier)
            }
        }
        return identifiers(pre, numeric: true) && identifiers(build, numeric: false)
    }

    private static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (text[..<index], text[text.index(after: index)...])
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45
    }

    /// Digits without a leading zero (`0` itself is fine).
    private static func isNumber(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, text.utf8.allSatisfy(isDigit) else { return false }
        return first != 48 || text.utf8.count == 1
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

    /// The N of an `-rc.N` prerelease (N plain digits that fit an Int), nil for any other version.
    public var releaseCandidateNumber: Int? {
        guard prereleaseIdentifiers.count == 2, prereleaseIdentifiers[0] == "rc" else { return nil }
        let digits = prereleaseIdentifiers[1]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(digits)
    }

    /// `X.Y.Z-rc.N` for this version's release part.
    public func releaseCandidate(_ number: Int) -> Version {
        Version(major, minor, patch, pre: ["rc", String(number)])
    }
}
