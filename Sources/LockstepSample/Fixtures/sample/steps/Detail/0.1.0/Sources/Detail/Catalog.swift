import DetailProtocols
import Foundation

struct CatalogProduct: Product {
    var id: String
    var title: String
    var price: Decimal
    var summary: String
}

/// The products the detail screen knows, until the catalog component exists.
enum Catalog {
    static let products: [CatalogProduct] = [
        CatalogProduct(id: "p-1", title: "Enamel mug", price: Decimal(string: "9.90")!, summary: "Holds 350 ml; survives camping trips."),
        CatalogProduct(id: "p-2", title: "Sencha, 100 g", price: Decimal(string: "4.50")!, summary: "Green tea, steamed; brew at 70 °C."),
        CatalogProduct(id: "p-3", title: "Cast-iron teapot", price: 32, summary: "0.8 l, with a stainless infuser."),
    ]

    static func product(id: String) -> CatalogProduct? {
        products.first { $0.id == id }
    }
}
