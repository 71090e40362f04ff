import Foundation

/// A product as the catalog describes it.
public protocol Product {
    var id: String { get }
    var title: String { get }
    var price: Decimal { get }
    var summary: String { get }
}
