import LockstepAPI

extension DiffCase {
    /// `@preconcurrency` and the `Sendable` it softens: warnings for Swift 6 clients where a declaration gains the
    /// demand under it, errors where the attribute is taken away, and no softening where it does not reach.
    static let concurrencyCases: [DiffCase] = [
        DiffCase(
            "Sendable demanded of an existential parameter under @preconcurrency breaks no call",
            old: "public protocol Handler {}\npublic func add(_ h: Handler) {}",
            new: "public protocol Handler {}\n@preconcurrency public func add(_ h: Handler & Sendable) {}",
            ["changed func add(_:)"], .additive),
        DiffCase(
            "@Sendable on a closure parameter and a Sendable generic requirement under @preconcurrency break no call",
            old: "public func run<T>(_ value: T, _ body: @escaping () -> Void) {}",
            new:
                """
                @preconcurrency public func run<T: Sendable>(_ value: T, _ body: @escaping @Sendable () -> Void) {}
                """,
            ["changed func run(_:_:)"], .additive),
        DiffCase(
            "a requirement gaining @Sendable under @preconcurrency keeps its conformers' implementations",
            old: "public protocol Loop { func execute(_ task: @escaping () -> Void) }",
            new: "public protocol Loop { @preconcurrency func execute(_ task: @escaping @Sendable () -> Void) }",
            ["changed func Loop.execute(_:)"], .additive),
        DiffCase(
            "@preconcurrency on a protocol softens its requirements' Sendable, a property's type too",
            old: "public protocol Primitive { static var add: (Int, Int) -> Int { get }\n func run(_ b: () -> Void) }",
            new:
                """
                @preconcurrency public protocol Primitive { static var add: @Sendable (Int, Int) -> Int { get }\n \
                func run(_ b: @Sendable () -> Void) }
                """,
            ["changed func Primitive.run(_:)", "changed var Primitive.add"], .additive),
        DiffCase(
            "an associated type gaining Sendable is not softened by @preconcurrency on its protocol",
            old: "@preconcurrency public protocol Identified { associatedtype ID: Hashable }",
            new: "@preconcurrency public protocol Identified { associatedtype ID: Hashable, Sendable }",
            ["changed associatedtype Identified.ID"], .breaking),
        DiffCase(
            "a requirement gaining Sendable in a protocol without @preconcurrency still breaks its conformers",
            old: "public protocol Primitive { static var add: (Int, Int) -> Int { get } }",
            new: "public protocol Primitive { static var add: @Sendable (Int, Int) -> Int { get } }",
            ["changed var Primitive.add"], .breaking),
        DiffCase(
            "the same Sendable demand without @preconcurrency breaks calls passing a non-Sendable value",
            old: "public protocol Handler {}\npublic func add(_ h: Handler) {}",
            new: "public protocol Handler {}\npublic func add(_ h: Handler & Sendable) {}",
            ["changed func add(_:)"], .breaking),
        DiffCase(
            "@preconcurrency softens only Sendable: another parameter change still breaks",
            old: "public protocol Handler {}\npublic func add(_ h: Handler, _ n: Int) {}",
            new: "public protocol Handler {}\n@preconcurrency public func add(_ h: Handler & Sendable, _ n: String) {}",
            ["changed func add(_:_:)"], .breaking),
        DiffCase(
            "@preconcurrency alone added or dropped where nothing demands Sendable is no change",
            old: "public func f(_ x: Int) {}\n@preconcurrency public func g(_ x: Int) {}",
            new: "@preconcurrency public func f(_ x: Int) {}\npublic func g(_ x: Int) {}",
            [], .none),
        DiffCase(
            "@preconcurrency dropped from a function that demands Sendable turns warnings into errors",
            old: "public protocol Handler {}\n@preconcurrency public func add(_ h: Handler & Sendable) {}",
            new: "public protocol Handler {}\npublic func add(_ h: Handler & Sendable) {}",
            ["changed func add(_:)"], .breaking),
        DiffCase(
            "an enum case's payload gaining Sendable is not softened by @preconcurrency on the enum",
            old: "public protocol Handler {}\npublic enum Position { case after(Handler) }",
            new: "public protocol Handler {}\n@preconcurrency public enum Position { case after(Handler & Sendable) }",
            ["changed case Position.after"], .breaking),
        DiffCase(
            "@_inlineable, Swift 4's @inlinable, changes no call",
            old: "public func f() -> Int { 0 }\npublic protocol P { func g() }",
            new: "@_inlineable public func f() -> Int { 0 }\npublic protocol P { @_inlineable func g() }",
            [], .none),
    ]
}
