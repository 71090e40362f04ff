#import <Foundation/Foundation.h>
#import <ShippingProtocols/ShippingService.h>

NS_ASSUME_NONNULL_BEGIN

/// Flat rates by weight band; registers itself for ShippingService when the class loads.
@interface FlatRateShippingService : NSObject <ShippingService>
@end

NS_ASSUME_NONNULL_END
