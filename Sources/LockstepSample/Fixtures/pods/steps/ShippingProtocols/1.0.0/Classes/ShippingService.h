#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// How fast a parcel travels.
typedef NS_ENUM(NSInteger, ShippingSpeed) {
    ShippingSpeedStandard,
    ShippingSpeedExpress,
};

/// What the shop asks of a shipping service. The app looks up the class registered for it at run time (a
/// mediator's table), so a method the class lacks is a crash in the app, not a build error.
@protocol ShippingService <NSObject>

@required
/// The price in cents of sending `grams` to `countryCode` (ISO 3166, e.g. "FR").
- (NSInteger)priceInCentsForWeight:(NSInteger)grams toCountry:(NSString *)countryCode speed:(ShippingSpeed)speed;

/// The countries the service ships to.
@property (nonatomic, readonly, copy) NSArray<NSString *> *supportedCountries;

@optional
/// A tracking link for a parcel, when the carrier has one.
- (nullable NSURL *)trackingURLForParcel:(NSString *)parcelID;

@end

NS_ASSUME_NONNULL_END
