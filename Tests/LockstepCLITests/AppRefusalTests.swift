import Foundation
import LockstepTestSupport
import XCTest

/// integrate refuses only for what the release would get wrong (docs/app-refusals.md): what an app holds about
/// another component is built as the app writes it, shown as a warning (LS410, LS404) and reported by check.
final class AppRefusalTests: XCTestCase {
    /// The diff of Main's last commit, as its `+`/`-` lines.
    func changedLines(_ iw: IntegrationWorkspace) throws -> [String] {
        try iw.ws["Main"].git("diff", "-U0", "HEAD~1", "HEAD").split(separator: "\n").map(String.init)
            .filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
    }

    // MARK: Package.swift

    func testPackageReferencesThatAgreeAreAllPinnedInOneCommit() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        let url = main.url.appendingPathComponent("Package.swift")
        let original = try String(contentsOf: url, encoding: .utf8)
        let line = "        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),"
        let twice = original.replacingOccurrences(
            of: line, with: line + "\n        .package(url: \"https://git.example.com/ios/cart\", exact: \"1.0.0\"),")
        XCTAssertNotEqual(twice, original)
        try main.write("Package.swift", twice)
        try main.commit("Cart twice, as one requirement")
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(
            try changedLines(iw),
            [
                "-        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),",
                "-        .package(url: \"https://git.example.com/ios/cart\", exact: \"1.0.0\"),",
                "+        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.1\"),",
                "+        .package(url: \"https://git.example.com/ios/cart\", exact: \"1.0.1\"),",
            ])
        XCTAssertEqual(
            try main.git("log", "--format=%s", "HEAD~1..HEAD").split(separator: "\n").count, 1, "one pin commit")
    }

    func testPackageReferencesThatDisagreeRefuseOnlyTheirOwnRelease() throws {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        let original = try String(contentsOf: main.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = "        .package(url: \"https://git.example.com/ios/Base.git\", exact: \"1.0.0\"),"
        try main.write(
            "Package.swift",
            original.replacingOccurrences(
                of: line, with: line + "\n        .package(url: \"https://git.example.com/ios/base\", from: \"1.0.0\"),"
            ))
        try main.commit("Base twice, disagreeing")
        let check = try iw.lockstep("check")
        XCTAssertTrue(
            check.stdout.contains("warning[LS410]: Main names Base 2 times with requirements that disagree"),
            check.stdout)

        // Releasing Cart: Main is built (Base at main's version) and pinned; the duplicate is a warning.
        try iw.lockstep("bump", "Cart")
        let dry = try iw.lockstep("integrate", "Cart", "--dry-run")
        XCTAssertEqual(dry.status, 0, dry.stdout + dry.stderr)
        XCTAssertTrue(dry.stdout.contains("Passed over"), dry.stdout)
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("warning[LS410]: apps/Main/Package.swift names Base 2 times"), result.stdout)
        XCTAssertEqual(
            try changedLines(iw),
            [
                "-        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.0\"),",
                "+        .package(url: \"https://git.example.com/ios/Cart.git\", exact: \"1.0.1\"),",
            ])

        // Releasing Base: refused, naming the lines that disagree; nothing built, tagged or pinned.
        try iw.ws["Base"].write("Sources/Base/Fix.swift", "func fix() -> Int { 1 }\n")
        try iw.ws["Base"].commit("fix")
        try iw.lockstep("bump", "Base")
        let builds = iw.builds().count
        let refused = try iw.lockstep("integrate", "Base")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "apps/Main/Package.swift names Base 2 times with requirements that disagree (line "), refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("`exact: \"1.0.0\"`") && refused.stderr.contains("`from: \"1.0.0\"`"),
            refused.stderr)
        XCTAssertEqual(iw.builds().count, builds, "nothing built")
        XCTAssertEqual(try iw.ws["Base"].git("tag", "--list", "1.0.1"), "")
    }

    // MARK: Xcode projects

    /// Main as an Xcode project with `extra` references appended (an orphaned duplicate, as Xcode leaves them).
    func xcodeWorkspace(extra: String) throws -> IntegrationWorkspace {
        let iw = try IntegrationWorkspace()
        let main = iw.ws["Main"]
        try main.git("rm", "-q", "Package.swift")
        let project = XcodeAppTests.project.replacingOccurrences(
            of: "/* End XCRemoteSwiftPackageReference section */",
            with: extra + "/* End XCRemoteSwiftPackageReference section */")
        try main.write("Main.xcodeproj/project.pbxproj", project)
        try main.commit("An Xcode project with a leftover reference")
        return iw
    }

    func testXcodeReferencesToOnePackageThatAgreeAreBothPinned() throws {
        let iw = try xcodeWorkspace(
            extra: XcodeAppTests.reference(
                "E10000000000000000000099", "Cart", "\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 1.0.0;"))
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(
            try changedLines(iw),
            [
                "-\t\t\t\tversion = 1.0.0;", "+\t\t\t\tversion = 1.0.1;", "-\t\t\t\tversion = 1.0.0;",
                "+\t\t\t\tversion = 1.0.1;",
            ])
        XCTAssertFalse(result.stdout.contains("LS410"), result.stdout)
    }

    func testXcodeReferencesThatDisagreeAreBuiltAndWarnedUnlessTheirPackageIsReleased() throws {
        let iw = try xcodeWorkspace(
            extra: XcodeAppTests.reference(
                "E10000000000000000000099", "Base",
                "\t\t\t\tkind = upToNextMajorVersion;\n\t\t\t\tminimumVersion = 1.0.0;"))
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("Main.xcodeproj/project.pbxproj names Base 2 times with requirements that disagree"),
            result.stdout)
        XCTAssertEqual(
            try changedLines(iw), ["-\t\t\t\tversion = 1.0.0;", "+\t\t\t\tversion = 1.0.1;"], "only Cart's block")
        XCTAssertEqual(iw.builds().filter { $0.hasPrefix("Main") }.count, 1)

        try iw.ws["Base"].write("Sources/Base/Fix.swift", "func fix() -> Int { 1 }\n")
        try iw.ws["Base"].commit("fix")
        try iw.lockstep("bump", "Base")
        let refused = try iw.lockstep("integrate", "Base")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("names Base 2 times with requirements that disagree (line "), refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("`exact: \"1.0.0\"`") && refused.stderr.contains("`from: \"1.0.0\"`"),
            refused.stderr)
        XCTAssertEqual(try iw.ws["Base"].git("tag", "--list", "1.0.1"), "")
    }

    // MARK: Podfiles

    func podWorkspace(_ podfile: String) throws -> IntegrationWorkspace {
        let iw = try CocoaPodsAppTests.workspace()
        try iw.ws["Main"].write("Podfile", podfile)
        try iw.ws["Main"].commit("Podfile")
        return iw
    }

    func captured(_ iw: IntegrationWorkspace, _ file: String) throws -> String {
        try String(contentsOf: iw.root.appendingPathComponent("captured/Main/\(file)"), encoding: .utf8)
    }

    func testAGitPodWithAVersionTagIsBuiltFromTheSpecRepoAndLeftAloneWhenNotReleased() throws {
        let podfile = CocoaPodsAppTests.podfile.replacingOccurrences(
            of: "pod 'Base', '1.0.0'",
            with: "pod 'Base', :git => 'https://git.example.com/ios/Base.git', :tag => '1.0.0'")
        let iw = try podWorkspace(podfile)
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        // The build took Base from the temporary spec repo at the tag's version.
        let built = try captured(iw, "Podfile")
        XCTAssertTrue(built.contains("  pod 'Base', '1.0.0'\n"), built)
        XCTAssertTrue(try captured(iw, "spec-files").contains("Base/1.0.0/Base.podspec"))
        // Main's pin changes Cart only; Base keeps its git line.
        XCTAssertEqual(
            try changedLines(iw), ["-  pod 'Cart', '1.0.0' # the cart", "+  pod 'Cart', '1.0.1' # the cart"])
    }

    func testAGitPodWithAVersionTagIsPinnedAsAVersionWhenReleased() throws {
        let podfile = CocoaPodsAppTests.podfile.replacingOccurrences(
            of: "pod 'Cart', '1.0.0' # the cart",
            with:
                """
                pod 'Cart', :git => \"https://git.example.com/ios/Cart.git\", :tag => \"1.0.0\", :modular_headers \
                => true # the cart
                """
        )
        let iw = try podWorkspace(podfile)
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            try captured(iw, "Podfile").contains("  pod 'Cart', \"1.0.1\", :modular_headers => true # the cart\n"))
        XCTAssertEqual(
            try changedLines(iw),
            [
                """
                -  pod 'Cart', :git => \"https://git.example.com/ios/Cart.git\", :tag => \"1.0.0\", \
                :modular_headers => true # the cart
                """,
                "+  pod 'Cart', \"1.0.1\", :modular_headers => true # the cart",
            ])
    }

    func testPathAndBranchPodsOfOtherComponentsAreBuiltAsWritten() throws {
        let podfile = CocoaPodsAppTests.podfile
            .replacingOccurrences(of: "pod 'Base', '1.0.0'", with: "pod 'Base', :path => '../../components/Base'")
            .replacingOccurrences(
                of: "pod 'CartProtocols', '1.0.0'",
                with: "pod 'CartProtocols', :git => 'https://git.example.com/ios/CartProtocols.git', :branch => 'main'")
        let iw = try podWorkspace(podfile)
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("warning[LS410]"), result.stdout)
        let built = try captured(iw, "Podfile")
        XCTAssertTrue(built.contains("  pod 'Base', :path => '../../components/Base'\n"), built)
        XCTAssertTrue(built.contains(":branch => 'main'\n"), built)
        XCTAssertTrue(built.contains("  pod 'Cart', '1.0.1' # the cart\n"), built)
        XCTAssertEqual(
            try captured(iw, "spec-files").split(separator: "\n"), ["Cart/1.0.1/Cart.podspec.json"],
            "only the pods the build pins")
        XCTAssertEqual(
            try changedLines(iw), ["-  pod 'Cart', '1.0.0' # the cart", "+  pod 'Cart', '1.0.1' # the cart"])
    }

    func testAnotherComponentWithoutAPodspecIsBuiltAsThePodfileWritesIt() throws {
        let iw = try CocoaPodsAppTests.workspace()
        let base = iw.ws["Base"]
        try base.git("rm", "-q", "Base.podspec")
        try base.write(
            "Package.swift",
            """
            // swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Base\", targets: \
            [.target(name: \"Base\")])\n
            """
        )
        try base.commit("SwiftPM only")
        try base.git("tag", "-f", "1.0.0")
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("uses Base, which has no podspec at 1.0.0"), result.stdout)
        XCTAssertTrue(try captured(iw, "Podfile").contains("  pod 'Base', '1.0.0'\n"))
        XCTAssertFalse(try captured(iw, "spec-files").contains("Base/"))
    }

    /// A subspec line without a version adds no requirement: it agrees with the versioned one, both are pinned
    /// (the pin's conflict check knows a component may have several requirements).
    func testAPodLineWithoutAVersionAgreesAndIsPinnedToo() throws {
        let podfile = CocoaPodsAppTests.podfile.replacingOccurrences(
            of: "  pod 'Cart', '1.0.0' # the cart\n",
            with: "  pod 'Cart/Core', '1.0.0'\n  pod 'Cart/Extras'\n")
        let iw = try podWorkspace(podfile)
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(
            try changedLines(iw),
            [
                "-  pod 'Cart/Core', '1.0.0'", "-  pod 'Cart/Extras'", "+  pod 'Cart/Core', '1.0.1'",
                "+  pod 'Cart/Extras', '1.0.1'",
            ])
    }

    /// A `pod` line lockstep cannot read but whose pod it knows is refused only when that pod is a candidate.
    func testAnUnreadablePodLineOfAnotherPodIsBuiltAsWritten() throws {
        let podfile =
            "base_version = '1.0.0'\n"
            + CocoaPodsAppTests.podfile
            .replacingOccurrences(of: "pod 'Base', '1.0.0'", with: "pod 'Base', base_version")
            .replacingOccurrences(of: "pod 'Lottie', '~> 4.4'", with: "pod 'Lottie', lottie_version")
        let iw = try podWorkspace(podfile)
        try iw.lockstep("bump", "Cart")
        let result = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("warning[LS103]") && result.stdout.contains("it names Base, no candidate"),
            result.stdout)
        XCTAssertTrue(try captured(iw, "Podfile").contains("  pod 'Base', base_version\n"))
        XCTAssertEqual(
            try changedLines(iw), ["-  pod 'Cart', '1.0.0' # the cart", "+  pod 'Cart', '1.0.1' # the cart"])

        try iw.ws["Base"].write("Base.podspec", CocoaPodsAppTests.podspec("Base") + "# fix\n")
        try iw.ws["Base"].commit("fix")
        try iw.lockstep("bump", "Base")
        let refused = try iw.lockstep("integrate", "Base")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(":7:15: pod Base: an argument Lockstep cannot read statically")
                && refused.stderr.contains(
                    "so it cannot tell whether Main uses a candidate. Write it with literal strings"),
            refused.stderr)
    }

    func testPodLinesThatDisagreeRefuseOnlyTheirOwnRelease() throws {
        let podfile = CocoaPodsAppTests.podfile.replacingOccurrences(
            of: "  pod 'Cart', '1.0.0' # the cart\n",
            with: "  pod 'Cart/Core', '1.0.0'\n  pod 'Cart/UI', '~> 1.0'\n  pod 'Cart/Extras'\n")
        let iw = try podWorkspace(podfile)
        try iw.lockstep("bump", "Cart")
        let refused = try iw.lockstep("integrate", "Cart")
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                """
                apps/Main/Podfile names Cart 3 times with requirements that disagree (line 8: `'1.0.0'`, line 9: \
                `'~> 1.0'`)
                """
            ), refused.stderr)
        XCTAssertEqual(iw.builds(), [])
    }
}
