import LockstepAPI

extension DiffCase {
    /// A scheduler type and its generic alias renamed (`FailingScheduler…` → `UnimplementedScheduler…`) with the old
    /// names left as aliases of the new; `arguments` are the new alias's target's (`S.T, S.O`, as the old one's).
    private static func schedulerRename(arguments: String) -> (old: String, new: String) {
        let shared = """
            public protocol Sch { associatedtype T; associatedtype O }
            public struct Q: Sch { public typealias T = Int; public typealias O = String }

            """
        let old = """
            public struct FailingScheduler<T, O> {}
            public typealias FailingSchedulerOf<S: Sch> = FailingScheduler<S.T, S.O>
            extension Q { public static func failing() -> FailingSchedulerOf<Q> { .init() } }
            """
        let new = """
            public struct UnimplementedScheduler<T, O> {}
            public typealias UnimplementedSchedulerOf<S: Sch> = UnimplementedScheduler<\(arguments)>
            public typealias FailingScheduler = UnimplementedScheduler
            public typealias FailingSchedulerOf = UnimplementedSchedulerOf
            extension Q { public static func failing() -> UnimplementedSchedulerOf<Q> { .init() } }
            """
        return (shared + old, shared + new)
    }

    /// `@preconcurrency` and the `Sendable` it softens: warnings for Swift 6 clients where a declaration gains the
    /// demand under it, errors where the attribute is taken away, and no softening where it does not reach.
    static let concurrencyCases: [DiffCase] = [
        DiffCase(
            "@isolated(any) added to a closure parameter (its @Sendable dropped): every closure converts to it",
            old: "public func run(operation: @Sendable () async throws -> Void) async rethrows {}",
            new: "public func run(operation: @isolated(any) () async throws -> Void) async rethrows {}",
            ["changed func run(operation:)"], .additive),
        DiffCase(
            "@isolated(any) added to a requirement's closure parameter breaks conformers",
            old: "public protocol Runner { func run(_ op: @escaping () -> Void) }",
            new: "public protocol Runner { func run(_ op: @escaping @isolated(any) () -> Void) }",
            ["changed func Runner.run(_:)"], .breaking),
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
            """
            a requirement or open method gaining an existential & Sendable under @preconcurrency breaks \
            implementations
            """,
            old:
                """
                public protocol H {}\npublic protocol Pipe { func add(_ h: H) }\nopen class Base { open func \
                add(_ h: H) {} }
                """,
            new:
                """
                public protocol H {}\npublic protocol Pipe { @preconcurrency func add(_ h: H & Sendable) }\nopen \
                class Base { @preconcurrency open func add(_ h: H & Sendable) {} }
                """,
            ["changed func Base.add(_:)", "changed func Pipe.add(_:)"], .breaking),
        DiffCase(
            "an open property gaining @Sendable under @preconcurrency breaks assignments and overrides",
            old: "open class Box { open var callback: () -> Void = {} }",
            new: "open class Box { @preconcurrency open var callback: @Sendable () -> Void = {} }",
            ["changed var Box.callback"], .breaking),
        DiffCase(
            "@preconcurrency on a protocol softens a get-only property requirement's type for its conformers",
            old: "public protocol Primitive { static var add: (Int, Int) -> Int { get } }",
            new: "@preconcurrency public protocol Primitive { static var add: @Sendable (Int, Int) -> Int { get } }",
            ["changed var Primitive.add"], .additive),
        DiffCase(
            "@preconcurrency on a protocol does not soften its methods' Sendable for callers",
            old: "public protocol Primitive { func run(_ b: @escaping () -> Void) }",
            new: "@preconcurrency public protocol Primitive { func run(_ b: @escaping @Sendable () -> Void) }",
            ["changed func Primitive.run(_:)"], .breaking),
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
            "@preconcurrency dropped along with a compatible change still breaks",
            old: "public protocol Handler {}\n@preconcurrency public func add(_ h: Handler & Sendable) {}",
            new: "public protocol Handler {}\npublic func add(_ h: Handler & Sendable, flag: Bool = false) {}",
            ["added func add(_:flag:)", "removed func add(_:)"], .breaking),
        DiffCase(
            "@preconcurrency dropped from a global-actor declaration turns warnings into errors",
            old:
                """
                @preconcurrency @MainActor public func paint() {}\n@preconcurrency @MainActor public final class \
                View {}
                """,
            new: "@MainActor public func paint() {}\n@MainActor public final class View {}",
            ["changed class View", "changed func paint()"], .breaking),
        DiffCase(
            "an enum case's payload gaining Sendable is not softened by @preconcurrency on the enum",
            old: "public protocol Handler {}\npublic enum Position { case after(Handler) }",
            new: "public protocol Handler {}\n@preconcurrency public enum Position { case after(Handler & Sendable) }",
            ["changed case Position.after"], .breaking),
        DiffCase(
            "@available(OSX 10.15, iOS 13.0, *) respelled @available(macOS 10.15, iOS 13, *) restricts nobody more",
            old: "@available(OSX 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)\npublic func f() -> Int { 1 }",
            new: "@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)\npublic func f() -> Int { 1 }",
            [], .none),
        DiffCase(
            "Sendable dropped from a clock's list: Clock refines Sendable, so the type still is",
            old: "public struct TestClock: Clock, Sendable {}",
            new: "public struct TestClock: Clock {}",
            [], .none),
        DiffCase(
            "Sendable dropped from a type conforming to the package's own protocol named Clock still breaks",
            old:
                """
                public protocol Clock { func now() -> Int }\npublic struct Wall: Clock, Sendable { public func \
                now() -> Int { 0 } }
                """,
            new:
                """
                public protocol Clock { func now() -> Int }\npublic struct Wall: Clock { public func now() -> Int \
                { 0 } }
                """,
            ["removed conformance Wall: Sendable"], .breaking),
        DiffCase(
            "Sendable dropped from a subclass of the package's own class named Actor still breaks",
            old: "open class Actor {}\npublic final class Worker: Actor, @unchecked Sendable {}",
            new: "open class Actor {}\npublic final class Worker: Actor {}",
            ["removed conformance Worker: Sendable"], .breaking),
        DiffCase(
            "Sendable dropped from a type whose other protocol does not refine it still breaks",
            old: "public struct Box: Hashable, Sendable {}",
            new: "public struct Box: Hashable {}",
            ["removed conformance Box: Sendable"], .breaking),
        DiffCase(
            "a new protocol's initializer and subscript requirements are no requirements added to an existing one",
            old: "public struct S {}",
            new: "public struct S {}\npublic protocol Format { init()\n subscript(i: Int) -> Int { get } }",
            ["added init Format()", "added protocol Format", "added subscript Format[_:]"], .additive),
        DiffCase(
            "an initializer requirement added to an existing protocol still breaks conformers",
            old: "public protocol Format {}",
            new: "public protocol Format { init() }",
            ["added init Format()"], .breaking),
        DiffCase(
            "a function's generic requirement loosened to a protocol the old one refines: every call still qualifies",
            old: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic struct Filter<T> {}\n"
                + "public func == <T, V>(_ l: KeyPath<T, V>, _ r: V) -> Filter<T> where T: Model { Filter() }",
            new: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic struct Filter<T> {}\n"
                + "public func == <T, V>(_ l: KeyPath<T, V>, _ r: V) -> Filter<T> where T: Schema { Filter() }",
            ["changed func ==(_:_:)"], .additive),
        DiffCase(
            """
            a requirement loosened on a generic parameter that is a whole argument's type still breaks \
            (`show(.plain)`)
            """,
            old:
                """
                public protocol Base {}\npublic protocol Style: Base {}\npublic func show<S>(_ s: S) where S: \
                Style {}
                """,
            new:
                "public protocol Base {}\npublic protocol Style: Base {}\npublic func show<S>(_ s: S) where S: Base {}",
            ["changed func show(_:)"], .breaking),
        DiffCase(
            "a requirement changed to a protocol the old one does not refine still breaks",
            old:
                """
                public protocol Schema {}\npublic protocol Model {}\npublic func f<T>(_ p: KeyPath<T, Int>) where \
                T: Model {}
                """,
            new:
                """
                public protocol Schema {}\npublic protocol Model {}\npublic func f<T>(_ p: KeyPath<T, Int>) where \
                T: Schema {}
                """,
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a protocol requirement's generic requirement loosened breaks conformers (their witnesses no longer match)",
            old: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic struct Filter<T> {}\n"
                + "public protocol Store { func load<T>(_ p: KeyPath<T, Int>) where T: Model }",
            new: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic struct Filter<T> {}\n"
                + "public protocol Store { func load<T>(_ p: KeyPath<T, Int>) where T: Schema }",
            ["changed func Store.load(_:)"], .breaking),
        DiffCase(
            """
            a closure parameter that may throw in a function that now rethrows: calls passing one that does not \
            need no try
            """,
            old: "public struct Q {}\nextension Q { public func with(_ k: Int, _ body: (Q) -> Void) -> Q { self } }",
            new:
                """
                public struct Q {}\nextension Q { public func with(_ k: Int, _ body: (Q) throws -> Void) rethrows \
                -> Q { self } }
                """,
            ["changed func Q.with(_:_:)"], .additive),
        DiffCase(
            "a closure parameter that may throw in a function that now throws: every call needs try",
            old: "public struct Q {}\nextension Q { public func with(_ k: Int, _ body: (Q) -> Void) -> Q { self } }",
            new:
                """
                public struct Q {}\nextension Q { public func with(_ k: Int, _ body: (Q) throws -> Void) throws \
                -> Q { self } }
                """,
            ["changed func Q.with(_:_:)"], .breaking),
        DiffCase(
            "a requirement that now rethrows breaks its conformers",
            old: "public protocol Loader { func load(_ body: () -> Void) }",
            new: "public protocol Loader { func load(_ body: () throws -> Void) rethrows }",
            ["changed func Loader.load(_:)"], .breaking),
        DiffCase(
            "a generic typealias renamed with the old name left as an alias of the new one: every use means the same",
            old: schedulerRename(arguments: "S.T, S.O").old, new: schedulerRename(arguments: "S.T, S.O").new,
            ["added typealias FailingScheduler", "added typealias UnimplementedSchedulerOf"], .additive),
        DiffCase(
            "a generic typealias left as an alias of one defined otherwise still changes what its uses mean",
            old: schedulerRename(arguments: "S.O, S.T").old, new: schedulerRename(arguments: "S.O, S.T").new,
            [
                "added typealias FailingScheduler", "added typealias UnimplementedSchedulerOf",
                "changed func Q.failing()", "changed typealias FailingSchedulerOf",
            ], .breaking),
        DiffCase(
            """
            a requirement loosened on a key path's value type: the argument is a key path literal, found by its \
            member
            """,
            old: "public protocol AnyField {}\npublic protocol Field: AnyField {}\npublic protocol Fields {}\n"
                + """
                extension Fields { public static func path<T>(for k: KeyPath<Self, T>) -> [String] where T: Field \
                { [] } }
                """,
            new: "public protocol AnyField {}\npublic protocol Field: AnyField {}\npublic protocol Fields {}\n"
                + """
                extension Fields { public static func path<T>(for k: KeyPath<Self, T>) -> [String] where T: \
                AnyField { [] } }
                """,
            ["changed func Fields.path(for:) (extension)"], .additive),
        DiffCase(
            """
            a requirement loosened on a generic parameter that is an array's element still breaks \
            (`showAll([.plain])`)
            """,
            old:
                """
                public protocol Base {}\npublic protocol Style: Base {}\npublic func showAll<S>(_ s: [S]) where \
                S: Style {}
                """,
            new:
                """
                public protocol Base {}\npublic protocol Style: Base {}\npublic func showAll<S>(_ s: [S]) where \
                S: Base {}
                """,
            ["changed func showAll(_:)"], .breaking),
        DiffCase(
            "a requirement loosened beside an overload with the same parameters still breaks (calls become ambiguous)",
            old: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Other {}\n"
                + "public func fetch<T>(_ k: KeyPath<T, Int>) where T: Model {}\n"
                + "public func fetch<T>(_ k: KeyPath<T, Int>) where T: Other {}",
            new: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Other {}\n"
                + "public func fetch<T>(_ k: KeyPath<T, Int>) where T: Schema {}\n"
                + "public func fetch<T>(_ k: KeyPath<T, Int>) where T: Other {}",
            ["changed func fetch(_:)"], .breaking),
        DiffCase(
            "overloads with the same parameters all loosened alike stay apart: each old call meets the same ones",
            old: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Model, V: Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Model {}",
            new: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Schema, V: Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Schema {}",
            ["changed func fetch(_:)", "changed func fetch(_:)"], .additive),
        DiffCase(
            "the more constrained of two overloads loosened to where the other no longer ranks below it breaks",
            old: "public protocol Model {}\npublic protocol Timestamped {}\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: Model { \"\" }\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: Model, T: Timestamped { \"\" }",
            new: "public protocol Model {}\npublic protocol Timestamped {}\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: Model { \"\" }\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: Timestamped { \"\" }",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a requirement dropped from the more constrained of two overloads with the same parameters breaks",
            old: "public protocol Model {}\npublic protocol Timestamped {}\n"
                + "public func f<T>(_ k: T) -> String where T: Model { \"\" }\n"
                + "public func f<T>(_ k: T) -> String where T: Model, T: Timestamped { \"\" }",
            new: "public protocol Model {}\npublic protocol Timestamped {}\n"
                + "public func f<T>(_ k: T) -> String where T: Model { \"\" }\n"
                + "public func f<T>(_ k: T) -> String where T: Timestamped { \"\" }",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            """
            a requirement dropped beside added overloads shaped like DefaultStringInterpolation's: a third \
            settles ties
            """,
            old:
                """
                public struct I {\n public mutating func append<T>(_ v: T) where T: CustomStringConvertible, T: \
                Sendable {} }
                """,
            new: "public struct I {\n"
                + " public mutating func append<T>(_ v: T) where T: TextOutputStreamable, T: CustomStringConvertible {}\n"
                + " public mutating func append<T>(_ v: T) where T: TextOutputStreamable {}\n"
                + " public mutating func append<T>(_ v: T) where T: CustomStringConvertible {}\n"
                + " public mutating func append<T>(_ v: T) {} }",
            [
                "changed func I.append(_:)", "added func I.append(_:) (τ_0) where τ_0: CustomStringConvertible",
                "added func I.append(_:) (τ_0) where τ_0: TextOutputStreamable",
                "added func I.append(_:) (τ_0) where τ_0: CustomStringConvertible, τ_0: TextOutputStreamable",
            ], .additive),
        DiffCase(
            """
            two overloads rewritten so that their order swaps (swift-log 1.13.1): a different one is called, none \
            ties
            """,
            old: "public struct I {\n"
                + " public mutating func append<T>(_ v: T) where T: CustomStringConvertible, T: Sendable {}\n"
                + " public mutating func append<T>(_ v: T) where T: Sendable {} }",
            new: "public struct I {\n"
                + " public mutating func append<T>(_ v: T) where T: CustomStringConvertible {}\n"
                + " public mutating func append<T>(_ v: T) where T: TextOutputStreamable, T: CustomStringConvertible {}\n"
                + " public mutating func append<T>(_ v: T) where T: TextOutputStreamable {}\n"
                + " public mutating func append<T>(_ v: T) {} }",
            [
                "changed func I.append(_:)", "changed func I.append(_:)",
                "added func I.append(_:) (τ_0) where τ_0: TextOutputStreamable",
                "added func I.append(_:) (τ_0) where τ_0: CustomStringConvertible, τ_0: TextOutputStreamable",
            ], .additive),
        DiffCase(
            """
            overloads taking a closure or a nested struct at the same label loosened alike (swift-log 1.13.1): no call \
            fits \
            both
            """,
            old:
                """
                public enum Log { public struct Attrs: ExpressibleByArrayLiteral { public init(arrayLiteral: \
                Int...) {} } }\n
                """
                    + "public struct I {\n"
                    + " public mutating func append<T>(_ v: T, attributes: @Sendable (inout Log.Attrs) -> Void)"
                    + " where T: CustomStringConvertible, T: Sendable {}\n"
                    + " public mutating func append<T>(_ v: T, attributes: Log.Attrs)"
                    + " where T: CustomStringConvertible, T: Sendable {} }",
            new:
                """
                public enum Log { public struct Attrs: ExpressibleByArrayLiteral { public init(arrayLiteral: \
                Int...) {} } }\n
                """
                    + "public struct I {\n"
                    + " public mutating func append<T>(_ v: T, attributes: @Sendable (inout Log.Attrs) -> Void) {}\n"
                    + " public mutating func append<T>(_ v: T, attributes: Log.Attrs) {}\n"
                    + " public mutating func append<T>(_ v: T, attributes: Log.Attrs) where T: CustomStringConvertible {} }"
            ,
            [
                "changed func I.append(_:attributes:)", "changed func I.append(_:attributes:)",
                "added func I.append(_:attributes:) (τ_0, Log.Attrs) where τ_0: CustomStringConvertible",
            ], .additive),
        DiffCase(
            """
            a closure beside a name a protocol's associated type shadows (`Handler`, maybe a function type): \
            not told apart, the loosening may tie them
            """,
            old: "public protocol P {}\npublic protocol Q {}\npublic enum Box { public struct Handler {} }\n"
                + "public protocol Service { associatedtype Handler }\nextension Service {\n"
                + " public func f<T>(_ v: T, x: Handler) where T: P, T: Q {}\n"
                + " public func f<T>(_ v: T, x: @escaping () -> Void) where T: P {} }",
            new: "public protocol P {}\npublic protocol Q {}\npublic enum Box { public struct Handler {} }\n"
                + "public protocol Service { associatedtype Handler }\nextension Service {\n"
                + " public func f<T>(_ v: T, x: Handler) where T: P {}\n"
                + " public func f<T>(_ v: T, x: @escaping () -> Void) where T: P {} }",
            ["changed func Service.f(_:x:) (extension)"], .breaking),
        DiffCase(
            """
            a closure beside a top-level struct's name (a dependency's typealias of that name reads the same): \
            not told apart
            """,
            old: "public protocol P {}\npublic protocol Q {}\npublic struct Handler {}\n"
                + "public func f<T>(_ v: T, x: Handler) where T: P, T: Q {}\n"
                + "public func f<T>(_ v: T, x: @escaping (String) -> Void) where T: P {}",
            new: "public protocol P {}\npublic protocol Q {}\npublic struct Handler {}\n"
                + "public func f<T>(_ v: T, x: Handler) where T: P {}\n"
                + "public func f<T>(_ v: T, x: @escaping (String) -> Void) where T: P {}",
            ["changed func f(_:x:)"], .breaking),
        DiffCase(
            "an overload added whose requirements neither outrank nor yield to a loosened one's breaks (ambiguous)",
            old: "public protocol Model {}\npublic protocol Other {}\n"
                + "public func fetch<T>(_ k: KeyPath<T, Int>) where T: Model, T: Other {}",
            new: "public protocol Model {}\npublic protocol Other {}\n"
                + "public func fetch<T>(_ k: KeyPath<T, Int>) where T: Model {}\n"
                + "public func fetch<T>(_ k: KeyPath<T, Int>) where T: Other {}",
            ["changed func fetch(_:)", "added func fetch(_:) (KeyPath<τ_0, Int>) where τ_0: Other"], .breaking),
        DiffCase(
            "the overload that outranked two others loosened below them breaks: the two now tie",
            old: "public protocol Base {}\npublic protocol P: Base {}\npublic protocol Q: Base {}\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: P { \"\" }\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: Q { \"\" }\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: P, T: Q { \"\" }",
            new: "public protocol Base {}\npublic protocol P: Base {}\npublic protocol Q: Base {}\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: P { \"\" }\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: Q { \"\" }\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) -> String where T: Base { \"\" }",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a requirement loosened beside an overload of other parameter types that may take the same calls breaks",
            old: "public protocol Other {}\npublic protocol Model: Other {}\n"
                + "public func f<T, V>(_ k: KeyPath<T, V>) where T: Model {}\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) where T: Model {}",
            new: "public protocol Other {}\npublic protocol Model: Other {}\n"
                + "public func f<T, V>(_ k: KeyPath<T, V>) where T: Model {}\n"
                + "public func f<T>(_ k: KeyPath<T, Int>) where T: Other {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "an overload loosened below a more constrained one with the same parameters: that one still wins",
            old: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Schema, V: Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Model {}",
            new: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Schema, V: Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Schema {}",
            ["changed func fetch(_:)"], .additive),
        DiffCase(
            "a loosening beside an added overload that outranks it: every old call resolves (to the added one at most)",
            old: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Model {}",
            new: "public protocol Schema {}\npublic protocol Model: Schema {}\npublic protocol Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Schema, V: Wrapped {}\n"
                + "public func fetch<T, V>(_ k: KeyPath<T, V>) where T: Schema {}",
            ["changed func fetch(_:)", "added func fetch(_:) (KeyPath<τ_0, τ_1>) where τ_0: Schema, τ_1: Wrapped"],
            .additive),
        DiffCase(
            "rethrows gained where another closure parameter already threw: a call passing a throwing one needs try",
            old: "public func both(_ a: () throws -> Void, _ b: () -> Void) {}",
            new: "public func both(_ a: () throws -> Void, _ b: () throws -> Void) rethrows {}",
            ["changed func both(_:_:)"], .breaking),
        DiffCase(
            "rethrows gained by a function whose defaulted closure parameter may now throw: its default may throw",
            old: "public func run(_ body: () -> Void = {}) {}",
            new: "public func run(_ body: () throws -> Void = {}) rethrows {}",
            ["changed func run(_:)"], .breaking),
        DiffCase(
            "@_inlineable, Swift 4's @inlinable, changes no call",
            old: "public func f() -> Int { 0 }\npublic protocol P { func g() }",
            new: "@_inlineable public func f() -> Int { 0 }\npublic protocol P { @_inlineable func g() }",
            [], .none),
    ]
}
