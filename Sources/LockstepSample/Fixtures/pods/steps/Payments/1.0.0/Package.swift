// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Payments",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "Payments", targets: ["Payments"]),
    ],
    dependencies: [
        .package(url: "https://git.example.com/ios/PaymentsProtocols.git", from: "1.0.0"),
        .package(url: "https://git.example.com/ios/Storage.git", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "Payments",
            dependencies: [
                .product(name: "PaymentsProtocols", package: "PaymentsProtocols"),
                .product(name: "Storage", package: "Storage"),
            ]
        ),
    ]
)
