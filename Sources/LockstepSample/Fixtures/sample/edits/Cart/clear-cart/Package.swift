// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Cart",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Cart", targets: ["Cart"]),
    ],
    dependencies: [
        .package(url: "https://git.example.com/ios/CartProtocols.git", .upToNextMinor(from: "0.2.0")),
        .package(url: "https://git.example.com/ios/LoginProtocols.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/Mediator.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/Networking.git", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "Cart",
            dependencies: [
                .product(name: "CartProtocols", package: "CartProtocols"),
                .product(name: "LoginProtocols", package: "LoginProtocols"),
                .product(name: "Mediator", package: "Mediator"),
                .product(name: "Networking", package: "Networking"),
            ]
        ),
        .testTarget(
            name: "CartTests",
            dependencies: [
                "Cart",
                .product(name: "CartProtocols", package: "CartProtocols"),
                .product(name: "LoginProtocols", package: "LoginProtocols"),
                .product(name: "Mediator", package: "Mediator"),
                .product(name: "Networking", package: "Networking"),
            ]
        ),
    ]
)
