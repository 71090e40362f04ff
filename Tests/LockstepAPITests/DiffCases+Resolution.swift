import LockstepAPI

extension DiffCase {
    /// Generic typealiases used with arguments (`RangeType<Int>`), expanded as the compiler does: a use means the
    /// alias's target with the arguments put in.
    static let genericAliasCases: [DiffCase] = [
        DiffCase(
            "a parameter respelled through a generic typealias of the same type",
            old: "public typealias RangeType<B: Comparable> = Range<B>\npublic func f(_ r: Range<Int>) {}",
            new: "public typealias RangeType<B: Comparable> = Range<B>\npublic func f(_ r: RangeType<Int>) {}",
            [], .none),
        DiffCase(
            "a result respelled through a generic typealias whose target names its argument's member type",
            old:
                """
                public protocol Sch { associatedtype T }\npublic struct Q: Sch { public typealias T = Int }\npublic \
                struct Box<V> {}\npublic typealias BoxOf<S: Sch> = Box<S.T>\npublic func g() -> Box<Int> { .init() }
                """,
            new:
                """
                public protocol Sch { associatedtype T }\npublic struct Q: Sch { public typealias T = Int }\npublic \
                struct Box<V> {}\npublic typealias BoxOf<S: Sch> = Box<S.T>\npublic func g() -> BoxOf<Q> { .init() }
                """,
            [], .none),
        DiffCase(
            "a generic typealias of a function type, made optional: the whole function type is optional",
            old: "public typealias Handler<T> = (T) -> Void\npublic func h(_ x: ((String) -> Void)?) {}",
            new: "public typealias Handler<T> = (T) -> Void\npublic func h(_ x: Handler<String>?) {}",
            [], .none),
        DiffCase(
            "a generic typealias nested in a type, used with a generic parameter of the function",
            old:
                """
                public enum NS { public typealias Pair<A> = (A, A) }\npublic func p<T>(_ x: (T, T)) -> T { x.0 }
                """,
            new:
                """
                public enum NS { public typealias Pair<A> = (A, A) }\npublic func p<T>(_ x: NS.Pair<T>) -> T { x.0 }
                """,
            [], .none),
        DiffCase(
            "a generic typealias whose target changes changes every declaration that uses it",
            old: "public typealias Pair<A> = (A, A)\npublic func p(_ x: Pair<String>) {}",
            new: "public typealias Pair<A> = (A, Int)\npublic func p(_ x: Pair<String>) {}",
            ["changed func p(_:)", "changed typealias Pair"], .breaking),
        DiffCase(
            "a use with another argument is another type",
            old: "public typealias RangeType<B: Comparable> = Range<B>\npublic func f(_ r: Range<Int>) {}",
            new: "public typealias RangeType<B: Comparable> = Range<B>\npublic func f(_ r: RangeType<UInt>) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a generic type renamed with a generic typealias of the old name left: every use still compiles",
            old: "public struct Crate<T> { public init() {}\n public func get() -> T? { nil } }",
            new:
                """
                public struct _Crate<T> { public init() {}\n public func get() -> T? { nil } }\npublic typealias \
                Crate<T> = _Crate<T>
                """,
            ["added typealias Crate"], .additive),
        DiffCase(
            "a _-type a generic typealias names is API under it: a member it loses is removed",
            old: "public struct _Box<T, U> { public func get() {} }\npublic typealias Pair<T> = _Box<T, T>",
            new: "public struct _Box<T, U> {}\npublic typealias Pair<T> = _Box<T, T>",
            ["removed func _Box.get()"], .breaking),
        DiffCase(
            "an extension of a generic typealias with arguments is the constrained extension of its target",
            old:
                """
                public protocol Sch { associatedtype T; associatedtype O }\npublic struct Q: Sch { public typealias \
                T = Int; public typealias O = String }\npublic struct Eraser<T, O> {}\npublic typealias EraserOf<S: \
                Sch> \
                = Eraser<S.T, S.O>\nextension Eraser where T == Q.T, O == Q.O { public static var main: Self { \
                fatalError() }\n public static func global(qos: Int = 0) -> Self { fatalError() } }
                """,
            new:
                """
                public protocol Sch { associatedtype T; associatedtype O }\npublic struct Q: Sch { public typealias \
                T = Int; public typealias O = String }\npublic struct Eraser<T, O> {}\npublic typealias EraserOf<S: \
                Sch> \
                = Eraser<S.T, S.O>\nextension EraserOf<Q> { public static var main: Self { fatalError() }\n public \
                static \
                func global(qos: Int = 0) -> Self { fatalError() } }
                """,
            [], .none),
        DiffCase(
            "an extension with arguments of a generic type another file declares",
            oldFiles: [
                SourceFile(path: "Sources/Box.swift", text: "public struct Box<T> {}"),
                SourceFile(path: "Sources/Ext.swift", text: "extension Box where T == Int { public func f() {} }"),
            ],
            newFiles: [
                SourceFile(path: "Sources/Box.swift", text: "public struct Box<T> {}"),
                SourceFile(path: "Sources/Ext.swift", text: "extension Box<Int> { public func f() {} }"),
            ],
            [], .none),
        DiffCase(
            "an extension bound to another argument holds other members",
            oldFiles: [
                SourceFile(path: "Sources/Box.swift", text: "public struct Box<T> {}"),
                SourceFile(path: "Sources/Ext.swift", text: "extension Box<Int> { public var v: Int { 0 } }"),
            ],
            newFiles: [
                SourceFile(path: "Sources/Box.swift", text: "public struct Box<T> {}"),
                SourceFile(path: "Sources/Ext.swift", text: "extension Box<String> { public var v: Int { 0 } }"),
            ],
            ["changed var Box.v"], .breaking),
        DiffCase(
            "a generic typealias declared for some platforms only is expanded where it is declared",
            old: "public typealias Pair<A> = (A, A)\npublic func p(_ x: (Int, Int)) {}",
            new:
                """
                #if os(iOS)\npublic typealias Pair<A> = (A, A)\npublic func p(_ x: Pair<Int>) {}\n#else\npublic \
                typealias Pair<A> = (A, A)\npublic func p(_ x: (Int, Int)) {}\n#endif
                """,
            [], .none),
        DiffCase(
            "an alias with requirements used with a generic argument brings them along: not the bare target",
            old:
                """
                public struct Box<T> {}\npublic typealias HBox<T: Hashable> = Box<T>\npublic func f<T>(_ x: \
                Box<T>) {}
                """,
            new:
                """
                public struct Box<T> {}\npublic typealias HBox<T: Hashable> = Box<T>\npublic func f<T>(_ x: \
                HBox<T>) {}
                """,
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a generic alias on some platforms beside a type of the same name on the others is not expanded",
            old:
                """
                #if os(iOS)\npublic typealias Box<T> = [T]\n#else\npublic struct Box<T> { public init() {} }\n\
                #endif\npublic func f(_ x: Box<Int>) {}
                """,
            new:
                """
                #if os(iOS)\npublic typealias Box<T> = [T]\n#else\npublic struct Box<T> { public init() {} }\n\
                #endif\npublic func f(_ x: [Int]) {}
                """,
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a generic alias of a parameter's metatype is not P.Type for a protocol P",
            old: "public protocol P {}\npublic typealias Meta<T> = T.Type\npublic func m(_ x: P.Type) {}",
            new: "public protocol P {}\npublic typealias Meta<T> = T.Type\npublic func m(_ x: Meta<P>) {}",
            ["changed func m(_:)"], .breaking),
        DiffCase(
            "an extension of a renaming generic alias without arguments extends its target",
            old:
                """
                public struct _Box<T> { public init() {} }\npublic typealias Box<T> = _Box<T>\nextension _Box { \
                public func f() {} }
                """,
            new:
                """
                public struct _Box<T> { public init() {} }\npublic typealias Box<T> = _Box<T>\nextension Box { \
                public func f() {} }
                """,
            [], .none),
        DiffCase(
            "aliases nested in each other past the expansion limit stay as written, in bounded time",
            old: (1...19).map { "public typealias P\($0)<T> = P\($0 - 1)<P\($0 - 1)<T>>" }
                .joined(separator: "\n") + "\npublic typealias P0<T> = (T, T)\npublic func f(_ x: P19<Int>) {}",
            new: (1...19).map { "public typealias P\($0)<T> = P\($0 - 1)<P\($0 - 1)<T>>" }
                .joined(separator: "\n") + "\npublic typealias P0<T> = (T, T)\npublic func f(_ x: P19<Int>) {}",
            [], .none),
        DiffCase(
            """
            a generic alias in a protocol is left as written: its associated type could be read as an outer type of \
            the same name (a limit: this respelling is the same type, and reads as a change)
            """,
            old:
                """
                public struct E {}\npublic protocol P { associatedtype E\n typealias Pair<A> = (A, E) }\nextension \
                P { public func f(_ x: Pair<Int>) {} }
                """,
            new:
                """
                public struct E {}\npublic protocol P { associatedtype E\n typealias Pair<A> = (A, E) }\nextension \
                P { public func f(_ x: (Int, E)) {} }
                """,
            ["changed func P.f(_:) (extension)"], .breaking),
        DiffCase(
            "Swift.Result beside the package's own Result is another type, also through an alias",
            old:
                """
                public enum Result<S, F> { case s(S) }\npublic typealias Res<T> = Swift.Result<T, Error>\npublic \
                func f(_ x: Res<Int>) {}\npublic func g(_ x: Swift.Result<Int, Error>) {}
                """,
            new:
                """
                public enum Result<S, F> { case s(S) }\npublic typealias Res<T> = Swift.Result<T, Error>\npublic \
                func f(_ x: Result<Int, Error>) {}\npublic func g(_ x: Result<Int, Error>) {}
                """,
            ["changed func f(_:)", "changed func g(_:)"], .breaking),
        DiffCase(
            "Swift.Result where the package declares no Result is Result",
            old: "public func g(_ x: Swift.Result<Int, Swift.Error>) {}",
            new: "public func g(_ x: Result<Int, Error>) {}",
            [], .none),
        DiffCase(
            "a generic alias that is its own target through another alias reads as no alias, without looping",
            old: "public typealias A<T> = B<T>\npublic typealias B<T> = A<T>\npublic func f(_ x: A<Int>) {}",
            new: "public typealias A<T> = B<T>\npublic typealias B<T> = A<T>\npublic func f(_ x: A<Int>) {}",
            [], .none),
        DiffCase(
            "a constraint through the primary associated type of the package's own protocol",
            old:
                """
                public protocol Store<Item> { associatedtype Item }\npublic func f<S: Store>(_ s: S) where S.Item \
                == Int {}
                """,
            new: "public protocol Store<Item> { associatedtype Item }\npublic func f<S: Store<Int>>(_ s: S) {}",
            [], .none),
        DiffCase(
            "a protocol of the package named like Combine's has its own primary associated types",
            old:
                """
                public protocol Publisher<Value> { associatedtype Value }\npublic func f<P: Publisher>(_ p: P) \
                where P.Value == Int {}
                """,
            new:
                """
                public protocol Publisher<Value> { associatedtype Value }\npublic func f<P: Publisher<Int>>(_ p: P) {}
                """,
            [], .none),
        DiffCase(
            "a constraint through the primary associated type of Combine's Scheduler",
            old:
                """
                import Combine\npublic func f<S: Scheduler, T>(_ s: S, _ t: T) where S.SchedulerTimeType == T {}
                """,
            new: "import Combine\npublic func f<S: Scheduler<T>, T>(_ s: S, _ t: T) {}",
            [], .none),
        DiffCase(
            "Swift.Sequence<X> beside the package's own Sequence protocol: which one a name means is not guessed",
            old:
                """
                public protocol Sequence<Iterator> { associatedtype Iterator }\npublic func f<S: Swift.Sequence>(_ \
                s: S) where S.Iterator == IndexingIterator<[Int]> {}
                """,
            new:
                """
                public protocol Sequence<Iterator> { associatedtype Iterator }\npublic func f<S: \
                Swift.Sequence<IndexingIterator<[Int]>>>(_ s: S) {}
                """,
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a primary associated type bound to another type changes the requirement",
            old: "public protocol Store<Item> { associatedtype Item }\npublic func f<S: Store<Int>>(_ s: S) {}",
            new: "public protocol Store<Item> { associatedtype Item }\npublic func f<S: Store<String>>(_ s: S) {}",
            ["changed func f(_:)"], .breaking),
    ]
    /// Members the standard library provides, dropped from the package's own extension of its protocol.
    /// A protocol `P` whose extension declares `Default`, and a generic type conforming to it.
    private static let protocolAliasPrelude =
        "public protocol P {}\nextension P { public typealias Default = Wrap<Self> }\npublic struct Wrap<B: P>: P {}"

