import XCTest

@testable import LockstepAPI

/// `#if` is evaluated as the compiler would, once per platform the component supports.
final class IfConfigTests: XCTestCase {
    private func keys(_ text: String, _ context: APIContext = .default) -> Set<String> {
        Set(APISurface.extract(from: [SourceFile(path: "A.swift", text: text)], context: context).declarations.keys)
    }

    private func diff(_ old: String, _ new: String, _ context: APIContext = .default) -> APIDiff {
        APIDiff(
            old: APISurface.extract(from: [SourceFile(path: "A.swift", text: old)], context: context),
            new: APISurface.extract(from: [SourceFile(path: "A.swift", text: new)], context: context),
            context: context)
    }

    func testPlatformConditionsFollowTheComponentsPlatforms() {
        let source =
            """
            #if os(Linux)\npublic func linuxOnly() {}\n#elseif os(iOS)\npublic func iOSOnly() {}\n#else\npublic \
            func other() {}\n#endif\n
            """
        XCTAssertEqual(keys(source), ["func iOSOnly()", "func other()"])  // default: iOS and macOS
        XCTAssertEqual(keys(source, APIContext(platforms: ["linux"])), ["func linuxOnly()"])
        XCTAssertEqual(keys(source, APIContext(platforms: ["OSX"])), ["func other()"])
    }

    func testCustomConditionsAreThoseOfASwiftPMReleaseBuild() {
        let source =
            """
            #if DEBUG\npublic func debugOnly() {}\n#endif\n#if SWIFT_PACKAGE\npublic func package() \
            {}\n#endif\n#if !SOME_FLAG\npublic func unflagged() {}\n#endif\n
            """
        XCTAssertEqual(keys(source), ["func package()", "func unflagged()"])
    }

    func testVersionConditions() {
        let source = """
            #if swift(>=5.9)
            public func swift59() {}
            #endif
            #if swift(>=6.0)
            public func swift6Mode() {}
            #endif
            #if compiler(>=6.0)
            public func compiler6() {}
            #endif
            #if compiler(>=99)
            public func future() {}
            #endif
            """
        XCTAssertEqual(keys(source), ["func swift59()", "func compiler6()"])  // tools version 5.x: Swift 5 mode
        XCTAssertEqual(
            keys(source, APIContext(languageMode: 6)), ["func swift59()", "func swift6Mode()", "func compiler6()"])
    }

    func testCanImportKnowsTheSDKAndTheComponentsOwnDependencies() {
        let source = """
            #if canImport(UIKit)
            public func uikit() {}
            #endif
            #if canImport(AppKit)
            public func appkit() {}
            #endif
            #if canImport(Logging)
            public func logging() {}
            #endif
            #if canImport(Glibc)
            public func glibc() {}
            #endif
            """
        XCTAssertEqual(keys(source), ["func uikit()", "func appkit()"])
        XCTAssertEqual(
            keys(source, APIContext(platforms: ["iOS"], modules: ["Logging"])), ["func uikit()", "func logging()"])
        XCTAssertEqual(keys(source, APIContext(platforms: ["Linux"])), ["func glibc()"])
    }

    func testARemovalOnOnePlatformIsBreakingAndSaysWhere() throws {
        let old = "#if canImport(UIKit)\npublic func haptic() {}\n#endif\npublic func beep() {}\n"
        let new = "public func beep() {}\n"
        let result = diff(old, new)
        XCTAssertEqual(result.impact, .breaking)
        let change = try XCTUnwrap(result.changes.first)
        XCTAssertEqual(change.platforms, ["iOS"])
        XCTAssertTrue(change.summary.hasSuffix("(on iOS)"), change.summary)
        // A removal on a platform the component does not support is no change.
        XCTAssertTrue(diff(old, new, APIContext(platforms: ["macOS"])).isEmpty)
    }

