// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "LoginProtocols",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "LoginProtocols", targets: ["LoginProtocols"]),
    ],
    targets: [
        .target(name: "LoginProtocols"),
    ]
)
