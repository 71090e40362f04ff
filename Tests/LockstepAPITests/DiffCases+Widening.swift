import LockstepAPI

extension DiffCase {
    /// Classes of change that leave every use compiling (or, the last ones, break calls with nothing removed),
    /// written from the class: each with the nearest case that must still break.
    static let wideningCases: [DiffCase] = [
        DiffCase(
            "a macro role declaring one more name",
            old: "@attached(member, names: named(A))\npublic macro M() = #externalMacro(module: \"X\", type: \"Y\")",
            new:
                """
                @attached(member, names: named(A), named(_B))\npublic macro M() = #externalMacro(module: \"X\", \
                type: \"Y\")
                """,
            ["changed macro M()"], .additive),
        DiffCase(
            "a macro role taken away",
            old:
                """
                @attached(member, names: named(A))
                @attached(extension, conformances: P)
                public macro M() = #externalMacro(module: "X", type: "Y")
                """,
            new: "@attached(member, names: named(A))\npublic macro M() = #externalMacro(module: \"X\", type: \"Y\")",
            ["changed macro M()"], .breaking),
        DiffCase(
            "& Sendable dropped from a parameter's composition",
            old: "public protocol P {}\npublic func f(_ x: any P & Sendable) {}",
            new: "public protocol P {}\npublic func f(_ x: any P) {}",
            ["changed func f(_:)"], .additive),
        DiffCase(
            "& Sendable added to a parameter's composition",
            old: "public protocol P {}\npublic func f(_ x: any P) {}",
            new: "public protocol P {}\npublic func f(_ x: any P & Sendable) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "@Sendable dropped from a closure parameter",
            old: "public func run(_ body: @escaping @Sendable () -> Void) {}",
            new: "public func run(_ body: @escaping () -> Void) {}",
            ["changed func run(_:)"], .additive),
        DiffCase(
            "@Sendable dropped from a closure the closure parameter receives",
            old: "public func run(_ body: @escaping (@Sendable () -> Void) -> Void) {}",
            new: "public func run(_ body: @escaping (() -> Void) -> Void) {}",
            ["changed func run(_:)"], .breaking),
        DiffCase(
            "a setter added to a property",
            old: "public struct S { public var x: Int { 0 } }",
            new: "public struct S { public var x: Int { get { 0 } set {} } }",
            ["changed var S.x"], .additive),
        DiffCase(
            "a setter added to a protocol's property requirement",
            old: "public protocol P { var x: Int { get } }",
            new: "public protocol P { var x: Int { get set } }",
            ["changed var P.x"], .breaking),
        DiffCase(
            "a setter added to an open property",
            old: "open class C { open var x: Int { 0 } }",
            new: "open class C { open var x: Int { get { 0 } set {} } }",
            ["changed var C.x"], .breaking),
        DiffCase(
            "final added to a public class and to a member no client can override",
            old: "public class C { public init() {}\n public func m() {} }",
            new: "public final class C { public init() {}\n public final func m() {} }",
            [], .none),
        DiffCase(
            "final added to an open class",
            old: "open class C { public init() {} }",
            new: "public final class C { public init() {} }",
            ["changed class C"], .breaking),
        DiffCase(
            "an async overload beside a kept synchronous one",
            old: "public func load() -> Int { 0 }",
            new: "public func load() -> Int { 0 }\n@_disfavoredOverload public func load() async -> Int { 0 }",
            ["added func load() [public func load() async -> Int]"], .breaking),
        DiffCase(
            "a synchronous function and its async overload added together",
            old: "public func keep() {}",
            new: "public func keep() {}\npublic func load() -> Int { 0 }\npublic func load() async -> Int { 0 }",
            ["added func load() [public func load() -> Int]", "added func load() [public func load() async -> Int]"],
            .additive),
        DiffCase(
            "an async overload taking other parameters",
            old: "public func load(_ id: Int) -> Int { 0 }",
            new: "public func load(_ id: Int) -> Int { 0 }\npublic func load(_ id: String) async -> Int { 0 }",
            ["added func load(_:) (String)"], .additive),
    ]
}
