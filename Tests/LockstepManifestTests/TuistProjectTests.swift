import LockstepManifest
import XCTest

/// Tuist's `Project.swift` package lists (before Tuist 4 moved packages to `Tuist/Package.swift`): every
/// requirement kind read with its line, and a pin written in Tuist's own spelling, every other byte kept.
final class TuistProjectTests: XCTestCase {
    static let project = """
        import ProjectDescription

        let analyticsVersion = "4.2.0"

        let project = Project(
            name: "Shop",
            packages: [
                .remote(url: "https://git.example.com/ios/Cart.git", requirement: .upToNextMajor(from: "1.2.0")),
                .remote(url: "https://git.example.com/ios/Login.git", requirement: .exact("2.0.0")),
                .remote(url: "https://git.example.com/ios/Detail.git", requirement: .range(from: "0.4.0", to: "0.6.0")),
                .remote(url: "https://git.example.com/ios/Mediator.git", requirement: .branch("main")),
                .package(url: "https://git.example.com/ios/Networking.git", from: "3.1.0"),
                .package(url: "https://git.example.com/ios/Analytics.git", .exact(analyticsVersion)),
                .local(path: "Packages/DesignSystem"),
                .remote(url: "https://git.example.com/ios/Broken.git", requirement: computed()),
            ],
            targets: [
                .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "com.example.shop",
                        dependencies: [.package(product: "Cart")]),
            ]
        )

        """

    func testPackagesAreReadWithTheirLines() throws {
        let manifest = try Manifest.parseTuistProject(Self.project, file: "Project.swift")
        XCTAssertEqual(manifest.format, .tuist)
        XCTAssertEqual(
            manifest.dependencies.map { "\($0.identity) \($0.requirement.manifestText) :\($0.line)" },
            [
                "Cart from: \"1.2.0\" :8",
                "Login exact: \"2.0.0\" :9",
                "Detail \"0.4.0\"..<\"0.6.0\" :10",
                "Mediator branch: \"main\" :11",
                "Networking from: \"3.1.0\" :12",
                "Analytics exact: \"4.2.0\" :13",
                "DesignSystem path: \"Packages/DesignSystem\" :14",
            ])
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [15])
    }

    /// Generated: 2,000 packages in one list read in bounded time.
    func testAGeneratedProjectWithThousandsOfPackages() throws {
        let entries = (0..<2_000).map {
            "        .remote(url: \"https://git.example.com/ios/P\($0).git\", requirement: .exact(\"1.0.\($0)\")),"
        }.joined(separator: "\n")
        let manifest = try Manifest.parseTuistProject(
            "let project = Project(\n    name: \"Big\",\n    packages: [\n\(entries)\n    ]\n)\n", file: "Project.swift"
        )
        XCTAssertEqual(manifest.dependencies.count, 2_000)
        XCTAssertEqual(manifest.dependencies.last?.requirement, .exact("1.0.1999"))
    }

    func testAPackagesListThatIsNotLiteralIsNamed() throws {
        let manifest = try Manifest.parseTuistProject(
            """
            let pkgs: [Package] = [.remote(url: "https://git.example.com/ios/Cart.git", requirement: .exact("1.0.0"))]
            let project = Project(name: "T", packages: pkgs, targets: [])
            """, file: "Project.swift")
        XCTAssertEqual(manifest.unreadableDependencies.map { "\($0.line):\($0.column)" }, ["2:44"])
        XCTAssertTrue(manifest.unreadableDependencies.first?.reason.contains("not a literal list") == true)
    }

    func testAPinIsWrittenInTuistsSpelling() throws {
        let manifest = try Manifest.parseTuistProject(Self.project, file: "Project.swift")
        let cart = try XCTUnwrap(manifest.dependencies.first { $0.identity == "Cart" })
        let networking = try XCTUnwrap(manifest.dependencies.first { $0.identity == "Networking" })
        let pinned = manifest.pinning([(cart, "1.3.0", nil), (networking, "3.2.0", nil)])
        XCTAssertEqual(
            pinned,
            Self.project
                .replacingOccurrences(
                    of: "requirement: .upToNextMajor(from: \"1.2.0\")", with: "requirement: .exact(\"1.3.0\")"
                )
                .replacingOccurrences(of: "from: \"3.1.0\"", with: ".exact(\"3.2.0\")"))
        let reread = try Manifest.parseTuistProject(pinned, file: "Project.swift")
        XCTAssertEqual(reread.dependencies.first { $0.identity == "Cart" }?.requirement, .exact("1.3.0"))
        XCTAssertEqual(reread.dependencies.first { $0.identity == "Networking" }?.requirement, .exact("3.2.0"))
        XCTAssertThrowsError(
            try Manifest.parseTuistProject("let project = Project(packages: [\n", file: "Project.swift")
        ) { error in
            XCTAssertTrue("\(error)".contains("Project.swift:"), "\(error)")
        }
        XCTAssertEqual(ManifestFormat(path: "Project.swift"), .tuist)
    }
}
