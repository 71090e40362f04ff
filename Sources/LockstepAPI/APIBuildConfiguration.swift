import SwiftIfConfig
import SwiftSyntax

/// The build of one platform as the compiler would see it, for evaluating `#if` in a component's sources.
///
/// Release build through SwiftPM: `SWIFT_PACKAGE`, the package's default traits and its own `.define`s are set, `DEBUG`
/// and every other custom condition are not;
/// `canImport` is true for the component's own modules and dependencies (`APIContext.modules`) and for the
/// platform's SDK modules; `swift(>=…)` compares with the language mode, `compiler(>=…)` with the toolchain.
struct APIBuildConfiguration: BuildConfiguration {
    /// The platform, spelled as `os(…)` spells it (`iOS`, `macOS`, `Linux`, …).
    let os: String
    let modules: Set<String>
    /// The package's default traits, set like `-D` conditions.
    let traits: Set<String>
    /// The package's own `.define(…)`s (see `APIContext.defines`).
    let defines: [String: Set<String>]
    /// The features the package enables.
    let features: Set<String>
    let languageVersion: VersionTuple
    let compilerVersion: VersionTuple

    init(platform: String, context: APIContext) {
        os = Self.canonicalOS(platform)
        modules = context.modules
        traits = context.traits
        defines = context.defines
        features = context.features
        let compiler = context.swiftVersion.isEmpty ? [6, 2] : context.swiftVersion
        compilerVersion = VersionTuple(components: compiler)
        // Swift 6 compilers in Swift 5 mode answer `swift(>=5.10)` but not `swift(>=6)`.
        languageVersion =
            context.languageMode >= 6 || compiler[0] < 6
            ? VersionTuple(components: compiler) : VersionTuple(5, 10)
    }

    /// The compiler's spelling of a platform name, or the name itself when it is not one `APIContext.osName` knows.
    static func canonicalOS(_ name: String) -> String { APIContext.osName(name) ?? name }

    private var isApple: Bool { APIContext.applePlatforms.contains(os) }

