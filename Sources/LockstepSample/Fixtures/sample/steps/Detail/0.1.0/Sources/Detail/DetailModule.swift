import DetailProtocols
import Mediator

/// Registers `ProductDetailService` as the app's `DetailService`.
public enum DetailModule: ModuleRegistration {
    public static func register(in mediator: Mediator) {
        let service = ProductDetailService(mediator: mediator)
        mediator.register(DetailService.self) { service }
    }
}
