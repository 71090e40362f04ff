/// Which manifest file of a package root SwiftPM loads: `Package.swift` or one `Package@swift-X[.Y[.Z]].swift`.
///
/// SwiftPM's rule (PackageLoading's manifest lookup), for a toolchain whose tools version is `current`:
/// 1. Files named `Package@swift-<major>[.<minor>[.<patch>]].swift` are version-specific; a missing minor or
///    patch counts as 0 (`Package@swift-6.swift` is 6.0.0).
/// 2. The candidate is the version-specific file with the highest version ≤ `current`. None: `Package.swift`.
/// 3. The candidate wins only when its own `// swift-tools-version:` is newer than `Package.swift`'s
///    (a file below 4.0, or one without the comment, counts as 3.1.0).
/// 4. Otherwise `Package.swift` wins if this toolchain can read it (its tools version ≤ `current` and ≥ 4.0);
///    when it cannot, the candidate is loaded after all.
///
/// `current == nil` stands for "no toolchain known": every version-specific file is eligible (the newest wins
/// step 2) and `Package.swift` is always readable.
public enum ManifestSelection {
    /// The regular manifest's file name.
    public static let regular = "Package.swift"
    /// What SwiftPM assumes for a manifest without a `// swift-tools-version:` comment.
    static let unmarked = [3, 1, 0]

    /// The version-specific manifests among a package root's file names, with the version each one names.
    public static func versionSpecific(in names: [String]) -> [(version: [Int], name: String)] {
        names.compactMap { name in version(ofVariant: name).map { ($0, name) } }
    }

    /// The version a `Package@swift-X[.Y[.Z]].swift` name stands for (padded to three parts), nil for other names.
    public static func version(ofVariant name: String) -> [Int]? {
        let prefix = "Package@swift-", suffix = ".swift"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return nil
        }
        let parts = name.dropFirst(prefix.count).dropLast(suffix.count).split(
            separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else {
                return nil
            }
            numbers.append(value)
        }
        return padded(numbers)
    }

    /// The tools version a manifest declares on its first line (`// swift-tools-version:5.9`), padded to three
    /// parts; 3.1.0 when there is no such comment, as SwiftPM assumes.
    public static func toolsVersion(of text: String) -> [Int] {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        guard firstLine.hasPrefix("//") else { return unmarked }
        let rest = firstLine.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        let marker = "swift-tools-version"
        guard rest.lowercased().hasPrefix(marker) else { return unmarked }
        let afterMarker = rest.dropFirst(marker.count).drop { $0 == " " || $0 == "\t" }
        guard afterMarker.first == ":" else { return unmarked }
        let digits = afterMarker.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0.isNumber || $0 == "." }
        let numbers = digits.split(separator: ".").prefix(3).compactMap { Int($0) }
        return numbers.isEmpty ? unmarked : padded(numbers)
    }

    /// The file SwiftPM loads among `names` (a package root's entries). `toolsVersion` reads a file's declared
    /// tools version (see `toolsVersion(of:)`); it is asked only when a version-specific file is a candidate.
    public static func select(names: [String], current: [Int]?, toolsVersion: (String) throws -> [Int]) rethrows
        -> String
    {
        let limit = current.map(padded)
        let eligible = versionSpecific(in: names).filter { limit == nil || !isNewer($0.version, than: limit!) }
        // Two names for one version (`Package@swift-6.swift`, `Package@swift-6.0.swift`): take the last name in
        // sorted order, as a directory listing would give SwiftPM's dictionary its last value.
        guard
            let candidate = eligible.sorted(by: {
                $0.version == $1.version ? $0.name < $1.name : $0.version.lexicographicallyPrecedes($1.version)
            }).last
        else { return regular }
        guard names.contains(regular) else { return candidate.name }
        let candidateTools =
            candidate.version.lexicographicallyPrecedes([4]) ? unmarked : try toolsVersion(candidate.name)
        let regularTools = try toolsVersion(regular)
        if isNewer(candidateTools, than: regularTools) { return candidate.name }
        let readable =
            !regularTools.lexicographicallyPrecedes([4]) && (limit == nil || !isNewer(regularTools, than: limit!))
        return readable ? regular : candidate.name
    }

    /// True when version `a` is strictly newer than `b` (both compared as three parts).
    static func isNewer(_ a: [Int], than b: [Int]) -> Bool { padded(b).lexicographicallyPrecedes(padded(a)) }

    static func padded(_ numbers: [Int]) -> [Int] { Array((numbers + [0, 0, 0]).prefix(3)) }
}
