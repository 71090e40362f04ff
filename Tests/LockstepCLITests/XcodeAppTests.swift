import Foundation
import LockstepTestSupport
import XCTest

/// A main app that is an Xcode project (no Package.swift): read by matrix and check, built against the
/// speculative release (its pbxproj pinned and SwiftPM mirrors in the copy), and pinned by integrate.
final class XcodeAppTests: XCTestCase {
    static func reference(_ id: String, _ name: String, _ requirement: String) -> String {
        """
        \t\t\(id) /* XCRemoteSwiftPackageReference "\(name)" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://git.example.com/ios/\(name).git";
        \t\t\trequirement = {
        \(requirement)
        \t\t\t};
        \t\t};

        """
    }

    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 60;
        \tobjects = {

        /* Begin PBXProject section */
        \t\tE10000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tpackageReferences = (
        \t\t\t\tE10000000000000000000010 /* XCRemoteSwiftPackageReference "Base" */,
        \t\t\t\tE10000000000000000000011 /* XCRemoteSwiftPackageReference "CartProtocols" */,
        \t\t\t\tE10000000000000000000012 /* XCRemoteSwiftPackageReference "Cart" */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin XCRemoteSwiftPackageReference section */

        """
        + reference("E10000000000000000000010", "Base", "\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 1.0.0;")
        + reference(
            "E10000000000000000000011", "CartProtocols", "\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 1.0.0;")
        + reference("E10000000000000000000012", "Cart", "\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 1.0.0;")
            + """
            /* End XCRemoteSwiftPackageReference section */
            \t};
            \trootObject = E10000000000000000000001 /* Project object */;
            }

            """

    func testAnXcodeMainAppIsReadBuiltAgainstTheCandidateAndPinned() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        try main.write("Main.xcodeproj/project.pbxproj", Self.project)
        try main.commit("An Xcode project instead of a package")
        try iw.lockstep("bump", "Cart")
        let matrix = try iw.lockstep("matrix", "--wide", "Cart")
        XCTAssertEqual(matrix.status, 0, matrix.stdout + matrix.stderr)
        let row = try XCTUnwrap(matrix.stdout.split(separator: "\n").first { $0.hasPrefix("Cart ") }).split(
            separator: " ")
        XCTAssertEqual(
            Array(row.suffix(4).prefix(2)), ["1.0.0", "^1.0.0"], "Main's pin read from the project: \(matrix.stdout)")
        let check = try iw.lockstep("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

        // The build copy of Main: the project pinned to the release, mirrors where xcodebuild looks for them.
        try iw.setScript(
            """
            if [ -d Main.xcodeproj ]; then
              grep -q 'version = 1.0.1;' Main.xcodeproj/project.pbxproj || exit 7
              grep -q 'Cart.git' Main.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/configuration/mirrors.json || \
              exit 8
            fi
            """)
        let integrated = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(integrated.status, 0, integrated.stdout + integrated.stderr)
        XCTAssertEqual(iw.builds().count, 2, "Shell and Main built")
        let diff = try main.git("diff", "-U0", "HEAD~1", "HEAD")
        XCTAssertEqual(
            diff.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.filter {
                !$0.hasPrefix("+++") && !$0.hasPrefix("---")
            },
            ["-\t\t\t\tversion = 1.0.0;", "+\t\t\t\tversion = 1.0.1;"], diff)
        XCTAssertTrue(diff.contains("Main.xcodeproj/project.pbxproj"), diff)
        XCTAssertEqual(try main.git("status", "--porcelain"), "", "the checkout follows the pin commit")
        XCTAssertEqual(try iw.lockstep("check").status, 0)
    }

    func testFindingsPointIntoTheProjectFileAndSayHowToPinInXcode() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        let loose = Self.project.replacingOccurrences(
            of: "\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 1.0.0;\n\t\t\t};\n\t\t};\n/* End",
            with: "\t\t\t\tkind = upToNextMajorVersion;\n\t\t\t\tminimumVersion = 1.0.0;\n\t\t\t};\n\t\t};\n/* End")
        XCTAssertNotEqual(loose, Self.project)
        try main.write("Main.xcodeproj/project.pbxproj", loose)
        try main.commit("Cart up to the next major")
        let check = try iw.lockstep("check")
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("error[LS401]: Main requires Cart with `from: \"1.0.0\"`"), check.stdout)
        XCTAssertTrue(check.stdout.contains("apps/Main/Main.xcodeproj/project.pbxproj:40"), check.stdout)
        XCTAssertTrue(check.stdout.contains("set the package's rule to Exact Version 1.0.0 in Xcode"), check.stdout)
    }

    /// init on a workspace whose main app is an Xcode project: listed as an app (never a component), with an
    /// xcodebuild command to review, and the written file works as it is.
    func testInitListsAnXcodeAppWithAnXcodebuildCommand() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        try main.write("Main.xcodeproj/project.pbxproj", Self.project)
        try main.commit("An Xcode project instead of a package")
        let config = iw.root.appendingPathComponent("lockstep.yml")
        try FileManager.default.removeItem(at: config)
        let initialized = try Lockstep.run(["init", iw.root.path])
        XCTAssertEqual(initialized.status, 0, initialized.stdout + initialized.stderr)
        let written = try String(contentsOf: config, encoding: .utf8)
        XCTAssertTrue(
            written.contains(
                "  - { name: Main, path: apps/Main, role: main, manifest: Main.xcodeproj/project.pbxproj, build: \"xcodebuild -project Main.xcodeproj -scheme Main -destination 'generic/platform=iOS Simulator' build\" }   # REVIEW: the scheme and destination (runs on macOS)"
            ), written)
        XCTAssertTrue(
            written.contains("built with Xcode: requirements read from Main.xcodeproj/project.pbxproj"), written)
        XCTAssertFalse(written.contains("name: Main, path: apps/Main, kind:"), "not a component: \(written)")
        let matrix = try iw.lockstep("matrix")
        XCTAssertEqual(matrix.status, 0, matrix.stdout + matrix.stderr)
        XCTAssertTrue(matrix.stdout.contains("Main 1.0.0"), matrix.stdout)
    }

    /// Xcode keeps the resolved versions in the project's shared workspace data: the pin commit updates that
    /// file, in the same commit as the project.
    func testThePinCommitUpdatesTheProjectsPackageResolved() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        try main.write("Main.xcodeproj/project.pbxproj", Self.project)
        let cart100 = try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.0")
        let resolvedPath = "Main.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        func resolved(_ revision: String, _ version: String) -> String {
            """
            {
              "originHash" : "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
              "pins" : [
                {
                  "identity" : "cart",
                  "kind" : "remoteSourceControl",
                  "location" : "https://git.example.com/ios/Cart.git",
                  "state" : {
                    "revision" : "\(revision)",
                    "version" : "\(version)"
                  }
                }
              ],
              "version" : 3
            }

