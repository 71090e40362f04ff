import Foundation
import LockstepCore
import LockstepGit
import LockstepManifest
import LockstepTestSupport
import XCTest

/// `Package@swift-X.Y.swift`: the manifest SwiftPM would load for the configured toolchain is the one read.
final class VersionSpecificManifestTests: XCTestCase {
    /// A released 1.0.0 and 2.0.0. B 1.0.0's Package.swift (tools 5.9) requires A from 1.0.0, its
    /// Package@swift-6.0.swift (tools 6.0) from 2.0.0. Main pins A 1.0.0 and B 1.0.0.
    func workspace(toolsVersion: String?) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let a = try ws.component("A")
        try a.release("1.0.0")
        try a.release("2.0.0")
        let b = try ws.component("B", dependencies: [ws.dep("A", "from: \"1.0.0\"")])
        let regular = try String(contentsOf: b.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        try b.write(
            "Package@swift-6.0.swift",
            regular
                .replacingOccurrences(of: "// swift-tools-version: 5.9", with: "// swift-tools-version: 6.0")
                .replacingOccurrences(of: "from: \"1.0.0\"", with: "from: \"2.0.0\""))
        try b.release("1.0.0")
        try ws.app(
            "Main", role: "main", dependencies: [ws.dep("A", "exact: \"1.0.0\""), ws.dep("B", "exact: \"1.0.0\"")])
        if let toolsVersion {
            let file = ws.root.appendingPathComponent("lockstep.yml")
            try (String(contentsOf: file, encoding: .utf8) + "swift-tools-version: \"\(toolsVersion)\"\n").write(
                to: file, atomically: true, encoding: .utf8)
        }
        return ws
    }

    func testLS406SeesAConflictOnlyTheSelectedVariantHas() throws {
        let findings = try workspace(toolsVersion: "6.0").findings().filter { $0.rule == "LS406" }
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertTrue(findings.first?.message.contains("requires A `from: \"2.0.0\"`") == true, "\(findings)")
        XCTAssertEqual(findings.first?.locations.first?.file, "components/B/Package@swift-6.0.swift")
        XCTAssertEqual(findings.first?.locations.first?.revision, "1.0.0")
    }

    func testAnOlderToolchainReadsPackageSwift() throws {
        let ws = try workspace(toolsVersion: "5.10")
        XCTAssertEqual(try ws.findings().filter { $0.rule == "LS406" }.map(\.message), [])
        let snapshot = try ws.snapshot()
        let b = try XCTUnwrap(snapshot.component("B"))
        let manifest = try snapshot.manifests.manifest(of: b.component, at: b.head!)
        XCTAssertEqual(manifest.file, ManifestFile(path: "components/B/Package.swift", revision: b.head!.short))
    }

    func testSwiftToolsVersionIsValidated() throws {
        for bad in ["six", "6.x", "", "6.0.0.1", "0.9", "6..0"] {
            let ws = try workspace(toolsVersion: bad)
            XCTAssertThrowsError(try ws.snapshot(), bad) { error in
                guard let config = error as? ConfigError else { return XCTFail("\(error)") }
                XCTAssertTrue(config.message.contains("swift-tools-version"), config.message)
                XCTAssertGreaterThan(config.line, 0)
            }
        }
        XCTAssertEqual(try workspace(toolsVersion: "5.10").snapshot().config.swiftToolsVersion, [5, 10])
    }
}
