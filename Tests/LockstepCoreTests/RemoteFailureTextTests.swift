@testable import LockstepCore
import LockstepGit
import XCTest

/// Each transfer failure gets its own sentence and fix; credentials hints only for credentials.
final class RemoteFailureTextTests: XCTestCase {
    func error(
        _ kind: TransferError.Kind, url: String = "ssh://git@git.corp.example:2222/ios/Cart.git",
        offered: [String] = [],
        message: String = "libgit2 said so"
    ) -> TransferError {
        TransferError(
            kind: kind, url: url, message: message, offered: offered, fingerprint: "SHA256:abc",
            knownHostsFiles: ["/home/ci/.ssh/known_hosts"], serverMessages: [])
    }

    func testOnlyAuthenticationFailuresTalkAboutCredentials() {
        for kind in [TransferError.Kind.tls, .hostKeyUnknown, .hostKeyChanged, .connection, .notFound] {
            let text = RemoteFailureText.sentence(error(kind), remote: "origin")
            XCTAssertFalse(text.contains("LOCKSTEP_PUSH_TOKEN"), "\(kind): \(text)")
            // A 404 may hide a repo these credentials cannot see (GitHub does), so only it may mention access.
            if kind != .notFound {
                XCTAssertFalse(text.contains("credential") || text.contains("token"), "\(kind): \(text)")
            }
        }
        let token = RemoteFailureText.sentence(
            error(
                .authentication, url: "https://git.corp.example/ios/Cart.git",
                offered: ["the token in LOCKSTEP_PUSH_TOKEN (user ci)"]), remote: "origin")
        XCTAssertTrue(token.contains("The token is set but the server does not take it"), token)
        XCTAssertFalse(token.contains("set LOCKSTEP_PUSH_TOKEN"), token)
        let none = RemoteFailureText.sentence(error(.authentication), remote: "origin")
        XCTAssertTrue(none.contains("there were none to offer"), none)
    }

    func testHostKeyMessagesNameTheHostAndTheFix() {
        let unknown = RemoteFailureText.sentence(error(.hostKeyUnknown), remote: "origin")
        XCTAssertTrue(unknown.contains("git.corp.example:2222 (SHA256:abc) is unknown"), unknown)
        XCTAssertTrue(unknown.contains("ssh-keyscan -p 2222 git.corp.example"), unknown)
        let changed = RemoteFailureText.sentence(error(.hostKeyChanged), remote: "origin")
        XCTAssertTrue(changed.contains("CHANGED"), changed)
        XCTAssertTrue(changed.contains("ssh-keygen -R '[git.corp.example]:2222'"), changed)
        let scp = RemoteFailureText.sentence(
            error(.hostKeyUnknown, url: "git@github.com:team/Cart.git"), remote: "origin")
        XCTAssertTrue(scp.contains("ssh-keyscan github.com"), scp)
    }

    func testTLSAndConnectionSayWhatToCheck() {
        let tls = RemoteFailureText.sentence(
            error(.tls, url: "https://git.corp.example/ios/Cart.git"), remote: "origin")
        XCTAssertTrue(tls.contains("TLS certificate of git.corp.example could not be verified"), tls)
        XCTAssertTrue(tls.contains("http.sslCAInfo"), tls)
        let down = RemoteFailureText.sentence(
            error(.connection, url: "https://git.corp.example:8443/ios/Cart.git"), remote: "origin")
        XCTAssertTrue(down.contains("could not reach git.corp.example:8443"), down)
    }

    func testThePinCommitNamesTheComponentsItReleases() {
        let message =
            """
            Pin Cart 1.0.1, Base 2.0.0\n\n\(IntegrationMarker.releaseTagLine): Cart 1.0.1 (from 1.0.1-rc.1 at \
            abc), Base 2.0.0 (from 2.0.0-rc.3 at def).\nBuilt green with these versions: Main.\n
            """
        XCTAssertEqual(Publisher.releasedComponents(inPinMessage: message), ["Cart", "Base"])
        XCTAssertEqual(Publisher.releasedComponents(inPinMessage: "Pin by hand\n"), [])
    }
}
