import LockstepAPI

extension DiffCase {
    static let callableCases: [DiffCase] = [
        DiffCase(
            "mutating dropped from a struct's method: every call compiles, on a constant too",
            old: "public struct S { public mutating func f() {} }",
            new: "public struct S { public func f() {} }",
            ["changed func S.f()"], .additive),
        DiffCase(
            "mutating dropped from a protocol requirement breaks conformers whose witness mutates",
            old: "public protocol P { mutating func f() }",
            new: "public protocol P { func f() }",
            ["changed func P.f()"], .breaking),
        DiffCase(
            "mutating added to a struct's method breaks calls on constants",
            old: "public struct S { public func f() {} }",
            new: "public struct S { public mutating func f() {} }",
            ["changed func S.f()"], .breaking),
        DiffCase(
            "class members made static in a class nobody outside can override them in",
            old: "public class C { public class func f() {}\n public class var v: Int { 0 } }",
            new: "public class C { public static func f() {}\n public static var v: Int { 0 } }",
            ["changed func C.f()", "changed var C.v"], .additive),
        DiffCase(
            "an open class member made static breaks the subclasses that override it",
            old: "open class C { open class func f() {} }",
            new: "open class C { public static func f() {} }",
            ["changed func C.f()"], .breaking),
        DiffCase(
            "nonisolated added to a main-actor class's synchronous method: every caller can still call it",
            old: "@MainActor public final class V { public func f() {}\n public var x: Int { 0 } }",
            new:
                """
                @MainActor public final class V { public nonisolated func f() {}\n public nonisolated var x: Int \
                { 0 } }
                """,
            ["changed func V.f()", "changed var V.x"], .additive),
        DiffCase(
            "nonisolated added to an actor's async method is not judged: its arguments now leave the actor",
            old: "public actor A { public func f(_ x: [Int]) async {} }",
            new: "public actor A { public nonisolated func f(_ x: [Int]) async {} }",
            ["changed func A.f(_:)"], .breaking),

        DiffCase(
            "an async function's actor parameter made isolated: the same calls compile",
            old: "public func withSpan(isolation: Actor? = nil) async {}",
            new: "public func withSpan(isolation: isolated Actor? = #isolation) async {}",
            ["changed func withSpan(isolation:)"], .additive),
        DiffCase(
            "a synchronous function's parameter made isolated breaks",
            old: "public func run(on actor: Actor) {}",
            new: "public func run(on actor: isolated Actor) {}",
            ["changed func run(on:)"], .breaking),
        DiffCase(
            "defaults moved to a new overload keep every old call compiling: compatible",
            old: "public enum Help { public static func message(columns: Int? = nil) -> String { \"\" } }",
            new: """
                public enum Help {
                    public static func message(columns: Int?) -> String { "" }
                    public static func message(includeHidden: Bool = false, columns: Int? = nil) -> String { "" }
                }
                """,
            ["changed func Help.message(columns:)", "added func Help.message(includeHidden:columns:)"], .additive),
        DiffCase(
            "a default taken away with no overload to take the old calls breaks",
            old: "public enum Help { public static func message(columns: Int? = nil) -> String { \"\" } }",
            new: "public enum Help { public static func message(columns: Int?) -> String { \"\" } }",
            ["changed func Help.message(columns:)"], .breaking),
        DiffCase(
            "two new overloads that both take an old call equally make it ambiguous: breaks",
            old: "public func show(width: Int = 1) {}",
            new:
                """
                public func show(width: Int) {}\npublic func show(height: Int = 1) {}\npublic func show(depth: \
                Int = 1) {}
                """,
            ["changed func show(width:)", "added func show(height:)", "added func show(depth:)"], .breaking),
        DiffCase(
            "renaming an argument label is a removal plus an addition",
            old: "public struct Cart { public func add(item: String) {} }",
            new: "public struct Cart { public func add(product: String) {} }",
            ["removed func Cart.add(item:)", "added func Cart.add(product:)"], .breaking),
        DiffCase(
            "adding a defaulted parameter keeps every call compiling: one compatible change",
            old: "public func add(item: String) {}",
            new: "public func add(item: String, quantity: Int = 1) {}",
            ["changed func add(item:)"], .additive),
        DiffCase(
            "renaming only the internal parameter name is invisible",
            old: "public func add(item value: String) {}",
            new: "public func add(item newValue: String) {}",
            [], .none),
        DiffCase(
            "a changed return type breaks",
            old: "public func total() -> Int { 0 }",
            new: "public func total() -> Double { 0 }",
            ["changed func total()"], .breaking),
        DiffCase(
            "throws added breaks",
            old: "public func load() {}",
            new: "public func load() throws {}",
            ["changed func load()"], .breaking),
        DiffCase(
            "a typed throws changed breaks",
            old: "public func load() throws(LoadError) {}",
            new: "public func load() throws {}",
            ["changed func load()"], .breaking),
        DiffCase(
            "static added breaks",
            old: "public struct Cart { public func empty() -> Cart { self } }",
            new: "public struct Cart { public static func empty() -> Cart { Cart() } }",
            ["changed func Cart.empty()"], .breaking),
        DiffCase(
            "an overload added next to an existing one is only an addition",
            old: "public func track(_ name: String) {}",
            new: "public func track(_ name: String) {}\npublic func track(_ code: Int) {}",
            ["added func track(_:) (Int)"], .additive),
        DiffCase(
            "an initializer added",
            old: "public struct Cart { public init() {} }",
            new: "public struct Cart { public init() {}\n public init(items: [String]) {} }",
            ["added init Cart(items:)"], .additive),
        DiffCase(
            "an initializer removed",
            old: "public struct Cart { public init() {}\n public init(items: [String]) {} }",
            new: "public struct Cart { public init() {} }",
            ["removed init Cart(items:)"], .breaking),
        DiffCase(
            "a non-failable initializer becoming failable",
            old: "public struct Cart { public init(id: String) {} }",
            new: "public struct Cart { public init?(id: String) {} }",
            ["changed init Cart(id:)"], .breaking),
        DiffCase(
            "a subscript's element type changed",
            old: "public struct Grid { public subscript(index: Int) -> Int { 0 } }",
            new: "public struct Grid { public subscript(index: Int) -> Double { 0 } }",
            ["changed subscript Grid[_:]"], .breaking),
        DiffCase(
            "a subscript becoming settable",
            old: "public struct Grid { public subscript(row r: Int) -> Int { 0 } }",
            new: "public struct Grid { public subscript(row r: Int) -> Int { get { 0 } set {} } }",
            ["changed subscript Grid[row:]"], .additive),
        DiffCase(
            "an actor method added and another made nonisolated (an await on it now only warns: checked with swiftc)",
            old: "public actor Store { public func size() -> Int { 0 } }",
            new: "public actor Store { public nonisolated func size() -> Int { 0 }\n public func clear() {} }",
            ["changed func Store.size()", "added func Store.clear()"], .additive),
    ]
}
