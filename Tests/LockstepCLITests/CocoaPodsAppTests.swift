import Foundation
import LockstepTestSupport
import XCTest

/// A CocoaPods workspace: components with podspecs (no Package.swift) and a main app with a Podfile. matrix and
/// check read it; integrate builds the app against a temporary spec repo holding the speculative release and
/// pins the Podfile. CocoaPods does not run here: the build is a script that records what the copy holds.
final class CocoaPodsAppTests: XCTestCase {
    static func podspec(_ name: String, _ dependencies: [(String, String)] = [], json: Bool = false) -> String {
        if json {
            let entries = dependencies.map { "    \"\($0.0)\": [\"\($0.1)\"]" }.joined(separator: ",\n")
            return """
                {
                  "name": "\(name)",
                  "version": "0.0.0",
                  "source": { "git": "https://git.example.com/ios/\(name).git", "tag": "0.0.0" },
                  "source_files": "Sources/\(name)/**/*.swift",
                  "dependencies": {
                \(entries)
                  }
                }

                """
        }
        return """
            Pod::Spec.new do |s|
              s.name         = '\(name)'
              s.version      = '0.0.0'
              s.summary      = '\(name) of the shop.'
              s.source       = { :git => 'https://git.example.com/ios/\(name).git', :tag => s.version.to_s }
              s.source_files = 'Sources/\(name)/**/*.swift'
            \(dependencies.map { "  s.dependency '\($0.0)', '\($0.1)'" }.joined(separator: "\n"))
            end

            """
    }

    static let podfile = """
        source 'https://git.example.com/ios/Specs.git'
        platform :ios, '15.0'

        target 'Main' do
          use_frameworks!
          pod 'Base', '1.0.0'
          pod 'CartProtocols', '1.0.0'
          pod 'Cart', '1.0.0' # the cart
          pod 'Lottie', '~> 4.4'
        end

        """

    /// Base ← CartProtocols ← Cart (Cart's spec in JSON), Main pinning all three in its Podfile; Cart has an
    /// unreleased fix. The build script copies the Podfile and the spec repo's files into `captured/`.
    static func workspace() throws -> IntegrationWorkspace {
        let iw = try IntegrationWorkspace(podspecs: [
            "Base": podspec("Base"),
            "CartProtocols": podspec("CartProtocols", [("Base", "~> 1.0")]),
            "Cart": podspec("Cart", [("CartProtocols", "~> 1.0"), ("Base", "~> 1.0")], json: true),
        ])
        let main = iw.ws["Main"]
        try main.remove("Package.swift")
        try main.write("Podfile", podfile)
        try main.commit("CocoaPods")
        let captured = iw.root.appendingPathComponent("captured").path
        try iw.setScript(
            """
            out='\(captured)'/"$(basename "$PWD" | cut -d- -f1)"
            mkdir -p "$out"
            cp Podfile "$out/Podfile"
            specs=$(sed -n "1s|^source 'file://\\(.*\\)'$|\\1|p" Podfile)
            git -C "$specs" ls-files > "$out/spec-files"
            git -C "$specs" status --porcelain > "$out/spec-status"
            for f in $(git -C "$specs" ls-files); do mkdir -p "$out/specs/$(dirname "$f")"; cp "$specs/$f" \
            "$out/specs/$f"; done
            """)
        return iw
    }

