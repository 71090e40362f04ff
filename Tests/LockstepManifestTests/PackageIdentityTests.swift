import LockstepManifest
import XCTest

/// Identity follows SwiftPM: last path component, case-insensitive, `.git` stripped; `name:` ignored; registry ids.
final class PackageIdentityTests: XCTestCase {
    func testIdentityOfEveryLocationSpelling() {
        XCTAssertEqual(PackageIdentity.of(location: "https://github.com/apple/swift-log.git"), "swift-log")
        XCTAssertEqual(PackageIdentity.of(location: "https://github.com/Apple/Swift-Log"), "swift-log")
        XCTAssertEqual(PackageIdentity.of(location: "https://github.com/apple/swift-log.git/"), "swift-log")
        XCTAssertEqual(PackageIdentity.of(location: "https://github.com/apple/swift-log/"), "swift-log")
        XCTAssertEqual(PackageIdentity.of(location: "git@github.com:jpsim/Yams.git"), "yams")
        XCTAssertEqual(PackageIdentity.of(location: "git@host:Yams.GIT"), "yams")
        XCTAssertEqual(PackageIdentity.of(location: "ssh://git@host:22/team/Cart.git"), "cart")
        XCTAssertEqual(PackageIdentity.of(location: "../components/Cart"), "cart")
        XCTAssertEqual(PackageIdentity.of(location: "/abs/path/Cart.git"), "cart")
        XCTAssertEqual(PackageIdentity.name(ofLocation: "git@github.com:jpsim/Yams.git"), "Yams")
        XCTAssertEqual(PackageIdentity.namePart(ofRegistryID: "acme.Cart"), "cart")
        XCTAssertNil(PackageIdentity.namePart(ofRegistryID: "Cart"))
    }

    func testNameArgumentDoesNotOverrideTheURLAndIdIsARegistryIdentity() throws {
        let manifest = try Manifest.parse(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Main",
                dependencies: [
                    .package(name: "Cart", url: "https://git.example.com/ios/CartKit.git", from: "1.0.0"),
                    .package(id: "acme.Login", exact: "1.2.0"),
                    .package(url: "git@git.example.com:ios/Base.git", exact: "1.0.0"),
                ]
            )
            """, file: "Package.swift")
        XCTAssertEqual(manifest.dependencies.map(\.identity), ["CartKit", "acme.Login", "Base"])
        XCTAssertEqual(manifest.dependencies.map(\.registryID), [nil, "acme.Login", nil])
        XCTAssertEqual(manifest.dependencies.first?.explicitName, "Cart")
    }

    func testPinningARegistryDependencyKeepsItsIdAndAddsNoURL() throws {
        let text = """
            let package = Package(name: "Main", dependencies: [
                .package(id: "acme.Login", from: "1.0.0"),
                .package(path: "../Cart"),
            ])
            """
        let manifest = try Manifest.parse(text, file: "Package.swift")
        let pinned = manifest.pinning([
            (dependency: manifest.dependencies[0], version: "1.2.0", url: "https://git.example.com/ios/Login.git"),
            (dependency: manifest.dependencies[1], version: "2.0.0", url: "https://git.example.com/ios/Cart.git"),
        ])
        XCTAssertTrue(pinned.contains(#".package(id: "acme.Login", exact: "1.2.0")"#), pinned)
        XCTAssertTrue(
            pinned.contains(#".package(url: "https://git.example.com/ios/Cart.git", exact: "2.0.0")"#), pinned)
    }
}
