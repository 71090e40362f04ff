import Foundation

/// The registry that maps a service protocol to the implementation that provides it.
public final class Mediator: @unchecked Sendable {
    /// The app-wide mediator.
    public static let shared = Mediator()

    private let lock = NSLock()
    private var factories: [ObjectIdentifier: () -> Any] = [:]

    public init() {}

    /// Makes `factory` the provider of `type`, usually a protocol from a protocol set.
    /// A later registration for the same type replaces the earlier one.
    public func register<Service>(_ type: Service.Type, factory: @escaping () -> Service) {
        lock.lock()
        defer { lock.unlock() }
        factories[ObjectIdentifier(type)] = { factory() }
    }

    /// The provider of `type`, or `nil` when no module registered one.
    public func resolve<Service>(_ type: Service.Type) -> Service? {
        lock.lock()
        defer { lock.unlock() }
        return factories[ObjectIdentifier(type)]?() as? Service
    }

    /// Whether a module registered a provider of `type`.
    public func isRegistered<Service>(_ type: Service.Type) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return factories[ObjectIdentifier(type)] != nil
    }

    /// Forgets every registration (tests, sign-out of the whole app).
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        factories.removeAll()
    }
}