    /// A component shipped only as a podspec: a broken tie (LS202) points at its podspec, at the release's tag, with
    /// the revision beside the path in JSON (never written into it).
    func testTheTieOfAPodspecComponentPointsAtItsPodspec() throws {
        let iw = try IntegrationWorkspace(podspecs: [
            "Base": Self.podspec("Base"),
            "CartProtocols": Self.podspec("CartProtocols", [("Base", "~> 1.0")]),
            "Cart": Self.podspec("Cart", [("CartProtocols", "~> 1.0"), ("Base", "~> 1.0")]),
        ])
        try iw.ws["Cart"].write(
            "Cart.podspec", Self.podspec("Cart", [("CartProtocols", ">= 1.0"), ("Base", "~> 1.0")]))
        try iw.ws["Cart"].commit("loosen the tie")
        try iw.ws["Cart"].git("tag", "1.1.0")
        let text = try iw.lockstep("check", "Cart")
        XCTAssertEqual(text.status, 1, text.stdout + text.stderr)
        XCTAssertTrue(text.stdout.contains("LS202"), text.stdout)
        XCTAssertTrue(text.stdout.contains("components/Cart/Cart.podspec @ 1.1.0:"), text.stdout)
        XCTAssertFalse(text.stdout.contains("Cart/Package.swift"), "no such file: " + text.stdout)
        let json = try iw.lockstep("check", "Cart", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let findings = (object?["findings"] as? [[String: Any]]) ?? []
        let tie = findings.first { $0["rule"] as? String == "LS202" }
        let location = (tie?["locations"] as? [[String: Any]])?.first
        XCTAssertEqual(location?["file"] as? String, "components/Cart/Cart.podspec", json.stdout)
        XCTAssertEqual(location?["revision"] as? String, "1.1.0", json.stdout)
    }

    func testAPodfileAppIsBuiltAgainstATemporarySpecRepoAndPinned() throws {
        let iw = try Self.workspace()
        try iw.ws["Main"].write(
            "Podfile.lock",
            """
            PODS:\n  - Base (1.0.0)\n  - Cart (1.0.0):\n    - Base (~> 1.0)\n  - CartProtocols \
            (1.0.0)\n\nCOCOAPODS: 1.15.2\n
            """
        )
        try iw.ws["Main"].commit("pod install")
        let check = try iw.lockstep("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let matrix = try iw.lockstep("matrix", "--wide")
        XCTAssertTrue(
            matrix.stdout.split(separator: "\n").contains { $0.hasPrefix("Cart ") && $0.contains("1.0.0") },
            matrix.stdout)

        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let cart = iw.ws["Cart"]
        let released = try cart.git("rev-parse", "1.0.1^{commit}")

        // What the build saw: the spec repo first, then the Podfile's own source; every component pinned exactly.
        let captured = iw.root.appendingPathComponent("captured/Main")
        let podfile = try String(contentsOf: captured.appendingPathComponent("Podfile"), encoding: .utf8)
        let lines = podfile.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("source 'file:///") && lines[0].contains("/specs/Main-"), podfile)
        XCTAssertEqual(
            Array(lines.dropFirst()),
            Self.podfile.replacingOccurrences(of: "pod 'Cart', '1.0.0'", with: "pod 'Cart', '1.0.1'")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            "only the source line added and Cart's version changed")
        // The spec repo: every component of the graph at the version built, committed.
        let files = try String(contentsOf: captured.appendingPathComponent("spec-files"), encoding: .utf8)
        XCTAssertEqual(
            files.split(separator: "\n"),
            ["Base/1.0.0/Base.podspec", "Cart/1.0.1/Cart.podspec.json", "CartProtocols/1.0.0/CartProtocols.podspec"])
        XCTAssertEqual(try String(contentsOf: captured.appendingPathComponent("spec-status"), encoding: .utf8), "")
        let spec =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: captured.appendingPathComponent("specs/Cart/1.0.1/Cart.podspec.json")))
            as? [String: Any]
        XCTAssertEqual(spec?["version"] as? String, "1.0.1")
        let source = try XCTUnwrap(spec?["source"] as? [String: String])
        XCTAssertEqual(source["commit"], released, "the rc commit the release tag names")
        XCTAssertTrue(source["git"]?.hasSuffix("/mirrors/Cart.git") == true, "\(source)")
        XCTAssertEqual(spec?["dependencies"] as? [String: [String]], ["CartProtocols": ["~> 1.0"], "Base": ["~> 1.0"]])
        let base = try String(
            contentsOf: captured.appendingPathComponent("specs/Base/1.0.0/Base.podspec"), encoding: .utf8)
        XCTAssertTrue(base.contains("s.version      = '1.0.0'"), base)
        XCTAssertTrue(base.contains("s.source       = { :git => '"), base)
        XCTAssertTrue(base.contains(":commit => '\(try iw.ws["Base"].git("rev-parse", "1.0.0^{commit}"))' }"), base)

