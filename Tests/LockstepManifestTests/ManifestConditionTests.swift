import LockstepManifest
import XCTest

/// `#if` and runtime `if` around `.package(...)`: what the toolchain decides is decided, the rest are alternatives.
final class ManifestConditionTests: XCTestCase {
    static let text = """
        // swift-tools-version: 5.9
        import PackageDescription
        import Foundation

        let package = Package(name: "X", dependencies: [])
        #if compiler(>=5.9)
        package.dependencies += [.package(url: "https://x/A.git", from: "2.0.0")]
        #else
        package.dependencies += [.package(url: "https://x/A.git", from: "0.1.0")]
        #endif
        #if os(Linux)
        package.dependencies += [.package(url: "https://x/B.git", from: "1.0.0")]
        #elseif os(macOS) && swift(>=5.0)
        package.dependencies += [.package(url: "https://x/B.git", from: "2.0.0")]
        #endif
        if ProcessInfo.processInfo.environment["LOCAL"] != nil {
            package.dependencies += [.package(path: "../C")]
        } else {
            package.dependencies += [.package(url: "https://x/C.git", from: "1.0.0")]
        }
        """

    func testTheToolchainDecidesCompilerAndSwiftVersions() throws {
        let new = try Manifest.parse(Self.text, file: "Package.swift", toolchain: [6, 0])
        XCTAssertEqual(new.dependencies.filter { $0.identity == "A" }.map(\.requirement), [.upToNextMajor("2.0.0")])
        XCTAssertEqual(new.dependencies.first { $0.identity == "A" }?.branches, [], "always taken on 6.0")
        let old = try Manifest.parse(Self.text, file: "Package.swift", toolchain: [5, 8])
        XCTAssertEqual(old.dependencies.filter { $0.identity == "A" }.map(\.requirement), [.upToNextMajor("0.1.0")])
    }

    func testHostConditionsAndRuntimeIfsAreAlternatives() throws {
        let manifest = try Manifest.parse(Self.text, file: "Package.swift", toolchain: [6, 0])
        let b = manifest.dependencies.filter { $0.identity == "B" }
        XCTAssertEqual(b.map(\.requirement), [.upToNextMajor("1.0.0"), .upToNextMajor("2.0.0")])
        XCTAssertTrue(b[0].isAlternative(to: b[1]))
        XCTAssertEqual(b.map(\.conditionText), ["#if os(Linux)", "#elseif os(macOS) && swift(>=5.0)"])
        let c = manifest.dependencies.filter { $0.identity == "C" }
        XCTAssertEqual(c.map(\.requirement), [.path("../C"), .upToNextMajor("1.0.0")])
        XCTAssertTrue(c[0].isAlternative(to: c[1]))
        XCTAssertEqual(c[1].conditionText, "else")
        // Different conditions are not alternatives of each other.
        XCTAssertFalse(b[0].isAlternative(to: c[0]))
    }

    func testAClauseAfterOneDecidedTrueIsDropped() throws {
        let text = """
            let package = Package(name: "X", dependencies: [])
            #if swift(>=5.0)
            package.dependencies.append(.package(url: "https://x/A.git", from: "1.0.0"))
            #elseif os(Linux)
            package.dependencies.append(.package(url: "https://x/A.git", from: "9.0.0"))
            #endif
            """
        let manifest = try Manifest.parse(text, file: "Package.swift", toolchain: [6, 2])
        XCTAssertEqual(manifest.dependencies.map(\.requirement), [.upToNextMajor("1.0.0")])
        XCTAssertEqual(manifest.dependencies.first?.branches, [])
        // Kept aside, so a pin rewrites it too.
        XCTAssertEqual(manifest.inactiveDependencies.map(\.requirement), [.upToNextMajor("9.0.0")])
    }
}
