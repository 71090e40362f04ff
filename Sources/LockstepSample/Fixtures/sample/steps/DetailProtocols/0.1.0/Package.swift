// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "DetailProtocols",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "DetailProtocols", targets: ["DetailProtocols"]),
    ],
    targets: [
        .target(name: "DetailProtocols"),
    ]
)
