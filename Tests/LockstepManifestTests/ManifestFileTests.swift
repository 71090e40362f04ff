import LockstepManifest
import XCTest

/// A manifest's file is its path and the revision it was read at, kept apart; `path @ revision` is only its text.
final class ManifestFileTests: XCTestCase {
    func testTheTextJoinsPathAndRevision() {
        XCTAssertEqual(
            ManifestFile(path: "apps/Main/Package.swift", revision: "3f2a1c9").description,
            "apps/Main/Package.swift @ 3f2a1c9")
        XCTAssertEqual(ManifestFile(path: "apps/Main/Package.swift").description, "apps/Main/Package.swift")
        XCTAssertEqual("Package.swift" as ManifestFile, ManifestFile(path: "Package.swift", revision: nil))
    }

    func testAParsedManifestAndItsErrorsCarryTheFile() throws {
        let file = ManifestFile(path: "components/Cart/Package.swift", revision: "1.0.0")
        let text = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Cart", dependencies: [
                .package(url: "https://example.com/Base.git", from: someVersion()),
            ])
            """
        let manifest = try Manifest.parse(text, file: file)
        XCTAssertEqual(manifest.file, file)
        let unreadable = try XCTUnwrap(manifest.unreadableDependencies.first)
        XCTAssertEqual(unreadable.file, file)
        XCTAssertTrue(
            unreadable.description.hasPrefix("components/Cart/Package.swift @ 1.0.0:4:"),
            unreadable.description)
        let podspec = ManifestFile(path: "components/Cart/Cart.podspec", revision: "HEAD")
        XCTAssertThrowsError(try PodspecReader.parse("# nothing\n", file: podspec)) { error in
            XCTAssertEqual((error as? ManifestError)?.file.path, "components/Cart/Cart.podspec")
            XCTAssertEqual((error as? ManifestError)?.file.revision, "HEAD")
            XCTAssertTrue("\(error)".hasPrefix("components/Cart/Cart.podspec @ HEAD:1:1: "), "\(error)")
        }
    }
}