            """
        }
        try main.write(resolvedPath, resolved(cart100, "1.0.0"))
        try main.commit("An Xcode project with its resolved packages")
        try iw.lockstep("bump", "Cart")
        let rc = try iw.ws["Cart"].git("rev-list", "-n", "1", "1.0.1-rc.1")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("Package.resolved updated"), result.stdout)
        XCTAssertEqual(
            try main.git("show", "HEAD:\(resolvedPath)") + "\n", resolved(rc, "1.0.1"),
            "the hash Xcode computed is left as it is")
        let changed = try main.git("show", "--name-only", "--format=", "HEAD").split(separator: "\n").sorted()
        XCTAssertEqual(changed, ["Main.xcodeproj/project.pbxproj", Substring(resolvedPath)])
        XCTAssertEqual(try main.git("status", "--porcelain"), "")
    }

    /// An XcodeGen app (project.yml, no Package.swift, the .xcodeproj not committed): read, built, pinned.
    func testAnXcodeGenMainAppIsReadBuiltAndPinned() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        let spec = """
            name: Main
            packages:
              Base: { url: "https://git.example.com/ios/Base.git", exactVersion: 1.0.0 }
              CartProtocols:
                url: https://git.example.com/ios/CartProtocols.git
                exactVersion: 1.0.0
              Cart:
                url: https://git.example.com/ios/Cart.git
                exactVersion: 1.0.0
            targets:
              Main: { type: application, platform: iOS, dependencies: [{ package: Cart }] }

            """
        try main.write("project.yml", spec)
        try main.commit("XcodeGen")
        try iw.lockstep("bump", "Cart")
        XCTAssertEqual(try iw.lockstep("check").status, 0)
        try iw.setScript("if [ -f project.yml ]; then grep -q 'exactVersion: 1.0.1$' project.yml || exit 7; fi")
        let integrated = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(integrated.status, 0, integrated.stdout + integrated.stderr)
        XCTAssertEqual(
            try main.git("show", "HEAD:project.yml") + "\n",
            spec.replacingOccurrences(
                of: "Cart.git\n    exactVersion: 1.0.0", with: "Cart.git\n    exactVersion: 1.0.1"))
        XCTAssertEqual(try iw.lockstep("check").status, 0)
    }

    func testTwoXcodeProjectsWithoutAPackageAreAmbiguous() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        try main.write("Main.xcodeproj/project.pbxproj", Self.project)
        try main.write("Other.xcodeproj/project.pbxproj", Self.project)
        try main.commit("two projects")
        let check = try iw.lockstep("check")
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(
            (check.stdout + check.stderr).contains("2 Xcode projects (Main.xcodeproj, Other.xcodeproj)"),
            check.stdout + check.stderr)
        // `manifest:` names the one to read.
        let config = iw.root.appendingPathComponent("lockstep.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        let chosen = text.replacingOccurrences(
            of: "name: Main, path: apps/Main, role: main,",
            with: "name: Main, path: apps/Main, role: main, manifest: Other.xcodeproj/project.pbxproj,")
        XCTAssertNotEqual(chosen, text)
        try chosen.write(to: config, atomically: true, encoding: .utf8)
        let named = try iw.lockstep("check")
        XCTAssertEqual(named.status, 0, named.stdout + named.stderr)
        try iw.lockstep("bump", "Cart")
        XCTAssertEqual(try iw.lockstep("integrate", "Cart").status, 0)
        XCTAssertTrue(try main.git("show", "HEAD:Other.xcodeproj/project.pbxproj").contains("version = 1.0.1;"))
        XCTAssertFalse(
            try main.git("show", "HEAD:Main.xcodeproj/project.pbxproj").contains("version = 1.0.1;"),
            "only the named project is pinned")
        // A manifest: that is not one lockstep reads, or leaves the repo, is a config error with its place.
        for bad in ["../Elsewhere/Package.swift", "Main.xcodeproj", "Cart.podspec", "/abs/Package.swift"] {
            try text.replacingOccurrences(
                of: "name: Main, path: apps/Main, role: main,",
                with: "name: Main, path: apps/Main, role: main, manifest: \"\(bad)\","
            )
            .write(to: config, atomically: true, encoding: .utf8)
            let refused = try iw.lockstep("matrix")
            XCTAssertEqual(refused.status, 2, bad)
            XCTAssertTrue(refused.stderr.contains("manifest `\(bad)` is not a manifest lockstep reads"), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("lockstep.yml:"), refused.stderr)
        }
    }
}
