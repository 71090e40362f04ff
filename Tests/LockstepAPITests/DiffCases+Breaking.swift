import LockstepAPI

extension DiffCase {
    /// Changes some call site, conformer or subclass does not survive.
    static let breakingCases: [DiffCase] = [
        DiffCase(
            "@Sendable added to a protocol requirement's closure parameter: conformers no longer match",
            old: "public protocol P { func run(_ f: @escaping () -> Void) }",
            new: "public protocol P { func run(_ f: @Sendable @escaping () -> Void) }",
            ["changed func P.run(_:)"], .breaking),
        DiffCase(
            "@Sendable taken away from a closure result: callers relying on it break",
            old: "public func make() -> @Sendable () -> Void { {} }",
            new: "public func make() -> () -> Void { {} }",
            ["changed func make()"], .breaking),
        DiffCase(
            "availability narrowed: a higher minimum",
            old: "@available(iOS 13, *)\npublic func scan() {}",
            new: "@available(iOS 15, *)\npublic func scan() {}",
            ["changed func scan()"], .breaking),
        DiffCase(
            "availability narrowed: an attribute added",
            old: "public func scan() {}",
            new: "@available(macOS 13, *)\npublic func scan() {}",
            ["changed func scan()"], .breaking),
        DiffCase(
            "availability narrowed on one platform while widened on another",
            old: "@available(iOS 15, macOS 12, *)\npublic func scan() {}",
            new: "@available(iOS 13, macOS 13, *)\npublic func scan() {}",
            ["changed func scan()"], .breaking),
        DiffCase(
            "@available(macOS, unavailable, message:) added: absent on macOS, the message is only advice",
            old: "public func scan() {}",
            new: "@available(macOS, unavailable, message: \"use scanAll()\")\npublic func scan() {}",
            ["removed func scan()"], .breaking),
        DiffCase(
            "@available(iOS, deprecated, unavailable, renamed:) added to a type takes it and its members away on iOS",
            old: "public struct Scanner { public func scan() {} }",
            new:
                """
                @available(iOS, deprecated, unavailable, renamed: \"Reader\")\npublic struct Scanner { public \
                func scan() {} }
                """,
            ["removed struct Scanner", "removed func Scanner.scan()"], .breaking),
        DiffCase(
            "a member removed while a protocol default serves it only through a conditional conformance",
            old:
                """
                public protocol P {}\nextension P { public func f() -> Int { 0 } }\npublic struct T<X> { public \
                func f() -> Int { 1 } }\nextension T: P where X: Equatable {}
                """,
            new:
                """
                public protocol P {}\nextension P { public func f() -> Int { 0 } }\npublic struct T<X> \
                {}\nextension T: P where X: Equatable {}
                """,
            ["removed func T.f()"], .breaking),
        DiffCase(
            "availability where Swift concurrency starts added to a struct with an async member and a synchronous one",
            old:
                """
                public struct Client {\n  @available(macOS 10.15, iOS 13, *)\n  public func load() async {}\n  \
                public func reset() {}\n}
                """,
            new:
                """
                @available(macOS 10.15, iOS 13, *)\npublic struct Client {\n  public func load() async {}\n  \
                public func reset() {}\n}
                """,
            ["changed struct Client"], .breaking),
        DiffCase(
            "@dynamicMemberLookup removed from a type",
            old: "@dynamicMemberLookup public struct Box { public subscript(dynamicMember name: String) -> Int { 0 } }",
            new: "public struct Box { public subscript(dynamicMember name: String) -> Int { 0 } }",
            ["changed struct Box"], .breaking),
        DiffCase(
            "async added to a function",
            old: "public func load() {}",
            new: "public func load() async {}",
            ["changed func load()"], .breaking),
        DiffCase(
            "rethrows widened to throws",
            old: "public func each(_ body: () throws -> Void) rethrows {}",
            new: "public func each(_ body: () throws -> Void) throws {}",
            ["changed func each(_:)"], .breaking),
        DiffCase(
            "throws removed from a protocol requirement breaks conformers that throw",
            old: "public protocol Loader { func load() throws }",
            new: "public protocol Loader { func load() }",
            ["changed func Loader.load()"], .breaking),
        DiffCase(
            "throws removed from an open method breaks overrides that throw",
            old: "open class Loader { open func load() throws {} }",
            new: "open class Loader { open func load() {} }",
            ["changed func Loader.load()"], .breaking),
        DiffCase(
            "a defaulted parameter added to an open method breaks overrides",
            old: "open class C { open func f(a: Int) {} }",
            new: "open class C { open func f(a: Int, b: Int = 0) {} }",
            ["removed func C.f(a:)", "added func C.f(a:b:)"], .breaking),
        DiffCase(
            "a protocol's parent removed",
            old: "public protocol Repository: Sendable { func all() -> [String] }",
            new: "public protocol Repository { func all() -> [String] }",
            ["removed conformance Repository: Sendable"], .breaking),
        DiffCase(
            "an underscored parent added to a protocol still binds its conformers",
            old: "public protocol Factory { func make() }",
            new: "public typealias _SendableAlias = Sendable\npublic protocol Factory: _SendableAlias { func make() }",
            ["added conformance Factory: Sendable"], .breaking),
        DiffCase(
            "an underscored protocol added as a parent still binds its conformers",
            old: "public protocol Factory { func make() }",
            new:
                """
                public protocol _SendableMarker: Sendable {}\npublic protocol Factory: _SendableMarker { func \
                make() }
                """,
            ["added conformance Factory: _SendableMarker"], .breaking),
        DiffCase(
            "a non-defaulted parameter added",
            old: "public func add(item: String) {}",
            new: "public func add(item: String, quantity: Int) {}",
            ["removed func add(item:)", "added func add(item:quantity:)"], .breaking),
        DiffCase(
            "a parameter's default value removed",
            old: "public func page(size: Int = 20) {}",
            new: "public func page(size: Int) {}",
            ["changed func page(size:)"], .breaking),
        DiffCase(
            "a parameter made non-optional",
            old: "public func show(title: String?) {}",
            new: "public func show(title: String) {}",
            ["changed func show(title:)"], .breaking),
        DiffCase(
            "a generalization the old argument does not satisfy",
            old: "public func f(_ x: Int) {}",
            new: "public func f<T: StringProtocol>(_ x: T) {}",
            ["changed func f(_:)"], .breaking),
        DiffCase(
            "a sequence generalization with another element",
            old: "public func sum(_ xs: [Int]) -> Int { 0 }",
            new: "public func sum(_ xs: some Sequence<Double>) -> Int { 0 }",
            ["changed func sum(_:)"], .breaking),
        DiffCase(
            "a generic constraint tightened",
            old: "public func store<T: Hashable>(_ value: T) {}",
            new: "public func store<T: Hashable & Codable>(_ value: T) {}",
            ["changed func store(_:)"], .breaking),
        DiffCase(
            "a protocol requirement added without a default implementation",
            old: "public protocol Store { func save() }",
            new: "public protocol Store { func save()\n func flush() }",
            ["added func Store.flush()"], .breaking),
        DiffCase(
            "a requirement whose only default sits in a constrained extension",
            old: "public protocol Store { func save() }",
            new:
                """
                public protocol Store { func save()\n func flush() }\nextension Store where Self: AnyObject { \
                public func flush() {} }
                """,
            ["added func Store.flush()", "added func Store.flush() (extension)"], .breaking),
        DiffCase(
            "an overload changed while another is added reads as one change and one addition",
            old: "public func f(_ x: Int) {}\npublic func f(_ x: String) {}",
            new: "public func f(_ x: Int) throws {}\npublic func f(_ x: String) {}\npublic func f(_ x: Double) {}",
            ["changed func f(_:) (Int)", "added func f(_:) (Double)"], .breaking),
        DiffCase(
            "a typealias that is no associated type's witness removed",
            old: "public struct Pair: Equatable { public typealias Element = Int }",
            new: "public struct Pair: Equatable {}",
            ["removed typealias Pair.Element"], .breaking),
        DiffCase(
            "rethrows turned into typed throws of a fixed error type",
            old: "public struct F { public func run<R>(_ body: () throws -> R) rethrows -> R { try body() } }",
            new:
                """
                public struct F { public func run<R>(_ body: () throws(MyError) -> R) throws(MyError) -> R { try \
                body() } }\npublic struct MyError: Error {}
                """,
            ["added struct MyError", "added conformance MyError: Error", "changed func F.run(_:)"], .breaking),
        DiffCase(
            "an extension's requirement narrowed to a refinement of the old one",
            old:
                """
                public struct Tag<T> {}\nextension Tag where T: AdditiveArithmetic { public static func plus(_ a: \
                Tag, _ b: Tag) -> Tag { a } }
                """,
            new:
                """
                public struct Tag<T> {}\nextension Tag where T: Numeric { public static func plus(_ a: Tag, _ b: \
                Tag) -> Tag { a } }
                """,
            ["changed func Tag.plus(_:_:)"], .breaking),
        DiffCase(
            "a conditional conformance given a requirement the type did not have",
            old: "public struct Bytes<T: FixedWidthInteger> {}\nextension Bytes: Sendable {}",
            new: "public struct Bytes<T: FixedWidthInteger> {}\nextension Bytes: Sendable where T: Sendable {}",
            ["changed conformance Bytes: Sendable"], .breaking),
        DiffCase(
            "a type's member removed while the protocol's default has other labels",
            old:
                """
                public protocol P {}\nextension P { public func f(b: Int) {} }\npublic struct S: P { public func \
                f(a: Int) {} }
                """,
            new: "public protocol P {}\nextension P { public func f(b: Int) {} }\npublic struct S: P {}",
            ["removed func S.f(a:)"], .breaking),
        DiffCase(
            "a C typedef for what it is on Linux only, read for iOS and macOS",
            old: "public func chmod(_ mode: UInt32) {}",
            new: "public func chmod(_ mode: mode_t) {}",
            ["changed func chmod(_:)"], .breaking),
        DiffCase(
            "availability added to an extension narrows its members",
            old: "public struct T {}\nextension T { public func f() {} }",
            new: "public struct T {}\n@available(macOS 14, iOS 17, *)\nextension T { public func f() {} }",
            ["changed func T.f()"], .breaking),
        DiffCase(
            "availability added to a member of an available extension, above the extension's",
            old: "public struct T {}\n@available(macOS 12, *)\nextension T { public func f() {} }",
            new:
                """
                public struct T {}\n@available(macOS 12, *)\nextension T { @available(macOS 14, *)\n public func \
                f() {} }
                """,
            ["changed func T.f()"], .breaking),
        DiffCase(
            "availability where Swift concurrency starts added to a synchronous function",
            old: "public func load() {}",
            new: "@available(macOS 10.15, iOS 13, *)\npublic func load() {}",
            ["changed func load()"], .breaking),
        DiffCase(
            "a conformance to an underscored typealias of another protocol replaced",
            old: "public typealias _Marker = Hashable\npublic struct Box: _Marker {}",
            new: "public struct Box: Sendable {}",
            ["added conformance Box: Sendable", "removed conformance Box: Hashable"], .breaking),
    ]
}
