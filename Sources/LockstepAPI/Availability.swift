/// The restrictions `@available` attributes put on a declaration, per platform, so that two versions
/// can be compared: a lower minimum or a restriction removed widens (every old caller still
/// compiles), a higher minimum or a new restriction narrows (breaking).
struct Availability: Equatable {
    /// Per platform (`iOS`, `macOS`, `swift`, `*`, …).
    struct Restriction: Equatable {
        var introduced: [Int] = []
        var obsoleted: [Int]?
        var unavailable = false
    }

    var platforms: [String: Restriction] = [:]

    /// Reads the `@available(…)` attributes of a signature (already stripped of messages and deprecations).
    init(_ attributes: [String]) {
        for attribute in attributes {
            guard attribute.hasPrefix("@available("), attribute.hasSuffix(")") else { continue }
            let arguments = SignatureShape.splitTopLevel(
                String(attribute.dropFirst("@available(".count).dropLast()), at: ",")
            guard let first = arguments.first else { continue }
            let words = first.split(separator: " ").map(String.init)
            if words.count == 2 || arguments.dropFirst().allSatisfy({ !$0.contains(":") && $0 != "unavailable" }) {
                // Short form: `iOS 13, macOS 10.15, *`.
                for argument in arguments {
                    let parts = argument.split(separator: " ").map(String.init)
                    // An availability macro (`@available(System 0.0.2, *)`, defined by a compiler flag the manifest
                    // computes) is not read: what it expands to is not in the sources.
                    guard parts.count == 2, Self.isPlatform(parts[0]) else { continue }
                    platforms[Self.key(parts[0]), default: Restriction()].raise(to: Self.version(parts[1]))
                }
                continue
            }
            // Long form: `iOS, introduced: 13, obsoleted: 15` or `iOS, unavailable`.
            let platform = Self.key(first)
            var restriction = platforms[platform] ?? Restriction()
            for argument in arguments.dropFirst() {
                if argument == "unavailable" { restriction.unavailable = true; continue }
                let parts = argument.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "introduced": restriction.raise(to: Self.version(parts[1]))
                case "obsoleted": restriction.obsoleted = Self.version(parts[1])
                default: continue
                }
            }
            platforms[platform] = restriction
        }
    }

    /// The platform's key: `OSX` is the older spelling of `macOS` (`OSXApplicationExtension` of
    /// `macOSApplicationExtension`); `@available(OSX 10.15, *)` and `@available(macOS 10.15, *)` are one restriction.
    private static func key(_ name: String) -> String {
        name.lowercased().hasPrefix("osx") ? "macOS" + name.dropFirst(3) : name
    }

    /// nil when `new` narrows `old` on some platform, "availability widened" when it widens, otherwise
    /// `.some(nil)`: no difference.
    ///
    /// With `supported` (the component's platforms), tvOS, watchOS and visionOS restrictions count only when
    /// the component supports that platform: a narrowing there breaks no client it has.
    ///
    /// With `concurrency` (the declaration is `async`, takes an `async` function or has `async` requirements), a
    /// minimum at or below where Swift concurrency starts (macOS 10.15, iOS 13, …) restricts nobody either: no
    /// client could use the declaration below it.
    ///
    /// `minimums` are the package's own minimum deployment versions (lower-case platform names): no client builds
    /// below them, so a minimum at or below one restricts nobody.
    static func widening(
        from old: [String], to new: [String], supported: [String]? = nil,
        concurrency: Bool = false, minimums: [String: [Int]] = [:]
    ) -> String?? {
        let before = Availability(old), after = Availability(new)
        if before == after { return old == new ? .some(nil) : .some(spelledOnly) }
        for (platform, restriction) in after.platforms where !isUnsupported(platform, supported) {
            let previous = before.platforms[platform] ?? Restriction()
            // Unavailable before: any minimum now is a widening.
            if previous.unavailable, !restriction.unavailable { continue }
            if Self.less(previous.introduced, restriction.introduced),
                !Self.atOrBelowFloor(platform, restriction.introduced, concurrency: concurrency, minimums: minimums)
            {
                return nil
            }
            if restriction.unavailable && !previous.unavailable { return nil }
            if let obsoleted = restriction.obsoleted {
                guard let was = previous.obsoleted, !Self.less(obsoleted, was) else { return nil }
            }
        }
        let relevant = Set(before.platforms.keys).union(after.platforms.keys).filter { !isUnsupported($0, supported) }
        if relevant.allSatisfy({ before.platforms[$0] == after.platforms[$0] }) { return .some(unsupportedOnly) }
        // Minimums at or below what every client builds for anyway read as none: the same for everybody.
        func seen(_ platform: String, _ restriction: Restriction?) -> Restriction {
            var result = restriction ?? Restriction()
            if atOrBelowFloor(platform, result.introduced, concurrency: concurrency, minimums: minimums) {
                result.introduced = []
            }
            return result
        }
        if relevant.allSatisfy({ seen($0, before.platforms[$0]) == seen($0, after.platforms[$0]) }) {
            return .some(belowFloorsOnly)
        }
        return .some("availability widened")
    }

    /// The names `@available` takes for platforms (and `swift`, `_PackageDescription`); anything else in a
    /// short form is an availability macro.
    static func isPlatform(_ name: String) -> Bool {
        APIContext.osName(withoutExtensionSuffix(name)) != nil
            || ["swift", "_packagedescription"].contains(name.lowercased())
    }

    /// `iOSApplicationExtension` → `iOS`: an app extension's restriction is its platform's.
    private static func withoutExtensionSuffix(_ name: String) -> String {
        name.lowercased().hasSuffix("applicationextension") ? String(name.dropLast("applicationextension".count)) : name
    }

    /// `13.0` and `13` are one version: trailing zeros are dropped.
    /// The reason given when only unsupported platforms' restrictions changed: no client sees it.
    static let unsupportedOnly = "availability changed only on platforms the component does not support"

    /// The reason given when availability changed only at or below the versions every client builds for.
    static let belowFloorsOnly = "availability changed only below the versions every client builds for"

    /// The reason given when the attributes differ only in spelling (`iOS 13.0`/`iOS 13`) or in availability macros,
    /// which are not read.
    static let spelledOnly = "availability spelled differently (or through an availability macro, which is not read)"

    /// Whether a compatibility reason means clients see no difference at all.
    static func isUnseen(_ reason: String) -> Bool {
        reason == unsupportedOnly || reason == belowFloorsOnly || reason == spelledOnly
    }

    /// The oldest deployment target today's toolchains build for (Xcode 15+ and SwiftPM 5.9+): an `@available`
    /// introduced at or below it restricts no client that can build at all (`@available(iOS 8, *)` added is no
    /// narrowing).
    /// Keyed like `atOrBelowFloor` looks up (lower case, app extensions and `OSX` folded into their platform).
    private static let deploymentFloor: [String: [Int]] = [
        "ios": [12], "maccatalyst": [13, 1], "macos": [10, 13], "tvos": [12], "watchos": [4], "visionos": [1],
        "xros": [1],
    ]

    /// Where Swift concurrency (back-deployed) starts: an `async` declaration is unusable below it anyway.
    private static let concurrencyFloor: [String: [Int]] = [
        "ios": [13], "maccatalyst": [13, 1], "macos": [10, 15], "tvos": [13], "watchos": [6], "visionos": [1],
        "xros": [1],
    ]

    private static func atOrBelowFloor(
        _ platform: String, _ introduced: [Int], concurrency: Bool = false, minimums: [String: [Int]] = [:]
    ) -> Bool {
        var name = withoutExtensionSuffix(platform).lowercased()
        if name == "osx" { name = "macos" }
        let floors = [(concurrency ? concurrencyFloor : deploymentFloor)[name], minimums[name]].compactMap { $0 }
        return floors.contains { !less($0, introduced) }
    }

    /// Whether a normalized signature uses Swift concurrency: the word `async` (an effect or an `async` function
    /// type) or an actor.
    static func usesConcurrency(_ signature: String) -> Bool {
        guard signature.containsASCII("async") || signature.containsASCII("actor") else { return false }
        return signature.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            .contains { $0 == "async" || $0 == "actor" }
    }

    /// Whether a restriction on `platform` concerns none of `supported` (the component's platforms, or the one
    /// platform a per-platform view compares): an Apple platform's restriction concerns that platform only
    /// (Mac Catalyst's, iOS), so a macOS minimum means nothing to an iOS-only view or component, and nothing
    /// Apple means anything on Linux.
    private static func isUnsupported(_ platform: String, _ supported: [String]?) -> Bool {
        guard let supported else { return false }
        guard let os = APIContext.osName(withoutExtensionSuffix(platform)), APIContext.applePlatforms.contains(os)
        else {
            return false
        }
        return !supported.compactMap(APIContext.osName).contains(os)
    }

    private static func version(_ text: String) -> [Int] {
        var parts = text.split(separator: ".").map { Int($0) ?? 0 }
        while parts.last == 0 { parts.removeLast() }
        return parts
    }

    /// Lexicographic, with missing components read as zero.
    static func less(_ a: [Int], _ b: [Int]) -> Bool {
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0, y = index < b.count ? b[index] : 0
            if x != y { return x < y }
        }
        return false
    }
}

extension Availability.Restriction {
    /// Keeps the highest minimum when several attributes name the platform.
    mutating func raise(to version: [Int]) {
        if Availability.less(introduced, version) { introduced = version }
    }
}
