import Foundation
import LockstepManifest
import Yams
import XCTest

/// XcodeGen's project.yml: packages read with their places, pins that change only the requirement's bytes.
final class XcodeGenTests: XCTestCase {
    static let spec = """
        name: Shop
        options:
          bundleIdPrefix: com.example
        packages:
          Cart:
            url: https://git.example.com/ios/Cart.git
            from: 1.2.0   # the team's range
          Login:
            github: example/Login
            exactVersion: "2.0.0-rc.1"
          Detail:
            url: https://git.example.com/ios/Detail
            minorVersion: 0.4.1
          Networking:
            url: https://git.example.com/ios/Networking.git
            minVersion: 2.1.0
            maxVersion: 3.0.0
          Mediator: { url: "https://git.example.com/ios/Mediator.git", branch: main }
          DesignSystem:
            path: Packages/DesignSystem
          Broken:
            url: https://git.example.com/ios/Broken.git
        targets:
          Shop:
            type: application
            platform: iOS
            dependencies:
              - package: Cart

        """

    func testPackagesAreReadWithTheirLines() throws {
        let manifest = try XcodeGenReader.parse(Self.spec, file: "apps/Shop/project.yml")
        XCTAssertEqual(manifest.format, .xcodeGen)
        XCTAssertEqual(manifest.packageName, "Shop")
        XCTAssertEqual(
            manifest.dependencies.map(\.requirement),
            [
                .upToNextMajor("1.2.0"), .exact("2.0.0-rc.1"), .upToNextMinor("0.4.1"), .range("2.1.0", "3.0.0"),
                .branch("main"),
                .path("Packages/DesignSystem"),
            ])
        XCTAssertEqual(
            manifest.dependencies.map(\.identity),
            ["Cart", "Login", "Detail", "Networking", "Mediator", "DesignSystem"])
        XCTAssertEqual(manifest.dependencies.first?.line, 5)
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [21])
        XCTAssertTrue(
            manifest.unreadableDependencies.first?.reason.contains("package `Broken`: no requirement") == true)
    }

    func testAPinRewritesOnlyTheRequirement() throws {
        let manifest = try XcodeGenReader.parse(Self.spec, file: "project.yml")
        func pinned(_ name: String, _ version: String) throws -> String {
            manifest.pinning(try XCTUnwrap(manifest.dependencies.first { $0.identity == name }), toExact: version)
        }
        XCTAssertEqual(
            try pinned("Cart", "1.3.0"),
            Self.spec.replacingOccurrences(
                of: "from: 1.2.0   # the team's range", with: "exactVersion: 1.3.0   # the team's range"))
        XCTAssertEqual(
            try pinned("Login", "2.0.0"),
            Self.spec.replacingOccurrences(of: "exactVersion: \"2.0.0-rc.1\"", with: "exactVersion: 2.0.0"))
        XCTAssertEqual(
            try pinned("Networking", "2.4.0"),
            Self.spec.replacingOccurrences(of: "minVersion: 2.1.0\n    maxVersion: 3.0.0", with: "exactVersion: 2.4.0"))
        XCTAssertEqual(
            try pinned("Mediator", "1.0.0"),
            Self.spec.replacingOccurrences(of: "branch: main }", with: "exactVersion: 1.0.0 }"))
        let again = try XcodeGenReader.parse(try pinned("Detail", "0.5.0"), file: "project.yml")
        XCTAssertEqual(again.dependencies.first { $0.identity == "Detail" }?.requirement, .exact("0.5.0"))
    }

    /// Specs share settings through anchors: read. An alias bomb (each level doubling the one before) is refused
    /// with its place before Yams composes it, as are complex keys.
    func testAnchorsAreReadAndAliasBombsRefused() throws {
        let shared = """
            settings: &base
              SWIFT_VERSION: "5.9"
              ENABLE_TESTING: YES
            packages:
              Cart: &cart
                url: https://git.example.com/ios/Cart.git
                exactVersion: 1.2.0
            targets:
              Shop:
                settings:
                  <<: *base
                  OTHER: 1
              Widget: { settings: *base }

            """
        let manifest = try XcodeGenReader.parse(shared, file: "project.yml")
        XCTAssertEqual(manifest.dependencies.map(\.identity), ["Cart"])
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            bomb +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        bomb += "packages: {}\n"
        XCTAssertThrowsError(try XcodeGenReader.parse(bomb, file: "project.yml")) { error in
            XCTAssertTrue("\(error)".contains("project.yml:6:"), "\(error)")
            XCTAssertTrue("\(error)".contains("aliases that expand to more than 200000 values"), "\(error)")
        }
        XCTAssertThrowsError(try XcodeGenReader.parse("k: &k [a]\n? *k\n: v\n", file: "project.yml")) { error in
            XCTAssertTrue("\(error)".contains("a list or mapping used as a key"), "\(error)")
        }
        XCTAssertThrowsError(try XcodeGenReader.parse("packages:\n  Cart: *nowhere\n", file: "project.yml")) { error in
            XCTAssertTrue("\(error)".contains("project.yml:2:9"), "\(error)")
        }
    }

    /// Generated: 5,000 packages read, and a pin of the last changes only its requirement.
    func testAGeneratedSpecWithThousandsOfPackages() throws {
        let spec =
            "name: Big\npackages:\n"
            + (0..<5_000).map {
                "  P\($0):\n    url: https://git.example.com/ios/P\($0).git\n    from: 1.\($0 % 9).0\n"
            }.joined()
        let manifest = try XcodeGenReader.parse(spec, file: "project.yml")
        XCTAssertEqual(manifest.dependencies.count, 5_000)
        let last = try XCTUnwrap(manifest.dependencies.first { $0.identity == "P4999" })
        XCTAssertEqual(
            try XcodeGenReader.parse(manifest.pinning(last, toExact: "2.0.0"), file: "project.yml").dependencies.first {
                $0.identity == "P4999"
            }?.requirement, .exact("2.0.0"))
    }

    func testBrokenSpecsFailWithAPlace() throws {
        XCTAssertThrowsError(try XcodeGenReader.parse("packages:\n  Cart: [\n", file: "project.yml")) { error in
            XCTAssertTrue("\(error)".contains("project.yml is not valid YAML"), "\(error)")
        }
        XCTAssertThrowsError(try XcodeGenReader.parse("packages: [a, b]\n", file: "project.yml")) { error in
            XCTAssertTrue("\(error)".contains("`packages:` must map each package's name"), "\(error)")
        }
        let apart = "packages:\n  N:\n    minVersion: 1.0.0\n    url: https://x/N.git\n    maxVersion: 2.0.0\n"
        XCTAssertEqual(
            try XcodeGenReader.parse(apart, file: "project.yml").unreadableDependencies.first?.reason.contains(
                "next to each other"), true)
        XCTAssertEqual(try XcodeGenReader.parse("name: App\n", file: "project.yml").dependencies.count, 0)
        // Seen in real specs: a two-part version YAML would read as a number stays the text written.
        let short = try XcodeGenReader.parse(
            "packages:\n  Loc:\n    url: https://x/Loc\n    exactVersion: 6.0\n", file: "project.yml")
        XCTAssertEqual(short.dependencies.map(\.requirement), [.exact("6.0")])
    }
}

