import Foundation
@testable import LockstepGit
import LockstepTestSupport
import XCTest

/// How transfers find keys and trust, read as git and OpenSSH read them (no server needed).
final class TransferSettingsTests: XCTestCase {
    func testSSHConfigIdentityFilesFollowHostPatterns() throws {
        let home = try TemporaryFolder("lockstep-home")
        let ssh = home.url.appendingPathComponent(".ssh")
        try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true)
        try """
        # deploy keys
        Host git.corp.example *.internal !bad.internal
            IdentityFile ~/.ssh/corp_key
        Host *
          IdentityFile=%h_key
        Match host other
            IdentityFile ~/.ssh/never
        """.write(to: ssh.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let home_ = home.url.path
        XCTAssertEqual(
            SSHKeys.configuredIdentities(home: home_, host: "git.corp.example"),
            ["\(home_)/.ssh/corp_key", "\(home_)/.ssh/git.corp.example_key"])
        XCTAssertEqual(
            SSHKeys.configuredIdentities(home: home_, host: "a.internal"),
            ["\(home_)/.ssh/corp_key", "\(home_)/.ssh/a.internal_key"])
        XCTAssertEqual(
            SSHKeys.configuredIdentities(home: home_, host: "bad.internal"), ["\(home_)/.ssh/bad.internal_key"],
            "negated pattern")
        XCTAssertTrue(SSHKeys.matches("GitHub.com", "github.*"))
        XCTAssertFalse(SSHKeys.matches("github.com", "gitlab.*"))
        XCTAssertTrue(SSHKeys.matches("a1", "a?"))
    }

    func testKeyFilesAreOfferedInOpenSSHsOrderAndOnlyWhenTheyExist() throws {
        let home = try TemporaryFolder("lockstep-home")
        let ssh = home.url.appendingPathComponent(".ssh")
        try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true)
        for name in ["id_rsa", "id_ed25519", "deploy"] {
            _ = FileManager.default.createFile(atPath: ssh.appendingPathComponent(name).path, contents: Data())
        }
        try "Host example.com\n  IdentityFile ~/.ssh/deploy\n".write(
            to: ssh.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let credentials = GitCredentials(useSSHAgent: false, home: home.url.path)
        XCTAssertEqual(
            SSHKeys.files(for: "git@example.com:team/Cart.git", credentials: credentials).map {
                ($0 as NSString).lastPathComponent
            },
            ["deploy", "id_ed25519", "id_rsa"])
        XCTAssertEqual(
            SSHKeys.files(for: "ssh://git@other.example:2222/Cart.git", credentials: credentials).map {
                ($0 as NSString).lastPathComponent
            },
            ["id_ed25519", "id_rsa"])
        XCTAssertEqual(SSHKeys.port(of: "ssh://git@other.example:2222/Cart.git"), 2222)
        XCTAssertEqual(SSHKeys.port(of: "git@example.com:team/Cart.git"), 22)
        XCTAssertEqual(
            SSHKeys.redacted("https://ci:s3cret@git.example.com/Cart.git"), "https://ci:***@git.example.com/Cart.git")
    }

    func testTheEnvironmentIsReadOnce() {
        let credentials = GitCredentials.fromEnvironment([
            "HOME": "/home/ci", "LOCKSTEP_SSH_KEY": "~/.ssh/deploy", "LOCKSTEP_SSH_PASSPHRASE": "pw",
            "GIT_SSL_CAINFO": "/ca.pem",
            "GIT_SSL_NO_VERIFY": "1", "SSL_CERT_DIR": "/certs",
        ])
        XCTAssertEqual(credentials.home, "/home/ci")
        XCTAssertEqual(credentials.sshKey, "~/.ssh/deploy")
        XCTAssertEqual(credentials.sshPassphrase, "pw")
        XCTAssertEqual(
            credentials.tls,
            TLSEnvironment(caInfo: "/ca.pem", caPath: nil, noVerify: true, certFile: nil, certDir: "/certs"))
    }

