import LockstepManifest
import SwiftParser
import SwiftSyntax
import XCTest

/// A hostile `remote:` pattern must stay one string literal in the rewritten manifest, never become code.
final class ManifestEscapeTests: XCTestCase {
    static let text = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Main",
            dependencies: [
                .package(path: "../Local"),
            ],
            targets: [.executableTarget(name: "Main")]
        )

        """

    /// URLs that would end a plain `"…"` literal, interpolate, or close a raw string if pasted as they are.
    static let hostileURLs = [
        #"https://x.example/a.git", exact: "1.0.0"), .package(url: "https://evil.example/b.git"#,
        #"https://x.example/\(evil())/a.git"#,
        "https://x.example/a.git\"\n    ]); fatalError(\"pwned\"); let x = ([\"",
        ##"https://x.example/a"#.git"##,
        "https://x.example/\\\"a\\.git\u{0}\u{7}\u{202E}",
    ]

    func testHostileURLStaysOneLiteralWhenPinningAPathDependency() throws {
        let manifest = try Manifest.parse(Self.text, file: "Package.swift")
        for url in Self.hostileURLs {
            let rewritten = manifest.pinning(manifest.dependencies[0], toExact: "1.2.3", url: url)
            let calls = try packageCalls(in: rewritten)
            XCTAssertEqual(calls.count, 1, rewritten)
            XCTAssertEqual(calls.first?.url, url, rewritten)
            XCTAssertEqual(calls.first?.exact, "1.2.3", rewritten)
            XCTAssertEqual(calls.first?.labels, ["url", "exact"], rewritten)
        }
    }

    func testHostileURLStaysOneLiteralWhenAddingDependencies() throws {
        let manifest = try Manifest.parse(Self.text, file: "Package.swift")
        for url in Self.hostileURLs {
            let rewritten = try manifest.addingDependencies([(url: url, version: "2.0.0")])
            let calls = try packageCalls(in: rewritten)
            XCTAssertEqual(calls.count, 2, rewritten)
            XCTAssertEqual(calls.last?.url, url, rewritten)
            XCTAssertEqual(calls.last?.exact, "2.0.0", rewritten)
            // Outside the added literal the text is the original plus the new `.package(...)` line.
            XCTAssertTrue(rewritten.hasPrefix(Self.text.components(separatedBy: ".package(path").first!), rewritten)
            XCTAssertTrue(
                rewritten.hasSuffix("),\n    ],\n    targets: [.executableTarget(name: \"Main\")]\n)\n"), rewritten)
        }
    }

    func testOrdinaryURLIsWrittenAsIs() {
        XCTAssertEqual(
            SwiftLiteral.string("https://git.example.com/ios/Cart.git"), #""https://git.example.com/ios/Cart.git""#)
    }

    /// Every `.package(...)` call of the text, which must parse without errors and hold no other code.
    private func packageCalls(in text: String) throws -> [(labels: [String], url: String?, exact: String?)] {
        let tree = Parser.parse(source: text)
        XCTAssertFalse(tree.hasError, text)
        let finder = CallFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        // The only calls are Package(...), .executableTarget(...) and the .package(...) entries.
        XCTAssertEqual(Set(finder.calledNames).subtracting(["Package", "executableTarget", "package"]), [], text)
        return finder.packages
    }
}

private final class CallFinder: SyntaxVisitor {
    var calledNames: [String] = []
    var packages: [(labels: [String], url: String?, exact: String?)] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name =
            node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "?"
        calledNames.append(name)
        if name == "package" {
            let labels = node.arguments.map { $0.label?.text ?? "_" }
            func value(_ label: String) -> String? {
                node.arguments.first { $0.label?.text == label }?.expression.as(StringLiteralExprSyntax.self)?
                    .representedLiteralValue
            }
            packages.append((labels: labels, url: value("url"), exact: value("exact")))
        }
        return .visitChildren
    }
}