        // Main's pin: one version changed, every other byte kept.
        let main = iw.ws["Main"]
        XCTAssertEqual(
            try main.git("show", "HEAD:Podfile"),
            Self.podfile.replacingOccurrences(of: "pod 'Cart', '1.0.0'", with: "pod 'Cart', '1.0.1'")
                .trimmingCharacters(in: .newlines))
        XCTAssertEqual(try main.git("status", "--porcelain"), "")
        XCTAssertTrue(result.stdout.contains("Podfile.lock left for the next `pod install`"), result.stdout)
        // CocoaPods writes the lock: until `pod install` runs, check says the lock lags behind the pin.
        let after = try iw.lockstep("check")
        XCTAssertEqual(after.status, 0, after.stdout + after.stderr)
        XCTAssertTrue(
            after.stdout.contains(
                "warning[LS409]: Main's Podfile pins Cart 1.0.1, but its Podfile.lock still resolves 1.0.0"),
            after.stdout)
        XCTAssertTrue(after.stdout.contains("apps/Main/Podfile.lock:3"), after.stdout)
        try main.write("Podfile.lock", "PODS:\n  - Base (1.0.0)\n  - Cart (1.0.1)\n  - CartProtocols (1.0.0)\n")
        try main.commit("pod install")
        XCTAssertFalse(try iw.lockstep("check").stdout.contains("LS409"))
    }

    /// `specs:`: integrate commits the release's podspec to the team's spec repo after the tag and before the pin;
    /// a run stopped in between is reported by check (LS408) and completed by the next run without building.
    func testTheReleaseIsPublishedToTheSpecRepoAndARerunCompletesIt() throws {
        let iw = try Self.workspace()
        let specs = iw.root.appendingPathComponent("Specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        for arguments in [
            ["init", "-q", "-b", "main"], ["config", "user.name", "Spec Bot"],
            ["config", "user.email", "specs@lockstep.invalid"],
            ["commit", "-q", "--allow-empty", "-m", "Specs"],
        ] {
            _ = try GitCLI.run(arguments, in: specs)
        }
        let config = iw.root.appendingPathComponent("lockstep.yml")
        try (String(contentsOf: config, encoding: .utf8) + "specs: Specs\n").write(
            to: config, atomically: true, encoding: .utf8)
        try iw.lockstep("bump", "Cart")
        // The spec repo's branch is locked by "another git process" while the run builds, so the publication
        // fails after the tag: exactly a run stopped between tag and spec.
        let lockFile = specs.appendingPathComponent(".git/refs/heads/main.lock")
        try iw.setScript("touch '\(lockFile.path)'")
        let stopped = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(stopped.status, 1, stopped.stdout + stopped.stderr)
        XCTAssertTrue(
            stopped.stderr.contains("the spec repo Specs's branch stayed locked by another git process"), stopped.stderr
        )
        XCTAssertTrue(stopped.stderr.contains("Rerun `lockstep integrate Cart` to finish the release"), stopped.stderr)
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "1.0.1", "tagged")
        XCTAssertFalse(
            try iw.ws["Main"].git("show", "HEAD:Podfile").contains("'1.0.1'"), "not pinned before the spec is published"
        )
        let check = try iw.lockstep("check")
        XCTAssertTrue(
            check.stdout.contains(
                "warning[LS408]: Cart 1.0.1 is tagged but the spec repo Specs has no Cart/1.0.1/Cart.podspec.json"),
            check.stdout)

        try FileManager.default.removeItem(at: lockFile)
        try iw.setScript("exit 0")
        let builds = iw.builds().count
        let rerun = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(rerun.status, 0, rerun.stdout + rerun.stderr)
        XCTAssertEqual(iw.builds().count, builds, "nothing built again")
        XCTAssertTrue(
            rerun.stdout.contains("published Cart/1.0.1/Cart.podspec.json to the spec repo Specs on branch main"),
            rerun.stdout)
        let published = try GitCLI.run(["show", "HEAD:Cart/1.0.1/Cart.podspec.json"], in: specs)
        let spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(published.utf8)) as? [String: Any])
        XCTAssertEqual(spec["version"] as? String, "1.0.1")
        XCTAssertEqual(
            spec["source"] as? [String: String], ["git": "https://git.example.com/ios/Cart.git", "tag": "1.0.1"])
        XCTAssertEqual(try GitCLI.run(["status", "--porcelain"], in: specs), "", "the spec repo's checkout follows")
        XCTAssertTrue(try GitCLI.run(["log", "-1", "--format=%s"], in: specs).hasPrefix("Release Cart 1.0.1"))
        XCTAssertTrue(try iw.ws["Main"].git("show", "HEAD:Podfile").contains("pod 'Cart', '1.0.1'"))
        XCTAssertFalse(try iw.lockstep("check").stdout.contains("LS408"))
        // A spec repo already holding something else for a release refuses it before anything is built.
        try FileManager.default.createDirectory(
            at: specs.appendingPathComponent("Cart/1.0.2"), withIntermediateDirectories: true)
        try "{}\n".write(
            to: specs.appendingPathComponent("Cart/1.0.2/Cart.podspec.json"), atomically: true, encoding: .utf8)
        _ = try GitCLI.run(["add", "-A"], in: specs)
        _ = try GitCLI.run(["commit", "-q", "-m", "someone else's 1.0.2"], in: specs)
        try iw.ws["Cart"].write("Sources/Cart/More.swift", "func more() {}\n")
        try iw.ws["Cart"].commit("more")
        try iw.lockstep("bump", "Cart")
        let before = iw.builds().count
        let refused = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("already holds Cart/1.0.2/Cart.podspec.json, different from Cart 1.0.2's podspec"),
            refused.stderr)
        XCTAssertEqual(iw.builds().count, before, "nothing built")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.2"), "")
    }

    /// `--push` pushes the release's podspecs to the spec repo's remote, after the tags and before the pins; when
    /// someone published to it meanwhile, the spec commit is made again on the remote's tip and lands in one line.
    func testPushPublishesTheSpecOnTheRemotesTipWhenItMoved() throws {
        let iw = try Self.workspace()
        try iw.ws.specRepo()
        let remotes = try RemoteRunners(iw)
        let runner = try remotes.runner("a")
        // Another team publishes a pod of its own after the runner cloned.
        let other = iw.root.appendingPathComponent("other-specs")
        _ = try GitCLI.run(["clone", "-q", remotes.remote("Specs").path, other.path], in: iw.root)
        try FileManager.default.createDirectory(
            at: other.appendingPathComponent("Maps/2.0.0"), withIntermediateDirectories: true)
        try "{ \"name\": \"Maps\", \"version\": \"2.0.0\" }\n".write(
            to: other.appendingPathComponent("Maps/2.0.0/Maps.podspec.json"), atomically: true, encoding: .utf8)
        _ = try GitCLI.run(["add", "-A"], in: other)
        _ = try GitCLI.run(["commit", "-q", "-m", "Maps 2.0.0"], in: other)
        _ = try GitCLI.run(["push", "-q", "origin", "main"], in: other)
        let theirs = try remotes.git("Specs", "rev-parse", "main")

        XCTAssertEqual(try Lockstep.run(["bump", "Cart", "--workspace", runner.path]).status, 0)
        let result = try Lockstep.run(["integrate", "Cart", "--push", "--workspace", runner.path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("pushed the release's podspecs of the spec repo Specs main to origin"), result.stdout
        )
        XCTAssertEqual(try remotes.git("Specs", "rev-parse", "main~1"), theirs, "on the other team's release, no merge")
        XCTAssertTrue(
            try remotes.git("Specs", "ls-tree", "-r", "--name-only", "main").contains("Cart/1.0.1/Cart.podspec.json"))
        XCTAssertTrue(
            try remotes.git("Specs", "ls-tree", "-r", "--name-only", "main").contains("Maps/2.0.0/Maps.podspec.json"))
        XCTAssertTrue(try remotes.git("Main", "show", "main:Podfile").contains("pod 'Cart', '1.0.1'"))
        XCTAssertEqual(
            try GitCLI.run(["status", "--porcelain"], in: runner.appendingPathComponent("Specs")), "",
            "the runner's checkout followed")
    }

    /// A link in the spec repo's checkout where a release's spec goes is never written through: refused before
    /// anything is built, the linked folder untouched.
    func testASpecRepoLinkIsRefusedBeforeBuilding() throws {
        let iw = try Self.workspace()
        let specs = iw.root.appendingPathComponent("Specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        for arguments in [["init", "-q", "-b", "main"], ["commit", "-q", "--allow-empty", "-m", "Specs"]] {
            _ = try GitCLI.run(arguments, in: specs)
        }
        let outside = iw.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: specs.appendingPathComponent("Cart").path, withDestinationPath: outside.path)
        let config = iw.root.appendingPathComponent("lockstep.yml")
        try (String(contentsOf: config, encoding: .utf8) + "specs: Specs\n").write(
            to: config, atomically: true, encoding: .utf8)
        try iw.lockstep("bump", "Cart")
        let refused = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the spec repo's checkout has a link at"), refused.stderr)
        XCTAssertEqual(iw.builds(), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }

    func testPodsLockstepCannotRedirectAreRefusedBeforeAnythingIsBuilt() throws {
        let iw = try Self.workspace()
        try iw.lockstep("bump", "Cart")
        let main = iw.ws["Main"]
        // A main app must pin exactly: `~>` is CocoaPods' up-to-next, found at its line.
        try main.write(
            "Podfile", Self.podfile.replacingOccurrences(of: "pod 'Cart', '1.0.0'", with: "pod 'Cart', '~> 1.0'"))
        try main.commit("Cart up to next major")
        let check = try iw.lockstep("check")
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("error[LS401]: Main requires Cart with `'~> 1.0'`"), check.stdout)
        XCTAssertTrue(check.stdout.contains("apps/Main/Podfile:8"), check.stdout)
        // (A `:git` pod with a version `:tag` is that version: AppRefusalTests pins it.) A branch is no version.
        try main.write(
            "Podfile",
            Self.podfile.replacingOccurrences(
                of: "pod 'Cart', '1.0.0'",
                with: "pod 'Cart', :git => 'https://git.example.com/ios/Cart.git', :branch => 'main'"))
        try main.commit("Cart from git")
        let refused = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "apps/Main/Podfile:8: pod 'Cart' comes from a `:path` or a `:git` branch or commit"), refused.stderr)
        try main.write(
            "Podfile",
            Self.podfile.replacingOccurrences(
                of: "pod 'Cart', '1.0.0'", with: "pod 'Cart', :path => '../../components/Cart'"))
        try main.commit("Cart from a path")
        let path = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(path.status, 1)
        XCTAssertTrue(path.stderr.contains("pod 'Cart' comes from a `:path`"), path.stderr)
        XCTAssertEqual(iw.builds(), [], "nothing was built")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }

    /// Halfway between: components ship a Package.swift and a podspec. The SwiftPM shell builds against the
    /// packages, the CocoaPods main against the podspecs, in one run; the spec repo gets the podspec.
    func testComponentsShippedBothWaysServeASwiftPMShellAndAPodfileMain() throws {
        let iw = try IntegrationWorkspace(
            podspecs: [
                "Base": Self.podspec("Base"),
                "CartProtocols": Self.podspec("CartProtocols", [("Base", "~> 1.0")]),
                "Cart": Self.podspec("Cart", [("CartProtocols", "~> 1.0"), ("Base", "~> 1.0")]),
            ], keepPackages: true)
        let main = iw.ws["Main"]
        try main.remove("Package.swift")
        try main.write("Podfile", Self.podfile)
        try main.commit("CocoaPods")
        let captured = iw.root.appendingPathComponent("captured")
        try iw.setScript(
            """
            out='\(captured.path)'/"$(basename "$PWD" | cut -d- -f1)"; mkdir -p "$out"
            if [ -f Podfile ]; then cp Podfile "$out/"; else cp Package.swift .swiftpm/configuration/mirrors.json \
            "$out/"; fi
            """)
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            try String(contentsOf: captured.appendingPathComponent("Shell/Package.swift"), encoding: .utf8).contains(
                "Cart.git\", exact: \"1.0.1\""))
        XCTAssertTrue(
            try String(contentsOf: captured.appendingPathComponent("Main/Podfile"), encoding: .utf8).contains(
                "pod 'Cart', '1.0.1'"))
        XCTAssertTrue(try main.git("show", "HEAD:Podfile").contains("pod 'Cart', '1.0.1'"))
    }

    /// Subspecs and several targets name one pod several times: every line pinned, as CocoaPods takes one version.
    /// A pod taking its own `:source`, and a podspec naming another pod, are refused before building.
    func testPodsNamedTwiceAreAllPinnedAndForeignSourcesOrNamesRefused() throws {
        let iw = try Self.workspace()
        let main = iw.ws["Main"]
        let twice = Self.podfile.replacingOccurrences(
            of: "  pod 'Cart', '1.0.0' # the cart\n",
            with: "  pod 'Cart/Core', '1.0.0'\n  pod 'Cart/UI', '1.0.0'\n")
        try main.write("Podfile", twice)
        try main.commit("subspecs")
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(
            try main.git("show", "HEAD:Podfile"),
            twice.replacingOccurrences(
                of: "'1.0.0'\n  pod 'Cart/UI', '1.0.0'", with: "'1.0.1'\n  pod 'Cart/UI', '1.0.1'"
            )
            .replacingOccurrences(of: "pod 'Cart/Core', '1.0.0'", with: "pod 'Cart/Core', '1.0.1'").trimmingCharacters(
                in: .newlines))

        try iw.ws["Cart"].write("Sources/Cart/Next.swift", "func next() {}\n")
        try iw.ws["Cart"].commit("next")
        try iw.lockstep("bump", "Cart")
        try main.write(
            "Podfile",
            Self.podfile.replacingOccurrences(
                of: "pod 'Cart', '1.0.0' # the cart",
                with: "pod 'Cart', '1.0.1', :source => 'https://cdn.cocoapods.org/'"))
        try main.commit("own source")
        let own = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(own.status, 1, own.stdout + own.stderr)
        XCTAssertTrue(own.stderr.contains("apps/Main/Podfile:8: pod 'Cart' names its own `:source`"), own.stderr)

        XCTAssertEqual(iw.builds().filter { $0.hasPrefix("Main") }.count, 1, "only the first run built Main")
    }

    /// CocoaPods knows a pod by its podspec's name: one that names another pod than the component is refused
    /// before building, pointing at the podspec.
    func testAPodspecNamingAnotherPodIsRefused() throws {
        let iw = try Self.workspace()
        let cart = iw.ws["Cart"]
        let text = try String(contentsOf: cart.url.appendingPathComponent("Cart.podspec.json"), encoding: .utf8)
        try cart.write(
            "Cart.podspec.json", text.replacingOccurrences(of: "\"name\": \"Cart\"", with: "\"name\": \"CartKit\""))
        try cart.commit("renamed pod")
        // (bump would call it major: the pod's module is renamed too; the rc is tagged by hand to reach integrate.)
        try cart.tag("1.0.1-rc.1")
        let renamed = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(renamed.status, 1, renamed.stdout + renamed.stderr)
        XCTAssertTrue(
            renamed.stderr.contains(
                """
                components/Cart/Cart.podspec.json: the podspec names the pod `CartKit`, which is not Cart nor one \
                of its aliases
                """
            ), renamed.stderr)
        XCTAssertEqual(iw.builds(), [])
    }

    func testAComponentWithoutAPodspecIsRefusedForAPodfileApp() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.remove("Package.swift")
        try main.write("Podfile", Self.podfile)
        try main.commit("CocoaPods")
        try iw.lockstep("bump", "Cart")
        let refused = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        // Base's missing podspec is not the release's (AppRefusalTests builds it as written); Cart's is.
        XCTAssertTrue(
            refused.stderr.contains(
                """
                Main is a CocoaPods app (apps/Main/Podfile) and uses Cart, which has no podspec at 1.0.1; \
                CocoaPods installs pods
                """
            ), refused.stderr)
        XCTAssertEqual(iw.builds(), [], "nothing was built")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }
}
