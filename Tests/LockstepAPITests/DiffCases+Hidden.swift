import LockstepAPI

extension DiffCase {
    /// Declarations that say `public` yet are not API, and members the compiler synthesizes.
    static let hiddenCases: [DiffCase] = [
        DiffCase(
            "an underscored function added is not API",
            old: "public struct A {}",
            new: "public struct A {}\npublic func _helper() {}",
            [], .none),
        DiffCase(
            "an underscored property removed is not a removal",
            old: "public struct A { public var _storage: Int\n public var x: Int }",
            new: "public struct A { public var x: Int }",
            [], .none),
        DiffCase(
            "an underscored type takes its members and extensions with it",
            old: "public struct A {}",
            new:
                """
                public struct A {}\npublic struct _Box { public var x: Int\n public struct Inner {} }\nextension \
                _Box { public func y() {} }\nextension _Box.Inner { public func z() {} }
                """,
            [], .none),
        DiffCase(
            "a conformance to an underscored protocol is not API",
            old: "public struct A {}",
            new: "public struct A: _ExpressibleByColorLiteral {}",
            [], .none),
        DiffCase(
            "an underscored enum case still counts: exhaustive switches must cover it",
            old: "public enum E { case a }",
            new: "public enum E { case a, _b }",
            ["added case E._b"], .breaking),
        DiffCase(
            "@_spi declarations, their members and their extensions are not API",
            old: "public struct A {}",
            new: """
                public struct A {}
                @_spi(Testing) public func reset() {}
                @_spi(Testing) public struct Probe { public var x: Int }
                extension Probe { public func y() {} }
                @_spi(Testing) extension A { public func z() {} }
                """,
            [], .none),
        DiffCase(
            "removing an unavailable declaration is no change",
            old: "public struct A {}\n@available(*, unavailable, renamed: \"b()\")\npublic func a() {}",
            new: "public struct A {}",
            [], .none),
        DiffCase(
            "adding an unavailable declaration or type is no addition",
            old: "public struct A {}",
            new:
                """
                public struct A {\n @available(*, unavailable, message: \"use init(x:)\")\n public init() {} \
                }\n@available(*, unavailable)\npublic struct Gone { public var x: Int }
                """,
            [], .none),
        DiffCase(
            "an unavailable Sendable conformance says the type is not Sendable",
            old: "public struct A {}",
            new: "public struct A {}\n@available(*, unavailable)\nextension A: Sendable {}",
            [], .none),
        DiffCase(
            "a declaration hidden from documentation is not API, a visible one is unchanged",
            old: "public func f() {}",
            new:
                """
                @_documentation(visibility: public) public func f() {}\n@_documentation(visibility: internal) \
                public func secret() {}\n@_documentation(visibility: private) public struct S { public var x: Int \
                }
                """,
            [], .none),
        DiffCase(
            "package access is not public",
            old: "public struct A {}",
            new:
                """
                public struct A { package func p() {} }\npackage struct P { public func q() {} }\npackage \
                extension A { func r() {} }
                """,
            [], .none),
        DiffCase(
            "an explicit Codable implementation replacing the synthesized one adds nothing",
            old: "public struct A: Codable { public var x: Int }",
            new: """
                public struct A: Codable {
                    public var x: Int
                    public init(from decoder: Decoder) throws { x = 0 }
                    public func encode(to encoder: Encoder) throws {}
                }
                """,
            [], .none),
        DiffCase(
            "an explicit hash(into:), hashValue and == removed while Hashable stays removes nothing",
            old: """
                public struct A: Hashable {
                    public var x: Int
                    public func hash(into hasher: inout Hasher) {}
                    public var hashValue: Int { 0 }
                    public static func == (a: A, b: A) -> Bool { true }
                }
                """,
            new: "public struct A: Hashable { public var x: Int }",
            [], .none),
        DiffCase(
            "an explicit rawValue and init?(rawValue:) on a raw-value enum add nothing",
            old: "public enum E: String { case a }",
            new:
                """
                public enum E: String { case a\n public init?(rawValue: String) { self = .a }\n public var \
                rawValue: String { \"a\" } }
                """,
            [], .none),
        DiffCase(
            "an == without the conformance that synthesizes it is an addition",
            old: "public struct A {}",
            new: "public struct A { public static func == (a: A, b: A) -> Bool { true } }",
            ["added func A.==(_:_:)"], .additive),
        DiffCase(
            """
            a public type declared in an extension of an internal type is internal, and so are its extensions \
            (swift-nio 1.6.1)
            """,
            old: "public struct Kept {}\nstruct Q<E: Comparable> {}\n"
                + "extension Q: Sequence { public struct Iterator: IteratorProtocol {"
                + " public mutating func next() -> E? { nil } }\n public func makeIterator() -> Iterator { Iterator() } }\n"
                + "extension Q.Iterator { public typealias T = E }",
            new: "public struct Kept {}\nstruct Q<E: Comparable> {}\n"
                + "extension Q: Sequence { public struct Iterator: IteratorProtocol {"
                + " public mutating func next() -> E? { nil } }\n public func makeIterator() -> Iterator { Iterator() } }\n"
                + "extension Q.Iterator { typealias T = E }",
            [], .none),
        DiffCase(
            "a global == replaced by the synthesized one while Equatable stays removes nothing (swift-nio-ssl 2.7.0)",
            old: "public struct S: Equatable {}\npublic typealias Stack = [S]\n"
                + "public enum E: Error { case a(Stack), b }\nextension E: Equatable {}\n"
                + "public func == (l: E, r: E) -> Bool { true }",
            new: "public struct S: Equatable {}\npublic typealias Stack = [S]\n"
                + "public enum E: Error { case a(Stack), b }\nextension E: Equatable {}",
            [], .none),
        DiffCase(
            "a global < removed while Comparable stays (the conformance's own < serves a < b) removes nothing",
            old: "public struct V: Comparable { public static func < (l: V, r: V) -> Bool { true } }\n"
                + "public func < (l: V, r: V) -> Bool { true }",
            new: "public struct V: Comparable { public static func < (l: V, r: V) -> Bool { true } }",
            [], .none),
        DiffCase(
            "a global == of a protocol's existential removed breaks (`any P` does not conform to P's Equatable)",
            old: "public protocol P: Equatable {}\npublic func == (l: any P, r: any P) -> Bool { true }",
            new: "public protocol P: Equatable {}",
            ["removed func ==(_:_:)"], .breaking),
        DiffCase(
            "a global == removed from a type without Equatable breaks",
            old: "public struct V {}\npublic func == (l: V, r: V) -> Bool { true }",
            new: "public struct V {}",
            ["removed func ==(_:_:)"], .breaking),
        DiffCase(
            "a global == removed together with the Equatable conformance breaks",
            old: "public struct V: Equatable {}\npublic func == (l: V, r: V) -> Bool { true }",
            new: "public struct V {}",
            ["removed conformance V: Equatable", "removed func ==(_:_:)"], .breaking),
        DiffCase(
            "a conformance removed with its explicit hash(into:) still breaks",
            old: "public struct A: Hashable { public func hash(into hasher: inout Hasher) {} }",
            new: "public struct A {}",
            ["removed conformance A: Hashable", "removed func A.hash(into:)"], .breaking),
    ]
}
