/// The detail component's service: everything the product detail screen shows.
public protocol DetailService: AnyObject {
    /// The product with `id`, or `nil` when the catalog has no such product.
    func product(id: String) -> (any Product)?

    /// The text of the detail screen for a product: title, price, summary and the cart badge.
    /// `nil` when the catalog has no such product.
    func detailDescription(productID: String) -> String?
}
