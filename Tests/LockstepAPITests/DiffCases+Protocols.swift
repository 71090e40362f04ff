import LockstepAPI

extension DiffCase {
    static let cartService = """
        public protocol CartService {
            var count: Int { get }
            func add(item: String, quantity: Int) async throws
            func clear()
        }
        """

    static let protocolCases: [DiffCase] = [
        DiffCase(
            "adding a protocol requirement without a default breaks conformers (minor only for kind protocols)",
            old: "public protocol CartService { func add(item: String, quantity: Int) }",
            new: "public protocol CartService { func add(item: String, quantity: Int)\n func clear() }",
            ["added func CartService.clear()"], .breaking),
        DiffCase(
            "removing a protocol requirement breaks",
            old: cartService,
            new: cartService.replacingOccurrences(of: "    func clear()\n", with: ""),
            ["removed func CartService.clear()"], .breaking),
        DiffCase(
            "a get-only protocol property becoming get/set changes it",
            old: cartService,
            new: cartService.replacingOccurrences(of: "{ get }", with: "{ get set }"),
            ["changed var CartService.count"], .breaking),
        DiffCase(
            "async added to a requirement",
            old: "public protocol Feed { func load() -> [String] }",
            new: "public protocol Feed { func load() async -> [String] }",
            ["changed func Feed.load()"], .breaking),
        DiffCase(
            "mutating added to a requirement",
            old: "public protocol Counter { func increment() }",
            new: "public protocol Counter { mutating func increment() }",
            ["changed func Counter.increment()"], .breaking),
        DiffCase(
            "an associated type added without a default is a new requirement",
            old: "public protocol Store { func save() }",
            new: "public protocol Store { associatedtype Item: Codable\n func save() }",
            ["added associatedtype Store.Item"], .breaking),
        DiffCase(
            "an associated type's constraint changed",
            old: "public protocol Store { associatedtype Item: Codable }",
            new: "public protocol Store { associatedtype Item: Codable & Hashable }",
            ["changed associatedtype Store.Item"], .breaking),
        DiffCase(
            "a requirement's generic constraint changed",
            old: "public protocol Sink { func put<T: Encodable>(_ value: T) }",
            new: "public protocol Sink { func put<T: Codable>(_ value: T) }",
            ["changed func Sink.put(_:)"], .breaking),
        DiffCase(
            "a requirement's where clause changed",
            old: "public protocol Sink { func put<S: Sequence>(_ values: S) where S.Element == Int }",
            new: "public protocol Sink { func put<S: Sequence>(_ values: S) where S.Element == String }",
            ["changed func Sink.put(_:)"], .breaking),
        DiffCase(
            "a default implementation removed from a protocol extension",
            old: "public protocol P { func f() }\npublic extension P { func f() {} }",
            new: "public protocol P { func f() }",
            ["removed func P.f() (extension)"], .breaking),
        DiffCase(
            "a default implementation added next to its requirement",
            old: "public protocol P { func f() }",
            new: "public protocol P { func f() }\nextension P { public func f() {} }",
            ["added func P.f() (extension)"], .additive),
        DiffCase(
            "a protocol refining one more protocol requires it of every conformer",
            old: "public protocol Repository { func all() -> [String] }",
            new: "public protocol Repository: Sendable { func all() -> [String] }",
            ["added conformance Repository: Sendable"], .breaking),
        DiffCase(
            "a conformance replaced by one to a protocol refining it is kept (Equatable → Hashable)",
            old: "public struct Amount: Equatable { public var n: Int }",
            new: "public struct Amount: Hashable { public var n: Int }",
            ["added conformance Amount: Hashable"], .additive),
        DiffCase(
            "a conformance served by the package's own refining protocol is kept",
            old: "public protocol Named {}\npublic protocol Titled: Named {}\npublic struct Book: Named {}",
            new: "public protocol Named {}\npublic protocol Titled: Named {}\npublic struct Book: Titled {}",
            ["added conformance Book: Titled"], .additive),
        DiffCase(
            "a conformance replaced by a less general one still breaks (Hashable → Equatable)",
            old: "public struct Amount: Hashable { public var n: Int }",
            new: "public struct Amount: Equatable { public var n: Int }",
            ["added conformance Amount: Equatable", "removed conformance Amount: Hashable"], .breaking),
        DiffCase(
            "a conditional conformance served by a refining one under a stronger condition still breaks",
            old: "public struct Box<T> {}\nextension Box: Equatable where T: Equatable {}",
            new: "public struct Box<T> {}\nextension Box: Hashable where T: Hashable {}",
            ["added conformance Box: Hashable", "removed conformance Box: Equatable"], .breaking),
        DiffCase(
            "a conditional conformance served by a refining one under the same condition is kept",
            old: "public struct Box<T> {}\nextension Box: Equatable where T: Hashable {}",
            new: "public struct Box<T> {}\nextension Box: Hashable where T: Hashable {}",
            ["added conformance Box: Hashable"], .additive),
        DiffCase(
            "a requirement moved into the protocol's extension with the same signature keeps calls and conformers",
            old: "public protocol Store { func flush(force: Bool) }",
            new: "public protocol Store {}\nextension Store { public func flush(force: Bool) {} }",
            ["added func Store.flush(force:) (extension)", "removed func Store.flush(force:)"], .additive),
        DiffCase(
            "a requirement moved into a constrained extension, or with another signature, still breaks",
            old: "public protocol Store { func flush(force: Bool)\n func sync() }",
            new:
                """
                public protocol Store {}\nextension Store where Self: AnyObject { public func flush(force: Bool) {} \
                }\nextension Store { public func sync() -> Bool { true } }
                """,
            [
                "added func Store.flush(force:) (extension)", "added func Store.sync() (extension)",
                "removed func Store.flush(force:)", "removed func Store.sync()",
            ], .breaking),
        DiffCase(
            "a class's member removed while the protocol it inherits first still provides it",
            old:
                """
                public protocol Decoder: AnyObject {}\nextension Decoder { public func finish() {} }\npublic final \
                class LineDecoder: Decoder { public func finish() {} }
                """,
            new:
                """
                public protocol Decoder: AnyObject {}\nextension Decoder { public func finish() {} }\npublic final \
                class LineDecoder: Decoder {}
                """,
            ["removed func LineDecoder.finish()"], .additive),
        DiffCase(
            "a protocol made internal takes its requirements with it",
            old: "public struct Door {}\npublic protocol Gate { func open() }",
            new: "public struct Door {}\nprotocol Gate { func open() }",
            ["removed protocol Gate", "removed func Gate.open()"], .breaking),
    ]
}
