// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "PaymentsProtocols",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "PaymentsProtocols", targets: ["PaymentsProtocols"]),
    ],
    targets: [
        .target(name: "PaymentsProtocols"),
    ]
)
