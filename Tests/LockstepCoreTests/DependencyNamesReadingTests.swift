import Foundation
import LockstepAPI
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// A component's diff reads the typealiases of the workspace components it depends on (`APIReader.dependencyNames`).
final class DependencyNamesReadingTests: XCTestCase {
    /// Base declares `BaseSendable`; Cart (depending on Base when `depends`) conforms through it in 1.0.0 and to
    /// `Sendable` itself in 1.0.1.
    private func workspace(depends: Bool = true) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let base = try ws.component("Base")
        try base.write("Sources/Base/Aliases.swift", "public typealias BaseSendable = Swift.Sendable\n")
        try base.release("1.0.0")
        let cart = try ws.component("Cart", dependencies: depends ? [ws.dep("Base", "from: \"1.0.0\"")] : [])
        try cart.write("Sources/Cart/Item.swift", "import Base\npublic struct Item: BaseSendable {}\n")
        try cart.release("1.0.0")
        try cart.write("Sources/Cart/Item.swift", "import Base\npublic struct Item: Sendable {}\n")
        try cart.release("1.0.1")
        return ws
    }

    private func cartDiff(_ ws: WorkspaceBuilder) throws -> (diff: APIDiff, findings: [Finding]) {
        let context = RuleContext(snapshot: try ws.snapshot())
        let findings = try Rules.run(Rules.all.filter { $0.needsAPIDiff }, on: context)
        let cart = try XCTUnwrap(context.snapshot.component("Cart"))
        let diff = try context.api.diff(
            of: cart.component, from: try XCTUnwrap(cart.versionTags.first?.commit),
            to: try XCTUnwrap(cart.versionTags.last?.commit))
        context.api.save(cart.component)
        return (diff, findings)
    }

    func testAConformanceRespelledThroughADependencysAliasIsNoChange() throws {
        let ws = try workspace()
        let cold = try cartDiff(ws)
        XCTAssertEqual(cold.diff.changes.map(\.summary), [])
        XCTAssertEqual(cold.findings.map(\.rule), [])
        // Warm: the names and the verdict come from the cache, the same.
        let warm = try cartDiff(ws)
        XCTAssertEqual(warm.diff.changes.map(\.summary), [])
        XCTAssertEqual(warm.findings.map(\.rule), [])
    }

    func testWithoutTheDependencyTheRespellingIsAChange() throws {
        let found = try cartDiff(try workspace(depends: false))
        XCTAssertEqual(found.diff.impact, .breaking, "\(found.diff.changes.map(\.summary))")
        XCTAssertEqual(found.findings.map(\.rule), ["LS203"])
    }

    /// Cart depends on Base, which is not yet a component (`declared` false) or has no commit yet.
    private func cartBeforeBase(declared: Bool) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        if declared { try ws.component("Base") }
        let cart = try ws.component("Cart", dependencies: [ws.dep("Base", "from: \"1.0.0\"")])
        try cart.write("Sources/Cart/Item.swift", "import Base\npublic struct Item: BaseSendable {}\n")
        try cart.release("1.0.0")
        try cart.write("Sources/Cart/Item.swift", "import Base\npublic struct Item: Sendable {}\n")
        try cart.release("1.0.1")
        return ws
    }

    func testADependencyThatBecomesAComponentIsReadThen() throws {
        let ws = try cartBeforeBase(declared: false)
        XCTAssertEqual(try cartDiff(ws).diff.impact, .breaking)
        // Base joins lockstep.yml: the names remembered without it must not answer.
        let base = try ws.component("Base")
        try base.write("Sources/Base/Aliases.swift", "public typealias BaseSendable = Swift.Sendable\n")
        try base.release("1.0.0")
        XCTAssertEqual(try cartDiff(ws).diff.impact, .none)
    }

    func testADependencyWithoutCommitsIsReadOnceItHasOne() throws {
        let ws = try cartBeforeBase(declared: true)
        XCTAssertEqual(try cartDiff(ws).diff.impact, .breaking)
        try ws["Base"].write("Sources/Base/Aliases.swift", "public typealias BaseSendable = Swift.Sendable\n")
        try ws["Base"].release("1.0.0")
        XCTAssertEqual(try cartDiff(ws).diff.impact, .none)
    }

    func testOnlyFilesThatMayDeclareATopLevelAliasAreParsed() {
        func may(_ text: String) -> Bool { APIReader.mayDeclareTopLevelAlias(Data(text.utf8)) }
        XCTAssertTrue(may("import A\npublic typealias X = Int\n"))
        XCTAssertTrue(may("#if os(Linux)\n  public typealias X = Int\n#endif\n"))
        XCTAssertTrue(may("@available(*, deprecated) public typealias X = Int\n"))
        XCTAssertTrue(may("public typealias X = Int"), "at the very start, without a line break")
        XCTAssertFalse(may("public struct S {\n    public typealias X = Int\n}\n"))
        XCTAssertFalse(may("typealias X = Int\nlet s = \"typealias\"\n"))
        XCTAssertFalse(may("let s = 1 // public typealias X = Int\n"))
    }

    func testADependencyWhoseAliasChangedIsReadAgain() throws {
        let ws = try workspace()
        XCTAssertEqual(try cartDiff(ws).diff.impact, .none)
        // Base's alias now names another protocol: the remembered verdict must not answer.
        try ws["Base"].write("Sources/Base/Aliases.swift", "public typealias BaseSendable = Swift.Hashable\n")
        try ws["Base"].commit("retarget")
        let again = try cartDiff(ws)
        XCTAssertEqual(again.diff.impact, .breaking, "\(again.diff.changes.map(\.summary))")
        // A commit of Base that leaves its aliases alone leaves the names (and every verdict keyed on them) alone.
        let reader = RuleContext(snapshot: try ws.snapshot()).api
        let before = try reader.dependencyNames(of: XCTUnwrap(ws.snapshot().component("Cart")).component)
        try ws["Base"].write("Sources/Base/More.swift", "public struct More {}\n")
        try ws["Base"].commit("more")
        let after = RuleContext(snapshot: try ws.snapshot()).api.dependencyNames(
            of: try XCTUnwrap(ws.snapshot().component("Cart")).component)
        XCTAssertEqual(before, after)
        XCTAssertEqual(after.count, 1, after.text)
    }
}
