import Foundation
import LockstepAPI
@testable import LockstepCore
import LockstepManifest
import LockstepTestSupport
import XCTest

/// Declarations moved into a module of the same package that a product's module re-exports (`@_exported import`)
/// stay API: clients importing the product see them as before.
extension APILayoutTests {
    private func reexportWorkspace() throws -> (WorkspaceBuilder, RepoBuilder) {
        let (ws, repo) = try kitWorkspace()
        try repo.write(
            "Sources/Kit/Kit.swift",
            """
            public struct Kit { public init() {} }\npublic struct Widget { public init() {}\n public var size: \
            Int { 1 } }\n
            """
        )
        _ = try repo.release("1.1.0")
        return (ws, repo)
    }

    private func split(_ repo: RepoBuilder, exported: Bool) throws {
        try repo.write(
            "Package.swift",
            APILayoutTests.manifest(
                libraries: [("Kit", ["Kit"])], targets: [("Kit", nil), ("KitCore", nil), ("KitTestSupport", nil)]
            ).replacingOccurrences(
                of: ".target(name: \"Kit\")", with: ".target(name: \"Kit\", dependencies: [\"KitCore\"])"))
        try repo.write(
            "Sources/KitCore/Widget.swift", "public struct Widget { public init() {}\n public var size: Int { 1 } }\n")
        try repo.write(
            "Sources/Kit/Kit.swift",
            (exported ? "@_exported import KitCore\n" : "import KitCore\n") + "public struct Kit { public init() {} }\n"
        )
        _ = try repo.commit("move Widget into KitCore")
    }

    func testAMoveIntoAReexportedModuleOfThePackageIsNoChange() throws {
        let (ws, repo) = try reexportWorkspace()
        try split(repo, exported: true)
        let diff = try diff(ws, from: "1.1.0")
        XCTAssertEqual(diff.changes.map { "\($0.kind) \($0.key)" }, [])
        XCTAssertEqual(diff.impact, .none)
    }

    func testAMoveIntoAModuleThatIsOnlyImportedIsARemoval() throws {
        let (ws, repo) = try reexportWorkspace()
        try split(repo, exported: false)
        let diff = try diff(ws, from: "1.1.0")
        XCTAssertEqual(diff.impact, .breaking)
        XCTAssertEqual(
            diff.changes.map { "\($0.kind) \($0.key)" },
            ["removed struct Widget", "removed var Widget.size", "removed init Widget()"].sorted())
    }

    func testAnAdditionInTheReexportedModuleIsMinor() throws {
        let (ws, repo) = try reexportWorkspace()
        try split(repo, exported: true)
        _ = try repo.release("1.1.1")
        try repo.write(
            "Sources/KitCore/Widget.swift",
            "public struct Widget { public init() {}\n public var size: Int { 1 }\n public var color: Int { 0 } }\n")
        _ = try repo.commit("a color")
        let diff = try diff(ws, from: "1.1.1")
        XCTAssertEqual(diff.changes.map { "\($0.kind) \($0.key)" }, ["added var Widget.color"])
        XCTAssertEqual(diff.impact, .additive)
    }
}
