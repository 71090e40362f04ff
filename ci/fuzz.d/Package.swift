// swift-tools-version: 6.2
// libFuzzer targets for Lockstep's parsers; built and run by ci/fuzz, not part of the normal test run.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (main, wt-fuzz, lockstep …), so read it rather than guess it.
let mainPackage = URL(fileURLWithPath: Context.packageDirectory)
    .deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.lastPathComponent
    .lowercased()

let package = Package(
    name: "LockstepFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/mxcl/Version", from: "2.2.1"),
    ],
    targets: [
        // Starts libFuzzer from each fuzzer's own entry point.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzVersion",
            dependencies: [
                "FuzzDriver",
                .product(name: "LockstepCore", package: mainPackage),
                .product(name: "Version", package: "Version"),
            ]),
        .executableTarget(
            name: "FuzzConfig",
            dependencies: [
                "FuzzDriver",
                .product(name: "LockstepCore", package: mainPackage),
            ]),
        .executableTarget(
            name: "FuzzManifest",
            dependencies: [
                "FuzzDriver",
                .product(name: "LockstepManifest", package: mainPackage),
            ]),
        .executableTarget(
            name: "FuzzAPI",
            dependencies: [
                "FuzzDriver",
                .product(name: "LockstepAPI", package: mainPackage),
            ]),
    ]
)
