#import "FlatRateShippingService.h"
#import "ShippingRegistry.h"

@implementation FlatRateShippingService

+ (void)load {
    ShippingRegisterService(@protocol(ShippingService), self);
}

- (NSInteger)priceInCentsForWeight:(NSInteger)grams toCountry:(NSString *)countryCode speed:(ShippingSpeed)speed {
    NSInteger bands = MAX(1, (grams + 999) / 1000);
    NSInteger cents = 490 + 150 * (bands - 1);
    if (![countryCode isEqualToString:@"FR"]) {
        cents += 500;
    }
    return speed == ShippingSpeedExpress ? cents * 2 : cents;
}

- (NSArray<NSString *> *)supportedCountries {
    return @[ @"BE", @"DE", @"FR" ];
}

@end
