@testable import LockstepAPI
import XCTest

/// A dependency's top-level typealiases (`DependencyNames`) read with a component's files.
final class DependencyNamesTests: XCTestCase {
    private let dependency = """
        public typealias NIOSendable = Swift.Sendable
        public struct AnyCasePath<Root, Value> {}
        public typealias CasePath<Root, Value> = AnyCasePath<Root, Value>
        public enum ChannelOptions { public enum Types { public struct SocketOption {} } }
        public typealias SocketOption = ChannelOptions.Types.SocketOption
        public struct Buffer { public typealias Index = Int }
        #if os(Linux)
        public typealias Handle = Int32
        #endif
        """

    private let old = """
        public struct Handler: NIOSendable {}
        public func match(_ path: CasePath<Int, String>) {}
        public struct Failure { public let option: SocketOption }
        """

    private let new = """
        public struct Handler: Sendable {}
        public func match(_ path: AnyCasePath<Int, String>) {}
        public struct Failure { public let option: ChannelOptions.Types.SocketOption }
        """

    private func names(_ text: String) -> DependencyNames {
        DependencyNames(files: [APIFileSurface.extract(from: SourceFile(path: "Dep.swift", text: text))])
    }

    private func diff(_ old: String, _ new: String, names: DependencyNames?) -> APIDiff {
        let extra = names.map { [$0.surface(for: .default)] } ?? []
        let before = [APIFileSurface.extract(from: SourceFile(path: "A.swift", text: old))]
        let after = [APIFileSurface.extract(from: SourceFile(path: "A.swift", text: new))]
        let whole = APIDiff(old: APISurface(combining: before + extra), new: APISurface(combining: after + extra))
        // The touched-key diff, the names passed as a file both revisions share, says the same.
        XCTAssertEqual(APIDiff(old: before, new: after, shared: extra), whole)
        return whole
    }

    func testOnlyTopLevelAliasesDeclaredOnEveryPlatform() {
        let found = names(dependency)
        XCTAssertEqual(found.count, 3, found.text)
        XCTAssertTrue(found.text.contains("NIOSendable\t0\t0\t"), found.text)
        XCTAssertTrue(found.text.contains("CasePath\t2\t0\t"), found.text)
        XCTAssertFalse(found.text.contains("Index"), "a nested alias is reached through the dependency's type only")
        XCTAssertFalse(found.text.contains("Handle"), "declared on Linux only")
        XCTAssertEqual(DependencyNames(text: found.text), found)
        XCTAssertNil(DependencyNames(text: "NIOSendable\tx\t0\tSendable"))
        XCTAssertTrue(DependencyNames(files: []).isEmpty)
    }

    func testRespellingsThroughADependencysAliasesChangeNothing() {
        let without = diff(old, new, names: nil)
        XCTAssertEqual(without.impact, .breaking, "without the dependency the respellings read as changes")
        let with = diff(old, new, names: names(dependency))
        XCTAssertEqual(with.changes.map(\.summary), [])
        XCTAssertEqual(with.impact, .none)
        // The dependency's aliases are not the component's API.
        let surface = APISurface(
            combining: [
                APIFileSurface.extract(from: SourceFile(path: "A.swift", text: old)),
                names(dependency).surface(for: .default),
            ])
        XCTAssertFalse(surface.declarations.keys.contains { $0.contains("NIOSendable") || $0.contains("CasePath") })
    }

    func testTheComponentsOwnNameMeansItsOwn() {
        // The component declares its own `NIOSendable` protocol: conforming to `Sendable` instead is a change.
        let own = "public protocol NIOSendable {}\n"
        let found = diff(own + old, own + new, names: names(dependency))
        XCTAssertTrue(found.changes.contains { $0.key == "conformance Handler: NIOSendable" }, "\(found.changes)")
        XCTAssertEqual(found.impact, .breaking)
    }

    func testAProtocolsAssociatedTypeOfTheAliassNameMeansItself() {
        // Inside the protocol `Output` is its associated type: `-> Int` breaks conformers whose `Output` is another.
        let found = diff(
            "public protocol P { associatedtype Output\n func f() -> Output }",
            "public protocol P { associatedtype Output\n func f() -> Int }",
            names: names("public typealias Output = Int"))
        XCTAssertEqual(found.impact, .breaking, "\(found.changes.map(\.summary))")
    }

    func testAnAliasWhoseTargetNamesATypeOfTheComponentIsNotFollowed() {
        // The dependency's `Handler` is its own `Callback`, not the component's.
        let dependency = "public struct Callback {}\npublic typealias Handler = Callback"
        let own = "public struct Callback {}\n"
        let found = diff(
            own + "public func take(_ h: Handler) {}", own + "public func take(_ h: Callback) {}",
            names: names(dependency))
        XCTAssertEqual(found.impact, .breaking, "\(found.changes.map(\.summary))")
    }

    func testAnInternalTypeAddedChangesNoSignatureReadThroughAnAlias() {
        let dependency =
            "public struct Request {}\npublic struct Response {}\n"
            + "public typealias Handler = (Request) -> Response"
        let found = diff(
            "public func serve(_ h: @escaping Handler) {}",
            "public func serve(_ h: @escaping Handler) {}\nstruct Cache<Request, Value> {}", names: names(dependency))
        XCTAssertEqual(found.changes.map(\.summary), [])
    }

    func testAStandardTypesGenericParameterOfTheAliassNameMeansItself() {
        // In `extension Dictionary`, `Value` is the dictionary's: `-> Int?` is a change.
        let found = diff(
            "extension Dictionary { public func lookup(_ k: Key) -> Value? { nil } }",
            "extension Dictionary { public func lookup(_ k: Key) -> Int? { nil } }",
            names: names("public typealias Value = Int"))
        XCTAssertEqual(found.impact, .breaking, "\(found.changes.map(\.summary))")
    }

    func testTwoDependenciesDisagreeingOnANameFollowNeither() {
        let found = DependencyNames(files: [
            APIFileSurface.extract(from: SourceFile(path: "A.swift", text: "public typealias Token = Int")),
            APIFileSurface.extract(from: SourceFile(path: "B.swift", text: "public typealias Token = String")),
        ])
        XCTAssertTrue(found.isEmpty, found.text)
        let agreeing = DependencyNames(files: [
            APIFileSurface.extract(from: SourceFile(path: "A.swift", text: "public typealias Token = Int")),
            APIFileSurface.extract(from: SourceFile(path: "B.swift", text: "public typealias Token = Int")),
        ])
        XCTAssertEqual(agreeing.count, 1)
    }

    func testANameSwitchedBetweenTheAliasAndAnotherTypeStillBreaks() {
        // `SocketOption` (the dependency's alias of `ChannelOptions.Types.SocketOption`) replaced by another type.
        let found = diff(
            "public struct Failure { public let option: SocketOption }",
            "public struct Failure { public let option: ChannelOptions.Types.Other }", names: names(dependency))
        XCTAssertEqual(found.impact, .breaking)
    }
}
