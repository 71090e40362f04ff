// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Detail",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Detail", targets: ["Detail"]),
    ],
    dependencies: [
        .package(url: "https://git.example.com/ios/DetailProtocols.git", .upToNextMinor(from: "0.1.0")),
        .package(url: "https://git.example.com/ios/CartProtocols.git", .upToNextMinor(from: "0.1.0")),
        .package(url: "https://git.example.com/ios/Mediator.git", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "Detail",
            dependencies: [
                .product(name: "DetailProtocols", package: "DetailProtocols"),
                .product(name: "CartProtocols", package: "CartProtocols"),
                .product(name: "Mediator", package: "Mediator"),
            ]
        ),
        .testTarget(
            name: "DetailTests",
            dependencies: [
                "Detail",
                .product(name: "CartProtocols", package: "CartProtocols"),
                .product(name: "Mediator", package: "Mediator"),
            ]
        ),
    ]
)