    /// A protocol extension's typealias used through a generic parameter that conforms to the protocol.
    static let protocolAliasCases: [DiffCase] = [
        DiffCase(
            "a type's member respelled through a protocol extension's generic alias with a where clause of its own",
            old: "public protocol Model {}\npublic final class CP<From, To> where From: Model, To: Model {}\n"
                + "extension Model { public typealias Children<To> = CP<Self, To> where To: Model }\n"
                + "extension CP { public static func load<B>(_ k: KeyPath<From, From.Children<To>>, to b: B) {} }",
            new: "public protocol Model {}\npublic final class CP<From, To> where From: Model, To: Model {}\n"
                + "extension Model { public typealias Children<To> = CP<Self, To> where To: Model }\n"
                + "extension CP { public static func load<B>(_ k: KeyPath<From, CP<From, To>>, to b: B) {} }",
            [], .none),
        DiffCase(
            "a parameter respelled through a protocol extension's alias on an opaque type",
            old: protocolAliasPrelude + "\npublic func f(_ k: Wrap<some P>) {}",
            new: protocolAliasPrelude + "\npublic func f(_ k: (some P).Default) {}",
            [], .none),
        DiffCase(
            "a parameter respelled through a parent protocol's alias",
            old:
                "public protocol P {}\npublic protocol Q: P {}\nextension P { public typealias Default = Wrap<Self> }\n"
                + "public struct Wrap<B: P>: P {}\npublic func f<K: Q>(_ k: Wrap<K>) {}",
            new:
                "public protocol P {}\npublic protocol Q: P {}\nextension P { public typealias Default = Wrap<Self> }\n"
                + "public struct Wrap<B: P>: P {}\npublic func f<K: Q>(_ k: K.Default) {}",
            [], .none),
        DiffCase(
            "a type's member respelled through a generic protocol extension alias of its parameter",
            old: "public protocol Model {}\nextension Model { public typealias Children<To> = Kids<Self, To> }\n"
                + "public struct Kids<From: Model, To> { public func load(_ k: KeyPath<From, Kids<From, To>>) {} }",
            new: "public protocol Model {}\nextension Model { public typealias Children<To> = Kids<Self, To> }\n"
                + "public struct Kids<From: Model, To> { public func load(_ k: KeyPath<From, From.Children<To>>) {} }",
            [], .none),
        DiffCase(
            "a parameter respelled through an associated type with a default",
            old: "public protocol P { associatedtype Default = Wrap<Self> }\npublic struct Wrap<B: P>: P {}"
                + "\npublic func f(_ k: Wrap<some P>) {}",
            new: "public protocol P { associatedtype Default = Wrap<Self> }\npublic struct Wrap<B: P>: P {}"
                + "\npublic func f(_ k: (some P).Default) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a parameter respelled through a protocol alias naming an associated type",
            old: "public protocol P { associatedtype Value }\nextension P { public typealias Box = Wrap<Value> }\n"
                + "public struct Wrap<V> {}\npublic func f<K: P>(_ k: Wrap<Value>) {}",
            new: "public protocol P { associatedtype Value }\nextension P { public typealias Box = Wrap<Value> }\n"
                + "public struct Wrap<V> {}\npublic func f<K: P>(_ k: K.Box) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a parameter respelled through the alias of a protocol the parameter does not conform to",
            old: "public protocol P {}\npublic protocol R {}\nextension P { public typealias Default = Wrap<Self> }\n"
                + "public struct Wrap<B> {}\npublic func f<K: R>(_ k: Wrap<K>) {}",
            new: "public protocol P {}\npublic protocol R {}\nextension P { public typealias Default = Wrap<Self> }\n"
                + "public struct Wrap<B> {}\npublic func f<K: R>(_ k: K.Default) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a parameter respelled through a protocol alias of another target",
            old: protocolAliasPrelude + "\npublic struct Other<B> {}\npublic func f(_ k: Other<some P>) {}",
            new: protocolAliasPrelude + "\npublic struct Other<B> {}\npublic func f(_ k: (some P).Default) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a parameter respelled through a protocol alias named like another module's associated type",
            old: "public protocol P {}\nextension P { public typealias Index = Int }\n"
                + "public func f<K: P & Collection>(_ k: K, _ i: K.Index) {}",
            new: "public protocol P {}\nextension P { public typealias Index = Int }\n"
                + "public func f<K: P & Collection>(_ k: K, _ i: Int) {}",
            ["changed func f(_:_:)"], .breaking),
        DiffCase(
            "a generic protocol alias whose arguments name its own parameters",
            old: "public protocol P {}\nextension P { public typealias Pair<X, Y> = Wrap<Self, X, Y> }\n"
                + "public struct Wrap<A, B, C> {}\npublic struct Outer<K> { public struct Inner<V, W> where K: P { "
                + "public func f(_ p: K.Pair<W, V>) {} } }",
            new: "public protocol P {}\nextension P { public typealias Pair<X, Y> = Wrap<Self, X, Y> }\n"
                + "public struct Wrap<A, B, C> {}\npublic struct Outer<K> { public struct Inner<V, W> where K: P { "
                + "public func f(_ p: Wrap<K, V, V>) {} } }",
            ["changed func Outer.Inner.f(_:)"], .breaking),
    ]