    /// A file that imports an SDK module a platform lacks (`import Combine` with no `#if` around it) does not build
    /// there: none of its declarations exist there, so guarding the import later (`#if canImport(Combine)`) removes
    /// nothing on Linux. The module's other files keep theirs (which files make a module is the manifest's to say).
    func testAFileImportingAnSDKModuleAPlatformLacksHasNoDeclarationsThere() throws {
        let context = APIContext(platforms: ["iOS", "macOS", "Linux"])
        func part(_ path: String, _ text: String) -> APIFileSurface {
            APIFileSurface.extract(from: SourceFile(path: path, text: text), context: context)
        }
        func surface(_ files: [APIFileSurface]) -> APISurface { APISurface(combining: files, context: context) }
        let scheduler = part("Sources/Kit/Scheduler.swift", "import Combine\npublic struct Scheduler {}\n")
        let guarded = part(
            "Sources/Kit/Scheduler.swift",
            "#if canImport(Combine)\nimport Combine\npublic struct Scheduler {}\n#endif\n")
        let helper = part("Sources/Kit/Sub/Helper.swift", "import Foundation\npublic func help() {}\n")
        let helperGuarded = part(
            "Sources/Kit/Sub/Helper.swift", "#if canImport(Combine)\nimport Foundation\npublic func help() {}\n#endif\n"
        )
        let other = part("Sources/Other/Other.swift", "public func other() {}\n")
        XCTAssertEqual(
            Set(surface([scheduler, helper, other]).declarations.keys),
            ["struct Scheduler", "func help()", "func other()"])
        let old = [scheduler, helper, other], new = [guarded, helper, other]
        let full = APIDiff(old: surface(old), new: surface(new), context: context)
        XCTAssertTrue(full.isEmpty, "\(full.changes)")
        // The same through the incremental diff.
        let incremental = APIDiff(old: [scheduler], new: [guarded], shared: [helper, other], context: context)
        XCTAssertTrue(incremental.isEmpty, "\(incremental.changes)")
        // A file of the same folder without the import keeps its declarations on Linux: guarding them removes them.
        let helperGone = APIDiff(old: surface(old), new: surface([guarded, helperGuarded, other]), context: context)
        XCTAssertEqual(helperGone.impact, .breaking)
        XCTAssertEqual(try XCTUnwrap(helperGone.changes.first).platforms, ["Linux"])
        // Taking a declaration away on iOS still breaks, and so does one in a module that builds on Linux.
        let removed = part("Sources/Kit/Scheduler.swift", "import Combine\n")
        let onApple = APIDiff(old: surface(old), new: surface([removed, helper, other]), context: context)
        XCTAssertEqual(onApple.impact, .breaking)
        XCTAssertEqual(try XCTUnwrap(onApple.changes.first).platforms, ["iOS", "macOS"])
        let otherGone = APIDiff(old: surface(old), new: surface([scheduler, helper]), context: context)
        XCTAssertEqual(otherGone.impact, .breaking)
        XCTAssertNil(try XCTUnwrap(otherGone.changes.first).platforms, "every platform")
        // `import UIKit` keeps the module from macOS and Linux; an import the list does not know (a dependency's) and
        // CoreFoundation keep it from nowhere.
        let uikit = part("Sources/UI/View.swift", "import UIKit\npublic struct View {}\n")
        let viewGone = APIDiff(old: surface([uikit]), new: surface([]), context: context)
        XCTAssertEqual(try XCTUnwrap(viewGone.changes.first).platforms, ["iOS"])
        // UIKit is on watchOS too; AppKit only on macOS.
        let watch = APIContext(platforms: ["iOS", "watchOS", "macOS"])
        let appKit = APIFileSurface.extract(
            from: SourceFile(path: "Sources/M/M.swift", text: "import AppKit\npublic struct M {}\n"), context: watch)
        XCTAssertEqual(appKit.unbuildable.bits, 0b011, "AppKit: not on iOS or watchOS")
        let uiKit = APIFileSurface.extract(
            from: SourceFile(path: "Sources/U/U.swift", text: "import UIKit\npublic struct U {}\n"), context: watch)
        XCTAssertEqual(uiKit.unbuildable.bits, 0b100, "UIKit: not on macOS")
        for module in ["NIOCore", "CoreFoundation", "RealityKit"] {
            let file = part("Sources/N/N.swift", "import \(module)\npublic struct N {}\n")
            XCTAssertEqual(file.unbuildable.bits, 0, module)
        }
    }

    func testCTypedefsAreWhatEachPlatformMakesThem() {
        let old =
            "#if os(Linux)\npublic func chmod(_ mode: UInt32) {}\n#else\npublic func chmod(_ mode: UInt16) {}\n#endif\n"
        let new = "public func chmod(_ mode: mode_t) {}\n"
        let context = APIContext(platforms: ["macOS", "Linux"])
        XCTAssertTrue(diff(old, new, context).isEmpty, "\(diff(old, new, context).changes)")
        let swapped =
            "#if os(Linux)\npublic func chmod(_ mode: UInt16) {}\n#else\npublic func chmod(_ mode: UInt32) {}\n#endif\n"
        XCTAssertEqual(diff(swapped, new, context).impact, .breaking)
    }

    func testFeaturesTheCompilerHasOrThePackageEnables() {
        let source =
            """
            #if compiler(>=6.2) && $Lifetimes\npublic func ring() {}\n#endif\n#if $NoncopyableGenerics\npublic \
            func box() {}\n#endif\n#if hasFeature(Embedded)\npublic func tiny() {}\n#endif\n
            """
        XCTAssertEqual(keys(source, APIContext(swiftVersion: [6, 3])), ["func box()"])
        var context = APIContext(swiftVersion: [6, 3])
        context.features = ["Lifetimes"]
        XCTAssertEqual(keys(source, context), ["func box()", "func ring()"])
    }

