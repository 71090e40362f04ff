// The shipping pods are Objective-C only (a podspec, no Package.swift): CocoaPods builds them on a Mac, and the
// stand-in build on Linux, which has no Objective-C Foundation, resolves and checks them without compiling them.
#if canImport(ShippingProtocols) && canImport(Shipping)
import Shipping
import ShippingProtocols

/// The checkout's shipping line: whichever class registered itself for ShippingService (the table a mediator
/// keeps), asked for the price of a parcel.
enum ShippingQuote {
    static func cents(grams: Int, country: String) -> Int? {
        guard let service = ShippingServiceFor(ShippingService.self) as? ShippingService else { return nil }
        return service.priceInCents(forWeight: grams, toCountry: country, speed: .standard)
    }
}
#endif
