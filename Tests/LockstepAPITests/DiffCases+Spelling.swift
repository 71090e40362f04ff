import LockstepAPI

extension DiffCase {
    /// Two spellings of one type, as the compiler resolves them at a call site: no change.
    static let spellingCases: [DiffCase] = [
        DiffCase(
            "any P is P, also in compositions, generic arguments and metatypes",
            old:
                """
                public protocol P {}\npublic protocol Q {}\npublic func f(_ x: P, _ y: [P & Q], _ z: P.Type) -> \
                Optional<P> { nil }
                """,
            new:
                """
                public protocol P {}\npublic protocol Q {}\npublic func f(_ x: any P, _ y: Array<any Q & P>, _ z: \
                any P.Type) -> (any P)? { nil }
                """,
            [], .none),
        DiffCase(
            "sugar, Void and redundant parentheses",
            old:
                """
                public func f(_ a: Array<Int>, _ b: Dictionary<String, Int>, _ c: Optional<String>, _ d: \
                @escaping () -> ()) -> ((Int)) { 0 }
                """,
            new: "public func f(_ a: [Int], _ b: [String: Int], _ c: String?, _ d: @escaping () -> Void) -> Int { 0 }",
            [], .none),
        DiffCase(
            "Swift. qualification and function-type labels",
            old: "public var handler: (_ value: Swift.Int) -> Swift.String = { _ in \"\" }",
            new: "public var handler: (Int) -> String = { _ in \"\" }",
            [], .none),
        DiffCase(
            "Self and a value type's own name are one type inside it, in extensions too",
            old:
                """
                public struct BitSet { public struct Counted { public func isDisjoint(with other: Self) -> Bool { \
                true } } }\npublic enum Mode { case a\n public func same(_ other: Mode) -> Bool { true } \
                }\nextension BitSet.Counted { public func union(_ other: BitSet.Counted) -> Self { self } }
                """,
            new:
                """
                public struct BitSet { public struct Counted { public func isDisjoint(with other: BitSet.Counted) \
                -> Bool { true } } }\npublic enum Mode { case a\n public func same(_ other: Self) -> Bool { true \
                } }\nextension BitSet.Counted { public func union(_ other: Self) -> BitSet.Counted { self } }
                """,
            [], .none),
        DiffCase(
            "a re-exported generic type written without and then with its own parameters",
            oldFiles: [
                SourceFile(
                    path: "Sources/A.swift",
                    text: "public struct Box<T> {}\npublic enum Umbrella { public typealias Crate = Box }")
            ],
            newFiles: [
                SourceFile(
                    path: "Sources/A.swift",
                    text: "public struct Box<T> {}\npublic enum Umbrella { public typealias Crate<T> = Box<T> }")
            ],
            [], .none),
        DiffCase(
            "the same with the type's own requirement restated on the alias",
            old: "public struct Heap<T: Comparable> {}\npublic enum Umbrella { public typealias Pile = Heap }",
            new:
                """
                public struct Heap<T: Comparable> {}\npublic enum Umbrella { public typealias Pile<T> = Heap<T> \
                where T: Comparable }
                """,
            [], .none),
        DiffCase(
            "Self and the bare name of a generic type in an initializer",
            old: "public struct TreeSet<Element: Hashable> { public init(_ other: __owned Self) {} }",
            new: "public struct TreeSet<Element: Hashable> { public init(_ other: __owned TreeSet) {} }",
            [], .none),
        DiffCase(
            "Self respelled in one overload of several",
            old:
                """
                public struct BitSet {}\nextension BitSet { public mutating func formUnion(_ other: Self) {}\n \
                public mutating func formUnion(_ other: Range<Int>) {} }
                """,
            new:
                """
                public struct BitSet {}\nextension BitSet { public mutating func formUnion(_ other: BitSet) {}\n \
                public mutating func formUnion(_ other: Range<Int>) {} }
                """,
            [], .none),
        DiffCase(
            "a generic value type's bare name inside it means its own parameters",
            old:
                """
                public struct Tagged<Tag, RawValue> { public static func + (lhs: Tagged<Tag, RawValue>, rhs: \
                Self) -> Tagged<Tag, RawValue> { lhs } }
                """,
            new:
                """
                public struct Tagged<Tag, RawValue> { public static func + (lhs: Tagged, rhs: Tagged) -> Self { \
                lhs } }
                """,
            [], .none),
        DiffCase(
            "in a class, Self returned is the dynamic type: not the class's name",
            old: "public class Node { public func copy() -> Self { self } }",
            new: "public class Node { public func copy() -> Node { self } }",
            ["changed func Node.copy()"], .breaking),
        DiffCase(
            "a stored property's type inferred from a comparison or a negation is Bool",
            old: "public enum Rainbow { public static var enabled = true\n public static var quiet: Bool = false }",
            new:
                """
                public enum Rainbow { public static var enabled = Env.value(\"NO_COLOR\") == nil\n public static \
                var quiet = !Rainbow.enabled }\nenum Env { static func value(_ k: String) -> String? { nil } }
                """,
            [], .none),
        DiffCase(
            "a stored constant inferred from integer arithmetic keeps its type as a var",
            old: "public struct Socket { public static let chunk = 128 * 1024 }",
            new: "public struct Socket { public static var chunk: Int { 128 * 1024 } }",
            ["changed var Socket.chunk"], .additive),
        DiffCase(
            "a dotted initializer-like call is not inferred (it may be an enum case or start with Self)",
            old:
                """
                public enum Method { case RAW(value: String) }\npublic struct M { public static let m = \
                Method.RAW(value: \"X\") }
                """,
            new:
                """
                public enum Method { case RAW(value: String) }\npublic struct M { public static let m: Method = \
                .RAW(value: \"X\") }
                """,
            [], .none),
        DiffCase(
            "integer arithmetic with a float literal or a call is not inferred as Int",
            old: "public enum Limits { public static let a = 1 * 2.5\n public static let b = 2 * size() }",
            new: "public enum Limits { public static let a: Double = 2.5\n public static let b: UInt = 2 }",
            [], .none),
        DiffCase(
            "a stored property's type Lockstep cannot infer on one side is no known change",
            old: "public enum Rainbow { public static var enabled = true }",
            new: "public enum Rainbow { public static var enabled = available\n static let available = true }",
            [], .none),
        DiffCase(
            "two known types that differ are still a change",
            old: "public enum Rainbow { public static var enabled = true }",
            new: "public enum Rainbow { public static var enabled = 1 }",
            ["changed var Rainbow.enabled"], .breaking),
        DiffCase(
            "C typealiases are the types they name",
            old:
                """
                public func withCString<R>(_ body: (UnsafePointer<Int8>) throws -> R) rethrows -> R { \
                fatalError() }\npublic var code: Int32 = 0
                """,
            new:
                """
                public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R { \
                fatalError() }\npublic var code: CInt = 0
                """,
            [], .none),
        DiffCase(
            "an optional function keeps its parentheses",
            old: "public var onDone: Optional<() -> Void> = nil",
            new: "public var onDone: (() -> Void)? = nil",
            [], .none),
        DiffCase(
            "a function's generic parameters renamed",
            old: "public func first<Element>(of items: [Element], where test: (Element) -> Bool) -> Element? { nil }",
            new: "public func first<T>(of items: [T], where test: (T) -> Bool) -> T? { nil }",
            [], .none),
        DiffCase(
            "generic parameters declared in another order but used alike",
            old: "public func pair<A, B>(_ a: A, _ b: B) {}",
            new: "public func pair<Second, First>(_ a: First, _ b: Second) {}",
            [], .none),
        DiffCase(
            "a constraint inline or in a where clause",
            old: "public protocol P {}\npublic protocol Q {}\npublic func f<T: P & Q>(_ x: T) {}",
            new: "public protocol P {}\npublic protocol Q {}\npublic func f<T>(_ x: T) where T: Q, T: P {}",
            [], .none),
        DiffCase(
            "some P in parameter position is an anonymous generic parameter",
            old: "public protocol P {}\npublic func f<T: P>(_ x: T, _ y: Int) {}",
            new: "public protocol P {}\npublic func f(_ x: some P, _ y: Int) {}",
            [], .none),
        DiffCase(
            "a type's generic parameter renamed, in its members and extensions too",
            oldFiles: [
                SourceFile(
                    path: "Sources/Box.swift", text: "public struct Box<T> { public func get() -> T { fatalError() } }"),
                SourceFile(
                    path: "Sources/Box+Map.swift",
                    text: "extension Box where T: Equatable { public func contains(_ x: T) -> Bool { false } }"),
            ],
            newFiles: [
                SourceFile(
                    path: "Sources/Box.swift",
                    text: "public struct Box<Element> { public func get() -> Element { fatalError() } }"),
                SourceFile(
                    path: "Sources/Box+Map.swift",
                    text:
                        """
                        extension Box where Element: Equatable { public func contains(_ x: Element) -> Bool { \
                        false } }
                        """
                ),
            ],
            [], .none),
        DiffCase(
            "a renamed generic parameter with a different constraint still changes",
            old: "public func f<T: Equatable>(_ x: T) {}",
            new: "public func f<U: Hashable>(_ x: U) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a nested type by its short name inside its container and its extensions",
            oldFiles: [
                SourceFile(
                    path: "Sources/Logger.swift",
                    text: "public struct Logger { public enum Level { case info }\n public var level: Level }"),
                SourceFile(
                    path: "Sources/Logger+Set.swift", text: "extension Logger { public func set(_ level: Level) {} }"),
            ],
            newFiles: [
                SourceFile(
                    path: "Sources/Logger.swift",
                    text: "public struct Logger { public enum Level { case info }\n public var level: Logger.Level }"),
                SourceFile(
                    path: "Sources/Logger+Set.swift",
                    text: "extension Logger { public func set(_ level: Logger.Level) {} }"),
            ],
            [], .none),
        DiffCase(
            "Self.Member is the member's short name in a type and in a protocol",
            old:
                """
                public struct Logger { public enum Level { case info }\n public func set(_ l: Self.Level) {} \
                }\npublic protocol Store { associatedtype Item\n func put(_ item: Self.Item) }
                """,
            new:
                """
                public struct Logger { public enum Level { case info }\n public func set(_ l: Level) {} }\npublic \
                protocol Store { associatedtype Item\n func put(_ item: Item) }
                """,
            [], .none),
        DiffCase(
            "a short name now meaning a different type is a change",
            old: "public struct Level {}\npublic struct Logger { public func set(_ level: Level) {} }",
            new:
                """
                public struct Level {}\npublic struct Logger { public struct Level {}\n public func set(_ level: \
                Level) {} }
                """,
            ["added struct Logger.Level", "changed func Logger.set(_:)"], .breaking),
        DiffCase(
            "a conditional conformance spelled through a typealias of the protocol is the same conformance",
            old:
                """
                public typealias AnySendable = Swift.Sendable\npublic struct Box<T> {}\nextension Box: AnySendable \
                where T: AnySendable {}
                """,
            new:
                """
                public typealias AnySendable = Swift.Sendable\npublic struct Box<T> {}\nextension Box: Sendable \
                where T: Sendable {}
                """,
            [], .none),
        DiffCase(
            "a conditional conformance through a typealias still changes when its condition does",
            old:
                """
                public typealias AnySendable = Swift.Sendable\npublic struct Box<T> {}\nextension Box: AnySendable \
                where T: AnySendable {}
                """,
            new: "public struct Box<T> {}\nextension Box: Sendable where T: Sendable & Hashable {}",
            ["changed conformance Box: Sendable", "removed typealias AnySendable"], .breaking),
        DiffCase(
            "a conformance through a typealias of a protocol composition is one conformance per member",
            old:
                """
                public protocol In {}\npublic protocol Out {}\npublic typealias Duplex = In & Out\npublic struct \
                H: In, Out {}
                """,
            new:
                """
                public protocol In {}\npublic protocol Out {}\npublic typealias Duplex = In & Out\npublic struct \
                H: Duplex {}
                """,
            [], .none),
        DiffCase(
            "a class's first inherited entry becoming a composition adds the conformances it adds",
            old: "public protocol In {}\npublic protocol Out {}\npublic final class H: In {}",
            new: "public protocol In {}\npublic protocol Out {}\npublic final class H: In & Out {}",
            ["added conformance H: Out"], .additive),
        DiffCase(
            "a class's first entry through a composition alias losing a member removes that conformance",
            old:
                """
                public protocol In {}\npublic protocol Out {}\npublic typealias Duplex = In & Out\npublic class \
                H: Duplex {}
                """,
            new:
                """
                public protocol In {}\npublic protocol Out {}\npublic typealias Duplex = In & Out\npublic class \
                H: In {}
                """,
            ["removed conformance H: Out"], .breaking),
        DiffCase(
            "a class's first inherited entry naming an internal protocol is not API",
            old: "protocol Maker {}\npublic final class Boot {}",
            new: "protocol Maker {}\npublic final class Boot: Maker {}",
            [], .none),
        DiffCase(
            "an internal protocol as a class's first entry is not API on each platform of a platform-dependent class",
            old:
                """
                #if os(iOS)\npublic typealias Mode = Int32\n#else\npublic typealias Mode = UInt16\n#endif\nprotocol \
                Maker {}\npublic final class Boot<T> where T == Mode {}
                """,
            new:
                """
                #if os(iOS)\npublic typealias Mode = Int32\n#else\npublic typealias Mode = UInt16\n#endif\nprotocol \
                Maker {}\npublic final class Boot<T>: Maker where T == Mode {}
                """,
            [], .none),
        DiffCase(
            "a class gaining a first inherited entry declared elsewhere only gains (superclass or protocol)",
            old: "public class Handler {}\npublic class Decoder: Base {}",
            new: "public class Handler: Removable {}\npublic class Decoder: Base & SingleStep {}",
            ["changed class Decoder", "changed class Handler"], .additive),
        DiffCase(
            "an open class gaining a first inherited entry declared elsewhere still breaks (its subclasses may clash)",
            old: "open class Handler { public init() {} }",
            new: "open class Handler: NSObject { public override init() {} }",
            ["changed class Handler"], .breaking),
        DiffCase(
            "a class dropping a public _-named superclass loses its members",
            old: "public class _Base { public init() {}\n public func run() {} }\npublic class Runner: _Base {}",
            new:
                """
                public class _Base { public init() {}\n public func run() {} }\npublic class Runner { public \
                init() {} }
                """,
            ["added init Runner()", "changed class Runner"], .breaking),
        DiffCase(
            "a class whose first inherited entry declared elsewhere is replaced by another still breaks",
            old: "public class Handler: Base {}",
            new: "public class Handler: OtherBase {}",
            ["changed class Handler"], .breaking),
        DiffCase(
            "a typealias is followed",
            old: "public struct Identifier {}\npublic typealias ID = Identifier\npublic func find(_ id: ID) {}",
            new: "public struct Identifier {}\npublic typealias ID = Identifier\npublic func find(_ id: Identifier) {}",
            [], .none),
        DiffCase(
            "a type renamed behind a typealias removes nothing",
            old: "public struct Old: Equatable { public init() {}\n public func f() {} }\npublic func use(_ o: Old) {}",
            new:
                """
                public struct New: Equatable { public init() {}\n public func f() {} }\npublic typealias Old = \
                New\npublic func use(_ o: Old) {}
                """,
            ["added typealias Old"], .additive),
        DiffCase(
            "a type renamed behind a typealias still loses what the new type lacks",
            old: "public struct Old { public func f() {}\n public func g() {} }",
            new: "public struct New { public func f() {} }\npublic typealias Old = New",
            ["added typealias Old", "removed func New.g()"], .breaking),
        DiffCase(
            "a protocol renamed behind a typealias keeps its conformers and extensions",
            old: "public protocol Old {}\npublic struct S: Old {}\nextension Old { public func f() {} }",
            new:
                """
                public protocol New {}\npublic typealias Old = New\npublic struct S: New {}\nextension Old { \
                public func f() {} }
                """,
            ["added typealias Old"], .additive),
        DiffCase(
            "a protocol renamed to a _-name behind a public typealias: the alias serves it, conformers keep it",
            old:
                """
                @preconcurrency public protocol Marker: Sendable {}\npublic protocol Channel: AnyObject, Marker {}\n\
                public struct S: Marker {}
                """,
            new:
                """
                @preconcurrency public protocol _Marker: Sendable {}\n@available(*, deprecated)\n\
                public typealias Marker = _Marker\npublic protocol Channel: AnyObject, _Marker {}\n\
                public struct S: Marker {}
                """,
            ["added typealias Marker"], .additive),
        DiffCase(
            "a protocol renamed to a _-name behind a typealias gains a requirement",
            old: "public protocol Channel {}",
            new: "public protocol _Channel { func close() }\npublic typealias Channel = _Channel",
            ["added func _Channel.close()", "added typealias Channel"], .breaking),
        DiffCase(
            "a type renamed to a _-name behind a typealias loses a member",
            old: "public struct Box { public init() {}\n public func f() {} }",
            new: "public struct _Box { public init() {} }\npublic typealias Box = _Box",
            ["added typealias Box", "removed func _Box.f()"], .breaking),
        DiffCase(
            "a protocol renamed to a _-name behind a typealias loses a conformer",
            old: "public protocol Marker {}\npublic struct S: Marker {}",
            new: "public protocol _Marker {}\npublic typealias Marker = _Marker\npublic struct S {}",
            ["added typealias Marker", "removed conformance S: _Marker"], .breaking),
        DiffCase(
            "a _-type no public typealias names stays hidden",
            old: "public struct S {}",
            new: "public struct S {}\npublic struct _Helper { public func f() {} }\nextension _Helper: Sendable {}",
            [], .none),
        DiffCase(
            "a typealias inside a _-type does not make the _-type it names API",
            old: "public struct S {}",
            new:
                """
                public struct S {}\npublic struct _Chunks: Sequence { public typealias Iterator = _ChunksIterator\n \
                public func makeIterator() -> _ChunksIterator { _ChunksIterator() } }\n\
                public struct _ChunksIterator: IteratorProtocol { public func next() -> Int? { nil } }
                """,
            [], .none),
        DiffCase(
            "a _-named typealias does not make the _-type it names API",
            old: "public struct S {}",
            new: "public struct S {}\npublic struct _Storage { public func f() {} }\npublic typealias _Impl = _Storage",
            [], .none),
        DiffCase(
            "a _-type nested in an aliased _-type stays hidden",
            old: "public struct _Marker {}\npublic typealias Marker = _Marker",
            new:
                """
                public struct _Marker { public struct _Cache { public func purge() {} } }\n\
                public typealias Marker = _Marker
                """,
            [], .none),
        DiffCase(
            "a specialised typealias of a _-type makes it API",
            old: "public struct _Box<T> { public func f() {} }\npublic typealias IntBox = _Box<Int>",
            new: "public struct _Box<T> {}\npublic typealias IntBox = _Box<Int>",
            ["removed func _Box.f()"], .breaking),
        DiffCase(
            "a public protocol nested in an unaliased _-type is not API",
            old: "public enum _Internals { public protocol Hook {} }\npublic struct S: _Internals.Hook {}",
            new: "public enum _Internals { public protocol Hook {} }\npublic struct S {}",
            [], .none),
        DiffCase(
            "a type renamed to a _-name with no typealias left is removed",
            old: "public struct Box { public init() {} }",
            new: "public struct _Box { public init() {} }\npublic struct Other {}",
            ["added struct Other", "removed init Box()", "removed struct Box"], .breaking),
        DiffCase(
            "an extension's same-type requirement written as generic arguments (standard type)",
            old: "extension Set where Element == Unicode.Scalar { public init(_ s: String) { self = [] } }",
            new: "extension Set<Unicode.Scalar> { public init(_ s: String) { self = [] } }",
            [], .none),
        DiffCase(
            "an extension's same-type requirement written as generic arguments (the package's type)",
            old: "public struct Box<T> {}\nextension Box where T == Int { public func f() {} }",
            new: "public struct Box<T> {}\nextension Box<Int> { public func f() {} }",
            [], .none),
        DiffCase(
            "an extension bound to another generic argument",
            old: "public struct Box<T> {}\nextension Box where T == Int { public func f() {} }",
            new: "public struct Box<T> {}\nextension Box<String> { public func f() {} }",
            ["changed func Box.f()"], .breaking),
        DiffCase(
            "a member typealias of a generic parameter used inside its type",
            old: "public struct Many<Element> { public var upstream: Element }",
            new: "public struct Many<Element> { public typealias Upstream = Element\n public var upstream: Upstream }",
            ["added typealias Many.Upstream"], .additive),
        DiffCase(
            "a member typealias of a tuple of generic parameters used inside its type",
            old: "public struct FD<Key, Value> { public init(_ e: [(key: Key, value: Value)]) {} }",
            new:
                """
                public struct FD<Key, Value> { public typealias Element = (key: Key, value: Value)\n \
                public init(_ e: [Element]) {} }
                """,
            ["added typealias FD.Element"], .additive),
        DiffCase(
            "another type's generic-parameter typealias is not read as this type's parameter",
            old: "public struct A<E> { public typealias U = E }\npublic struct B<T> { public func f(_ x: T) {} }",
            new:
                "public struct A<E> { public typealias U = E }\npublic struct B<T> { public func f(_ x: A<Int>.U) {} }",
            ["changed func B.f(_:)"], .breaking),
        DiffCase(
            "overloads told apart by canonical parameter types",
            old: "public func track(_ e: Array<Int>) {}\npublic func track(_ e: Optional<String>) {}",
            new: "public func track(_ e: String?) {}\npublic func track(_ e: [Int]) {}",
            [], .none),
    ]
}
