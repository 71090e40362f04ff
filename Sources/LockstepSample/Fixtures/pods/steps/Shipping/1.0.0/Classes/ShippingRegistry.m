#import "ShippingRegistry.h"

static NSMutableDictionary<NSString *, Class> *ShippingServices(void) {
    static NSMutableDictionary<NSString *, Class> *services;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        services = [NSMutableDictionary dictionary];
    });
    return services;
}

void ShippingRegisterService(Protocol *service, Class implementation) {
    @synchronized (ShippingServices()) {
        ShippingServices()[NSStringFromProtocol(service)] = implementation;
    }
}

id ShippingServiceFor(Protocol *service) {
    Class implementation;
    @synchronized (ShippingServices()) {
        implementation = ShippingServices()[NSStringFromProtocol(service)];
    }
    return [[implementation alloc] init];
}
