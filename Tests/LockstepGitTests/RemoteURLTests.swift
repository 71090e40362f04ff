import Foundation
import LockstepGit
import LockstepTestSupport
import XCTest

/// `lockstep init` reads each repo's origin as configured, before any `insteadOf` rewrite.
final class RemoteURLTests: XCTestCase {
    func testOriginAsConfiguredNotAsRewritten() throws {
        Git.bootstrap()
        let workspace = try WorkspaceBuilder()
        let repo = try workspace.component("Cart")
        XCTAssertNil(try Repository.open(at: repo.url.path).remoteURL(named: "origin"))
        try repo.git("remote", "add", "origin", "https://github.com/acme/Cart.git")
        try repo.git("config", "url./srv/mirrors/.insteadOf", "https://github.com/")
        XCTAssertEqual(
            try repo.git("remote", "get-url", "origin"), "/srv/mirrors/acme/Cart.git", "git itself rewrites it")
        let repository = try Repository.open(at: repo.url.path)
        XCTAssertEqual(try repository.remoteURL(named: "origin"), "https://github.com/acme/Cart.git")
        XCTAssertNil(try repository.remoteURL(named: "upstream"))
    }
}
