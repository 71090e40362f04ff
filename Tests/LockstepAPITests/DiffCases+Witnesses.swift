import Foundation
import LockstepAPI

/// A requirement added beside a protocol extension member of the same name and labels: additive only when that
/// member is a witness for it, as the compiler matches witnesses (each breaking case checked with `swiftc` 6.3: a
/// conformer without the member no longer compiles; each additive one compiles).
extension DiffCase {
    /// The protocol `Log` with `requirement` added, beside an unchanged extension holding `default`.
    private static func witness(_ name: String, requirement: String, default member: String, _ impact: APIImpact)
        -> DiffCase
    {
        witness(name, requirement: requirement, beside: "extension Log { public \(member) }", impact)
    }

    /// The protocol `Log` (declared as `header`) with `requirement` added, beside the unchanged `declarations`.
    private static func witness(
        _ name: String, header: String = "public protocol Log", requirement: String, beside declarations: String,
        _ impact: APIImpact
    ) -> DiffCase {
        DiffCase(
            name, old: "\(header) { associatedtype Entry = String }\n\(declarations)",
            new: "\(header) { associatedtype Entry = String\n \(requirement) }\n\(declarations)",
            ["added " + requirementKey(requirement)], impact)
    }

    /// `func flush(_ s: String)` → `func Log.flush(_:)`; `var size: Int { get }` → `var Log.size`.
    private static func requirementKey(_ requirement: String) -> String {
        var words = requirement.split(separator: " ").map(String.init)
        while let first = words.first, ["static", "mutating", "nonisolated"].contains(first) { words.removeFirst() }
        let keyword = words[0]
        let rest = words.dropFirst().joined(separator: " ")
        if keyword == "init" || keyword == "init?" || keyword.hasPrefix("init") {
            return "init Log(" + labels(requirement) + ")"
        }
        if keyword.hasPrefix("subscript") { return "subscript Log[" + labels(requirement) + "]" }
        let name = rest.prefix { $0 != "(" && $0 != ":" && $0 != "<" }
        if keyword == "var" { return "var Log.\(name)" }
        return "func Log.\(name)(" + labels(requirement) + ")"
    }

    private static func labels(_ requirement: String) -> String {
        guard let open = requirement.firstIndex(of: "("), let close = requirement.firstIndex(of: ")") else { return "" }
        let inside = requirement[requirement.index(after: open)..<close]
        return inside.split(separator: ",").map { parameter in
            (parameter.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "_")
                .replacingOccurrences(of: ":", with: "") + ":"
        }.joined()
    }