/// Real XcodeGen specs, when a folder of them is given (`LOCKSTEP_XCODEGEN_CORPUS=DIR`, see `ci/try-xcode`): every
/// entry of `packages:` is read or named as unreadable, and a pin of each read one changes only its requirement
/// and reads back as that exact version.
final class XcodeGenCorpusTests: XCTestCase {
    func testEverySpecOfTheCorpusReadsAndPins() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOCKSTEP_XCODEGEN_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_XCODEGEN_CORPUS to a folder of project.yml files")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var packages = 0, unreadable: [String] = [], refused: [String] = []
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let manifest: Manifest
            do { manifest = try XcodeGenReader.parse(text, file: ManifestFile(path: name)) } catch {
                refused.append("\(error)")
                continue
            }
            // As many entries as `packages:` declares, by an independent reading.
            let declared = (try Yams.compose(yaml: text))?.mapping?["packages"]?.mapping?.count ?? 0
            XCTAssertEqual(manifest.dependencies.count + manifest.unreadableDependencies.count, declared, name)
            packages += manifest.dependencies.count
            unreadable += manifest.unreadableDependencies.map(\.description)
            let bytes = Array(text.utf8)
            for dependency in manifest.dependencies where dependency.url != nil {
                let pinned = manifest.pinning(dependency, toExact: "9.8.7")
                let after = Array(pinned.utf8)
                let tail = bytes.count - dependency.requirementRange.upperBound
                XCTAssertTrue(
                    after.prefix(dependency.requirementRange.lowerBound).elementsEqual(
                        bytes.prefix(dependency.requirementRange.lowerBound))
                        && after.suffix(tail).elementsEqual(bytes.suffix(tail)), name)
                let reread = try XcodeGenReader.parse(pinned, file: ManifestFile(path: name))
                XCTAssertEqual(
                    reread.dependencies.first { $0.identity == dependency.identity && $0.line == dependency.line }?
                        .requirement, .exact("9.8.7"), name)
            }
        }
        print(
            """
            XcodeGen corpus: \(files.count) files, \(packages) packages read, \(unreadable.count) unreadable, \
            \(refused.count) files refused
            """
        )
        for line in Set(
            (unreadable + refused).map { $0.split(separator: ":", maxSplits: 3).last.map(String.init) ?? $0 }
        ).sorted() { print("  unreadable:\(line)") }
    }
}
