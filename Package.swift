// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Lockstep",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lockstep", targets: ["lockstep"]),
        // For the fuzz package in ci/fuzz.d, which builds these modules with libFuzzer instrumentation.
        .library(name: "LockstepCore", targets: ["LockstepCore"]),
        .library(name: "LockstepManifest", targets: ["LockstepManifest"]),
        .library(name: "LockstepAPI", targets: ["LockstepAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/mxcl/Version", from: "2.2.1"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // libgit2 from the system (Debian: libgit2-dev). Only LockstepGit imports it.
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"])]
        ),
        // libssh2 (Debian: libssh2-1-dev, which libgit2-dev brings): only its known_hosts parser, to tell a changed
        // ssh host key from an unknown one.
        .systemLibrary(
            name: "CLibssh2",
            pkgConfig: "libssh2",
            providers: [.apt(["libssh2-1-dev"]), .brew(["libssh2"])]
        ),
        // A thin, owning Swift layer over libgit2: repositories, refs, tags, trees, commits.
        .target(name: "LockstepGit", dependencies: ["CLibgit2", "CLibssh2"], exclude: ["README.md"]),
        // Parses Swift text with swift-syntax in bounded time and stack (hostile nesting is refused).
        .target(
            name: "LockstepParsing",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ], exclude: ["README.md"]),
        // Reads and rewrites manifests: SwiftPM's with swift-syntax, Xcode projects, XcodeGen's project.yml with Yams.
        .target(
            name: "LockstepManifest",
            dependencies: [
                "LockstepParsing",
                .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ], exclude: ["README.md"]),
        // Extracts the public API surface of Swift sources and diffs two surfaces.
        .target(
            name: "LockstepAPI",
            dependencies: [
                "LockstepParsing",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ], exclude: ["README.md"]),
        // The domain: versions, the workspace, rules, the matrix, bump and integrate plans.
        .target(
            name: "LockstepCore",
            dependencies: [
                "LockstepGit", "LockstepManifest", "LockstepAPI", "LockstepParsing", "LockstepSample",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Version", package: "Version"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ], exclude: ["README.md"]),
        // Replays the sample workspace in Fixtures/ into real git repos (demo and tests).
        // The fixtures ship as a resource bundle beside the binary, so an installed `lockstep demo` needs no checkout.
        .target(
            name: "LockstepSample",
            dependencies: [
                "LockstepGit",
                .product(name: "Yams", package: "Yams"),
            ], exclude: ["README.md"], resources: [.copy("Fixtures")]),
        // The command line: argument parsing, the Console, and rendering only; it imports LockstepCore alone.
        .target(
            name: "LockstepCLI",
            dependencies: [
                "LockstepCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], exclude: ["README.md"]),
        .executableTarget(name: "lockstep", dependencies: ["LockstepCLI"]),
        .target(
            name: "LockstepTestSupport", dependencies: ["LockstepGit", "LockstepSample", "LockstepCLI"],
            path: "Tests/LockstepTestSupport"),
        .testTarget(name: "LockstepGitTests", dependencies: ["LockstepGit", "LockstepTestSupport"]),
        .testTarget(
            name: "LockstepManifestTests",
            dependencies: [
                "LockstepManifest", "LockstepParsing", .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]),
        .testTarget(name: "LockstepAPITests", dependencies: ["LockstepAPI"]),
        .testTarget(name: "LockstepCoreTests", dependencies: ["LockstepCore", "LockstepTestSupport"]),
        .testTarget(
            name: "LockstepCLITests",
            dependencies: [
                "lockstep", "LockstepCLI", "LockstepCore", "LockstepTestSupport",
                .product(name: "Yams", package: "Yams"),
            ]),
    ]
)