    /// The standard library's typealiases that only rename a type (`CountableRange<T>` = `Range<T>`): one type, two
    /// names, unless the package gives one of the names another meaning.
    static let standardAliasCases: [DiffCase] = [
        DiffCase(
            "a property's type respelled from the standard CountableRange to Range",
            old: "public struct Buffer { public var indices: CountableRange<Int> { 0..<1 } }",
            new: "public struct Buffer { public var indices: Range<Int> { 0..<1 } }",
            [], .none),
        DiffCase(
            "a parameter respelled from Swift.CountableClosedRange to ClosedRange",
            old: "public func f(_ r: Swift.CountableClosedRange<Int>) {}",
            new: "public func f(_ r: ClosedRange<Int>) {}",
            [], .none),
        DiffCase(
            "CountableRange replaced by the package's own Range breaks",
            old: "public struct Range<T> {}\npublic func f(_ r: CountableRange<Int>) {}",
            new: "public struct Range<T> {}\npublic func f(_ r: Range<Int>) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a protocol's associated type named CountableRange replaced by the standard Range breaks",
            old: "public protocol Q { associatedtype CountableRange\n func f(_ r: CountableRange) }",
            new: "public protocol Q { associatedtype CountableRange\n func f(_ r: Range<Int>) }",
            ["changed func Q.f(_:)"], .breaking),
        DiffCase(
            "a nested type named CountableRange replaced by the standard Range breaks",
            old: "public enum Text { public struct CountableRange {}\n public static func f(_ r: CountableRange) {} }",
            new: "public enum Text { public struct CountableRange {}\n public static func f(_ r: Range<Int>) {} }",
            ["changed func Text.f(_:)"], .breaking),
        DiffCase(
            "Foundation's TimeInterval is not followed (a dependency may declare its own): Double reads as a change",
            old: "public func f(after: TimeInterval) {}",
            new: "public func f(after: Double) {}",
            ["changed func f(after:)"], .breaking),
        DiffCase(
            "CountableRange narrowed to ClosedRange breaks",
            old: "public func g(_ r: CountableRange<Int>) {}",
            new: "public func g(_ r: ClosedRange<Int>) {}",
            ["changed func g(_:)"], .breaking),
    ]

    static let standardShimCases: [DiffCase] = [
        DiffCase(
            "a shim of a member the standard library's Clock provides, dropped: every call finds the standard one",
            old:
                """
                @available(macOS 13, iOS 16, *)\nextension Clock {\n public func sleep(for duration: Duration, \
                tolerance: Duration? = nil) async throws {} }
                """,
            new: "public struct Other {}",
            ["added struct Other", "removed func Clock.sleep(for:tolerance:)"], .additive),
        DiffCase(
            "a member of an extension of Clock that the standard library does not provide, dropped, breaks",
            old: "extension Clock {\n public func nap(for duration: Duration) async throws {} }",
            new: "public struct Other {}",
            ["added struct Other", "removed func Clock.nap(for:)"], .breaking),
        DiffCase(
            "a member of the package's own protocol named Clock, dropped, breaks",
            old:
                """
                public protocol Clock { associatedtype Duration }\nextension Clock {\n public func sleep(for \
                duration: Duration, tolerance: Duration? = nil) async throws {} }
                """,
            new: "public protocol Clock { associatedtype Duration }",
            ["removed func Clock.sleep(for:tolerance:) (extension)"], .breaking),
    ]
}
