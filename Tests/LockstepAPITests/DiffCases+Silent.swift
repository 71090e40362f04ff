import LockstepAPI

extension DiffCase {
    static let silentCases: [DiffCase] = [
        DiffCase(
            "a result builder added to a function and a computed property shapes only their bodies",
            old: "public struct Row {\n public func cell() -> Int { 0 }\n public var body: Int { 0 } }",
            new:
                """
                public struct Row {\n @ViewBuilder public func cell() -> Int { 0 }\n @ViewBuilder public var \
                body: Int { 0 } }
                """,
            [], .none),
        DiffCase(
            "a package's global actor named like a builder, added to a function, still breaks synchronous callers",
            old: "@globalActor public actor RenderBuilder { public static let shared = RenderBuilder() }\n"
                + "public final class Canvas { public func draw() {} }",
            new: "@globalActor public actor RenderBuilder { public static let shared = RenderBuilder() }\n"
                + "public final class Canvas { @RenderBuilder public func draw() {} }",
            ["changed func Canvas.draw()"], .breaking),
        DiffCase(
            "a result builder added to a protocol requirement changes how conformers' bodies build",
            old: "public protocol Screen { var body: Int { get } }",
            new: "public protocol Screen { @ViewBuilder var body: Int { get } }",
            ["changed var Screen.body"], .breaking),
        DiffCase(
            "a result builder dropped from a closure parameter breaks the calls that build it",
            old: "public func section(@ViewBuilder _ content: () -> Int) {}",
            new: "public func section(_ content: () -> Int) {}",
            ["changed func section(_:)"], .breaking),
        DiffCase(
            "reordering declarations",
            old: "public struct A {}\npublic func f() {}\npublic enum E { case x }",
            new: "public enum E { case x }\npublic func f() {}\npublic struct A {}",
            [], .none),
        DiffCase(
            "comments and whitespace",
            old: "public func add(item: String, quantity: Int) -> [String: Int] { [:] }",
            new: """
                /// Adds an item.
                public   func add(
                    item: String,   // the SKU
                    quantity: Int /* at least one */
                ) ->  [ String : Int ] {
                    // a new body
                    return [:]
                }
                """,
            [], .none),
        DiffCase(
            "attribute order",
            old: "public struct S { @MainActor @objc public func f() {} }",
            new: "public struct S { @objc @MainActor public func f() {} }",
            [], .none),
        DiffCase(
            "modifier order",
            old: "open class C { public static func make() {} }",
            new: "open class C { static public func make() {} }",
            [], .none),
        DiffCase(
            "a declaration moved between files",
            oldFiles: [
                SourceFile(path: "Sources/Cart.swift", text: "public struct Cart {}\npublic func checkout() {}"),
                SourceFile(path: "Sources/Order.swift", text: "public struct Order {}"),
            ],
            newFiles: [
                SourceFile(path: "Sources/Cart.swift", text: "public struct Cart {}"),
                SourceFile(path: "Sources/Order.swift", text: "public struct Order {}\n\npublic func checkout() {}"),
            ],
            [], .none),
        DiffCase(
            "private, fileprivate and internal changes are ignored",
            old:
                """
                public struct Cart { private var a = 1\n fileprivate func b() {}\n func c() {}\n public var d = 0 \
                }\nstruct Helper {}
                """,
            new:
                """
                public struct Cart { private var a = \"x\"\n fileprivate func b(x: Int) {}\n internal func c2() \
                {}\n public var d = 0 }\nstruct Helper2 {}
                """,
            [], .none),
        DiffCase(
            "public members of an internal type are not public",
            old:
                """
                public struct Cart {}\nstruct Cache { public func get() {} }\nextension Cache { public func put() \
                {} }
                """,
            new: "public struct Cart {}\nstruct Cache { public func get(key: String) {} }",
            [], .none),
        DiffCase(
            "a deprecation and @discardableResult added",
            old: "public func f() -> Int { 0 }",
            new: "@available(*, deprecated, message: \"use g()\")\n@discardableResult\npublic func f() -> Int { 0 }",
            [], .none),
        DiffCase(
            "stored storage becoming computed, and -> Void spelled out",
            old: "public struct Cart { public var count: Int = 0\n public func reset() {} }",
            new: "public struct Cart { public var count: Int { get { 0 } set {} }\n public func reset() -> Void {} }",
            [], .none),
        DiffCase(
            "a default value's text changed",
            old: "public func page(size: Int = 20) {}",
            new: "public func page(size: Int = 50) {}",
            [], .none),
        DiffCase(
            "a conformance spelled through an underscored typealias of the same protocol",
            old:
                """
                public typealias _Sendable = Sendable\npublic protocol Key: _Sendable {}\npublic struct Box: \
                _Sendable {}
                """,
            new: "public protocol Key: Sendable {}\npublic struct Box: Sendable {}",
            [], .none),
        DiffCase(
            "availability where Swift concurrency starts added to an async function",
            old: "public func load() async {}",
            new: "@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)\npublic func load() async {}",
            [], .none),
        DiffCase(
            "availability where Swift concurrency starts added to a protocol with async requirements",
            old: "public protocol Command { func run() async throws }",
            new:
                """
                @available(macOS 10.15, macCatalyst 13, iOS 13, *)\npublic protocol Command { func run() async \
                throws }
                """,
            [], .none),
        DiffCase(
            "a generic parameter written as the type a same-type requirement gives it",
            old:
                """
                public struct W<Value> {}\nextension W { public init<E>(wrappedValue: Value, help: String? = nil) \
                where Value == [E] {} }
                """,
            new:
                """
                public struct W<Value> {}\nextension W { public init<E>(wrappedValue: [E], help: String? = nil) \
                where Value == [E] {} }
                """,
            [], .none),
        DiffCase(
            "an associated type's witness spelled out, then left to inference",
            old:
                """
                public struct Pair: Sequence { public typealias Element = Int\n public func makeIterator() -> \
                IndexingIterator<[Int]> { [].makeIterator() } }
                """,
            new:
                """
                public struct Pair: Sequence { public func makeIterator() -> IndexingIterator<[Int]> { \
                [].makeIterator() } }
                """,
            [], .none),
        DiffCase(
            "a member type spelled through a typealias of a protocol the type conforms to",
            old:
                """
                public struct Key<V> {}\npublic protocol Space {}\npublic struct Names: Space { public var id: \
                Key<String> { Key() } }
                """,
            new:
                """
                public struct Key<V> {}\npublic protocol Space {}\nextension Space { public typealias Name = Key \
                }\npublic struct Names: Space { public var id: Name<String> { Key() } }
                """,
            ["added typealias Space.Name (extension)"], .additive),
        DiffCase(
            "a primary associated type written as a same-type requirement",
            old: "public func total<C: Collection>(_ values: C) -> Int where C.Element == Int { 0 }",
            new: "public func total(_ values: some Collection<Int>) -> Int { 0 }",
            [], .none),
        DiffCase(
            "unavailable on macOS written as #if !os(macOS)",
            old:
                """
                public struct S {}\n@available(macOS, unavailable)\n@available(macCatalyst, \
                unavailable)\nextension S { public func f() {} }
                """,
            new: "public struct S {}\n#if !os(macOS)\nextension S { public func f() {} }\n#endif",
            [], .none),
        DiffCase(
            "a dictionary typealias's Key and Value member types are its key and value types",
            old:
                """
                public enum N { public typealias M = [String: Int] }\npublic struct H { public subscript(k: \
                String) -> Int? { nil } }
                """,
            new:
                """
                public enum N { public typealias M = [String: Int] }\npublic struct H { public subscript(k: \
                N.M.Key) -> N.M.Value? { nil } }
                """,
            [], .none),
        DiffCase(
            "a C typedef for what it is on Apple platforms",
            old: "public struct P { public var raw: UInt16\n public init(raw: UInt16) { self.raw = raw } }",
            new: "public struct P { public var raw: mode_t\n public init(raw: mode_t) { self.raw = raw } }",
            [], .none),
        DiffCase(
            "an extension's availability moved onto its members",
            old: "public struct T {}\n@available(macOS 14, *)\nextension T { public func f() {}\n public func g() {} }",
            new:
                """
                public struct T {}\nextension T { @available(macOS 14, *)\n public func f() {}\n @available(macOS \
                14, *)\n public func g() {} }
                """,
            [], .none),
        DiffCase(
            "a getter marked __consuming",
            old: "public struct Path { public var parts: [String] { get { [] } set {} } }",
            new: "public struct Path { public var parts: [String] { __consuming get { [] } set {} } }",
            [], .none),
        DiffCase(
            "an availability macro in place of a minimum below every deployment target",
            old: "@available(iOS 8, *)\npublic enum CInterop {}",
            new: "@available(System 0.0.2, *)\npublic enum CInterop {}",
            [], .none),
    ]
}
