// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Login",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Login", targets: ["Login"]),
    ],
    dependencies: [
        .package(url: "https://git.example.com/ios/LoginProtocols.git", from: "1.1.0"),
        .package(url: "https://git.example.com/ios/Networking.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/Mediator.git", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "Login",
            dependencies: [
                .product(name: "LoginProtocols", package: "LoginProtocols"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Mediator", package: "Mediator"),
            ]
        ),
        .testTarget(
            name: "LoginTests",
            dependencies: [
                "Login",
                .product(name: "Networking", package: "Networking"),
            ]
        ),
    ]
)
