/// What reading a component's public API needs to know beyond its source files: the platforms it builds
/// for, the toolchain, the modules it can import, and how an added protocol requirement counts.
///
/// The core fills it in from the component's manifest and the running toolchain; the default describes a
/// package with no manifest facts (iOS and macOS, this library's Swift version, no known modules).
public struct APIContext: Sendable, Hashable, Codable {
    /// The platforms `#if` is evaluated for (`iOS`, `macOS`, `linux`, …): a change that breaks on any of them is
    /// breaking.
    public var platforms: [String]
    /// The Swift version `#if swift(>=…)` and `#if compiler(>=…)` compare with, e.g. `[6, 2]`.
    public var swiftVersion: [Int]
    /// The package's own modules and the modules of its dependencies: `canImport` is true for them, and a
    /// type qualified by one of them (`Logging.Logger`) is the same type as unqualified.
    public var modules: Set<String>
    /// The impact of a protocol requirement added without a default implementation: `.additive` (minor) for a
    /// component of kind `protocols` (its implementation moves with it), `.breaking` for every other kind.
    public var addedRequirementImpact: APIImpact
    /// The language mode the component compiles in (5 for `swift-tools-version` 5.x, 6 from 6.0 unless the
    /// manifest asks for 5 with `swiftLanguageModes:` or `.swiftLanguageMode(.v5)`), which `#if swift(>=…)` compares
    /// with.
    public var languageMode: Int
    /// The package's minimum deployment versions (`Package(platforms:)`), by platform in lower case (`macos`,
    /// `ios`, …): SwiftPM makes every client build for at least these, so an `@available` at or below one
    /// restricts no client. Read by the diff only, not by extraction.
    public var minimumVersions: [String: [Int]] = [:]
    /// The package traits enabled by default (`Package(traits: [.default(enabledTraits: […])])`): SwiftPM defines
    /// each as a compilation condition, so `#if FoundationURL` is true for a client that names no traits.
    public var traits: Set<String> = []
    /// The conditions the package's Swift settings define for a client's (release) build, each with the platforms
    /// (`os(…)` spelling) it is limited to; an empty set: every platform.
    public var defines: [String: Set<String>] = [:]
    /// The experimental and upcoming features the package enables (`hasFeature(…)`, `$Feature`), beside those every
    /// Swift 6 compiler has (`APIBuildConfiguration.baselineFeatures`).
    public var features: Set<String> = []

    /// Creates a context; the defaults are those of `APIContext.default`.
    public init(
        platforms: [String] = ["iOS", "macOS"], swiftVersion: [Int] = [6, 2], modules: Set<String> = [],
        addedRequirementImpact: APIImpact = .breaking, languageMode: Int = 5
    ) {
        self.platforms = platforms
        self.swiftVersion = swiftVersion
        self.modules = modules
        self.addedRequirementImpact = addedRequirementImpact
        self.languageMode = languageMode
    }

    /// iOS and macOS, Swift 6.2 in language mode 5, no known modules, added requirements breaking.
    public static let `default` = APIContext()

    /// Apple's platforms, as `#if os(…)` spells them (Mac Catalyst builds as iOS).
    public static let applePlatforms: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]

    /// A platform as `#if os(…)` spells it, from a manifest's or a person's spelling (`macOS`, `OSX`, `linux`,
    /// `macCatalyst` (which builds the iOS code paths), any case); nil for a name that is no platform it knows.
    public static func osName(_ name: String) -> String? {
        switch name.lowercased() {
        case "macos", "osx", "macosx": return "macOS"
        case "ios", "maccatalyst": return "iOS"
        case "tvos": return "tvOS"
        case "watchos": return "watchOS"
        case "visionos", "xros": return "visionOS"
        case "driverkit": return "DriverKit"
        case "linux": return "Linux"
        case "windows": return "Windows"
        case "android": return "Android"
        case "wasi": return "WASI"
        case "openbsd": return "OpenBSD"
        case "freebsd": return "FreeBSD"
        default: return nil
        }
    }
}
