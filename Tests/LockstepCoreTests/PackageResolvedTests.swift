import Foundation
@testable import LockstepCore
import XCTest

/// `Package.resolved` in SwiftPM's three formats: the pinned entries' version and revision change, every other
/// byte stays, and format 3's `originHash` follows the manifest when it matched it.
final class PackageResolvedTests: XCTestCase {
    let oldRevision = String(repeating: "a", count: 40)
    let newRevision = String(repeating: "b", count: 40)
    let manifest = (
        old: Data("let package = Package(name: \"Main\") // 1.0.0\n".utf8),
        new: Data("let package = Package(name: \"Main\") // 1.0.1\n".utf8)
    )

    /// Format 1 (SwiftPM 5.5 and older): `object.pins`, `repositoryURL`, `branch: null`; tabs and no final newline
    /// here, to prove the layout is the file's own.
    var v1: String {
        """
        {\n\t\"object\": {\n\t\t\"pins\": [\n\t\t\t{\n\t\t\t\t\"package\": \"Cart\",\n\t\t\t\t\"repositoryURL\": \
        \"https://git.example.com/ios/Cart.git\",\n\t\t\t\t\"state\": {\n\t\t\t\t\t\"branch\": \
        null,\n\t\t\t\t\t\"revision\": \"\(oldRevision)\",\n\t\t\t\t\t\"version\": \
        \"1.0.0\"\n\t\t\t\t}\n\t\t\t},\n\t\t\t{\n\t\t\t\t\"package\": \"swift-log\",\n\t\t\t\t\"repositoryURL\": \
        \"https://github.com/apple/swift-log\",\n\t\t\t\t\"state\": {\n\t\t\t\t\t\"branch\": \
        null,\n\t\t\t\t\t\"revision\": \"\(oldRevision)\",\n\t\t\t\t\t\"version\": \
        \"1.0.0\"\n\t\t\t\t}\n\t\t\t}\n\t\t]\n\t},\n\t\"version\": 1\n}
        """
    }

    /// Format 2 (SwiftPM 5.6–5.9): `pins`, `identity`, `kind`, `location`; SwiftPM's ` : ` and a final newline.
    func v2(_ cartVersion: String, _ revision: String, originHash: String? = nil) -> String {
        """
        {
        \(originHash.map { "  \"originHash\" : \"\($0)\",\n" } ?? "")  "pins" : [
            {
              "identity" : "cart",
              "kind" : "remoteSourceControl",
              "location" : "https://git.example.com/ios/Cart.git",
              "state" : {
                "revision" : "\(revision)",
                "version" : "\(cartVersion)"
              }
            },
            {
              "identity" : "swift-log",
              "kind" : "remoteSourceControl",
              "location" : "https://github.com/apple/swift-log",
              "state" : {
                "revision" : "\(oldRevision)",
                "version" : "1.0.0"
              }
            }
          ],
          "version" : \(originHash == nil ? 2 : 3)
        }

        """
    }

    let cart = [ResolvedPin(identity: "Cart", version: "1.0.1", revision: String(repeating: "b", count: 40))]

    func testFormat1ChangesOnlyTheEntrysVersionAndRevision() throws {
        let update = try PackageResolved.update(Data(v1.utf8), pins: cart, manifest: manifest)
        let expected = v1.replacingOccurrences(
            of: "\"revision\": \"\(oldRevision)\",\n\t\t\t\t\t\"version\": \"1.0.0\"\n\t\t\t\t}\n\t\t\t},",
            with: "\"revision\": \"\(newRevision)\",\n\t\t\t\t\t\"version\": \"1.0.1\"\n\t\t\t\t}\n\t\t\t},")
        XCTAssertNotEqual(expected, v1)
        XCTAssertEqual(String(decoding: update.data, as: UTF8.self), expected)
        XCTAssertEqual(update.updated, ["cart"])
        XCTAssertFalse(update.originHashUpdated)
    }

    func testFormat2ChangesOnlyTheEntrysVersionAndRevision() throws {
        let update = try PackageResolved.update(Data(v2("1.0.0", oldRevision).utf8), pins: cart, manifest: manifest)
        XCTAssertEqual(String(decoding: update.data, as: UTF8.self), v2("1.0.1", newRevision))
        XCTAssertEqual(update.missing, [])
    }

    func testFormat3FollowsTheManifestsHashWhenItMatched() throws {
        let oldHash = SHA256.hex(manifest.old)
        let newHash = SHA256.hex(manifest.new)
        let update = try PackageResolved.update(
            Data(v2("1.0.0", oldRevision, originHash: oldHash).utf8), pins: cart, manifest: manifest)
        XCTAssertEqual(String(decoding: update.data, as: UTF8.self), v2("1.0.1", newRevision, originHash: newHash))
        XCTAssertTrue(update.originHashUpdated)
        // A hash that did not match the manifest before (SwiftPM would resolve anyway) is left as it is.
        let stale = String(repeating: "0", count: 64)
        let kept = try PackageResolved.update(
            Data(v2("1.0.0", oldRevision, originHash: stale).utf8), pins: cart, manifest: manifest)
        XCTAssertEqual(String(decoding: kept.data, as: UTF8.self), v2("1.0.1", newRevision, originHash: stale))
        XCTAssertFalse(kept.originHashUpdated)
    }

    func testNoEntryForTheComponentLeavesTheFileAndSaysSo() throws {
        let text = v2("1.0.0", oldRevision)
        let update = try PackageResolved.update(
            Data(text.utf8), pins: [ResolvedPin(identity: "Login", version: "2.0.0", revision: newRevision)],
            manifest: manifest)
        XCTAssertEqual(update.data, Data(text.utf8))
        XCTAssertEqual(update.missing, ["login"])
    }

    func testBrokenOrUnknownFilesAreRefusedWithAReason() {
        XCTAssertThrowsError(try PackageResolved.update(Data("{\"pins\": [".utf8), pins: cart, manifest: manifest)) {
            error in
            XCTAssertTrue("\(error)".contains("is not valid JSON"), "\(error)")
        }
        XCTAssertThrowsError(
            try PackageResolved.update(Data("{\"pins\": [], \"version\": 9}".utf8), pins: cart, manifest: manifest)
        ) { error in
            XCTAssertTrue("\(error)".contains("no format version lockstep knows"), "\(error)")
        }
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertThrowsError(try PackageResolved.update(Data(deep.utf8), pins: cart, manifest: manifest))
    }

    func testIdentityIsTheLowercasedLastPathComponentWithoutGit() {
        XCTAssertEqual(PackageResolved.identity(ofLocation: "https://git.example.com/ios/Cart.git"), "cart")
        XCTAssertEqual(PackageResolved.identity(ofLocation: "git@example.com:team/Login.GIT/"), "login")
        XCTAssertEqual(PackageResolved.identity(ofLocation: "/Users/me/Base"), "base")
    }

    func testSHA256MatchesKnownDigests() {
        XCTAssertEqual(SHA256.hex(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Data(repeating: 0x61, count: 1000)
        XCTAssertEqual(SHA256.hex(long), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
