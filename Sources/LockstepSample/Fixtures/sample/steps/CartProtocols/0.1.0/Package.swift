// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "CartProtocols",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "CartProtocols", targets: ["CartProtocols"]),
    ],
    targets: [
        .target(name: "CartProtocols"),
    ]
)
