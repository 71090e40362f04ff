import LockstepCore
import LockstepManifest
import Version

// Tag names and requirement versions: parsing must not crash, and what it accepts must print back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVersion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let name = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    // Manifest requirements read the same text without the tag's `v`: any string, never a trap.
    for requirement in [
        Requirement.exact(name), .upToNextMajor(name), .upToNextMinor(name), .range(name, name),
        .closedRange(name, name),
    ] {
        _ = requirement.interval?.admits(Version(1, 0, 0))
    }
    guard let version = VersionTag.parse(name) else { return 0 }
    // A tag names exactly one version and is that version's canonical text (SPEC: `1.2.3` or `v1.2.3`);
    // anything else is LS101, not a second spelling of a version.
    let body = name.hasPrefix("v") ? String(name.dropFirst()) : name
    check(body == version.description, "tag `\(name)` parsed as \(version), which prints differently")
    for style in [TagStyle.plain, .vPrefixed] {
        let tag = style.tagName(for: version)
        check(VersionTag.parse(tag) == version, "tagName(for: \(version)) = `\(tag)` does not parse back")
    }
    check(
        Version(semVer: version.description)?.description == version.description,
        "Version(semVer: \"\(version)\") does not parse back")
    check(version.release.isPrerelease == false, "\(version).release is still a prerelease")
    check(version.line == version.release.line, "\(version) and its release are on different lines")
    if let n = version.releaseCandidateNumber {
        check(version.releaseCandidate(n).releaseCandidateNumber == n, "rc number of \(version) does not round-trip")
    }
    // The requirement forms a manifest can hold with this version: their intervals must admit it where SwiftPM does.
    let text = version.description
    for requirement in [Requirement.exact(text), .upToNextMajor(text), .upToNextMinor(text)] {
        guard let interval = requirement.interval else { fatalError("\(requirement) has no interval") }
        check(interval.admits(version), "\(requirement) does not admit \(version)")
    }
    _ = Requirement.range(text, text).interval?.admits(version)
    _ = Requirement.closedRange(text, text).interval?.admits(version)
    _ = Requirement.upToNextMinor(text).interval?.lines()
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("oracle: " + message()) }
}
