@testable import LockstepCore
import XCTest

/// The naming rules `lockstep init` guesses by, on plain values.
final class InitGuessTests: XCTestCase {
    func testCredentialsInAnOriginNeverReachTheFile() {
        XCTAssertEqual(
            RepoScan.withoutCredentials("https://user:s3cr3t@host.example/team/Net.git"),
            "https://host.example/team/Net.git")
        XCTAssertEqual(
            RepoScan.withoutCredentials("https://token@host.example/team/Net.git"), "https://host.example/team/Net.git")
        XCTAssertEqual(
            RepoScan.withoutCredentials("ssh://git@host.example:22/team/Net.git"),
            "ssh://git@host.example:22/team/Net.git")
        XCTAssertEqual(
            RepoScan.withoutCredentials("ssh://git:pw@host.example/team/Net.git"), "ssh://git@host.example/team/Net.git"
        )
        XCTAssertEqual(RepoScan.withoutCredentials("git@host.example:team/Net.git"), "git@host.example:team/Net.git")
        XCTAssertEqual(
            RepoScan.withoutCredentials("https://host.example/team/a@b.git"), "https://host.example/team/a@b.git")
    }

    func testProtocolSetNames() {
        XCTAssertEqual(InitGuesser.implementationName(ofProtocolSet: "LoginProtocols"), "Login")
        XCTAssertEqual(InitGuesser.implementationName(ofProtocolSet: "Cart-API"), "Cart")
        XCTAssertEqual(InitGuesser.implementationName(ofProtocolSet: "detail_interface"), "detail")
        XCTAssertNil(InitGuesser.implementationName(ofProtocolSet: "API"))
        XCTAssertNil(InitGuesser.implementationName(ofProtocolSet: "Networking"))
    }

    func testRemotePatternFromAnOrigin() {
        XCTAssertEqual(
            InitGuesser.pattern(origin: "https://github.com/apple/swift-log.git", name: "swift-log"),
            "https://github.com/apple/{name}.git")
        XCTAssertEqual(
            InitGuesser.pattern(origin: "git@github.com:jpsim/Yams", name: "Yams"), "git@github.com:jpsim/{name}")
        XCTAssertEqual(InitGuesser.pattern(origin: "git@host:Yams.git", name: "Yams"), "git@host:{name}.git")
        XCTAssertNil(InitGuesser.pattern(origin: "https://github.com/apple/ios-swift-log.git", name: "swift-log"))
        XCTAssertNil(InitGuesser.pattern(origin: "https://h/a b/Cart.git", name: "Cart"))
    }

    func testNamesAreMadeSafeAndUnique() {
        XCTAssertEqual(InitGuesser.sanitized("my repo!"), "my-repo-")
        XCTAssertEqual(InitGuesser.sanitized(".hidden"), "hidden")
        XCTAssertEqual(InitGuesser.sanitized("日本"), "repo")
        let (name, note) = InitGuesser.uniqueName(
            for: FoundRepo(path: "forks/Cart", origin: "https://h/x/Cart.git"), taken: ["cart"])
        XCTAssertNotEqual(name.lowercased(), "cart")
        XCTAssertNotNil(note)
    }

    func testYAMLScalarsQuoteWhatYAMLWouldReadOtherwise() {
        XCTAssertEqual(WorkspaceGuess.scalar("components/Cart"), "components/Cart")
        XCTAssertEqual(WorkspaceGuess.scalar("https://h/{name}.git"), "\"https://h/{name}.git\"")
        XCTAssertEqual(WorkspaceGuess.scalar("yes"), "\"yes\"")
        XCTAssertEqual(WorkspaceGuess.scalar("1.0"), "\"1.0\"")
        XCTAssertEqual(WorkspaceGuess.scalar("a \"b\"\\"), "\"a \\\"b\\\"\\\\\"")
    }
}
