import Foundation

/// Converts prices for the order API, which takes integer cents.
enum PriceFormatter {
    /// `amount` in cents, rounded half up: 9.995 → 1000.
    static func cents(_ amount: Decimal) -> Int {
        var value = amount * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return NSDecimalNumber(decimal: rounded).intValue
    }
}
