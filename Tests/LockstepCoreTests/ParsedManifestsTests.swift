import Foundation
import LockstepCore
import LockstepGit
import LockstepManifest
import LockstepTestSupport
import XCTest

/// Manifests are parsed once per blob and still name the commit they were asked for.
final class ParsedManifestsTests: XCTestCase {
    func testOneParsePerBlobAndEachCommitKeepsItsOwnLabel() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Cart", dependencies: [ws.dep("Base", "from: someVersion()")])
        try repo.release("1.0.0")
        try repo.write("Sources/Cart/More.swift", "let more = 1\n")
        try repo.release("1.0.1")
        try ws.component("Base").release("1.0.0")
        try ws.writeConfig()
        let store = try ws.snapshot().manifests
        let snapshot = try ws.snapshot()
        let cart = try XCTUnwrap(snapshot.components.first { $0.component.name == "Cart" })
        let commits = cart.versionTags.map(\.commit)
        XCTAssertEqual(commits.count, 2)
        let manifests = try commits.map { try store.manifest(of: cart.component, at: $0) }
        let files = commits.map { ManifestFile(path: "components/Cart/Package.swift", revision: $0.short) }
        XCTAssertEqual(manifests.map(\.file), files)
        XCTAssertEqual(
            manifests.map { $0.unreadableDependencies.map(\.file) }, files.map { [$0] },
            "a finding about the shared blob names each commit's own place")
        XCTAssertEqual(manifests[0].text, manifests[1].text)
    }

    func testAParseErrorIsSharedAndRelabelled() throws {
        let parsed = ParsedManifests()
        let blob = try XCTUnwrap(ObjectID(hex: String(repeating: "a", count: 40)))
        var parses = 0
        for label in [ManifestFile(path: "a", revision: "1111111"), ManifestFile(path: "a", revision: "2222222")] {
            XCTAssertThrowsError(
                try parsed.manifest(blob: blob, label: label) {
                    parses += 1
                    throw ManifestError(
                        file: ManifestFile(path: "a", revision: "1111111"), line: 1, column: 2, reason: "broken")
                }
            ) { XCTAssertEqual(($0 as? ManifestError)?.file, label) }
        }
        XCTAssertEqual(parses, 1, "parsed once")
    }
}
