#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// The app's table of services, as a mediator keeps it: an implementation registers its class for the protocol it
/// adopts when the class loads, and callers ask for a protocol instead of importing the implementation.
FOUNDATION_EXPORT void ShippingRegisterService(Protocol *service, Class implementation);

/// A new instance of the class registered for `service`, nil when none is.
FOUNDATION_EXPORT id _Nullable ShippingServiceFor(Protocol *service);

NS_ASSUME_NONNULL_END
