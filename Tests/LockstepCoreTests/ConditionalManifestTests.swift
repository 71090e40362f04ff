import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// `#if` in manifests: a branch the configured toolchain never takes is not read (its requirements used to be
/// merged in and reported), and undecidable branches are alternatives each judged on its own.
final class ConditionalManifestTests: XCTestCase {
    func manifest(_ name: String, base: [String], conditional: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "\(name)",
            dependencies: [
        \(base.map { "        .package(\($0))," }.joined(separator: "\n"))
            ],
            targets: [.target(name: "\(name)")]
        )
        \(conditional)

        """
    }

    func testADeadBranchIsNotReadAndTheLiveOneIs() throws {
        let ws = try WorkspaceBuilder()
        try ws.component("A").release("1.0.0")
        let shell = try ws.app("Shell", role: "shell", dependencies: [])
        try shell.write(
            "Package.swift",
            manifest(
                "Shell", base: [],
                conditional: """
                    #if compiler(>=5.9)
                    package.dependencies += [.package(url: "\(ws.url("A"))", from: "1.0.0")]
                    #else
                    package.dependencies += [.package(url: "\(ws.url("A"))", from: "0.1.0")]
                    #endif
                    """))
        try shell.commit("per compiler")
        let file = ws.root.appendingPathComponent("lockstep.yml")
        try (String(contentsOf: file, encoding: .utf8) + "swift-tools-version: \"6.0\"\n").write(
            to: file, atomically: true, encoding: .utf8)
        // Before: both branches were merged, and `from: "0.1.0"` (no such tag) was an LS404.
        XCTAssertEqual(try ws.findings().filter { $0.rule == "LS404" }.map(\.message), [])
        XCTAssertEqual(
            try ws.snapshot().app("Shell")?.dependencies.map(\.dependency.requirement), [.upToNextMajor("1.0.0")])
    }

    func testTheTieHoldsInEveryAlternative() throws {
        let ws = try WorkspaceBuilder()
        let p = try ws.component("P", kind: "protocols")
        try p.release("1.0.0")
        try p.release("2.0.0")
        let impl = try ws.component("Impl", kind: "business", implements: "P")
        try impl.write(
            "Package.swift",
            manifest(
                "Impl", base: [],
                conditional: """
                    #if os(Linux)
                    package.dependencies += [.package(url: "\(ws.url("P"))", from: "2.0.0")]
                    #else
                    package.dependencies += [.package(url: "\(ws.url("P"))", from: "1.0.0")]
                    #endif
                    """))
        try impl.release("2.0.0")
        // The non-Linux branch ties Impl 2.0.0 to P's line 1: the tie breaks on macOS (only the first
        // requirement was judged before, so this went unseen).
        let ties = try ws.findings().filter { $0.rule == "LS202" }
        XCTAssertEqual(ties.count, 1, "\(ties)")
        XCTAssertTrue(ties.first?.message.contains("`from: \"1.0.0\"` on line 1") == true, "\(ties)")
        // Both alternatives on Impl's line: no finding.
        try impl.write(
            "Package.swift",
            manifest(
                "Impl", base: [],
                conditional: """
                    #if os(Linux)
                    package.dependencies += [.package(url: "\(ws.url("P"))", from: "2.0.0")]
                    #else
                    package.dependencies += [.package(url: "\(ws.url("P"))", .upToNextMajor(from: "2.0.0"))]
                    #endif
                    """))
        try impl.release("2.0.1")
        XCTAssertEqual(try ws.findings().filter { $0.rule == "LS202" && $0.version == "2.0.1" }.map(\.message), [])
    }
}