    func testATypealiasDeclaredPerPlatformIsFollowedOnEach() {
        let old =
            """
            #if os(macOS) || os(iOS)\npublic typealias CMode = UInt16\n#else\npublic typealias CMode = \
            UInt32\n#endif\npublic func chmod(_ mode: CMode) {}\n
            """
        let context = APIContext(platforms: ["macOS", "Linux"])
        let apple =
            """
            public func chmod(_ mode: UInt16) {}\n#if os(macOS) || os(iOS)\npublic typealias CMode = \
            UInt16\n#else\npublic typealias CMode = UInt32\n#endif\n
            """
        XCTAssertTrue(diff(old, apple.replacingOccurrences(of: "UInt16) {}", with: "CMode) {}"), context).isEmpty)
        // Spelled out per platform, it is the same function on each.
        let spelled =
            """
            #if os(macOS) || os(iOS)\npublic typealias CMode = UInt16\npublic func chmod(_ mode: UInt16) \
            {}\n#else\npublic typealias CMode = UInt32\npublic func chmod(_ mode: UInt32) {}\n#endif\n
            """
        XCTAssertTrue(diff(old, spelled, context).isEmpty, "\(diff(old, spelled, context).changes)")
        // UInt16 everywhere changes Linux's.
        let changed =
            """
            #if os(macOS) || os(iOS)\npublic typealias CMode = UInt16\n#else\npublic typealias CMode = \
            UInt32\n#endif\npublic func chmod(_ mode: UInt16) {}\n
            """
        let result = diff(old, changed, context)
        XCTAssertEqual(result.impact, .breaking)
        XCTAssertEqual(result.changes.first?.platforms, ["Linux"])
    }

    func testAppleAvailabilityRestrictsNothingOnLinux() {
        let old = "#if os(Linux)\npublic func pipe() {}\n#endif\npublic func both() {}\n"
        let new =
            """
            #if os(Linux)\n@available(macOS 27, iOS 27, *)\npublic func pipe() {}\n#endif\n@available(macOS 27, \
            *)\npublic func both() {}\n
            """
        let result = diff(old, new, APIContext(platforms: ["macOS", "Linux"]))
        XCTAssertEqual(
            result.changes.map(\.key), ["func both()"],
            "pipe() exists on Linux only, where @available(macOS…) means nothing")
        XCTAssertEqual(result.changes.first?.platforms, ["macOS"])
        XCTAssertEqual(result.impact, .breaking)
    }

    func testDefaultTraitsAreSetLikeConditions() {
        let source = "#if FoundationURL\npublic func url() {}\n#endif\npublic func plain() {}\n"
        XCTAssertEqual(keys(source), ["func plain()"])
        var context = APIContext()
        context.traits = ["FoundationURL"]
        XCTAssertEqual(Set(keys(source, context)), ["func plain()", "func url()"])
        // A file whose surface depends on traits is keyed with them; one without `#if` is not.
        XCTAssertEqual(context.relevant(to: source).traits, ["FoundationURL"])
        XCTAssertEqual(context.relevant(to: "public func plain() {}").traits, [])
    }

    func testAvailabilityAtOrBelowThePackagesMinimumsRestrictsNoClient() {
        let old = "public func trace() {}\n"
        let new = "@available(macOS 10.15, iOS 13, *)\npublic func trace() {}\n"
        // Without minimums, 10.15/13 are above what toolchains build for: a narrowing.
        XCTAssertEqual(diff(old, new).impact, .breaking)
        var context = APIContext()
        context.minimumVersions = ["macos": [10, 15], "ios": [13]]
        XCTAssertTrue(diff(old, new, context).isEmpty, "\(diff(old, new, context).changes)")
        // Above a minimum it still narrows.
        context.minimumVersions = ["macos": [10, 15], "ios": [12]]
        XCTAssertEqual(diff(old, new, context).impact, .breaking)
    }

    func testAChangeOnEveryPlatformIsReportedOnceWithoutPlatforms() throws {
        let old = "#if os(iOS)\npublic func a() {}\n#endif\npublic func shared(_ x: Int) {}\n"
        let new = "#if os(iOS)\npublic func a() {}\n#endif\npublic func shared(_ x: String) {}\n"
        let result = diff(old, new)
        XCTAssertEqual(result.changes.count, 1, "\(result.changes)")
        XCTAssertNil(result.changes.first?.platforms)
        XCTAssertEqual(result.impact, .breaking)
    }