    /// Modules every toolchain ships, whatever the platform.
    private static let everywhere: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Distributed", "Synchronization",
        "Foundation", "Dispatch", "XCTest", "Testing", "Observation",
    ]
    /// Apple's SDK modules a package commonly tests for.
    private static let apple: Set<String> = [
        "Darwin", "ObjectiveC", "CoreFoundation", "Combine", "SwiftUI", "os", "OSLog", "Security", "CryptoKit",
        "CoreGraphics", "CoreData", "CoreLocation", "CoreImage", "CoreText", "CoreMedia", "CoreVideo", "AVFoundation",
        "Network", "UniformTypeIdentifiers", "QuartzCore", "Metal", "MetalKit", "StoreKit", "UserNotifications",
        "WebKit", "MapKit", "Photos", "Contacts", "LocalAuthentication", "CloudKit", "SystemConfiguration",
        "CFNetwork", "Accelerate", "simd", "GameplayKit", "SpriteKit", "SceneKit", "AuthenticationServices",
        "CommonCrypto", "Compression", "DeveloperToolsSupport", "SwiftData", "NaturalLanguage", "Vision",
    ]
    private static let perPlatform: [String: Set<String>] = [
        "iOS": [
            "UIKit", "ARKit", "MessageUI", "SafariServices", "CoreTelephony", "WatchConnectivity", "ActivityKit",
            "WidgetKit", "CoreMotion", "HealthKit", "CoreHaptics", "PencilKit",
        ],
        "macOS": [
            "AppKit", "Cocoa", "IOKit", "Carbon", "CoreServices", "ApplicationServices", "SafariServices", "WidgetKit",
            "CoreMotion", "CoreHaptics", "PencilKit",
        ],
        "tvOS": ["UIKit", "TVUIKit", "TVServices", "CoreHaptics"],
        "watchOS": ["WatchKit", "ClockKit", "WatchConnectivity", "HealthKit", "CoreMotion", "WidgetKit"],
        "visionOS": ["UIKit", "RealityKit", "ARKit", "CoreMotion", "WidgetKit"],
        "Linux": [
            "Glibc", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
            "_Differentiation",
        ],
        "Android": ["Android", "Bionic", "FoundationEssentials", "FoundationNetworking"],
        "Windows": ["WinSDK", "ucrt", "CRT", "FoundationEssentials", "FoundationNetworking"],
        "WASI": ["WASILibc", "FoundationEssentials"],
    ]

    func isCustomConditionSet(name: String) throws -> Bool {
        // `#if $Lifetimes`: the older spelling of `hasFeature(Lifetimes)`.
        if name.hasPrefix("$") { return try hasFeature(name: String(name.dropFirst())) }
        if name == "SWIFT_PACKAGE" || traits.contains(name) { return true }
        guard let platforms = defines[name] else { return false }
        return platforms.isEmpty || platforms.contains(os)
    }

    func hasFeature(name: String) throws -> Bool { Self.baselineFeatures.contains(name) || features.contains(name) }

    /// Language features every Swift 6 compiler has, which packages still test for (`#if $NoncopyableGenerics`).
    static let baselineFeatures: Set<String> = [
        "AsyncAwait", "Actors", "ConcurrentFunctions", "RethrowsProtocol", "GlobalActors", "Sendable", "MarkerProtocol",
        "EffectfulProp", "AsyncSequence", "BuiltinExecutor", "SpecializeAttributeWithAvailability",
        "PrimaryAssociatedTypes2",
        "UnavailableFromAsync", "NoAsyncAvailability", "Macros", "FreestandingExpressionMacros", "AttachedMacros",
        "ExtensionMacros", "ExtensionMacroAttr", "ParameterPacks", "MoveOnly", "MoveOnlyResilientTypes",
        "BorrowingSwitch", "TypedThrows", "NoncopyableGenerics", "NoncopyableGenerics2", "ConformanceSuppression",
        "BitwiseCopyable", "BitwiseCopyable2", "IsolatedAny", "IsolatedAny2", "SendingArgsAndResults",
        "RetroactiveAttribute", "NonfrozenEnumExhaustivity", "AlwaysInheritActorContext",
        "ExpressionMacroDefaultArguments",
        "OptionalIsolatedParameters", "GlobalConcurrency", "InferSendableFromCaptures", "IsolatedDefaultValues",
    ]

    // A Swift 6 compiler knows every attribute packages test for (`retroactive`, `preconcurrency`, …).
    func hasAttribute(name: String) throws -> Bool { true }

    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        guard let module = importPath.first?.1 else { return false }
        return canImport(module)
    }

    private func canImport(_ module: String) -> Bool {
        if modules.contains(module) || Self.everywhere.contains(module) { return true }
        if isApple, Self.apple.contains(module) { return true }
        return Self.perPlatform[os]?.contains(module) ?? false
    }

    /// Whether `module` is an SDK module this platform certainly does not have, so that a file importing it does not
    /// build here (`import Combine` on Linux, `import UIKit` on macOS). A short list of its own, narrower than
    /// `canImport`'s: wrongly taking a module away would hide every declaration of the files importing it there.
    func lacks(module: String) -> Bool {
        if module == "Glibc" { return isApple }
        if Self.appleOnly.contains(module) { return !isApple }
        guard let platforms = Self.appleSome[module] else { return false }
        return !isApple || !platforms.contains(os)
    }

    /// Modules every Apple platform has and no other.
    private static let appleOnly: Set<String> = [
        "Combine", "SwiftUI", "Darwin", "ObjectiveC", "CryptoKit", "OSLog", "os", "CoreData", "CloudKit",
    ]
    /// Modules some Apple platforms have, with them.
    private static let appleSome: [String: Set<String>] = [
        "UIKit": ["iOS", "tvOS", "watchOS", "visionOS"], "AppKit": ["macOS"], "Cocoa": ["macOS"],
    ]

    func isActiveTargetOS(name: String) throws -> Bool {
        Self.canonicalOS(name) == os || (name == "Darwin" && isApple)
    }

    func isActiveTargetArchitecture(name: String) throws -> Bool {
        name == (os == "Linux" || os == "Windows" ? "x86_64" : "arm64")
    }

    func isActiveTargetEnvironment(name: String) throws -> Bool { false }

    func isActiveTargetRuntime(name: String) throws -> Bool { name == (isApple ? "_ObjC" : "_Native") }

    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }

    func isActiveTargetObjectFileFormat(name: String) throws -> Bool {
        switch os {
        case "Windows": return name == "COFF"
        case "WASI": return name == "Wasm"
        default: return name == (isApple ? "MachO" : "ELF")
        }
    }

    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64] }
    var endianness: Endianness { .little }
}

/// The platforms a declaration exists on, one bit per entry of `APIContext.platforms` (at most 32).
struct PlatformMask: Hashable, Sendable, Codable {
    var bits: UInt32

    /// Every platform of a context with `count` platforms.
    static func all(_ count: Int) -> PlatformMask {
        PlatformMask(bits: count >= 32 ? .max : (UInt32(1) << UInt32(count)) &- 1)
    }

    func contains(_ index: Int) -> Bool { bits & (1 << UInt32(index)) != 0 }
    var isEmpty: Bool { bits == 0 }
}