    /// git's precedence: the environment, then `http.<url>.*` (longest prefix), then `http.*`, then OpenSSL's
    /// variables only where git's settings name nothing.
    func testTLSTrustFollowsGitsPrecedence() throws {
        let folder = try TemporaryFolder("lockstep-tls")
        try GitCLI.run(["init", "-q", folder.url.path], in: folder.url)
        let repository = try Repository.open(at: folder.url.path)
        let url = "https://git.corp.example/ios/Cart.git"
        XCTAssertEqual(
            repository.tlsSettings(for: url, environment: TLSEnvironment(certFile: "/ssl.pem")).caFile, "/ssl.pem")
        try GitCLI.run(["config", "http.sslCAInfo", "/all.pem"], in: folder.url)
        try GitCLI.run(["config", "http.https://git.corp.example.sslCAInfo", "/host.pem"], in: folder.url)
        try GitCLI.run(["config", "http.https://git.corp.example/ios/.sslCAInfo", "/ios.pem"], in: folder.url)
        try GitCLI.run(["config", "http.https://other.example/.sslVerify", "false"], in: folder.url)
        XCTAssertEqual(
            repository.tlsSettings(for: url, environment: TLSEnvironment(certFile: "/ssl.pem")).caFile, "/ios.pem")
        XCTAssertEqual(
            repository.tlsSettings(for: "https://git.corp.example/android/A.git", environment: TLSEnvironment()).caFile,
            "/host.pem")
        XCTAssertEqual(
            repository.tlsSettings(for: "https://git.corp.examples/x.git", environment: TLSEnvironment()).caFile,
            "/all.pem",
            "a prefix must end at a path boundary")
        XCTAssertEqual(
            repository.tlsSettings(for: url, environment: TLSEnvironment(caInfo: "/env.pem")).caFile, "/env.pem")
        XCTAssertTrue(repository.tlsSettings(for: url, environment: TLSEnvironment()).verify)
        let other = repository.tlsSettings(for: "https://other.example/A.git", environment: TLSEnvironment())
        XCTAssertFalse(other.verify)
        XCTAssertEqual(other.verifySource, "http.sslVerify is false")
    }

    func testServerTextIsMadeSafeForATerminal() {
        XCTAssertEqual(
            ServerText.clean("a\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}b\u{08}c\td\u{202E}e"), "ared b?c d?e")
        XCTAssertEqual(ServerText.clean(String(repeating: "x", count: 10), limit: 4), "xxxx…")
    }

    func testURLsLoseTheirSecretsAndSSHAliasesAreResolved() throws {
        XCTAssertEqual(
            SSHKeys.redacted("https://ghp_secret@github.com/team/Cart.git"), "https://***@github.com/team/Cart.git")
        XCTAssertEqual(SSHKeys.redacted("ssh://git@host:2222/Cart.git"), "ssh://git@host:2222/Cart.git")
        let home = try TemporaryFolder("lockstep-home")
        let ssh = home.url.appendingPathComponent(".ssh")
        try FileManager.default.createDirectory(
            at: ssh.appendingPathComponent("conf.d"), withIntermediateDirectories: true)
        try "Include conf.d/*\nHost *\n  User nobody\n".write(
            to: ssh.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        try """
        Host gh-cart\n  HostName github.com\n  IdentityFile ~/.ssh/cart\nHost gl\n  HostName gitlab.corp\n  \
        Port 2222\n
        """
        .write(to: ssh.appendingPathComponent("conf.d/a"), atomically: true, encoding: .utf8)
        let path = home.url.path
        XCTAssertEqual(SSHKeys.resolved("git@gh-cart:team/Cart.git", home: path), "git@github.com:team/Cart.git")
        XCTAssertEqual(SSHKeys.resolved("gl:team/Cart.git", home: path), "ssh://nobody@gitlab.corp:2222/team/Cart.git")
        XCTAssertEqual(
            SSHKeys.resolved("ssh://git@gl/team/Cart.git", home: path), "ssh://git@gitlab.corp:2222/team/Cart.git")
        XCTAssertNil(SSHKeys.resolved("https://github.com/team/Cart.git", home: path))
        XCTAssertNil(SSHKeys.resolved("/srv/git/Cart.git", home: path))
        XCTAssertEqual(SSHKeys.configuredIdentities(home: path, host: "gh-cart"), ["\(path)/.ssh/cart"])
    }
}
