import Foundation
@testable import LockstepGit
import LockstepTestSupport
import XCTest

/// Credentials offered to an https/http server through libgit2: the environment's token, the git credential
/// helpers of the repository's configuration, GIT_ASKPASS; each once, so a server that refuses them all ends it.
final class CredentialTests: XCTestCase {
    func repository() throws -> (TemporaryFolder, Repository) {
        let folder = try TemporaryFolder("lockstep-credentials")
        try GitCLI.run(["init", "-q", "-b", "main", folder.url.path], in: folder.url)
        return (folder, try Repository.open(at: folder.url.path))
    }

    func script(_ folder: TemporaryFolder, _ name: String, _ body: String) throws -> String {
        let file = folder.url.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file.path
    }

    func testAConfiguredCredentialHelperIsAskedAndItsAnswerSent() throws {
        let (folder, repository) = try repository()
        let request = folder.url.appendingPathComponent("request.txt").path
        // A helper written as shell code (`!…`), as `git config credential.helper` takes it.
        try GitCLI.run(
            [
                "config", "credential.helper",
                "!f() { cat > '\(request)'; echo username=helper-user; echo password=helper-pass; }; f",
            ], in: folder.url)
        let server = try BasicAuthServer(accepting: "helper-user:helper-pass")
        XCTAssertThrowsError(
            try repository.fetch(
                ["+refs/heads/*:refs/remotes/x/*"], from: server.url(), credentials: GitCredentials(useSSHAgent: false))
        )
        XCTAssertEqual(server.credentialsOffered, ["helper-user:helper-pass"])
        let asked = try String(contentsOfFile: request, encoding: .utf8)
        XCTAssertTrue(asked.hasPrefix("protocol=http\nhost=127.0.0.1:\(server.port)\n"), asked)
    }

    func testEveryKindIsOfferedOnceInOrderThenAuthenticationFails() throws {
        let (folder, repository) = try repository()
        try GitCLI.run(
            ["config", "credential.helper", "!f() { echo username=h; echo password=from-helper; }; f"], in: folder.url)
        // Scoped to another host: not asked.
        try GitCLI.run(
            ["config", "credential.https://elsewhere.invalid.helper", "!echo password=wrong-host"], in: folder.url)
        let askpass = try script(
            folder, "askpass.sh", #"case "$1" in Username*) echo asked-user;; *) echo from-askpass;; esac"#)
        let server = try BasicAuthServer()
        let credentials = GitCredentials(token: "from-token", tokenUser: "ci", useSSHAgent: false, askpass: askpass)
        XCTAssertThrowsError(
            try repository.fetch(["+refs/heads/*:refs/remotes/x/*"], from: server.url(), credentials: credentials)
        ) { error in
            XCTAssertTrue("\(error)".contains("refused every credential offered"), "\(error)")
            XCTAssertEqual((error as? TransferError)?.kind, .authentication)
            XCTAssertEqual((error as? TransferError)?.offered.count, 3, "token, helper, askpass: \(error)")
        }
        XCTAssertEqual(server.credentialsOffered, ["ci:from-token", "h:from-helper", "asked-user:from-askpass"])
    }

    func testHelpersFollowGitsOrderAndAnEmptyValueClearsThem() throws {
        let (folder, repository) = try repository()
        try GitCLI.run(["config", "--add", "credential.helper", "store"], in: folder.url)
        try GitCLI.run(["config", "--add", "credential.helper", ""], in: folder.url)
        try GitCLI.run(["config", "--add", "credential.helper", "cache --timeout=60"], in: folder.url)
        let helpers = try repository.credentialHelpers().filter { $0.scope == nil }
        XCTAssertEqual(helpers.map(\.command), ["cache --timeout=60"])
        XCTAssertEqual(helpers.first?.shellLine, "git credential-cache --timeout=60 get")
        XCTAssertEqual(CredentialHelper(command: "/opt/bin/helper").shellLine, "/opt/bin/helper get")
        XCTAssertTrue(
            CredentialHelper(scope: "https://git.example.com", command: "x").applies(
                to: "https://git.example.com/ios/Cart.git"))
        XCTAssertFalse(
            CredentialHelper(scope: "https://git.example.com", command: "x").applies(
                to: "https://git.example.com.evil/ios/Cart.git"))
    }
}
