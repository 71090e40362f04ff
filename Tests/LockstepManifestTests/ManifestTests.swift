import LockstepManifest
import XCTest

final class ManifestTests: XCTestCase {
    static let text = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Main",
            dependencies: [
                .package(url: "https://git.example.com/ios/Exact.git", exact: "1.2.0"),
                .package(url: "https://git.example.com/ios/From.git", from: "1.0.0"),
                .package(url: "https://git.example.com/ios/Major.git", .upToNextMajor(from: "2.1.0")),
                .package(url: "https://git.example.com/ios/Minor.git", .upToNextMinor(from: "0.1.5")),
                .package(url: "https://git.example.com/ios/Range.git", "1.0.0"..<"2.0.0"),
                .package(url: "https://git.example.com/ios/Closed.git", "1.0.0"..."1.4.0"),
                .package(url: "https://git.example.com/ios/Branch.git", branch: "main"),
                .package(url: "https://git.example.com/ios/Revision.git", revision: "0123456789abcdef"),
                .package(path: "../Local"),
                .package(name: "Named", url: "https://elsewhere.example.com/x/named-repo", .exact("3.0.0")),
                Package.Dependency.package(url: "https://git.example.com/ios/Qualified.git", exact: "0.0.1"),
            ],
            targets: [
                .executableTarget(name: "Main", dependencies: [.product(name: "Exact", package: "Exact")]),
            ]
        )

        """

    func testReadsEveryRequirementKindWithLines() throws {
        let manifest = try Manifest.parse(Self.text, file: "Package.swift")
        XCTAssertEqual(manifest.packageName, "Main")
        XCTAssertEqual(
            manifest.dependencies.map(\.requirement),
            [
                .exact("1.2.0"), .upToNextMajor("1.0.0"), .upToNextMajor("2.1.0"), .upToNextMinor("0.1.5"),
                .range("1.0.0", "2.0.0"), .closedRange("1.0.0", "1.4.0"), .branch("main"),
                .revision("0123456789abcdef"), .path("../Local"), .exact("3.0.0"), .exact("0.0.1"),
            ])
        XCTAssertEqual(
            manifest.dependencies.map(\.identity),
            [
                "Exact", "From", "Major", "Minor", "Range", "Closed", "Branch", "Revision", "Local", "named-repo",
                "Qualified",
            ])
        XCTAssertEqual(manifest.dependencies.first?.line, 7)
        XCTAssertEqual(manifest.dependencies.first?.column, 9)
        XCTAssertEqual(manifest.dependencies.last?.line, 17)
    }

    func testPinRewriteChangesOnlyTheRequirement() throws {
        let manifest = try Manifest.parse(Self.text, file: "Package.swift")
        for (index, dependency) in manifest.dependencies.enumerated() {
            let rewritten = manifest.pinning(dependency, toExact: "9.8.7", url: "https://git.example.com/ios/Local.git")
            let before = Self.text.components(separatedBy: "\n")
            let after = rewritten.components(separatedBy: "\n")
            XCTAssertEqual(before.count, after.count)
            let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }
            XCTAssertEqual(changed.count, 1, "dependency \(index)")
            XCTAssertEqual(changed.first?.offset, dependency.line - 1)
            XCTAssertTrue(changed.first?.element.1.contains("exact: \"9.8.7\"") == true, changed.first?.element.1 ?? "")
            // Re-reading the rewritten manifest sees the pin and nothing else moved.
            let reread = try Manifest.parse(rewritten, file: "Package.swift")
            XCTAssertEqual(reread.dependencies[index].requirement, .exact("9.8.7"))
            XCTAssertNotNil(reread.dependencies[index].url)
            for other in reread.dependencies.indices where other != index {
                XCTAssertEqual(reread.dependencies[other].requirement, manifest.dependencies[other].requirement)
            }
        }
    }

    func testRewriteLiteralBeforeAndAfter() throws {
        let before = """
            let package = Package(name: "App", dependencies: [
                .package(url: "https://git.example.com/ios/Cart.git",   .upToNextMinor(from: "0.1.5") ), // keep me
            ])
            """
        let after = """
            let package = Package(name: "App", dependencies: [
                .package(url: "https://git.example.com/ios/Cart.git",   exact: "0.1.8" ), // keep me
            ])
            """
        let manifest = try Manifest.parse(before, file: "Package.swift")
        XCTAssertEqual(manifest.pinning(manifest.dependencies[0], toExact: "0.1.8"), after)
    }

    func testAddingDependenciesForBuildCopies() throws {
        let manifest = try Manifest.parse(Self.text, file: "Package.swift")
        let text = try manifest.addingDependencies([(url: "https://git.example.com/ios/Extra.git", version: "1.0.0")])
        let reread = try Manifest.parse(text, file: "Package.swift")
        XCTAssertEqual(reread.dependencies.count, manifest.dependencies.count + 1)
        XCTAssertEqual(reread.dependencies.last?.requirement, .exact("1.0.0"))
        XCTAssertEqual(reread.dependencies.last?.identity, "Extra")
    }

    func testUnreadableRequirementNamesFileLineAndColumnAndKeepsTheOthers() throws {
        let text = """
            let v = "1.0.0"
            let package = Package(name: "X", dependencies: [
                .package(url: "https://x/A.git", from: makeVersion()),
                .package(url: "https://x/B.git", from: v),
                .package(url: "https://x/C.git", makeRequirement()),
            ])
            """
        let manifest = try Manifest.parse(text, file: "apps/X/Package.swift @ abc1234")
        XCTAssertEqual(manifest.dependencies.map(\.identity), ["B"])
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [3, 5])
        XCTAssertEqual(manifest.unreadableDependencies.first?.column, 44)
        XCTAssertTrue(
            "\(manifest.unreadableDependencies[0])".hasPrefix("apps/X/Package.swift @ abc1234:3:44:"),
            "\(manifest.unreadableDependencies)")
        XCTAssertTrue(
            manifest.unreadableDependencies[0].reason.contains("`makeVersion()`"),
            manifest.unreadableDependencies[0].reason)
        XCTAssertTrue(
            "\(manifest.unreadableDependencies[1])".contains("cannot read the version requirement"),
            "\(manifest.unreadableDependencies)")
    }

    /// `let` string constants of the file stand for their value in every argument; the pin rewrites the
    /// `.package` argument and leaves the constant (other code may use it).
    func testLetConstantsAreResolvedAndPinnedInTheArgument() throws {
        let text = """
            // swift-tools-version: 5.9
            import PackageDescription

            let logVersion: Version = "1.2.0"
            let lower = "2.0.0"
            let upper: Version = "3.0.0"
            let url = "https://x/Log.git"
            let package = Package(name: "X", dependencies: [
                .package(url: url, from: logVersion),
                .package(url: "https://x/R.git", lower..<upper),
                .package(url: "https://x/M.git", .upToNextMinor(from: logVersion)),
            ])
            """
        let manifest = try Manifest.parse(text, file: "Package.swift")
        XCTAssertEqual(manifest.unreadableDependencies, [])
        XCTAssertEqual(manifest.dependencies.map(\.url), ["https://x/Log.git", "https://x/R.git", "https://x/M.git"])
        XCTAssertEqual(
            manifest.dependencies.map(\.requirement),
            [.upToNextMajor("1.2.0"), .range("2.0.0", "3.0.0"), .upToNextMinor("1.2.0")])
        let pinned = manifest.pinning(manifest.dependencies[0], toExact: "1.3.0")
        XCTAssertEqual(
            pinned, text.replacingOccurrences(of: "url: url, from: logVersion", with: "url: url, exact: \"1.3.0\""))
    }

    /// A constant bound in `#if` branches or twice has no single value: the dependency is unreadable.
    func testConstantsWithoutOneValueAreNotGuessed() throws {
        let text = """
            #if os(Linux)
            let v = "1.0.0"
            #else
            let v = "2.0.0"
            #endif
            let package = Package(name: "X", dependencies: [
                .package(url: "https://x/A.git", from: v),
                .package(url: "https://x/B.git", from: "1.0.0"),
            ])
            """
        let manifest = try Manifest.parse(text, file: "Package.swift")
        XCTAssertEqual(manifest.dependencies.map(\.identity), ["B"])
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [7])
    }

    func testSyntaxErrorIsAnError() {
        XCTAssertThrowsError(
            try Manifest.parse(
                "let package = Package(name: \"X\", dependencies: [\n  .package(url: \"a\", from: \"1.0.0\"\n",
                file: "P.swift")
        ) { error in
            XCTAssertTrue(error is ManifestError)
            XCTAssertTrue("\(error)".contains("syntax error"), "\(error)")
        }
    }
}
