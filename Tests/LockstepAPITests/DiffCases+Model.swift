import LockstepAPI

extension DiffCase {
    /// Classes the typed declaration model (`CallJudgement`) decides: generic parameters matched by their role,
    /// not their number; a parameter that stood alone for a generic parameter widened to `Any`; compositions with
    /// generic arguments; a member moved into an extension constrained to its type. Each with the nearest case that
    /// must still break.
    static let modelCases: [DiffCase] = [
        DiffCase(
            "@escaping dropped from a closure parameter",
            old:
                """
                public func run<T>(_ body: @Sendable @escaping () async throws -> T) async throws -> T { try \
                await body() }
                """,
            new: "public func run<T>(_ body: @Sendable () async throws -> T) async throws -> T { try await body() }",
            ["changed func run(_:)"], .additive),
        DiffCase(
            "@escaping added to a closure parameter",
            old: "public func run(_ body: () -> Void) {}",
            new: "public func run(_ body: @escaping () -> Void) {}",
            ["changed func run(_:)"], .breaking),
        DiffCase(
            "a retroactive Sendable conformance of another module's type removed",
            old: "import Foundation\npublic struct S {}\nextension JSONDecoder: @retroactive @unchecked Sendable {}",
            new: "import Foundation\npublic struct S {}",
            ["removed conformance JSONDecoder: Sendable"], .additive),
        DiffCase(
            "a Sendable conformance of the package's own type removed",
            old: "public final class S {}\nextension S: @unchecked Sendable {}",
            new: "public final class S {}",
            ["removed conformance S: Sendable"], .breaking),
        DiffCase(
            "nonisolated(nonsending) added to an async method callers await",
            old: "public struct S { public func send(_ x: Int) async throws {} }",
            new: "public struct S { public nonisolated(nonsending) func send(_ x: Int) async throws {} }",
            ["changed func S.send(_:)"], .additive),
        DiffCase(
            "nonisolated(nonsending) added to a protocol's async requirement",
            old: "public protocol P { func send(_ x: Int) async throws }",
            new: "public protocol P { nonisolated(nonsending) func send(_ x: Int) async throws }",
            ["changed func P.send(_:)"], .breaking),
        DiffCase(
            "nonisolated removed from a synchronous actor method",
            old: "public actor A { public nonisolated func name() -> String { \"\" } }",
            new: "public actor A { public func name() -> String { \"\" } }",
            ["changed func A.name()"], .breaking),
        DiffCase(
            "a closure's result made a generic parameter the function returns",
            old: "public func modify(_ x: inout Int, _ body: (inout Int) throws -> Void) rethrows {}",
            new: "public func modify<R>(_ x: inout Int, _ body: (inout Int) throws -> R) rethrows -> R { "
                + "try body(&x) }",
            ["changed func modify(_:_:)"], .additive),
        DiffCase(
            "one generic parameter used twice split into two (one argument's .member relied on the other)",
            old: "public struct Pair<X, Y> {}\npublic func swap<A>(_ p: Pair<A, A>) -> Pair<A, A> { p }",
            new: "public struct Pair<X, Y> {}\npublic func swap<A, B>(_ p: Pair<A, B>) -> Pair<A, B> { p }",
            ["changed func swap(_:)"], .breaking),
        DiffCase(
            "a closure's parameter made generic (`each { print($0) }` cannot infer it)",
            old: "public func each(_ body: (Int) -> Void) {}",
            new: "public func each<T>(_ body: (T) -> Void) {}",
            ["changed func each(_:)"], .breaking),
        DiffCase(
            "an autoclosure's result made generic (`log(.debug)` loses its type)",
            old: "public enum Level { case debug }\npublic func log(_ m: @autoclosure () -> Level) {}",
            new: "public enum Level { case debug }\npublic func log<T>(_ m: @autoclosure () -> T) {}",
            ["changed func log(_:)"], .breaking),
        DiffCase(
            "@concurrent added to an async method (its arguments are sent elsewhere)",
            old: "public struct S { public func send(_ x: Int) async {} }",
            new: "public struct S { @concurrent public func send(_ x: Int) async {} }",
            ["changed func S.send(_:)"], .breaking),
        DiffCase(
            "a result made a generic parameter that no argument names",
            old: "public func make() -> Int { 0 }",
            new: "public func make<T>() -> T { fatalError() }",
            ["changed func make()"], .breaking),
        DiffCase(
            "a closure's result made a constrained generic parameter",
            old: "public func run(_ body: () -> Void) {}",
            new: "public func run<R: Equatable>(_ body: () -> R) -> R { body() }",
            ["changed func run(_:)"], .breaking),
        DiffCase(
            "a generic parameter used by one parameter only replaced by Any",
            old: "public func cast<A, B>(_ value: A, to: B.Type) -> B? { nil }",
            new: "public func cast<B>(_ value: Any, to: B.Type) -> B? { nil }",
            ["changed func cast(_:to:)"], .additive),
        DiffCase(
            "a generic parameter that is also the result replaced by Any",
            old: "public func same<T>(_ value: T) -> T { value }",
            new: "public func same(_ value: Any) -> Any { value }",
            ["changed func same(_:)"], .breaking),
        DiffCase(
            "a generic parameter that a closure parameter also receives replaced by Any",
            old: "public func each<T>(_ value: T, _ body: (T) -> Void) {}",
            new: "public func each(_ value: Any, _ body: (Any) -> Void) {}",
            ["changed func each(_:_:)"], .breaking),
        DiffCase(
            "a function's generic parameters declared in another order",
            old: "public func pair<A, B>(_ a: A, _ b: B) -> (A, B) { (a, b) }",
            new: "public func pair<B, A>(_ a: A, _ b: B) -> (A, B) { (a, b) }",
            [], .none),
        DiffCase(
            "two generic parameters merged into one",
            old: "public func pair<A, B>(_ a: A, _ b: B) {}",
            new: "public func pair<A>(_ a: A, _ b: A) {}",
            ["changed func pair(_:_:)"], .breaking),
        DiffCase(
            "& Sendable dropped from a parameter whose type has generic arguments",
            old: "public struct S { public subscript<V>(dynamicMember path: KeyPath<Int, V> & Sendable) -> V { "
                + "fatalError() } }",
            new: "public struct S { public subscript<V>(dynamicMember path: KeyPath<Int, V>) -> V { fatalError() } }",
            ["changed subscript S[dynamicMember:]"], .additive),
        DiffCase(
            "a generic argument changed inside a composition",
            old: "public func f<V>(_ path: KeyPath<Int, V> & Sendable) {}",
            new: "public func f<V>(_ path: KeyPath<String, V>) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "an overload generalized to Any, with a disfavored overload added beside it",
            old: "public func log<T>(_ value: T, tag: Int) {}\npublic func log(_ value: String, tag: Int) {}",
            new: "public func log(_ value: Any, tag: Int) {}\npublic func log(_ value: String, tag: Int) {}\n"
                + "@_disfavoredOverload public func log(_ value: Double, tag: Int) {}",
            ["added func log(_:tag:) (Double, Int)", "changed func log(_:tag:)"], .additive),
        DiffCase(
            "a static member moved into an extension of a protocol constrained to the type",
            old: "public protocol Style {}\npublic struct Plain: Style { public init() {}\n"
                + " public static var plain: Plain { Plain() } }",
            new: "public protocol Style {}\npublic struct Plain: Style { public init() {} }\n"
                + "extension Style where Self == Plain { public static var plain: Plain { Plain() } }",
            ["added var Style.plain (extension)", "removed var Plain.plain"], .additive),
        DiffCase(
            "a static member moved into a constrained extension of a protocol the type does not conform to",
            old: "public protocol Style {}\npublic struct Plain { public init() {}\n"
                + " public static var plain: Plain { Plain() } }",
            new: "public protocol Style {}\npublic struct Plain { public init() {} }\n"
                + "extension Style where Self == Plain { public static var plain: Plain { Plain() } }",
            ["added var Style.plain (extension)", "removed var Plain.plain"], .breaking),
        DiffCase(
            "a collection's own isEmpty and a hashable type's own hashValue dropped for the standard library's",
            old: "public struct S: Collection, Hashable { public var startIndex: Int { 0 }\n"
                + " public var endIndex: Int { 0 }\n public subscript(i: Int) -> Int { i }\n"
                + " public func index(after i: Int) -> Int { i + 1 }\n public var isEmpty: Bool { true }\n"
                + " public var hashValue: Int { 0 } }",
            new: "public struct S: Collection, Hashable { public var startIndex: Int { 0 }\n"
                + " public var endIndex: Int { 0 }\n public subscript(i: Int) -> Int { i }\n"
                + " public func index(after i: Int) -> Int { i + 1 } }",
            // `hashValue` is one the compiler synthesizes for a Hashable type: not reported at all.
            ["removed var S.isEmpty"], .additive),
        DiffCase(
            "a one-letter type's own isEmpty dropped (its name inside `Bool` is no use of it)",
            old: "public struct B: Collection { public var startIndex: Int { 0 }\n public var endIndex: Int { 0 }\n"
                + " public subscript(i: Int) -> Int { i }\n public func index(after i: Int) -> Int { i + 1 }\n"
                + " public var isEmpty: Bool { true } }",
            new: "public struct B: Collection { public var startIndex: Int { 0 }\n public var endIndex: Int { 0 }\n"
                + " public subscript(i: Int) -> Int { i }\n public func index(after i: Int) -> Int { i + 1 } }",
            ["removed var B.isEmpty"], .additive),
        DiffCase(
            "an equatable type's own != dropped for the standard library's",
            old: "public struct S: Equatable { public static func != (a: S, b: S) -> Bool { false } }",
            new: "public struct S: Equatable {}",
            ["removed func S.!=(_:_:)"], .additive),
        DiffCase(
            "a member dropped with the conformance that would provide it",
            old: "public struct S: Equatable { public static func != (a: S, b: S) -> Bool { false } }",
            new: "public struct S {}",
            ["removed conformance S: Equatable", "removed func S.!=(_:_:)"], .breaking),
        DiffCase(
            "a member dropped whose type differs from the standard library's",
            old: "public struct S: Collection { public var startIndex: Int { 0 }\n public var endIndex: Int { 0 }\n"
                + " public subscript(i: Int) -> Int { i }\n public func index(after i: Int) -> Int { i + 1 }\n"
                + " public var count: Int8 { 0 } }",
            new: "public struct S: Collection { public var startIndex: Int { 0 }\n public var endIndex: Int { 0 }\n"
                + " public subscript(i: Int) -> Int { i }\n public func index(after i: Int) -> Int { i + 1 } }",
            ["removed var S.count"], .breaking),
        DiffCase(
            "a standard type's member moved into the package's extension of a standard protocol it conforms to",
            old: "extension UInt32 { public func nextPowerOf2() -> UInt32 { self } }",
            new: "extension FixedWidthInteger { public func nextPowerOf2() -> Self { self } }",
            ["removed func UInt32.nextPowerOf2()", "added func FixedWidthInteger.nextPowerOf2()"],
            .additive),
        DiffCase(
            "a standard type's initializer moved into an extension of a standard protocol it conforms to",
            old:
                """
                public struct S<C> {}\nextension Array { public init<C>(_ s: S<C>) where Element == S<C> { self = \
                [] } }
                """,
            new:
                "public struct S<C> {}\nextension RangeReplaceableCollection { public init<C>(_ s: S<C>) where Element "
                + "== S<C> { self.init() } }",
            ["removed init Array(_:)", "added init RangeReplaceableCollection(_:)"], .additive),
        DiffCase(
            "a standard type's member moved beside the same member of another standard protocol's extension",
            old: "extension RandomAccessCollection { public func chunks(of n: Int) -> Int { 0 } }\n"
                + "extension Array { public func chunks(of n: Int) -> Int { 0 } }",
            new: "extension RandomAccessCollection { public func chunks(of n: Int) -> Int { 0 } }\n"
                + "extension RangeReplaceableCollection { public func chunks(of n: Int) -> Int { 0 } }",
            ["removed func Array.chunks(of:)", "added func RangeReplaceableCollection.chunks(of:)"], .breaking),
        DiffCase(
            "a standard type's member moved into the package's own protocol named like a standard one",
            old: "extension Int { public func f() -> Int { self } }",
            new: "public protocol Numeric {}\nextension Numeric { public func f() -> Self { self } }",
            ["removed func Int.f()", "added protocol Numeric", "added func Numeric.f() (extension)"], .breaking),
        DiffCase(
            "a standard type's member moved into an extension of a standard protocol it does not conform to",
            old: "extension UInt32 { public func half() -> UInt32 { self } }",
            new: "extension BinaryFloatingPoint { public func half() -> Self { self } }",
            ["removed func UInt32.half()", "added func BinaryFloatingPoint.half()"], .breaking),
        DiffCase(
            "a standard type's member moved into an extension of a standard protocol with another result",
            old: "extension UInt32 { public func wide() -> UInt64 { 0 } }",
            new: "extension FixedWidthInteger { public func wide() -> Self { self } }",
            ["removed func UInt32.wide()", "added func FixedWidthInteger.wide()"], .breaking),
    ]
}

