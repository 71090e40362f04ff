/// What a business component exposes to the app: one call that registers the services
/// of its protocol set with a mediator.
public protocol ModuleRegistration {
    static func register(in mediator: Mediator)
}

extension Mediator {
    /// Registers every module, in order.
    public func register(modules: [any ModuleRegistration.Type]) {
        for module in modules {
            module.register(in: self)
        }
    }
}