    func testMembersInsideAnIfConfigOfATypeBody() {
        let old =
            """
            public struct S {\n#if os(macOS)\npublic var path: String { \"\" }\n#else\npublic var path: Int { 0 \
            }\n#endif\n}\n
            """
        let new =
            """
            public struct S {\n#if os(macOS)\npublic var path: String { \"\" }\n#else\npublic var path: Double { \
            0 }\n#endif\n}\n
            """
        let result = diff(old, new)
        XCTAssertEqual(result.impact, .breaking)
        XCTAssertEqual(result.changes.map(\.kind), [.changed])
        XCTAssertEqual(result.changes.first?.platforms, ["iOS"])
        // The same edit inside the branch Linux takes only is invisible to an iOS and macOS component.
        let linux =
            """
            public struct S {\n#if os(Linux)\npublic var path: Double { 0 }\n#else\npublic var path: Int { 0 \
            }\n#endif\n}\n
            """
        let linux2 =
            """
            public struct S {\n#if os(Linux)\npublic var path: Float { 0 }\n#else\npublic var path: Int { 0 \
            }\n#endif\n}\n
            """
        XCTAssertTrue(diff(linux, linux2).isEmpty)
    }

    func testIncrementalDiffEqualsTheWholeSetDiffWhenPlatformsDiffer() {
        let context = APIContext(platforms: ["iOS", "macOS", "Linux"])
        func part(_ path: String, _ text: String) -> APIFileSurface {
            APIFileSurface.extract(from: SourceFile(path: path, text: text), context: context)
        }
        let a = part("A.swift", "#if os(Linux)\npublic func l() {}\n#else\npublic func d() {}\n#endif\n")
        let a2 = part("A.swift", "#if os(Linux)\npublic func l(_ x: Int) {}\n#else\npublic func d() {}\n#endif\n")
        let b = part("B.swift", "public func l() {}\n")
        let full = APIDiff(
            old: APISurface(combining: [a, b], context: context),
            new: APISurface(combining: [a2, b], context: context), context: context)
        XCTAssertEqual(APIDiff(old: [a], new: [a2], shared: [b], context: context), full)
        XCTAssertEqual(full.impact, .additive)  // l() stays on every platform through B; l(_:) is new on Linux
        XCTAssertEqual(full.changes.first?.platforms, ["Linux"])
    }

    func testRevisionsSupportingDifferentPlatformsAreComparedPlatformByName() {
        let source =
            """
            #if os(iOS)\npublic func haptic() {}\n#endif\n#if os(tvOS) || os(watchOS)\npublic func remote() \
            {}\n#endif\npublic func beep() {}\n
            """
        let before = APIContext(platforms: ["iOS", "macOS"])
        let after = APIContext(platforms: ["macOS", "iOS", "tvOS", "watchOS"])  // a release that adds platforms
        let old = APISurface.extract(from: [SourceFile(path: "A.swift", text: source)], context: before)
        let new = APISurface.extract(from: [SourceFile(path: "A.swift", text: source)], context: after)
        XCTAssertTrue(
            APIDiff(old: old, new: new, context: after).isEmpty,
            "\(APIDiff(old: old, new: new, context: after).changes)")
        let removed = APISurface.extract(
            from: [SourceFile(path: "A.swift", text: "public func beep() {}\n")], context: after)
        let result = APIDiff(old: old, new: removed, context: after)
        XCTAssertEqual(result.changes.map(\.key), ["func haptic()"])
        XCTAssertEqual(result.changes.first?.platforms, ["iOS"])
    }

    func testIncrementalDiffOfRevisionsSupportingDifferentPlatforms() {
        // A release that drops `platforms: [.tvOS, .watchOS]`: every file is read with each revision's own context.
        let before = APIContext(platforms: ["macOS", "iOS", "tvOS", "watchOS"])
        let after = APIContext(platforms: ["iOS", "macOS"])
        let text = "#if canImport(Darwin)\npublic protocol Extractor { associatedtype Carrier }\n#endif\n"
        let old = APIFileSurface.extract(from: SourceFile(path: "A.swift", text: text), context: before)
        let new = APIFileSurface.extract(from: SourceFile(path: "A.swift", text: text), context: after)
        let other = "public func f() {}\n"
        let oldB = APIFileSurface.extract(from: SourceFile(path: "B.swift", text: other), context: before)
        let newB = APIFileSurface.extract(
            from: SourceFile(path: "B.swift", text: other + "public func g() {}\n"), context: after)
        let diff = APIDiff(old: [old, oldB], new: [new, newB], shared: [], context: after)
        XCTAssertEqual(diff.changes.map(\.key), ["func g()"], "\(diff.changes)")
        XCTAssertEqual(diff.impact, .additive)
    }
}
