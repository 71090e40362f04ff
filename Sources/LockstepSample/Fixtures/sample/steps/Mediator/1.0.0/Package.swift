// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Mediator",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Mediator", targets: ["Mediator"]),
    ],
    targets: [
        .target(name: "Mediator"),
        .testTarget(name: "MediatorTests", dependencies: ["Mediator"]),
    ]
)