    static let witnessCases: [DiffCase] =
        [
            // No witness: conformers outside the package must add the member.
            witness(
                "a requirement beside a default with another parameter type",
                requirement: "func flush(_ s: String)", default: "func flush(_ s: Substring) {}", .breaking),
            witness(
                "a requirement beside a default with another result type",
                requirement: "func count() -> Int", default: "func count() -> Int? { 0 }", .breaking),
            witness(
                "a static requirement beside an instance default",
                requirement: "static func make()", default: "func make() {}", .breaking),
            witness(
                "an instance requirement beside a static default",
                requirement: "func make()", default: "static func make() {}", .breaking),
            witness(
                "a requirement beside a throwing default",
                requirement: "func flush()", default: "func flush() throws {}", .breaking),
            witness(
                "a requirement beside an async default",
                requirement: "func flush()", default: "func flush() async {}", .breaking),
            witness(
                "a requirement beside a mutating default",
                requirement: "func flush()", default: "mutating func flush() {}", .breaking),
            witness(
                "a settable requirement beside a get-only default",
                requirement: "var size: Int { get set }", default: "var size: Int { 0 }", .breaking),
            witness(
                "a requirement beside a default of another property type",
                requirement: "var size: Int { get }", default: "var size: Int? { 0 }", .breaking),
            witness(
                "a requirement beside a default taking inout",
                requirement: "func fill(_ s: Int)", default: "func fill(_ s: inout Int) {}", .breaking),
            witness(
                "a requirement beside a default taking an array for a variadic",
                requirement: "func write(_ s: Int...)", default: "func write(_ s: [Int]) {}", .breaking),
            witness(
                "a requirement beside a default of typed throws for untyped",
                requirement: "func flush() throws(CancellationError)", default: "func flush() throws {}", .breaking),
            witness(
                "a requirement beside a default with a constraint the requirement lacks",
                requirement: "func put<T>(_ value: T)", default: "func put<U: Equatable>(_ value: U) {}", .breaking),
            witness(
                "a requirement beside a default of the associated type's default type",
                requirement: "func append(_ e: Entry)", default: "func append(_ e: String) {}", .breaking),
            witness(
                "a settable subscript requirement beside a get-only default",
                requirement: "subscript(_ i: Int) -> Int { get set }", default: "subscript(_ i: Int) -> Int { 0 }",
                .breaking),
            // Witnesses: every conformer gets the member from the extension.
            witness(
                "a throwing requirement beside a default that does not throw",
                requirement: "func flush() throws", default: "func flush() {}", .additive),
            witness(
                "an async requirement beside a default that is not",
                requirement: "func flush() async", default: "func flush() {}", .additive),
            witness(
                "a mutating requirement beside a default that is not",
                requirement: "mutating func flush()", default: "func flush() {}", .additive),
            witness(
                "a get-only requirement beside a settable default",
                requirement: "var size: Int { get }", default: "var size: Int { get { 0 } nonmutating set {} }",
                .additive),
            witness(
                "a requirement beside a default spelling the associated type through Self",
                requirement: "func append(_ e: Entry)", default: "func append(_ e: Self.Entry) {}", .additive),
            witness(
                "a generic requirement beside a default naming its generic parameter otherwise",
                requirement: "func put<T: Equatable>(_ value: T)", default: "func put<U: Equatable>(_ value: U) {}",
                .additive),
            witness(
                "a constrained generic requirement beside an unconstrained generic default",
                requirement: "func put<T: Equatable>(_ value: T)", default: "func put<U>(_ value: U) {}", .additive),
            witness(
                "a requirement beside a generic default",
                requirement: "func put(_ value: Int)", default: "func put<T>(_ value: T) {}", .additive),
            witness(
                "a requirement beside a default whose parameter has a default value",
                requirement: "func put(_ value: Int)", default: "func put(_ value: Int = 0) {}", .additive),
            witness(
                "an escaping closure requirement beside a default whose closure is not",
                requirement: "func run(_ body: @escaping @Sendable () -> Void)",
                default: "func run(_ body: () -> Void) {}",
                .additive),
            witness(
                "a requirement beside a default with typed throws",
                requirement: "func flush() throws", default: "func flush() throws(CancellationError) {}", .additive),
            witness(
                "a requirement returning Self beside a default returning Self",
                requirement: "func copy() -> Self", default: "func copy() -> Self { self }", .additive),
        ] + witnessConstraintCases

