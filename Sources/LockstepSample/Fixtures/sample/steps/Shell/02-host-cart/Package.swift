// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Shell",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .executable(name: "Shell", targets: ["Shell"]),
    ],
    dependencies: [
        .package(url: "https://git.example.com/ios/Networking.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/Mediator.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/LoginProtocols.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/Login.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/CartProtocols.git", .upToNextMinor(from: "0.1.0")),
        .package(url: "https://git.example.com/ios/Cart.git", .upToNextMinor(from: "0.1.5")),
    ],
    targets: [
        .executableTarget(
            name: "Shell",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Mediator", package: "Mediator"),
                .product(name: "LoginProtocols", package: "LoginProtocols"),
                .product(name: "Login", package: "Login"),
                .product(name: "CartProtocols", package: "CartProtocols"),
                .product(name: "Cart", package: "Cart"),
            ]
        ),
    ]
)
