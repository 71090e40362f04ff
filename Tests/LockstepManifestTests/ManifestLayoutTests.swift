import LockstepManifest
import XCTest

/// `products:`, `targets:` and `platforms:`: what decides which sources are a package's public API.
final class ManifestLayoutTests: XCTestCase {
    static let text = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Kit",
            platforms: [.macOS(.v12), .iOS("15.0"), .visionOS(.v1)],
            products: [
                .library(name: "Kit", targets: ["Kit", "KitExtras"]),
                .library(name: "KitDynamic", type: .dynamic, targets: ["Kit"]),
                .executable(name: "kit-tool", targets: ["Tool"]),
                .plugin(name: "KitPlugin", targets: ["Generate"]),
            ],
            dependencies: [.package(url: "https://example.com/x/log.git", from: "1.0.0")],
            targets: [
                .target(name: "Kit", dependencies: ["Shims", .product(name: "Logging", package: "log"), .target(name: \
                "Core")]),
                .target(name: "KitExtras", dependencies: [.byName(name: "Kit")], path: "Extras/Sources"),
                .target(name: "Shims"),
                .target(name: "Core"),
                .executableTarget(name: "Tool", dependencies: ["Kit"]),
                .macro(name: "KitMacros"),
                .plugin(name: "Generate", capability: .buildTool()),
                .testTarget(name: "KitTests", dependencies: ["Kit", .target(name: "TestOnly")]),
                .systemLibrary(name: "CZlib"),
                .binaryTarget(name: "Blob", path: "Blob.xcframework"),
            ]
        )
        package.targets.append(.target(name: "Appended", path: "More"))

        """

    func testTraitsEnabledByDefaultTraitsAreEnabledToo() throws {
        // SwiftPM enables what an enabled trait's `enabledTraits:` names, transitively (a cycle ends).
        let manifest = try Manifest.parse(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "T", traits: [
                .trait(name: "A", enabledTraits: ["B"]), .trait(name: "B", enabledTraits: ["C", "A"]), .trait(name: \
                "C"),
                .trait(name: "D"), .default(enabledTraits: ["A"]),
            ])
            """, file: "Package.swift")
        XCTAssertEqual(Set(manifest.defaultTraits), ["A", "B", "C"])
    }

    func testReadsProductsTargetsAndPlatforms() throws {
        let manifest = try Manifest.parse(Self.text, file: "Package.swift")
        XCTAssertEqual(manifest.platforms, ["macOS", "iOS", "visionOS"])
        XCTAssertEqual(manifest.platformVersions, ["macOS": [12], "iOS": [15, 0], "visionOS": [1]])
        let traits = try Manifest.parse(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "T", traits: [.trait(name: "A"), .trait(name: "B"), .default(enabledTraits: \
            ["A"])])
            """, file: "Package.swift")
        XCTAssertEqual(traits.defaultTraits, ["A"])
        XCTAssertEqual(
            manifest.products,
            [
                ManifestProduct(name: "Kit", kind: .library, targets: ["Kit", "KitExtras"]),
                ManifestProduct(name: "KitDynamic", kind: .library, targets: ["Kit"]),
                ManifestProduct(name: "kit-tool", kind: .executable, targets: ["Tool"]),
                ManifestProduct(name: "KitPlugin", kind: .plugin, targets: ["Generate"]),
            ])
        XCTAssertEqual(
            manifest.targets.map(\.name),
            [
                "Kit", "KitExtras", "Shims", "Core", "Tool", "KitMacros", "Generate", "KitTests", "CZlib", "Blob",
                "Appended",
            ],
            "a `.target(name:)` inside a target's dependencies is not a target")
        XCTAssertEqual(
            manifest.targets.map(\.kind),
            [
                .regular, .regular, .regular, .regular, .executable, .macro, .plugin, .test, .systemLibrary, .binary,
                .regular,
            ])
        XCTAssertEqual(manifest.targets[0].dependencies, ["Shims", "Logging", "Core"])
        XCTAssertEqual(manifest.targets[1].dependencies, ["Kit"])
        XCTAssertEqual(manifest.targets[1].path, "Extras/Sources")
        XCTAssertNil(manifest.targets[0].path)
        XCTAssertEqual(manifest.targets.last?.path, "More")
    }

    func testDefaultFoldersFollowSwiftPM() {
        XCTAssertEqual(
            ManifestTarget(name: "Kit", kind: .regular).defaultFolders,
            ["Sources/Kit", "Source/Kit", "src/Kit", "srcs/Kit"])
        XCTAssertEqual(ManifestTarget(name: "KitTests", kind: .test).defaultFolders, ["Tests/KitTests"])
    }

    func testComputedLayoutIsNotGuessed() throws {
        let manifest = try Manifest.parse(
            """
            import PackageDescription
            let names = ["A", "B"]
            let package = Package(name: "P", platforms: supported, products: names.map { .library(name: $0, targets: \
            [$0]) },
                                  targets: names.map { .target(name: $0) })

            """, file: "Package.swift")
        XCTAssertEqual(manifest.platforms, [])
        XCTAssertEqual(manifest.products, [], "a name that is not a literal is not read")
        XCTAssertEqual(manifest.targets, [])
    }

    func testProductsInBranchesSwiftPMDoesNotTakeAreNotThePackages() throws {
        let manifest = try Manifest.parse(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            var products: [Product] = []
            #if SINGLE_MODULE
            products.append(.library(name: "Everything", targets: ["Everything"]))
            #else
            products.append(.library(name: "Kit", targets: ["Kit"]))
            #endif
            if ProcessInfo.processInfo.environment["ALL"] != nil {
                products = [.library(name: "All", targets: ["All"])]
            }
            #if os(Linux)
            products.append(.library(name: "KitLinux", targets: ["KitLinux"]))
            #endif
            let package = Package(name: "Kit", products: products, targets: [.target(name: "Kit")])
            """, file: "Package.swift")
        // A custom flag is unset for a client's build; a runtime choice is one possibility; the host's `os` is
        // undecided, so its branch stays.
        XCTAssertEqual(manifest.products.map(\.name), ["Kit", "KitLinux"])
    }

    func testSwiftDefinesWithTheirConditions() throws {
        let manifest = try Manifest.parse(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let darwin: [Platform] = [.macOS, .iOS]
            let traits: Set<Trait> = [.trait(name: "Fast"), .trait(name: "Slow"), .default(enabledTraits: ["Fast"])]
            let package = Package(name: "S", traits: traits, targets: [
                .target(name: "S", cSettings: [.define("C_ONLY")], swiftSettings: [
                    .define("PACKAGE"),
                    .define("DARWIN", .when(platforms: darwin)),
                    .define("LINUX", .when(platforms: [.linux])),
                    .define("MOCKING", .when(configuration: .debug)),
                    .define("FAST", .when(traits: ["Fast"])),
                    .enableExperimentalFeature("Lifetimes"), .enableUpcomingFeature("ExistentialAny"),
                    .enableExperimentalFeature("AvailabilityMacro=Kit 1.0:macOS 14"),
                ]),
                .testTarget(name: "STests", swiftSettings: [.define("TESTING")]),
            ])
            """, file: "Package.swift")
        XCTAssertEqual(manifest.defaultTraits, ["Fast"])
        XCTAssertEqual(manifest.features, ["Lifetimes", "ExistentialAny"], "an availability macro is no feature")
        let assigned = try Manifest.parse(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let darwin: [Platform]
            #if swift(<5.9)
            darwin = [.macOS, .iOS]
            #else
            darwin = [.macOS, .iOS, .visionOS]
            #endif
            let package = Package(name: "S", targets: [.target(name: "S", swiftSettings: [
                .define("DARWIN", .when(platforms: darwin)), .define("HOST", .when(platforms: computed())),
            ])])
            """, file: "Package.swift")
        XCTAssertEqual(
            assigned.defines,
            [
                ManifestDefine(name: "DARWIN", platforms: ["macOS", "iOS", "visionOS"]),
                ManifestDefine(name: "HOST", platforms: []),
            ],
            "a list assigned in branches counts whole; one that cannot be read sets the condition nowhere")
        XCTAssertEqual(
            manifest.defines,
            [
                ManifestDefine(name: "PACKAGE"),
                ManifestDefine(name: "DARWIN", platforms: ["macOS", "iOS"]),
                ManifestDefine(name: "LINUX", platforms: ["linux"]),
                ManifestDefine(name: "MOCKING", debugOnly: true),
                ManifestDefine(name: "FAST", traits: ["Fast"]),
            ])
    }
}
