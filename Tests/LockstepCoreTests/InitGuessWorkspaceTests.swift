@testable import LockstepCore
import LockstepManifest
import XCTest

/// `InitGuesser.guess` on scanned repos given as plain values: the cases a real folder rarely shows at once.
final class InitGuessWorkspaceTests: XCTestCase {
    private func repo(_ path: String, origin: String? = nil, deps: [String] = [], library: Bool = false) throws
        -> FoundRepo
    {
        let name = path.split(separator: "/").last!
        let products = library ? "products: [.library(name: \"\(name)\", targets: [\"\(name)\"])]," : ""
        let text =
            """
            let package = Package(name: \"\(name)\", \(products) dependencies: \
            [\(deps.map { ".package(\($0))," }.joined())], targets: [.target(name: \"\(name)\")])
            """
        return FoundRepo(
            path: path, origin: origin,
            manifest: try Manifest.parse(text, file: ManifestFile(path: "\(path)/Package.swift")))
    }

    func testAppsRolesLeftOutAndUnreadableRepos() throws {
        let scanned = [
            try repo("Kit", origin: "https://h/team/Kit.git", library: true),
            try repo("apps/Demo", deps: [#"url: "https://h/team/Kit.git", branch: "main""#], library: true),
            try repo("apps/Store", deps: [#"url: "https://h/team/Kit.git", exact: "1.0.0""#]),
            FoundRepo(
                path: "Broken", origin: "https://h/team/Broken.git",
                manifestProblem: "Broken/Package.swift:3:1: syntax error"),
            FoundRepo(path: "Empty", leftOut: "it has no commit yet"),
            try repo("forks/Kit", origin: "https://h/fork/Kit.git", library: true),
        ]
        let guess = InitGuesser.guess(scanned)
        XCTAssertEqual(guess.components.map(\.name), ["Kit", "Broken", "Kit-2"])
        XCTAssertEqual(guess.apps.map(\.name), ["Demo", "Store"])
        XCTAssertEqual(guess.apps.map(\.role), [.shell, .main], "a branch requirement is no pin")
        XCTAssertEqual(guess.remote, "https://h/team/{name}.git")
        XCTAssertNil(guess.components[2].url, "its origin's identity is Kit's: a url: would claim it twice")
        XCTAssertTrue(guess.components[2].reasons.contains { $0.contains("REVIEW") })
        XCTAssertTrue(guess.components[1].reasons.first?.contains("manifest cannot be read") == true)
        XCTAssertEqual(guess.leftOut, ["Empty: left out, it has no commit yet"])
        // The text loads as it is.
        XCTAssertNoThrow(
            try WorkspaceConfig.parse(guess.yaml, file: "lockstep.yml", root: URL(fileURLWithPath: "/tmp")))
    }
}

extension InitGuessWorkspaceTests {
    /// Origins come from each repo's config: whatever they hold stays out of the file's syntax and off the terminal.
    func testHostileOriginsStayPrintableAndTheFileStillLoads() throws {
        let scanned = [
            FoundRepo(path: "Kit", origin: "https://h/team/\u{1B}[31mKit\u{85}\".git"),
            FoundRepo(path: "Tool", origin: "https://h/team/Tool\u{202E}.git"),
        ].map { repo -> FoundRepo in
            var repo = repo
            repo.manifest = try? Manifest.parse(
                "let package = Package(name: \"X\", products: [.library(name: \"X\", targets: [\"X\"])])",
                file: "Package.swift")
            return repo
        }
        let guess = InitGuesser.guess(scanned)
        XCTAssertEqual(guess.components.count, 2)
        for line in guess.summary + guess.yaml.split(separator: "\n").map(String.init) {
            XCTAssertNil(
                line.unicodeScalars.first {
                    $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                }, line.debugDescription)
        }
        let config = try WorkspaceConfig.parse(guess.yaml, file: "lockstep.yml", root: URL(fileURLWithPath: "/tmp"))
        XCTAssertTrue(
            config.components.allSatisfy { $0.url == nil && SafeName.problem(with: $0.name) == nil },
            "\(config.components)")
    }
}
