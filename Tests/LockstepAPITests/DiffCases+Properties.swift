import LockstepAPI

extension DiffCase {
    static let propertyCases: [DiffCase] = [
        DiffCase(
            "let becoming a stored var: every read still compiles, writes become possible",
            old: "public struct Cart { public let id: String }",
            new: "public struct Cart { public var id: String }",
            ["changed var Cart.id"], .additive),
        DiffCase(
            "var becoming let still breaks: writes stop compiling",
            old: "public struct Cart { public var id: String }",
            new: "public struct Cart { public let id: String }",
            ["changed var Cart.id"], .breaking),
        DiffCase(
            "a public setter narrowed with private(set)",
            old: "public struct Cart { public var count: Int }",
            new: "public struct Cart { public private(set) var count: Int }",
            ["changed var Cart.count"], .breaking),
        DiffCase(
            "a property's type changed",
            old: "public struct Cart { public var total: Int = 0 }",
            new: "public struct Cart { public var total: Double = 0 }",
            ["changed var Cart.total"], .breaking),
        DiffCase(
            "a static property added",
            old: "public struct Cart { public var total: Int }",
            new: "public struct Cart { public var total: Int\n public static var shared = Cart(total: 0) }",
            ["added var Cart.shared"], .additive),
    ]
}