    /// Constraints, isolation, specifiers and parents: what a member's extension or protocol adds to its signature.
    static let witnessConstraintCases: [DiffCase] = [
        witness(
            "a requirement beside a default in an extension constraining an associated type",
            requirement: "func flush()", beside: "extension Log where Entry: Equatable { public func flush() {} }",
            .breaking),
        witness(
            "a requirement beside a default in an extension fixing an associated type",
            requirement: "func flush()", beside: "extension Log where Entry == Int { public func flush() {} }",
            .breaking),
        witness(
            "a requirement beside a generic default whose deduced type may not meet its constraint",
            requirement: "func put(_ v: Int)", default: "func put<T: StringProtocol>(_ v: T) {}", .breaking),
        witness(
            "a requirement beside a generic default constraining what the associated type is",
            requirement: "func put(_ v: Entry)", default: "func put<T: Equatable>(_ v: T) {}", .breaking),
        witness(
            "a requirement beside a default with a throwing getter",
            requirement: "var size: Int { get }", default: "var size: Int { get throws { 0 } }", .breaking),
        witness(
            "a requirement beside a default with an async getter",
            requirement: "var size: Int { get }", default: "var size: Int { get async { 0 } }", .breaking),
        witness(
            "a requirement beside a main-actor default",
            requirement: "func flush()", beside: "extension Log { @MainActor public func flush() {} }", .breaking),
        witness(
            "a requirement beside a default in a main-actor extension",
            requirement: "func flush()", beside: "@MainActor extension Log { public func flush() {} }", .breaking),
        witness(
            "a requirement beside a nonisolated default in a main-actor extension",
            requirement: "func flush()", beside: "@MainActor extension Log { nonisolated public func flush() {} }",
            .additive),
        DiffCase(
            "a global actor moved from the members to their extension",
            old:
                """
                public struct Obj {}\nextension Obj { @MainActor public func observe() {}\n @MainActor public var \
                id: Int { 0 } }
                """,
            new:
                """
                public struct Obj {}\n@MainActor extension Obj { public func observe() {}\n public var id: Int { \
                0 } }
                """,
            [], .none),
        DiffCase(
            "a global actor of any name added to an extension isolates its members",
            old: "public struct Obj {}\nextension Obj { public func observe() {} }",
            new: "public struct Obj {}\n@DB extension Obj { public func observe() {} }",
            ["changed func Obj.observe()"], .breaking),
        DiffCase(
            "a global actor moved onto an extension of a type isolated to it",
            old: "@MainActor public final class VM {}\nextension VM { public func f() {} }",
            new: "@MainActor public final class VM {}\n@MainActor extension VM { public func f() {} }",
            [], .none),
        DiffCase(
            "a concurrent function in a main-actor extension",
            old: "public struct Obj {}\nextension Obj { @concurrent public func f() async {} }",
            new: "public struct Obj {}\n@MainActor extension Obj { @concurrent public func f() async {} }",
            [], .none),
        DiffCase(
            "a global actor dropped from a synchronous function",
            old: "public struct Obj {}\nextension Obj { @MainActor public func observe() {} }",
            new: "public struct Obj {}\nextension Obj { public func observe() {} }",
            ["changed func Obj.observe()"], .additive),
        DiffCase(
            "a global actor dropped from an async function",
            old: "public struct Obj {}\nextension Obj { @MainActor public func observe() async {} }",
            new: "public struct Obj {}\nextension Obj { public func observe() async {} }",
            ["changed func Obj.observe()"], .breaking),
        DiffCase(
            "a global actor dropped from an open method",
            old: "open class Obj { @MainActor open func observe() {} }",
            new: "open class Obj { open func observe() {} }",
            ["changed func Obj.observe()"], .breaking),
        DiffCase(
            "a global actor added to an extension isolates its members",
            old: "public struct Obj {}\nextension Obj { public func observe() {} }",
            new: "public struct Obj {}\n@MainActor extension Obj { public func observe() {} }",
            ["changed func Obj.observe()"], .breaking),
        witness(
            "a nonisolated requirement of a main-actor protocol beside a default that inherits the actor",
            header: "@MainActor public protocol Log", requirement: "nonisolated func flush()",
            beside: "extension Log { public func flush() {} }", .breaking),
        witness(
            "a requirement of a main-actor protocol beside a default that inherits the actor",
            header: "@MainActor public protocol Log", requirement: "func flush()",
            beside: "extension Log { public func flush() {} }", .additive),
        witness(
            "an async requirement beside a main-actor default",
            requirement: "func flush() async", beside: "extension Log { @MainActor public func flush() async {} }",
            .additive),
        witness(
            "a requirement beside a default borrowing its parameter",
            requirement: "func put(_ v: String)", default: "func put(_ v: borrowing String) {}", .additive),
        witness(
            "a requirement sending its parameter beside a default that takes it plain",
            requirement: "func put(_ v: sending String)", default: "func put(_ v: String) {}", .additive),
        witness(
            "a requirement beside a default that wants its parameter sent",
            requirement: "func put(_ v: String)", default: "func put(_ v: sending String) {}", .breaking),
        witness(
            "a requirement beside a default taking an autoclosure",
            requirement: "func put(_ v: () -> Int)", default: "func put(_ v: @autoclosure () -> Int) {}", .additive),
        witness(
            "a requirement beside a default constrained to the protocol itself",
            requirement: "func merge(_ o: Self)", default: "func merge<T: Log>(_ o: T) {}", .additive),
        witness(
            "a requirement of a class-bound protocol beside a default for classes",
            header: "public protocol Log: AnyObject", requirement: "func flush()",
            beside: "extension Log where Self: AnyObject { public func flush() {} }", .additive),
        witness(
            "a requirement beside a default in an extension of a parent protocol",
            header: "public protocol Base {}\npublic protocol Log: Base", requirement: "func flush()",
            beside: "extension Base { public func flush() {} }", .additive),
        witness(
            "a requirement beside a default in a parent's extension that throws",
            header: "public protocol Base {}\npublic protocol Log: Base", requirement: "func flush()",
            beside: "extension Base { public func flush() throws {} }", .breaking),
        witness(
            "a requirement beside a default for conformers of a parent they all conform to",
            header: "public protocol Base {}\npublic protocol Log: Base", requirement: "func flush()",
            beside: "extension Log where Self: Base { public func flush() {} }", .additive),
    ]
}
