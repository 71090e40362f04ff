// swift-tools-version: 5.9
import PackageDescription

// Main pins every component to one exact version; Lockstep rewrites these pins on release.
let package = Package(
    name: "Main",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .executable(name: "Main", targets: ["Main"]),
    ],
    dependencies: [
        .package(url: "https://git.example.com/ios/Networking.git", exact: "1.1.0"),
        .package(url: "https://git.example.com/ios/Mediator.git", exact: "1.0.0"),
        .package(url: "https://git.example.com/ios/LoginProtocols.git", exact: "1.1.0"),
        .package(url: "https://git.example.com/ios/Login.git", exact: "1.1.0"),
        .package(url: "https://git.example.com/ios/CartProtocols.git", exact: "0.1.0"),
        .package(url: "https://git.example.com/ios/Cart.git", exact: "0.1.6"),
        .package(url: "https://git.example.com/ios/DetailProtocols.git", exact: "0.1.0"),
        .package(url: "https://git.example.com/ios/Detail.git", exact: "0.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "Main",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Mediator", package: "Mediator"),
                .product(name: "LoginProtocols", package: "LoginProtocols"),
                .product(name: "Login", package: "Login"),
                .product(name: "CartProtocols", package: "CartProtocols"),
                .product(name: "Cart", package: "Cart"),
                .product(name: "DetailProtocols", package: "DetailProtocols"),
                .product(name: "Detail", package: "Detail"),
            ]
        ),
    ]
)
