import Foundation
import LockstepTestSupport
import XCTest

/// The CI loop against real git servers on loopback: lighttpd with `git http-backend` (Basic auth with a token),
/// the same over TLS with a CA made for the test (trusted through `http.sslCAInfo`), and sshd with a key file in
/// `~/.ssh` (no agent). Every runner is a fresh clone from the server with its own home and a clean environment;
/// what landed is read back with `git ls-remote` and the server's own repos.
final class RemoteServerTests: XCTestCase {
    func mainManifest(_ runners: ServerRunners) throws -> String {
        try runners.server.git("Main", "show", "main:Package.swift")
    }

    // MARK: - The whole loop on each transport

    func loop(_ transport: GitServer.Transport) throws {
        let (_, runners) = try served(transport)
        // A developer bumps Cart in their clone and pushes the rc with git.
        let developer = try runners.runner("developer")
        let bump = try runners.lockstep(developer, "bump", "Cart")
        XCTAssertEqual(bump.status, 0, bump.stdout + bump.stderr)
        try runners.git(developer, "Cart", "push", "-q", "origin", "refs/tags/1.0.1-rc.1")
        // A CI job: a fresh clone, sync, integrate --push.
        let ci = try runners.runner("ci")
        let sync = try runners.lockstep(ci, "sync")
        XCTAssertEqual(sync.status, 0, sync.stdout + sync.stderr)
        let integrate = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(integrate.status, 0, integrate.stdout + integrate.stderr)
        XCTAssertTrue(integrate.stdout.contains("pushed Cart 1.0.1 to origin"), integrate.stdout)
        XCTAssertTrue(integrate.stdout.contains("pushed the pins of Main main to origin"), integrate.stdout)
        let cart = try runners.lsRemote("Cart", from: ci)
        XCTAssertEqual(cart["refs/tags/1.0.1^{}"], try runners.git(ci, "Cart", "rev-parse", "1.0.1-rc.1^{commit}"))
        let main = try runners.lsRemote("Main", from: ci)
        XCTAssertEqual(main["refs/heads/main"], try runners.git(ci, "Main", "rev-parse", "main"))
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertTrue(integrate.stderr.contains("LS411") == false)
        // The next job sees a clean workspace: nothing local-only, nothing unpinned.
        let next = try runners.runner("next")
        let check = try runners.lockstep(next, "check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(try runners.lockstep(ci, "check").status, 0, "no LS411 left in the clone that pushed")
    }

    /// The CI phases across clones: plan in one runner, `lockstep build` of each app in another, `--finish --push`
    /// in the first.
    func phases(_ transport: GitServer.Transport) throws {
        let (_, runners) = try served(transport, bump: ["Cart"])
        let planner = try runners.runner("planner"), builder = try runners.runner("builder")
        let plan = runners.server.folder.url.appendingPathComponent("plan.json").path
        let planned = try runners.lockstep(planner, "integrate", "Cart", "--plan-out", plan)
        XCTAssertEqual(planned.status, 0, planned.stdout + planned.stderr)
        var results: [String] = []
        for app in ["Shell", "Main"] {
            let result = runners.server.folder.url.appendingPathComponent("\(app).json").path
            let built = try runners.lockstep(builder, "build", app, "--plan", plan, "--result-out", result)
            XCTAssertEqual(built.status, 0, built.stdout + built.stderr)
            results.append(result)
        }
        let finished = try runners.lockstep(planner, ["integrate", "--finish", plan] + results + ["--push"])
        XCTAssertEqual(finished.status, 0, finished.stdout + finished.stderr)
        XCTAssertNotNil(try runners.lsRemote("Cart", from: builder)["refs/tags/1.0.1"])
        XCTAssertEqual(
            try runners.lsRemote("Main", from: builder)["refs/heads/main"],
            try runners.git(planner, "Main", "rev-parse", "main"))
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.1\""))
    }

    func testThePhasesAcrossClonesOverHTTP() throws { try phases(.http) }
    func testThePhasesAcrossClonesOverHTTPS() throws { try phases(.https) }
    func testThePhasesAcrossClonesOverSSH() throws { try phases(.ssh) }

    func testTheWholeLoopOverHTTPWithAToken() throws { try loop(.http) }
    func testTheWholeLoopOverHTTPSWithAPrivateCAInSSLCAInfo() throws { try loop(.https) }
    func testTheWholeLoopOverSSHWithAKeyFileAndNoAgent() throws { try loop(.ssh) }

    /// Four runners release four components at once through one server: every tag and every pin lands.
    func race(_ transport: GitServer.Transport) throws {
        let names = (1...4).map { String(format: "Comp%02d", $0) }
        let iw = try IntegrationWorkspace(extraComponents: 4)
        for name in names { try iw.lockstep("bump", name) }
        guard GitServer.missingPrograms(for: transport) == nil else { _ = try served(transport); return }
        let runners = try ServerRunners(iw, transport: transport)
        let jobs = try names.map { try runners.runner($0) }
        let before = try runners.server.git("Main", "rev-parse", "main")
        let results = LockedLines()
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let result = try? runners.lockstep(
                jobs[index], "integrate", names[index], "--push", "--push-attempts", "20")
            results.add(
                "\(names[index]) \(result?.status ?? -1)\(result?.status == 0 ? "" : " " + (result?.stderr ?? ""))")
        }
        XCTAssertEqual(results.all.sorted(), names.map { "\($0) 0" })
        let manifest = try mainManifest(runners)
        for name in names {
            XCTAssertTrue(manifest.contains("\(name).git\", exact: \"1.0.1\""), "\(name) pinned on the server")
            XCTAssertNotNil(try runners.lsRemote(name, from: jobs[0])["refs/tags/1.0.1"], "\(name) 1.0.1 on the server")
        }
        XCTAssertEqual(try runners.server.git("Main", "rev-list", "--count", "\(before)..main"), "4")
        XCTAssertEqual(try runners.server.git("Main", "rev-list", "--count", "--merges", "main"), "0", "linear history")
    }

    func testFourRacingRunnersLandOverHTTP() throws { try race(.http) }
    func testFourRacingRunnersLandOverHTTPS() throws { try race(.https) }
    func testFourRacingRunnersLandOverSSH() throws { try race(.ssh) }

    /// Two runners release the same rc (a retried pipeline): the second finds the release and its pin on the
    /// remote, made by the first, and ends green without a second pin commit.
    func testTwoRunnersReleasingTheSameRcBothEndGreen() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let first = try runners.runner("first"), second = try runners.runner("second")
        let before = try runners.server.git("Main", "rev-parse", "main")
        let one = try runners.lockstep(first, "integrate", "Cart", "--push")
        XCTAssertEqual(one.status, 0, one.stdout + one.stderr)
        let two = try runners.lockstep(second, "integrate", "Cart", "--push")
        XCTAssertEqual(two.status, 0, two.stdout + two.stderr)
        XCTAssertEqual(try runners.server.git("Main", "rev-list", "--count", "\(before)..main"), "1", "one pin commit")
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.1\""))
        let check = try runners.lockstep(second, "check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    // MARK: - Faults

    /// The server goes away right after it took the release tag: the run fails saying what is where, `check`
    /// names the local-only release, and the plain rerun (no version) finishes it once the server is back.
    func testAServerStoppedBetweenTagAndPinIsFinishedByThePlainRerun() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        try runners.server.stopAfterNextPush(to: "Cart")
        let ci = try runners.runner("ci")
        let failed = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(failed.status, 1, failed.stdout + failed.stderr)
        XCTAssertTrue(failed.stderr.contains("could not reach 127.0.0.1:\(runners.server.port)"), failed.stderr)
        XCTAssertFalse(
            failed.stderr.contains("LOCKSTEP_PUSH_TOKEN"),
            "no credentials hint for a connection error: " + failed.stderr)
        XCTAssertFalse(failed.stdout.contains("Integrated"), failed.stdout)
        let check = try runners.lockstep(ci, "check")
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(check.stdout.contains("LS411"), check.stdout)
        XCTAssertTrue(check.stdout.contains("the remote `origin` does not have the tag"), check.stdout)
        try runners.server.start()
        XCTAssertNotNil(
            try runners.lsRemote("Cart", from: ci)["refs/tags/1.0.1"], "the tag went out before the server stopped")
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.0\""), "the pin did not")

        let rerun = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("completing an earlier run"), rerun.stdout)
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertEqual(
            try runners.lsRemote("Main", from: ci)["refs/heads/main"], try runners.git(ci, "Main", "rev-parse", "main"))
        XCTAssertEqual(try runners.lockstep(ci, "check").status, 0, "LS411 is gone once the remote has both")
    }

    /// The earlier run's pin commit is local, its tag is on the server: naming the version also pushes the pin.
    func testNamingTheReleasedVersionAfterAFailedPinPushPushesThePin() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        try runners.server.stopAfterNextPush(to: "Cart")
        let ci = try runners.runner("ci")
        XCTAssertEqual(try runners.lockstep(ci, "integrate", "Cart", "--push").status, 1)
        try runners.server.start()
        let rerun = try runners.lockstep(ci, "integrate", "Cart@1.0.1-rc.1", "--push", "--format", "json")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertTrue(rerun.stdout.contains("\"branches\""), rerun.stdout)
    }

    /// A wrong token is said to be refused (it is set), not to be missing; nothing is built or pushed.
    func testAWrongTokenIsRefusedAsSuch() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let ci = try runners.runner("ci")
        let before = try runners.server.git("Main", "rev-parse", "main")
        let result = try runners.lockstep(
            ci, "integrate", "Cart", "--push", environment: ["LOCKSTEP_PUSH_TOKEN": "expired-token"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stderr.contains("refused the credentials offered: the token in LOCKSTEP_PUSH_TOKEN"), result.stderr)
        XCTAssertTrue(result.stderr.contains("does not take it"), result.stderr)
        XCTAssertFalse(result.stderr.contains("set LOCKSTEP_PUSH_TOKEN"), result.stderr)
        XCTAssertEqual(try runners.server.git("Main", "rev-parse", "main"), before)
        XCTAssertNil(try runners.lsRemote("Cart", from: ci)["refs/tags/1.0.1"])
        XCTAssertThrowsError(
            try runners.git(ci, "Cart", "rev-parse", "-q", "--verify", "refs/tags/1.0.1"),
            "nothing was tagged locally either")
    }

    /// A pre-receive hook refusing the pin: its words reach the user, nothing is retried, the tag is on the server,
    /// and the failure says what is where.
    func testAHookThatRefusesThePinIsReportedInTheServersWords() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        try runners.server.setPreReceiveHook(
            "Main", "echo 'GL-HOOK-ERR: main is protected; pins need a merge request' >&2\nexit 1")
        let ci = try runners.runner("ci")
        let result = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stderr.contains("remote: GL-HOOK-ERR: main is protected; pins need a merge request"), result.stderr)
        XCTAssertTrue(result.stderr.contains("pre-receive hook declined"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("the remote has the release tags (Cart 1.0.1), not the pins"), result.stderr)
        XCTAssertFalse(result.stderr.contains("other runs pushed first"), result.stderr)
        XCTAssertFalse(result.stdout.contains("attempt 2"), result.stdout)
        XCTAssertNotNil(try runners.lsRemote("Cart", from: ci)["refs/tags/1.0.1"])
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.0\""))
        XCTAssertTrue(try runners.lockstep(ci, "check").stdout.contains("LS411"))
        // sync keeps the local pin (the remote did not move): nothing is dropped.
        let pin = try runners.git(ci, "Main", "rev-parse", "main")
        let sync = try runners.lockstep(ci, "sync")
        XCTAssertEqual(sync.status, 0, sync.stdout + sync.stderr)
        XCTAssertEqual(try runners.git(ci, "Main", "rev-parse", "main"), pin, "sync kept the pin commit")
        // Once the hook lets the pin through, the same command finishes the release.
        try runners.server.setPreReceiveHook("Main", nil)
        let rerun = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.1\""))
    }

    /// A hook refusing the release tag: no false story about another object; no pin reaches the server.
    func testAHookThatRefusesTheTagIsReportedInTheServersWords() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        try runners.server.setPreReceiveHook(
            "Cart",
            """
            while read old new ref; do case "$ref" in refs/tags/1.0.1) echo "release tags come from the release bot \
            only" >&2; exit 1;; esac; done
            """)
        let ci = try runners.runner("ci")
        let result = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("remote: release tags come from the release bot only"), result.stderr)
        XCTAssertFalse(result.stderr.contains("names another object"), result.stderr)
        XCTAssertFalse(result.stderr.contains("bump again"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing of this release is on the remote yet"), result.stderr)
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.0\""), "no pin reached the server")
        XCTAssertNil(try runners.lsRemote("Cart", from: ci)["refs/tags/1.0.1"])
        let check = try runners.lockstep(ci, "check")
        XCTAssertTrue(check.stdout.contains("LS411") && check.stdout.contains("Cart 1.0.1"), check.stdout)
        // The server's admins let the tag through: the same command finishes the release.
        try runners.server.setPreReceiveHook("Cart", nil)
        let rerun = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("completing an earlier run"), rerun.stdout)
        XCTAssertNotNil(try runners.lsRemote("Cart", from: ci)["refs/tags/1.0.1"])
        XCTAssertTrue(try mainManifest(runners).contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertEqual(try runners.lockstep(ci, "check").status, 0)
    }

    /// A key with a passphrase is used with LOCKSTEP_SSH_PASSPHRASE; without it, the message says so.
    func testAKeyWithAPassphraseNeedsLOCKSTEP_SSH_PASSPHRASE() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let key = ci.home.appendingPathComponent(".ssh/id_ed25519")
        let result = try ProcessRunner.run(
            "/usr/bin/ssh-keygen", ["-q", "-p", "-N", "correct horse", "-P", "", "-f", key.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let without = try runners.lockstep(ci, "sync")
        XCTAssertEqual(without.status, 1, without.stdout + without.stderr)
        XCTAssertTrue(without.stderr.contains("LOCKSTEP_SSH_PASSPHRASE"), without.stderr)
        let with = try runners.lockstep(ci, "sync", environment: ["LOCKSTEP_SSH_PASSPHRASE": "correct horse"])
        XCTAssertEqual(with.status, 0, with.stdout + with.stderr)
    }

    /// A changed ssh host key and an unknown one are two different messages; neither talks about tokens.
    func testAChangedHostKeyIsSaidApartFromAnUnknownOne() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        try runners.server.changeHostKey()
        let changed = try runners.lockstep(ci, "sync")
        XCTAssertEqual(changed.status, 1, changed.stdout + changed.stderr)
        XCTAssertTrue(changed.stderr.contains("host key of 127.0.0.1:\(runners.server.port) CHANGED"), changed.stderr)
        XCTAssertTrue(changed.stderr.contains("ssh-keygen -R '[127.0.0.1]:\(runners.server.port)'"), changed.stderr)
        XCTAssertFalse(changed.stderr.contains("LOCKSTEP_PUSH_TOKEN"), changed.stderr)
        try "".write(to: ci.home.appendingPathComponent(".ssh/known_hosts"), atomically: true, encoding: .utf8)
        let unknown = try runners.lockstep(ci, "sync")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("is unknown"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("ssh-keyscan -p \(runners.server.port) 127.0.0.1"), unknown.stderr)
        XCTAssertFalse(unknown.stderr.contains("CHANGED"), unknown.stderr)
        XCTAssertEqual(
            try String(contentsOf: ci.home.appendingPathComponent(".ssh/known_hosts"), encoding: .utf8), "",
            "never written")
    }

    /// `IdentityFile` in `~/.ssh/config` is offered; a key the server does not accept is named in the refusal.
    func testAnIdentityFileFromSSHConfigIsUsed() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let ssh = ci.home.appendingPathComponent(".ssh")
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519"), to: ssh.appendingPathComponent("deploy_key"))
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519.pub"), to: ssh.appendingPathComponent("deploy_key.pub"))
        let without = try runners.lockstep(ci, "sync")
        XCTAssertEqual(without.status, 1, without.stdout + without.stderr)
        XCTAssertTrue(
            without.stderr.contains("there were none to offer") || without.stderr.contains("refused the credentials"),
            without.stderr)
        try "Host 127.0.0.1\n    IdentityFile ~/.ssh/deploy_key\n".write(
            to: ssh.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let with = try runners.lockstep(ci, "sync")
        XCTAssertEqual(with.status, 0, with.stdout + with.stderr)
    }

    /// TLS: without the CA the failure is a TLS one (with the fix); GIT_SSL_CAINFO and a per-URL sslCAInfo work;
    /// `http.sslVerify false` works with a warning.
    func testAPrivateCAIsTrustedTheWaysGitIsTold() throws {
        let (_, runners) = try served(.https)
        let ci = try runners.runner("ci")
        let gitconfig = ci.home.appendingPathComponent(".gitconfig")
        try FileManager.default.removeItem(at: gitconfig)
        let untrusted = try runners.lockstep(ci, "sync")
        XCTAssertEqual(untrusted.status, 1, untrusted.stdout + untrusted.stderr)
        XCTAssertTrue(
            untrusted.stderr.contains("TLS certificate of localhost:\(runners.server.port) could not be verified"),
            untrusted.stderr)
        XCTAssertTrue(untrusted.stderr.contains("http.sslCAInfo"), untrusted.stderr)
        XCTAssertFalse(untrusted.stderr.contains("LOCKSTEP_PUSH_TOKEN"), untrusted.stderr)
        let byEnvironment = try runners.lockstep(
            ci, "sync", environment: ["GIT_SSL_CAINFO": runners.server.caFile.path])
        XCTAssertEqual(byEnvironment.status, 0, byEnvironment.stderr)
        try "[http \"https://localhost:\(runners.server.port)/\"]\n\tsslCAInfo = \(runners.server.caFile.path)\n"
            .write(to: gitconfig, atomically: true, encoding: .utf8)
        let perURL = try runners.lockstep(ci, "sync")
        XCTAssertEqual(perURL.status, 0, perURL.stderr)
        try "[http]\n\tsslVerify = false\n".write(to: gitconfig, atomically: true, encoding: .utf8)
        let unverified = try runners.lockstep(ci, "sync")
        XCTAssertEqual(unverified.status, 0, unverified.stderr)
        XCTAssertTrue(
            unverified.stderr.contains(
                "warning: the TLS certificate of localhost was not verified (http.sslVerify is false)"),
            unverified.stderr)
    }

    /// A server that is down is a connection error with its own fix, not a credentials hint.
    func testAServerThatIsDownIsAConnectionError() throws {
        let (_, runners) = try served(.http)
        let ci = try runners.runner("ci")
        runners.server.stop()
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("could not reach 127.0.0.1:\(runners.server.port)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("LOCKSTEP_PUSH_TOKEN"), result.stderr)
    }
}
