import LockstepManifest
import XCTest

/// project.pbxproj reading and pinning, on small project files written for these tests in the shapes Xcode 11
/// to 16 write (object versions 52 to 77), plus hostile and huge inputs.
final class XcodeProjectTests: XCTestCase {
    /// An Xcode 11-era project (objectVersion 52): remote references only, comments after every id.
    static let older = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 52;
        \tobjects = {

        /* Begin PBXShellScriptBuildPhase section */
        \t\tA1000000000000000000000A /* Lint */ = {
        \t\t\tisa = PBXShellScriptBuildPhase;
        \t\t\tshellScript = "if which swiftlint; then\\n  swiftlint \\"$SRCROOT\\"\\nfi\\n";
        \t\t};
        /* End PBXShellScriptBuildPhase section */

        /* Begin XCRemoteSwiftPackageReference section */
        \t\tA10000000000000000000010 /* XCRemoteSwiftPackageReference "Cart" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://git.example.com/ios/Cart.git";
        \t\t\trequirement = {
        \t\t\t\tkind = upToNextMajorVersion;
        \t\t\t\tminimumVersion = 1.2.0;
        \t\t\t};
        \t\t};
        \t\tA10000000000000000000011 /* XCRemoteSwiftPackageReference "Login" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "git@git.example.com:ios/Login.git";
        \t\t\trequirement = {
        \t\t\t\tkind = exactVersion;
        \t\t\t\tversion = "2.0.0-rc.3";
        \t\t\t};
        \t\t};
        /* End XCRemoteSwiftPackageReference section */
        \t};
        \trootObject = A10000000000000000000001 /* Project object */;
        }

        """

    /// A recent project (objectVersion 77): every requirement kind, a local package, quirks of hand edits.
    static let recent = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {
        /* Begin XCLocalSwiftPackageReference section */
        \t\tB1000000000000000000000C /* XCLocalSwiftPackageReference "Packages/DesignSystem" */ = {
        \t\t\tisa = XCLocalSwiftPackageReference;
        \t\t\trelativePath = Packages/DesignSystem;
        \t\t};
        /* End XCLocalSwiftPackageReference section */
        /* Begin XCRemoteSwiftPackageReference section */
        \t\tB10000000000000000000020 /* XCRemoteSwiftPackageReference "Detail" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = https://git.example.com/ios/Detail;
        \t\t\trequirement = {
        \t\t\t\tkind = upToNextMinorVersion;
        \t\t\t\tminimumVersion = 0.4.1;
        \t\t\t};
        \t\t};
        \t\tB10000000000000000000021 /* XCRemoteSwiftPackageReference "Networking" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://git.example.com/ios/Networking.git";
        \t\t\trequirement = {kind = versionRange; maximumVersion = 3.0.0; minimumVersion = 2.1.0; };
        \t\t};
        \t\tB10000000000000000000022 /* XCRemoteSwiftPackageReference "Mediator" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://git.example.com/ios/Mediator.git";
        \t\t\trequirement = {
        \t\t\t\tbranch = "release/2024.10";
        \t\t\t\tkind = branch;
        \t\t\t};
        \t\t};
        \t\tB10000000000000000000023 /* XCRemoteSwiftPackageReference "Analytics" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://git.example.com/ios/Analytics"; // pinned while the SDK is broken
        \t\t\trequirement = {
        \t\t\t\tkind = revision;
        \t\t\t\trevision = 4f1c2b7e9d0a3c5b6e8f1a2d4c6b8e0f1a3c5d7e;
        \t\t\t};
        \t\t};
        \t\tB10000000000000000000024 /* XCRemoteSwiftPackageReference "Odd" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://git.example.com/ios/Odd.git";
        \t\t\trequirement = {
        \t\t\t\tkind = someFutureKind;
        \t\t\t};
        \t\t};
        /* End XCRemoteSwiftPackageReference section */
        \t};
        \trootObject = B10000000000000000000001 /* Project object */;
        }

        """

    func testEveryRequirementKindIsReadWithItsLine() throws {
        let manifest = try XcodeProjectReader.parse(Self.recent, file: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(manifest.format, .xcodeProject)
        XCTAssertEqual(
            manifest.dependencies.map(\.requirement),
            [
                .path("Packages/DesignSystem"), .upToNextMinor("0.4.1"), .range("2.1.0", "3.0.0"),
                .branch("release/2024.10"),
                .revision("4f1c2b7e9d0a3c5b6e8f1a2d4c6b8e0f1a3c5d7e"),
            ])
        XCTAssertEqual(
            manifest.dependencies.map(\.identity), ["DesignSystem", "Detail", "Networking", "Mediator", "Analytics"])
        XCTAssertEqual(
            manifest.dependencies.map(\.line), [9, 18, 26, 31, 39],
            "the `requirement` line (a local package: its entry)")
        XCTAssertEqual(manifest.unreadableDependencies.map(\.line), [47])
        XCTAssertTrue(manifest.unreadableDependencies.first?.reason.contains("kind `someFutureKind`") == true)
        let older = try XcodeProjectReader.parse(Self.older, file: "Old.xcodeproj/project.pbxproj")
        XCTAssertEqual(older.dependencies.map(\.requirement), [.upToNextMajor("1.2.0"), .exact("2.0.0-rc.3")])
        XCTAssertEqual(
            older.dependencies.map(\.url),
            ["https://git.example.com/ios/Cart.git", "git@git.example.com:ios/Login.git"])
    }

    func testAPinRewritesOnlyTheRequirementBlockInXcodesOwnFormatting() throws {
        let manifest = try XcodeProjectReader.parse(Self.older, file: "Old.xcodeproj/project.pbxproj")
        let cart = try XCTUnwrap(manifest.dependencies.first)
        let pinned = manifest.pinning(cart, toExact: "1.3.0-rc.1")
        let expected = Self.older.replacingOccurrences(
            of: """
                \t\t\trequirement = {
                \t\t\t\tkind = upToNextMajorVersion;
                \t\t\t\tminimumVersion = 1.2.0;
                \t\t\t};
                """,
            with: """
                \t\t\trequirement = {
                \t\t\t\tkind = exactVersion;
                \t\t\t\tversion = 1.3.0-rc.1;
                \t\t\t};
                """)
        XCTAssertNotEqual(expected, Self.older)
        XCTAssertEqual(pinned, expected)
        // A one-line block keeps its line's indentation; build metadata needs quotes.
        let recent = try XcodeProjectReader.parse(Self.recent, file: "App.xcodeproj/project.pbxproj")
        let networking = try XCTUnwrap(recent.dependencies.first { $0.identity == "Networking" })
        let again = try XcodeProjectReader.parse(recent.pinning(networking, toExact: "2.2.0+ci.7"), file: "x")
        XCTAssertEqual(again.dependencies.first { $0.identity == "Networking" }?.requirement, .exact("2.2.0+ci.7"))
        XCTAssertTrue(
            recent.pinning(networking, toExact: "2.2.0+ci.7").contains(
                "\t\t\trequirement = {\n\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = \"2.2.0+ci.7\";\n\t\t\t};"))
    }

    func testStringsDecodeLikeXcodeReadsThem() throws {
        let root = try PropertyListParser.parse(
            #"{ a = "tab\there \"q\" \\ \U00e9 \101"; b = bare/path:1.0-x_$; c = ( one, "two", ); d = <0fbd77>; }"#)
        XCTAssertEqual(root["a"]?.string, "tab\there \"q\" \\ é A")
        XCTAssertEqual(root["b"]?.string, "bare/path:1.0-x_$")
        guard case .array(let items)? = root["c"]?.kind else { return XCTFail("c is an array") }
        XCTAssertEqual(items.compactMap(\.string), ["one", "two"])
        XCTAssertEqual(root["d"]?.string, "<0fbd77>")
        XCTAssertEqual(XcodeProjectReader.quotedIfNeeded("1.2.3"), "1.2.3")
        XCTAssertEqual(XcodeProjectReader.quotedIfNeeded("a b\"c"), "\"a b\\\"c\"")
        XCTAssertEqual(XcodeProjectReader.quotedIfNeeded(""), "\"\"")
    }

    func testBrokenFilesFailWithLineAndColumnNeverACrash() {
        let cases: [(String, Int, Int, String)] = [
            ("{\n  a = \"never closed;\n}\n", 2, 7, "quoted string is never closed"),
            ("{\n  /* open comment\n  a = b;\n}\n", 2, 3, "`/*` comment is never closed"),
            ("{\n  a = b\n}\n", 3, 1, "expected `;` after the value of `a`"),
            ("{\n  a = (x y);\n}\n", 2, 10, "expected `,` or `)`"),
            ("{ a = b; } trailing", 1, 12, "unexpected text after"),
            ("{ a = ; }", 1, 7, "unexpected `;`"),
            ("", 1, 1, "file ends where a value was expected"),
        ]
        for (text, line, column, reason) in cases {
            XCTAssertThrowsError(try XcodeProjectReader.parse(text, file: "P.xcodeproj/project.pbxproj")) { error in
                guard let error = error as? ManifestError else { return XCTFail("\(error)") }
                XCTAssertEqual([error.line, error.column], [line, column], "\(text): \(error)")
                XCTAssertTrue(error.reason.contains(reason), "\(text): \(error.reason)")
            }
        }
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        XCTAssertThrowsError(try XcodeProjectReader.parse("{ a = \(deep); }", file: "deep")) { error in
            XCTAssertTrue("\(error)".contains("nested deeper than 64 levels"), "\(error)")
        }
        XCTAssertThrowsError(try XcodeProjectReader.parse("{ a = b; }", file: "x")) { error in
            XCTAssertTrue("\(error)".contains("no `objects = { … };` dictionary"), "\(error)")
        }
    }

    func testAHugeProjectIsReadWhole() throws {
        var text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
        for index in 0..<20_000 {
            text +=
                """
                \t\tC\(String(format: "%023d", index)) /* file \(index) */ = {isa = PBXFileReference; path = \
                \"File \(index).swift\"; };\n
                """
        }
        text +=
            """
            \t\tD0 = {\n\t\t\tisa = XCRemoteSwiftPackageReference;\n\t\t\trepositoryURL = \
            \"https://git.example.com/ios/Cart.git\";\n
            """
        text +=
            "\t\t\trequirement = {\n\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 1.0.0;\n\t\t\t};\n\t\t};\n\t};\n}\n"
        let manifest = try XcodeProjectReader.parse(text, file: "Huge.xcodeproj/project.pbxproj")
        XCTAssertEqual(manifest.dependencies.map(\.requirement), [.exact("1.0.0")])
        XCTAssertEqual(manifest.dependencies.first?.line, 20_007)
    }
}