extension DiffCase {
    /// Classes the typed model must not call compatible, and class inheritance read with both surfaces.
    static let modelLimitCases: [DiffCase] = [
        DiffCase(
            "a protocol-constrained generic parameter replaced by Any (implicit member lookup needs the constraint)",
            old: "public protocol Style {}\npublic struct Plain: Style {}\n"
                + "extension Style where Self == Plain { public static var plain: Plain { Plain() } }\n"
                + "public func show<S: Style>(_ s: S) {}",
            new: "public protocol Style {}\npublic struct Plain: Style {}\n"
                + "extension Style where Self == Plain { public static var plain: Plain { Plain() } }\n"
                + "public func show(_ s: Any) {}",
            ["changed func show(_:)"], .breaking),
        DiffCase(
            "a subscript's generic index replaced by Any (key paths need Hashable indices)",
            old: "public struct T { public subscript<K: Hashable>(_ key: K) -> Int { 0 } }",
            new: "public struct T { public subscript(_ key: Any) -> Int { 0 } }",
            ["changed subscript T[_:]"], .breaking),
        DiffCase(
            "~Copyable dropped from a generic parameter",
            old: "public func make<T: ~Copyable>(_ f: () -> T) -> T { f() }",
            new: "public func make<T>(_ f: () -> T) -> T { f() }",
            ["changed func make(_:)"], .breaking),
        DiffCase(
            "the thrown generic parameter swapped with another",
            old: "public func pick<A: Error, B: Error>(_ a: A, _ b: B) throws(A) {}",
            new: "public func pick<A: Error, B: Error>(_ a: B, _ b: A) throws(A) {}",
            ["changed func pick(_:_:)"], .breaking),
        DiffCase(
            "a class member moved into an extension of a protocol constrained to the class",
            old: "public protocol Themed {}\nopen class Theme: Themed { public init() {}\n"
                + " public static var dark: Theme { Theme() } }",
            new: "public protocol Themed {}\nopen class Theme: Themed { public init() {} }\n"
                + "extension Themed where Self == Theme { public static var dark: Theme { Theme() } }",
            ["added var Themed.dark (extension)", "removed var Theme.dark"], .breaking),
        DiffCase(
            "a class's first conformance becoming @unchecked Sendable, another protocol written before it",
            old: "public protocol P {}\npublic final class C: Sendable {}",
            new: "public protocol P {}\npublic final class C: P, @unchecked Sendable {}",
            ["added conformance C: P"], .additive),
        DiffCase(
            "a class's conformance written first moved into an extension",
            old: "public protocol P {}\npublic class C: P {}",
            new: "public protocol P {}\npublic class C {}\nextension C: P {}",
            [], .none),
        DiffCase(
            "a class's first protocol dropped",
            old: "public protocol P {}\npublic class C: P {}",
            new: "public protocol P {}\npublic class C {}",
            ["removed conformance C: P"], .breaking),
        DiffCase(
            "a class's superclass replaced by a protocol",
            old: "open class B { public init() {} }\npublic protocol P {}\npublic class C: B {}",
            new: "open class B { public init() {} }\npublic protocol P {}\npublic class C: P {}",
            ["changed class C"], .breaking),
    ]
}
