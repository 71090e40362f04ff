import LockstepAPI

extension DiffCase {
    /// Changes every existing call site survives: additive ("changed, compatible") or nothing at all.
    static let evolutionCases: [DiffCase] = [
        DiffCase(
            "@Sendable added to a closure parameter: a Swift 5 mode client at most gets a warning",
            old: "public func run(_ f: @escaping () -> Void, done: (() -> Void)?) {}",
            new: "public func run(_ f: @Sendable @escaping () -> Void, done: (@Sendable () -> Void)?) {}",
            ["changed func run(_:done:)"], .additive),
        DiffCase(
            "a closure parameter's Any argument narrowed: every closure still fits",
            old: "public struct Context { public func forEach(_ body: (String, Any) throws -> Void) rethrows {} }",
            new: "public struct Context { public func forEach(_ body: (String, Sendable) throws -> Void) rethrows {} }",
            ["changed func Context.forEach(_:)"], .additive),
        DiffCase(
            "a closure parameter's argument widened to Any breaks closures that expect the old type",
            old: "public struct Context { public func forEach(_ body: (String, Int) -> Void) {} }",
            new: "public struct Context { public func forEach(_ body: (String, Any) -> Void) {} }",
            ["changed func Context.forEach(_:)"], .breaking),
        DiffCase(
            "a struct nobody could create becomes a case-less enum (a namespace)",
            old:
                """
                public struct Rainbow { public static var enabled = true\n public static func strip(_ s: String) \
                -> String { s } }
                """,
            new:
                """
                public enum Rainbow { public static var enabled = true\n public static func strip(_ s: String) -> \
                String { s } }
                """,
            ["changed struct Rainbow"], .additive),
        DiffCase(
            "a struct clients created becomes an enum: Rainbow() stops compiling",
            old: "public struct Rainbow { public init() {}\n public static var enabled = true }",
            new: "public enum Rainbow { public static var enabled = true }",
            ["added enum Rainbow", "removed init Rainbow()", "removed struct Rainbow"], .breaking),
        DiffCase(
            "an enum gains a raw type: rawValue and init?(rawValue:) are additions",
            old: "public enum Level { case debug, info }",
            new: "public enum Level: String { case debug, info }",
            ["changed enum Level"], .additive),
        DiffCase(
            "an enum's raw type changed breaks (rawValue's type changes)",
            old: "public enum Level: Int { case debug, info }",
            new: "public enum Level: String { case debug, info }",
            ["changed enum Level"], .breaking),
        DiffCase(
            "an initializer of a public (not open) class becomes convenience: clients only call it",
            old:
                """
                public final class Counter { public init(label: String, handler: Int) {} }\npublic class Gauge { \
                public init(label: String) {} }
                """,
            new:
                """
                public final class Counter { public convenience init(label: String, handler: Int) { self.init() \
                }\n init() {} }\npublic class Gauge { public convenience init(label: String) { self.init() }\n \
                init() {} }
                """,
            ["changed init Counter(label:handler:)", "changed init Gauge(label:)"], .additive),
        DiffCase(
            "in an open class it breaks the subclasses that call it with super.init",
            old: "open class Counter { public init(label: String) {} }",
            new: "open class Counter { public convenience init(label: String) { self.init() }\n init() {} }",
            ["changed init Counter(label:)"], .breaking),
        DiffCase(
            "availability added at or below the oldest deployment target toolchains build for restricts no client",
            old: "public enum CInterop {}",
            new: "@available(iOS 8, macOS 10.10, tvOS 9, watchOS 2, *)\npublic enum CInterop {}",
            [], .none),
        DiffCase(
            "availability added above it still narrows",
            old: "public enum CInterop {}",
            new: "@available(iOS 13, macOS 10.10, *)\npublic enum CInterop {}",
            ["changed enum CInterop"], .breaking),
        DiffCase(
            "a stored let becomes a read-only computed var (or a settable one): every read still compiles",
            old:
                """
                public struct Logger { public let label: String\n public static let shared = Logger(label: \
                \"\")\n init(label: String) { self.label = label } }
                """,
            new:
                """
                public struct Logger { public var label: String { \"\" }\n public static var shared: Logger { get \
                { Logger(label: \"\") } set {} }\n init(label: String) {} }
                """,
            ["changed var Logger.label", "changed var Logger.shared"], .additive),
        DiffCase(
            "a stored let whose type changes as it becomes a var still breaks",
            old: "public struct Logger { public let label: String = \"\" }",
            new: "public struct Logger { public var label: Substring { \"\" } }",
            ["changed var Logger.label"], .breaking),
        DiffCase(
            "a defaulted parameter added in the middle keeps every call compiling",
            old: "public func move(from: Int, to: Int) {}",
            new: "public func move(from: Int, animated: Bool = false, to: Int) {}",
            ["changed func move(from:to:)"], .additive),
        DiffCase(
            "a defaulted parameter added to an initializer and a variadic one to a method",
            old: "public struct S { public init(a: Int) {}\n public func log(_ m: String) {} }",
            new:
                """
                public struct S { public init(a: Int, b: Int = 0) {}\n public func log(_ m: String, tags: \
                String...) {} }
                """,
            ["changed init S(a:)", "changed func S.log(_:)"], .additive),
        DiffCase(
            "a defaulted parameter added to a subscript",
            old: "public struct Grid { public subscript(i: Int) -> Int { 0 } }",
            new: "public struct Grid { public subscript(i: Int, default d: Int = 0) -> Int { 0 } }",
            ["changed subscript Grid[_:]"], .additive),
        DiffCase(
            "a defaulted parameter added to a default implementation in a protocol extension",
            old: "public protocol P {}\nextension P { public func f(a: Int) {} }",
            new: "public protocol P {}\nextension P { public func f(a: Int, b: Int = 0) {} }",
            ["changed func P.f(a:) (extension)"], .additive),
        DiffCase(
            "an old overload kept, deprecated, next to a new one",
            old: "public func f(a: Int) {}",
            new:
                """
                @available(*, deprecated, renamed: \"f(a:b:)\")\npublic func f(a: Int) {}\npublic func f(a: Int, \
                b: Int) {}
                """,
            ["added func f(a:b:)"], .additive),
        DiffCase(
            "an old overload kept as disfavored next to a generic one",
            old: "public func f(_ x: String) {}",
            new: "@_disfavoredOverload public func f(_ x: String) {}\npublic func f(_ x: some StringProtocol) {}",
            ["added func f(_:) (τ_0) where τ_0: StringProtocol"], .additive),
        DiffCase(
            "a byte array parameter generalized to some DataProtocol",
            old: "public func send(_ bytes: [UInt8]) {}",
            new: "public func send(_ bytes: some DataProtocol) {}",
            ["changed func send(_:)"], .additive),
        DiffCase(
            "a String parameter generalized to <S: StringProtocol>",
            old: "public func log(_ message: String, level: Int) {}",
            new: "public func log<S: StringProtocol>(_ message: S, level: Int) {}",
            ["changed func log(_:level:)"], .additive),
        DiffCase(
            "a String parameter generalized to some StringProtocol",
            old: "public struct Out { public func write(_ text: String) {} }",
            new: "public struct Out { public func write(_ text: some StringProtocol) {} }",
            ["changed func Out.write(_:)"], .additive),
        DiffCase(
            "an array parameter generalized to some Sequence<T>",
            old: "public func sum(_ xs: [Int]) -> Int { 0 }",
            new: "public func sum(_ xs: some Sequence<Int>) -> Int { 0 }",
            ["changed func sum(_:)"], .additive),
        DiffCase(
            "an array parameter generalized to <S: Sequence> where S.Element == T",
            old: "public func sum(_ xs: [Int]) -> Int { 0 }",
            new: "public func sum<S: Sequence>(_ xs: S) -> Int where S.Element == Int { 0 }",
            ["changed func sum(_:)"], .additive),
        DiffCase(
            "a parameter made optional accepts the old argument",
            old: "public func show(title: String) {}",
            new: "public func show(title: String?) {}",
            ["changed func show(title:)"], .additive),
        DiffCase(
            "a generic constraint loosened",
            old: "public func store<T: Hashable & Codable>(_ value: T) {}",
            new: "public func store<T: Hashable>(_ value: T) {}",
            ["changed func store(_:)"], .additive),
        DiffCase(
            "availability widened: lower minimums",
            old: "@available(iOS 15, macOS 12, *)\npublic func scan() {}",
            new: "@available(iOS 13, macOS 10.15, *)\npublic func scan() {}",
            ["changed func scan()"], .additive),
        DiffCase(
            "an extension's requirement loosened to a protocol the old one refines",
            old:
                """
                public struct Tag<T> {}\nextension Tag where T: Numeric { public static func plus(_ a: Tag, _ b: \
                Tag) -> Tag { a } }
                """,
            new:
                """
                public struct Tag<T> {}\nextension Tag where T: AdditiveArithmetic { public static func plus(_ a: \
                Tag, _ b: Tag) -> Tag { a } }
                """,
            ["changed func Tag.plus(_:_:)"], .additive),
        DiffCase(
            "a property default added in a constrained extension next to the unconstrained one",
            old: "public protocol P { var d: String { get } }\nextension P { public var d: String { \"\" } }",
            new:
                """
                public protocol P { var d: String { get } }\nextension P { public var d: String { \"\" } \
                }\nextension P where Self: RawRepresentable, RawValue == String { public var d: String { rawValue \
                } }
                """,
            ["added var P.d (extension) where RawValue == String, Self: RawRepresentable"], .additive),
        DiffCase(
            "a type's member removed while a default of a protocol it conforms to keeps serving its calls",
            old:
                """
                public protocol P { func f(a: Int, b: Int) }\nextension P { public func f(a: Int) { f(a: a, b: 0) \
                } }\npublic struct S: P { public func f(a: Int, b: Int) {}\n public func f(a: Int) {} }
                """,
            new:
                """
                public protocol P { func f(a: Int, b: Int) }\nextension P { public func f(a: Int) { f(a: a, b: 0) \
                } }\npublic struct S: P { public func f(a: Int, b: Int) {} }
                """,
            ["removed func S.f(a:)"], .additive),
        DiffCase(
            "a constrained overload removed beside an unconstrained one that takes every call",
            old: "public struct B { public func put<T>(_ v: T) where T: Sendable {}\n public func put<T>(_ v: T) {} }",
            new:
                """
                public struct B { public func put<T>(_ v: T) where T: CustomStringConvertible {}\n public func \
                put<T>(_ v: T) {} }
                """,
            ["changed func B.put(_:)"], .additive),
        DiffCase(
            "a constrained extension's property loosened from a fixed type to a protocol it conforms to",
            old: "public struct Tag<T> {}\nextension Tag where T == Int { public var seconds: Double { 0 } }",
            new: "public struct Tag<T> {}\nextension Tag where T: BinaryInteger { public var seconds: Double { 0 } }",
            ["changed var Tag.seconds"], .additive),
        DiffCase(
            "a member made available to noncopyable elements too (~Copyable lifts a requirement)",
            old:
                """
                public struct Box<T: ~Copyable>: ~Copyable {}\nextension Box where T: Equatable { public func \
                same(_ other: borrowing Self) -> Bool { true } }
                """,
            new:
                """
                public struct Box<T: ~Copyable>: ~Copyable {}\nextension Box where T: ~Copyable { public func \
                same(_ other: borrowing Self) -> Bool { true } }
                """,
            ["changed func Box.same(_:)"], .additive),
        DiffCase(
            "a type's constraint dropped, its conformance made conditional on it",
            old: "public struct Bytes<T: FixedWidthInteger & Sendable> {}\nextension Bytes: Sendable {}",
            new: "public struct Bytes<T: FixedWidthInteger> {}\nextension Bytes: Sendable where T: Sendable {}",
            ["changed struct Bytes"], .additive),
        DiffCase(
            "a free function's rethrows turned into typed throws over the closure's error type",
            old: "public func measure<R>(_ body: () throws -> R) rethrows -> R { try body() }",
            new: "public func measure<E: Error, R>(_ body: () throws(E) -> R) throws(E) -> R { try body() }",
            ["changed func measure(_:)"], .additive),
        DiffCase(
            "a non-generic function's rethrows turned into typed throws over the closure's error type",
            old: "public struct Buffer { public func read(_ body: ([UInt8]) throws -> Int) rethrows -> Int { 0 } }",
            new:
                """
                public struct Buffer { public func read<E: Error>(_ body: ([UInt8]) throws(E) -> Int) throws(E) \
                -> Int { 0 } }
                """,
            ["changed func Buffer.read(_:)"], .additive),
        DiffCase(
            "rethrows turned into typed throws with the error parameter declared second",
            old: "public func measure<R>(_ body: () throws -> R) rethrows -> R { try body() }",
            new: "public func measure<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R { try body() }",
            ["changed func measure(_:)"], .additive),
        DiffCase(
            "rethrows turned into typed throws over the closure's error type",
            old:
                """
                public struct F { public func withBytes<R>(_ body: ([UInt8]) throws -> R) rethrows -> R { try \
                body([]) } }
                """,
            new:
                """
                public struct F { public func withBytes<E: Error, R>(_ body: ([UInt8]) throws(E) -> R) throws(E) \
                -> R { try body([]) } }
                """,
            ["changed func F.withBytes(_:)"], .additive),
        DiffCase(
            "unavailable on every platform read, then available from a version: added",
            old:
                """
                public struct Pipe {}\n@available(iOS, unavailable)\n@available(macOS, unavailable)\npublic func \
                pipe() {}
                """,
            new: "public struct Pipe {}\n@available(macOS 27.0, iOS 27.0, *)\npublic func pipe() {}",
            ["added func pipe()"], .additive),
        DiffCase(
            "availability widened: the attribute removed",
            old: "public struct S { @available(macOS, introduced: 12)\n public var x: Int }",
            new: "public struct S { public var x: Int }",
            ["changed var S.x"], .additive),
        DiffCase(
            "throws removed from a function: a leftover try is only a warning",
            old: "public func load() throws -> Int { 0 }",
            new: "public func load() -> Int { 0 }",
            ["changed func load()"], .additive),
        DiffCase(
            "async removed from a method: a leftover await is only a warning",
            old: "public struct S { public func load() async throws {} }",
            new: "public struct S { public func load() throws {} }",
            ["changed func S.load()"], .additive),
        DiffCase(
            "throws narrowed to rethrows",
            old: "public func each(_ body: () throws -> Void) throws {}",
            new: "public func each(_ body: () throws -> Void) rethrows {}",
            ["changed func each(_:)"], .additive),
        DiffCase(
            "@dynamicMemberLookup added to a type",
            old: "public struct Box { public subscript(dynamicMember name: String) -> Int { 0 } }",
            new: "@dynamicMemberLookup public struct Box { public subscript(dynamicMember name: String) -> Int { 0 } }",
            ["changed struct Box"], .additive),
        DiffCase(
            "attributes that change no call site",
            old: "public struct S { public func f() {} }\npublic class C {}\npublic protocol P { func g() }",
            new: """
                @frozen public struct S { @inlinable @_disfavoredOverload @_alwaysEmitIntoClient @usableFromInline \
                public func f() {} }
                @_fixed_layout public class C {}
                @preconcurrency public protocol P { @_documentation(visibility: public) func g() }
                """,
            [], .none),
        DiffCase(
            "a protocol requirement added with a default implementation in an unconstrained extension",
            old: "public protocol Store { func save() }",
            new: "public protocol Store { func save()\n func flush() }\nextension Store { public func flush() {} }",
            ["added func Store.flush()", "added func Store.flush() (extension)"], .additive),
        DiffCase(
            "an associated type added with a default type",
            old: "public protocol Store { func save() }",
            new: "public protocol Store { associatedtype Item = String\n func save() }",
            ["added associatedtype Store.Item"], .additive),
        DiffCase(
            "a requirement added together with its protocol",
            old: "public struct A {}",
            new: "public struct A {}\npublic protocol Q { func f() }",
            ["added protocol Q", "added func Q.f()"], .additive),
        DiffCase(
            "an addition in a constrained protocol extension is found",
            old: "public protocol P {}",
            new:
                """
                public protocol P {}\nextension P where Self: RawRepresentable, RawValue == String { public func \
                describe() -> String { \"\" } }\npublic extension P where Self: Equatable { func same(_ other: \
                Self) -> Bool { true } }
                """,
            ["added func P.describe() (extension)", "added func P.same(_:) (extension)"], .additive),
    ]
}
