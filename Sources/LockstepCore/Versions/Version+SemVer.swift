import Version

extension Version {
    /// Reads a version from other people's text (tag names, manifest requirements): nil for anything that is
    /// not SemVer, never a trap.
    ///
    /// mxcl/Version's `init?(_:)` traps on text like `1.2.+3-rc` (a `+` before the `-` while `Int("+3")` still
    /// reads) and takes `1.2.3-` as 1.2.3, so the text is checked first (`VersionTag.isStrictSemVer`) and only
    /// then handed to the library, which keeps SwiftPM's reading of what it accepts.
    public init?(semVer text: some StringProtocol) {
        let body = Substring(text)
        guard VersionTag.isStrictSemVer(body) else { return nil }
        // Build metadata may hold `-`, which the library would take for a prerelease: read it apart.
        let plus = body.firstIndex(of: "+")
        guard let version = Version(String(body[..<(plus ?? body.endIndex)])) else { return nil }
        let build = plus.map { body[body.index(after: $0)...].split(separator: ".").map(String.init) } ?? []
        self.init(version.major, version.minor, version.patch, pre: version.prereleaseIdentifiers, build: build)
    }
}
