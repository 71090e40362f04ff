import LockstepAPI

extension DiffCase {
    static let typeCases: [DiffCase] = [
        DiffCase(
            "public becoming internal removes the declaration",
            old: "public struct Cart {}\npublic func checkout() {}",
            new: "public struct Cart {}\nfunc checkout() {}",
            ["removed func checkout()"], .breaking),
        DiffCase(
            "internal becoming public adds it",
            old: "public struct Cart { func clear() {} }",
            new: "public struct Cart { public func clear() {} }",
            ["added func Cart.clear()"], .additive),
        DiffCase(
            "open becoming public breaks subclasses",
            old: "open class Controller { open func load() {} }",
            new: "public class Controller { public func load() {} }",
            ["changed class Controller", "changed func Controller.load()"], .breaking),
        DiffCase(
            "a public class becoming open only widens",
            old: "public class Controller {}",
            new: "open class Controller {}",
            ["changed class Controller"], .additive),
        DiffCase(
            "a case added to a public enum breaks exhaustive switches",
            old: "public enum PaymentMethod { case card, cash }",
            new: "public enum PaymentMethod { case card, cash, applePay }",
            ["added case PaymentMethod.applePay"], .breaking),
        DiffCase(
            "a new enum's cases are additions like any other",
            old: "public struct Cart {}",
            new: "public struct Cart {}\npublic enum Shipping { case standard, express }",
            ["added enum Shipping", "added case Shipping.standard", "added case Shipping.express"], .additive),
        DiffCase(
            "a case removed",
            old: "public enum PaymentMethod { case card\n case cash }",
            new: "public enum PaymentMethod { case card }",
            ["removed case PaymentMethod.cash"], .breaking),
        DiffCase(
            "a case's associated value changed",
            old: "public enum PaymentMethod { case card(number: String) }",
            new: "public enum PaymentMethod { case card(number: String, cvv: String) }",
            ["changed case PaymentMethod.card"], .breaking),
        DiffCase(
            "a case's raw value changed",
            old: "public enum Channel: String { case web = \"web\" }",
            new: "public enum Channel: String { case web = \"www\" }",
            ["changed case Channel.web"], .breaking),
        DiffCase(
            "a typealias's target changed",
            old: "public typealias Price = Int",
            new: "public typealias Price = Decimal",
            ["changed typealias Price"], .breaking),
        DiffCase(
            "a nested type added",
            old: "public struct Cart {}",
            new: "public struct Cart { public struct Line { public var sku: String } }",
            ["added struct Cart.Line", "added var Cart.Line.sku"], .additive),
        DiffCase(
            "an extension member added, qualified by the extended type",
            old: "public struct Cart {}",
            new: "public struct Cart {}\nextension Cart { public func isEmpty() -> Bool { true } }",
            ["added func Cart.isEmpty()"], .additive),
        DiffCase(
            "members of a public extension are public by default",
            old: "public struct Cart {}",
            new:
                "public struct Cart {}\npublic extension Cart { func total() -> Int { 0 }\n private func secret() {} }",
            ["added func Cart.total()"], .additive),
        DiffCase(
            "an open method becoming public final",
            old: "open class Cart { open func add() {} }",
            new: "open class Cart { public final func add() {} }",
            ["changed func Cart.add()"], .breaking),
        DiffCase(
            "a conformance added to a struct's inheritance clause",
            old: "public struct Cart: Equatable {}",
            new: "public struct Cart: Equatable, Hashable {}",
            ["added conformance Cart: Hashable"], .additive),
        DiffCase(
            "a conformance removed",
            old: "public struct Cart: Equatable, Sendable {}",
            new: "public struct Cart: Equatable {}",
            ["removed conformance Cart: Sendable"], .breaking),
        DiffCase(
            "a class's superclass changed",
            old: "open class CartView: UIView {}",
            new: "open class CartView: NSView {}",
            ["changed class CartView"], .breaking),
        DiffCase(
            "a struct becoming a class is a different declaration",
            old: "public struct Cart {}",
            new: "public final class Cart {}",
            ["removed struct Cart", "added class Cart"], .breaking),
        DiffCase(
            "a generic type's constraint changed",
            old: "public struct Box<T: Equatable> {}",
            new: "public struct Box<T: Hashable> {}",
            ["changed struct Box"], .breaking),
        DiffCase(
            "a declaration added in an #else branch counts",
            old: "#if os(iOS)\npublic func haptic() {}\n#endif",
            new: "#if os(iOS)\npublic func haptic() {}\n#else\npublic func beep() {}\n#endif",
            ["added func beep()"], .additive),
    ]
}
