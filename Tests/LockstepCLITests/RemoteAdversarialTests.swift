import Foundation
import LockstepTestSupport
import XCTest

/// Real servers on loopback that behave the way hostile or odd set-ups do: hooks that print escape sequences or
/// floods, tokens in URLs, known_hosts files with markers or hashed names, ~/.ssh folders with keys that cannot be
/// used, host aliases in ~/.ssh/config, a remote tag that names another commit.
final class RemoteAdversarialTests: XCTestCase {
    // MARK: - What the server says reaches the terminal

    /// A hook's `remote:` lines are echoed to the user's terminal: escape sequences (clear screen, window title,
    /// bell) must not pass through as they are.
    func testControlCharactersInAHooksWordsAreNotEchoedRaw() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        try runners.server.setPreReceiveHook(
            "Main", "printf 'GL-HOOK \\033[2J\\033]0;owned\\007 protected\\n' >&2\nexit 1")
        let ci = try runners.runner("ci")
        let result = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("GL-HOOK"), result.stderr)
        XCTAssertTrue(result.stderr.contains("protected"), result.stderr)
        XCTAssertFalse(
            result.stderr.contains("\u{1B}"),
            "an ESC from the server reached the terminal: " + result.stderr.debugDescription)
        XCTAssertFalse(result.stderr.contains("\u{07}"), "a BEL from the server reached the terminal")
    }

    /// A hook that prints a flood before its reason: the reason (its last line) is what the user must see, and the
    /// message stays short.
    func testAChattyHooksLastWordsAreShownAndTheMessageStaysShort() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        try runners.server.setPreReceiveHook(
            "Main",
            """
            yes 'checking something' | head -n 50000 >&2
            echo 'GL-HOOK-ERR: refused because main is protected' >&2
            exit 1
            """)
        let ci = try runners.runner("ci")
        let result = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stderr.contains("GL-HOOK-ERR: refused because main is protected"), String(result.stderr.suffix(3000))
        )
        XCTAssertLessThan(result.stderr.utf8.count, 16_000, "the server's flood is not echoed in full")
        // One endless line: cut.
        try runners.server.setPreReceiveHook(
            "Main",
            """
            head -c 200000 /dev/zero | tr '\\000' 'x' >&2
            echo >&2
            echo 'GL-HOOK-ERR: still protected' >&2
            exit 1
            """)
        let again = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
        XCTAssertTrue(again.stderr.contains("GL-HOOK-ERR: still protected"), String(again.stderr.suffix(3000)))
        XCTAssertLessThan(again.stderr.utf8.count, 16_000, "one long line from the server is not echoed in full")
    }

    // MARK: - Credentials in URLs

    /// `https://TOKEN@host/…` (a token as the user name, as GitHub takes it) must not be printed, as git does not.
    func testATokenInTheRemoteURLsUserNameIsNotPrinted() throws {
        let (_, runners) = try served(.http)
        let ci = try runners.runner("ci")
        let secret = "ghp_SECRETTOKEN0123456789"
        for name in runners.names {
            let url = runners.server.url(name).replacingOccurrences(of: "http://", with: "http://\(secret)@")
            try runners.git(ci, name, "remote", "set-url", "origin", url)
        }
        // Refused (the server does not take it): the message names the remote's URL.
        let refused = try runners.lockstep(ci, "sync", environment: ["LOCKSTEP_PUSH_TOKEN": "wrong"])
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("refused the credentials"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains(secret), refused.stderr)
        XCTAssertFalse(refused.stdout.contains(secret), refused.stdout)
        runners.server.stop()
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("could not reach"), result.stderr)
        XCTAssertFalse(result.stderr.contains(secret), result.stderr)
        XCTAssertFalse(result.stdout.contains(secret), result.stdout)
    }

    // MARK: - known_hosts as OpenSSH reads it

    /// A known_hosts file that also holds a `@cert-authority` line (for other hosts) still trusts the server's key
    /// on the next line; a `@revoked` line for the server's key refuses it.
    func testKnownHostsMarkersAreHonouredAndDoNotHideTheOtherLines() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let knownHosts = ci.home.appendingPathComponent(".ssh/known_hosts")
        let line = runners.server.knownHostsLine
        let key = line.split(separator: " ", maxSplits: 1)[1]
        try "@cert-authority *.corp.example \(key)\n\(line)\n".write(to: knownHosts, atomically: true, encoding: .utf8)
        let trusted = try runners.lockstep(ci, "sync")
        XCTAssertEqual(trusted.status, 0, trusted.stdout + trusted.stderr)
        try "\(line)\n@revoked \(line)\n".write(to: knownHosts, atomically: true, encoding: .utf8)
        let revoked = try runners.lockstep(ci, "sync")
        XCTAssertEqual(revoked.status, 1, "a revoked host key must be refused: " + revoked.stdout + revoked.stderr)
        XCTAssertTrue(revoked.stderr.contains("revoked"), revoked.stderr)
    }

    /// known_hosts holds a key for the same host on port 22 (another sshd), none for the server's port: OpenSSH
    /// says the key is unknown (entries are per host and port), not that it changed.
    func testAKeyKnownForAnotherPortIsUnknownNotChanged() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let knownHosts = ci.home.appendingPathComponent(".ssh/known_hosts")
        let other = runners.server.folder.url.appendingPathComponent("other_host_key")
        XCTAssertEqual(
            try ProcessRunner.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", other.path]).status, 0)
        let otherKey = try String(contentsOf: other.appendingPathExtension("pub"), encoding: .utf8).split(
            separator: " "
        ).prefix(2).joined(separator: " ")
        try "127.0.0.1 \(otherKey)\n".write(to: knownHosts, atomically: true, encoding: .utf8)
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("is unknown"), result.stderr)
        XCTAssertFalse(result.stderr.contains("CHANGED"), result.stderr)
    }

    /// `ssh-keygen -H` (hashed host names, Debian's default HashKnownHosts) still trusts the server.
    func testAHashedKnownHostsFileIsRead() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let knownHosts = ci.home.appendingPathComponent(".ssh/known_hosts")
        let hashed = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-H", "-f", knownHosts.path])
        XCTAssertEqual(hashed.status, 0, hashed.stderr)
        XCTAssertFalse(try String(contentsOf: knownHosts, encoding: .utf8).contains("127.0.0.1"))
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    // MARK: - Keys in ~/.ssh that cannot be used

    /// A passphrase key that is not the deploy key (a developer's own) does not stop the deploy key after it from
    /// being offered, as OpenSSH in batch mode skips it.
    func testAnEncryptedKeyWithoutItsPassphraseDoesNotBlockTheNextKey() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let ssh = ci.home.appendingPathComponent(".ssh")
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519"), to: ssh.appendingPathComponent("id_rsa"))
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519.pub"), to: ssh.appendingPathComponent("id_rsa.pub"))
        let made = try ProcessRunner.run(
            "/usr/bin/ssh-keygen",
            ["-q", "-t", "ed25519", "-N", "developer's own", "-f", ssh.appendingPathComponent("id_ed25519").path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    /// A key path that is a folder (or otherwise unreadable) is skipped, not the end of the authentication.
    func testAKeyPathThatIsAFolderDoesNotBlockTheNextKey() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let ssh = ci.home.appendingPathComponent(".ssh")
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519"), to: ssh.appendingPathComponent("id_rsa"))
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519.pub"), to: ssh.appendingPathComponent("id_rsa.pub"))
        try FileManager.default.createDirectory(
            at: ssh.appendingPathComponent("id_ed25519"), withIntermediateDirectories: true)
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    // MARK: - A remote tag that names another commit

    /// The remote already has the release's tag name as a lightweight tag on an older commit (a fast-forward of
    /// this run's commit): it must not be rewritten, and the run fails naming both commits.
    func testARemoteTagOnAnotherCommitIsNeverRewritten() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let ci = try runners.runner("ci")
        let developer = try runners.runner("developer")
        let older = try runners.git(developer, "Cart", "rev-parse", "1.0.1-rc.1^{commit}~1")
        try runners.git(developer, "Cart", "tag", "1.0.1", older)
        try runners.git(developer, "Cart", "push", "-q", "origin", "refs/tags/1.0.1")
        let result = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let remote = try runners.lsRemote("Cart", from: ci)
        XCTAssertEqual(
            remote["refs/tags/1.0.1^{}"] ?? remote["refs/tags/1.0.1"], older, "the remote's tag was rewritten")
        XCTAssertTrue(result.stderr.contains("naming \(older.prefix(7))"), result.stderr)
        XCTAssertFalse(result.stderr.contains("no commit object"), result.stderr)
        XCTAssertFalse(
            result.stderr.contains("finishes it"),
            "no rerun can finish a release whose tag another commit owns: " + result.stderr)
    }

    // MARK: - ~/.ssh/config as OpenSSH reads it

    /// A host alias (`Host cart-deploy` + `HostName` + `Port` + `User` + `IdentityFile`) is how a runner holds one
    /// deploy key per repository (GitHub takes a deploy key for one repository only): the URL names the alias.
    func testAnSSHConfigHostAliasIsFollowed() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let ssh = ci.home.appendingPathComponent(".ssh")
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519"), to: ssh.appendingPathComponent("deploy_key"))
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519.pub"), to: ssh.appendingPathComponent("deploy_key.pub"))
        let server = try XCTUnwrap(URLComponents(string: runners.server.url("Cart")))
        try """
        Host lockstep-deploy
            HostName 127.0.0.1
            Port \(runners.server.port)
            User \(server.user ?? "git")
            IdentityFile ~/.ssh/deploy_key
            IdentitiesOnly yes

        """.write(to: ssh.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        for name in runners.names {
            try runners.git(
                ci, name, "remote", "set-url", "origin", "lockstep-deploy:\(runners.server.bare(name).path)")
        }
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    /// `Include` in ~/.ssh/config (relative to ~/.ssh, with a glob): the included `IdentityFile` is offered.
    func testAnIdentityFileFromAnIncludedSSHConfigIsUsed() throws {
        let (_, runners) = try served(.ssh)
        let ci = try runners.runner("ci")
        let ssh = ci.home.appendingPathComponent(".ssh")
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519"), to: ssh.appendingPathComponent("deploy_key"))
        try FileManager.default.moveItem(
            at: ssh.appendingPathComponent("id_ed25519.pub"), to: ssh.appendingPathComponent("deploy_key.pub"))
        try FileManager.default.createDirectory(
            at: ssh.appendingPathComponent("config.d"), withIntermediateDirectories: true)
        try "Include config.d/*.conf\n".write(
            to: ssh.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        try "Host 127.0.0.1\n    IdentityFile ~/.ssh/deploy_key\n".write(
            to: ssh.appendingPathComponent("config.d/ci.conf"), atomically: true, encoding: .utf8)
        let result = try runners.lockstep(ci, "sync")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    // MARK: - A server that shows something else than it took

    /// A post-receive hook puts main back where it was: the push "succeeded", but the remote does not show the pin.
    func testAServerThatTakesThePinAndThenMovesMainBackIsReported() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let before = try runners.server.git("Main", "rev-parse", "main")
        let hook = runners.server.bare("Main").appendingPathComponent("hooks/post-receive")
        try "#!/bin/sh\ngit update-ref refs/heads/main \(before)\n".write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        let ci = try runners.runner("ci")
        let result = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("pushed the pins of Main"), result.stdout)
        XCTAssertTrue(result.stderr.contains("does not show it"), result.stderr)
    }

    // MARK: - Two private CAs in one sync

    /// Repos behind two https servers with two private CAs (per-URL `http.<url>.sslCAInfo`), fetched concurrently:
    /// libgit2's CA setting is process-wide, each fetch must still trust its own server.
    func testASyncAcrossTwoServersWithTwoPrivateCAs() throws {
        let (_, runners) = try served(.https)
        let other = try GitServer(.https)
        let ci = try runners.runner("ci")
        let moved = Array(runners.names.prefix(3))
        for name in moved {
            try other.publish(name, from: runners.path(ci, name))
            try runners.git(ci, name, "remote", "set-url", "origin", other.url(name))
        }
        try """
        [http "https://localhost:\(runners.server.port)/"]
        \tsslCAInfo = \(runners.server.caFile.path)
        [http "https://localhost:\(other.port)/"]
        \tsslCAInfo = \(other.caFile.path)

        """.write(to: ci.home.appendingPathComponent(".gitconfig"), atomically: true, encoding: .utf8)
        // The second server takes the same user and token as the first.
        try "\(other.user):\(runners.server.token)\n".write(
            to: other.folder.url.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        for _ in 0..<3 {
            let result = try runners.lockstep(ci, "sync")
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        }
    }

    // MARK: - More of the server's words

    /// git's receive-pack relays a hook's output in chunks of 128 bytes: a character of several bytes split across
    /// two chunks must still come out whole.
    func testAHooksNonASCIIWordsComeOutWhole() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let words = "Änderungen an main brauchen einen Merge-Request " + String(repeating: "é", count: 150) + " ✓"
        try runners.server.setPreReceiveHook("Main", "printf '%s\\n' '\(words)' >&2\nexit 1")
        let ci = try runners.runner("ci")
        let result = try runners.lockstep(ci, "integrate", "Cart", "--push")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{FFFD}"), result.stderr)
        XCTAssertTrue(result.stderr.contains("remote: " + words), result.stderr)
    }

    // MARK: - Tokens and pin branches

    /// A token with the characters tokens do hold (`:`, `@`, `%`, `/`, `+`, `=`) is sent as it is.
    func testATokenWithSpecialCharactersIsSentAsItIs() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let token = "tok:en@with%2Fodd/chars+=="
        let ci = try runners.runner("ci")
        try "\(runners.server.user):\(token)\n".write(
            to: runners.server.folder.url.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        let result = try runners.lockstep(
            ci, "integrate", "Cart", "--push", environment: ["LOCKSTEP_PUSH_TOKEN": token])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains(token) || result.stderr.contains(token))
    }

    /// A hook refusing the --pin-branch push: the server's words, exit 1; once the hook lets it through, the same
    /// command finishes the release and `check` is clean.
    func testAHookRefusingThePinBranchThenTheSameCommandFinishes() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        try runners.server.setPreReceiveHook(
            "Main", "echo 'GL-HOOK-ERR: branch names must start with lockstep/' >&2\nexit 1")
        let ci = try runners.runner("ci")
        let refused = try runners.lockstep(ci, "integrate", "Cart", "--push", "--pin-branch", "pins-1")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("remote: GL-HOOK-ERR: branch names must start with lockstep/"), refused.stderr)
        XCTAssertTrue(try runners.lockstep(ci, "check").stdout.contains("LS411"))
        try runners.server.setPreReceiveHook("Main", nil)
        let rerun = try runners.lockstep(ci, "integrate", "Cart", "--push", "--pin-branch", "pins-1")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertEqual(
            try runners.lsRemote("Main", from: ci)["refs/heads/pins-1"],
            try runners.git(ci, "Main", "rev-parse", "main"))
        XCTAssertNotNil(try runners.lsRemote("Cart", from: ci)["refs/tags/1.0.1"])
    }

    // MARK: - The phases

    /// `--finish PLAN RESULTS --push` refused by a hook: once the hook lets it through, the same `--finish` command
    /// finishes the release (nothing is tagged twice).
    func testAFinishRefusedByAHookIsFinishedByTheSameCommand() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let planner = try runners.runner("planner"), builder = try runners.runner("builder")
        let plan = runners.server.folder.url.appendingPathComponent("plan.json").path
        XCTAssertEqual(try runners.lockstep(planner, "integrate", "Cart", "--plan-out", plan).status, 0)
        var results: [String] = []
        for app in ["Shell", "Main"] {
            let result = runners.server.folder.url.appendingPathComponent("\(app).json").path
            let built = try runners.lockstep(builder, "build", app, "--plan", plan, "--result-out", result)
            XCTAssertEqual(built.status, 0, built.stdout + built.stderr)
            results.append(result)
        }
        try runners.server.setPreReceiveHook("Main", "echo 'GL-HOOK-ERR: frozen' >&2\nexit 1")
        let refused = try runners.lockstep(planner, ["integrate", "--finish", plan] + results + ["--push"])
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("remote: GL-HOOK-ERR: frozen"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("`lockstep integrate Cart --push` finishes it"), refused.stderr)
        try runners.server.setPreReceiveHook("Main", nil)
        let again = try runners.lockstep(planner, ["integrate", "--finish", plan] + results + ["--push"])
        XCTAssertTrue(again.stdout.contains("completing an earlier run"), again.stdout)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertEqual(
            try runners.lsRemote("Main", from: builder)["refs/heads/main"],
            try runners.git(planner, "Main", "rev-parse", "main"))
        XCTAssertTrue(
            try runners.server.git("Main", "show", "main:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
        XCTAssertEqual(try runners.lockstep(planner, "check").status, 0)
    }

    /// The same, finished with the command the refusal names (`integrate Cart --push`) in the planner's clone.
    func testAFinishRefusedByAHookIsFinishedByTheCommandItNames() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let planner = try runners.runner("planner"), builder = try runners.runner("builder")
        let plan = runners.server.folder.url.appendingPathComponent("plan.json").path
        XCTAssertEqual(try runners.lockstep(planner, "integrate", "Cart", "--plan-out", plan).status, 0)
        var results: [String] = []
        for app in ["Shell", "Main"] {
            let result = runners.server.folder.url.appendingPathComponent("\(app).json").path
            XCTAssertEqual(
                try runners.lockstep(builder, "build", app, "--plan", plan, "--result-out", result).status, 0)
            results.append(result)
        }
        try runners.server.setPreReceiveHook("Main", "echo 'GL-HOOK-ERR: frozen' >&2\nexit 1")
        XCTAssertEqual(try runners.lockstep(planner, ["integrate", "--finish", plan] + results + ["--push"]).status, 1)
        try runners.server.setPreReceiveHook("Main", nil)
        let again = try runners.lockstep(planner, "integrate", "Cart", "--push")
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertTrue(
            try runners.server.git("Main", "show", "main:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
    }

    /// The finish job retried on a fresh runner after its pin push was refused: the remote has Cart 1.0.1, Main
    /// does not pin it; the retried `--finish … --push` pins and pushes it (or says what to run), never "bump first".
    func testAFinishRetriedOnAFreshRunnerAfterARefusedPin() throws {
        let (_, runners) = try served(.http, bump: ["Cart"])
        let planner = try runners.runner("planner"), builder = try runners.runner("builder")
        let plan = runners.server.folder.url.appendingPathComponent("plan.json").path
        XCTAssertEqual(try runners.lockstep(planner, "integrate", "Cart", "--plan-out", plan).status, 0)
        var results: [String] = []
        for app in ["Shell", "Main"] {
            let result = runners.server.folder.url.appendingPathComponent("\(app).json").path
            XCTAssertEqual(
                try runners.lockstep(builder, "build", app, "--plan", plan, "--result-out", result).status, 0)
            results.append(result)
        }
        try runners.server.setPreReceiveHook("Main", "echo 'GL-HOOK-ERR: frozen' >&2\nexit 1")
        XCTAssertEqual(try runners.lockstep(planner, ["integrate", "--finish", plan] + results + ["--push"]).status, 1)
        try runners.server.setPreReceiveHook("Main", nil)
        let retry = try runners.runner("retry")
        let again = try runners.lockstep(retry, ["integrate", "--finish", plan] + results + ["--push"])
        XCTAssertFalse(again.stderr.contains("lockstep bump Cart"), again.stderr)
        let named = try runners.lockstep(retry, "integrate", "Cart", "--push")
        XCTAssertEqual(named.status, 0, named.stdout + named.stderr)
        XCTAssertTrue(
            try runners.server.git("Main", "show", "main:Package.swift").contains("Cart.git\", exact: \"1.0.1\""))
    }
}
