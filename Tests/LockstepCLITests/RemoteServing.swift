import Foundation
import LockstepTestSupport
import XCTest

extension XCTestCase {
    /// A workspace (with `bump`'s rcs made first) served by a new git server of `transport`; skipped where the
    /// server programs are missing, except on CI, where `ci/test` installs them.
    func served(_ transport: GitServer.Transport, extraComponents: Int = 0, bump: [String] = []) throws -> (
        IntegrationWorkspace, ServerRunners
    ) {
        if let missing = GitServer.missingPrograms(for: transport) {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("CI needs \(missing): ci/ensure-deps --test installs them")
            }
            throw XCTSkip("\(transport) server needs \(missing)")
        }
        let iw = try IntegrationWorkspace(extraComponents: extraComponents)
        // A developer's rc, already on the server when the runners clone.
        for name in bump { try iw.lockstep("bump", name) }
        return (iw, try ServerRunners(iw, transport: transport))
    }
}
