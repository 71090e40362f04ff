import LockstepAPI
import XCTest

/// The Objective-C header diff, one class of change per test (SPEC §7), on small headers written for the test.
final class ObjCDiffTests: XCTestCase {
    private func surface(_ text: String, platforms: [String] = ["iOS"]) -> ObjCSurface {
        ObjCSurface.extract(from: [SourceFile(path: "Sources/Cart.h", text: text)], platforms: platforms)
    }

    private func diff(_ old: String, _ new: String, platforms: [String] = ["iOS"], requirement: APIImpact = .breaking)
        -> ObjCDiff
    {
        ObjCDiff(
            old: surface(old, platforms: platforms), new: surface(new, platforms: platforms),
            addedRequirementImpact: requirement)
    }

    private func level(_ old: String, _ new: String, platforms: [String] = ["iOS"]) -> APIImpact {
        diff(old, new, platforms: platforms).impact
    }

    private let header = """
        #import <UIKit/UIKit.h>
        NS_ASSUME_NONNULL_BEGIN
        FOUNDATION_EXPORT NSString *const CartErrorDomain;
        UIKIT_EXTERN double CartVersionNumber;
        typedef void (^CartCompletion)(BOOL finished);
        typedef NS_ENUM(NSInteger, CartState) {
            CartStateEmpty,
            CartStateFilled NS_SWIFT_NAME(full),
            CartStateCheckedOut API_AVAILABLE(ios(13.0)),
        };
        @protocol CartDelegate <NSObject>
        @required
        - (void)cartDidChange:(Cart *)cart;
        @optional
        - (BOOL)cart:(Cart *)cart shouldAddItem:(nullable id)item;
        @end
        @interface Cart : NSObject <NSCopying>
        @property (nonatomic, weak, nullable) IBOutlet id<CartDelegate> delegate;
        @property (nonatomic, readonly) NSUInteger count;
        @property (class, nonatomic, readonly) Cart *sharedCart NS_SWIFT_NAME(shared);
        + (instancetype)cartWithItems:(NSArray<NSString *> *)items;
        - (instancetype)init NS_UNAVAILABLE;
        - (void)addItem:(NSString *)item quantity:(NSInteger)quantity completion:(nullable CartCompletion)completion;
        - (nullable NSString *)itemAtIndex:(NSUInteger)index;
        @end
        NS_ASSUME_NONNULL_END
        """

    func testReadsDeclarationsWithoutTheSDK() {
        let keys = Set(surface(header).platforms["iOS"]!.keys)
        for key in [
            "extern CartErrorDomain", "extern CartVersionNumber", "typedef CartCompletion", "enum CartState",
            "case CartStateFilled", "@protocol CartDelegate", "-[CartDelegate cartDidChange:]",
            "-[CartDelegate cart:shouldAddItem:]", "@interface Cart", "conformance Cart: NSCopying",
            "@property Cart.delegate", "@property Cart.count", "@property (class) Cart.sharedCart",
            "+[Cart cartWithItems:]", "-[Cart addItem:quantity:completion:]", "-[Cart itemAtIndex:]",
        ] {
            XCTAssertTrue(keys.contains(key), "missing \(key) in \(keys.sorted())")
        }
        XCTAssertFalse(keys.contains("-[Cart init]"), "NS_UNAVAILABLE is absent")
        let item = surface(header).platforms["iOS"]!["-[Cart itemAtIndex:]"]!
        XCTAssertEqual(item.signature, "- (NSString * _Nullable)itemAtIndex:(NSUInteger)")
        XCTAssertEqual(surface(header).platforms["iOS"]!["case CartStateFilled"]?.swiftCaseName, "full")
        XCTAssertEqual(surface(header).platforms["iOS"]!["case CartStateEmpty"]?.swiftCaseName, "empty")
    }

    func testUnchangedMovedAndReformattedIsNoChange() {
        XCTAssertEqual(level(header, header), .none)
        let reformatted = header.replacingOccurrences(
            of: "quantity:(NSInteger)quantity", with: "quantity: (NSInteger) qty /* count */")
        XCTAssertEqual(level(header, reformatted), .none)
        let split = ObjCSurface.extract(
            from: [
                SourceFile(path: "A.h", text: "@interface A : NSObject\n- (void)a;\n@end"),
                SourceFile(path: "B.h", text: "@interface A (B)\n- (void)b;\n@end"),
            ], platforms: ["iOS"])
        let moved = ObjCSurface.extract(
            from: [SourceFile(path: "A.h", text: "@interface A : NSObject\n- (void)a;\n- (void)b;\n@end")],
            platforms: ["iOS"])
        XCTAssertEqual(
            ObjCDiff(old: split, new: moved).impact, .none, "a declaration moved between public headers is no change")
    }

    func testAdditionsAreMinor() {
        let added = header.replacingOccurrences(
            of: "@end\nNS_ASSUME_NONNULL_END",
            with: "- (void)clear;\n@end\n@interface Shelf : NSObject\n@end\nNS_ASSUME_NONNULL_END")
        let result = diff(header, added)
        XCTAssertEqual(result.impact, .additive)
        XCTAssertEqual(Set(result.changes.map(\.key)), ["-[Cart clear]", "@interface Shelf"])
        XCTAssertEqual(
            level(header, header.replacingOccurrences(of: "@optional\n", with: "@optional\n- (void)cartWillReset;\n")),
            .additive, "an @optional member added")
    }

    func testRemovedAndRenamedAreBreaking() {
        XCTAssertEqual(
            level(
                header,
                header.replacingOccurrences(of: "- (nullable NSString *)itemAtIndex:(NSUInteger)index;\n", with: "")),
            .breaking)
        let renamed = diff(header, header.replacingOccurrences(of: "itemAtIndex:", with: "itemAt:"))
        XCTAssertEqual(renamed.impact, .breaking)
        XCTAssertEqual(renamed.changes.map(\.kind), [.added, .removed])
        XCTAssertEqual(
            level(
                header,
                header.replacingOccurrences(of: "+ (instancetype)cartWithItems", with: "- (instancetype)cartWithItems")),
            .breaking, "class ↔ instance")
        XCTAssertEqual(
            level(
                header,
                header.replacingOccurrences(
                    of: "@property (nonatomic, readonly) NSUInteger count;", with: "- (NSUInteger)count;")),
            .breaking, "a property becoming a method is spelled differently in Swift")
    }

    func testRequiredMembersFollowTheComponentKind() {
        let added = header.replacingOccurrences(of: "@required\n", with: "@required\n- (void)cartDidReset;\n")
        XCTAssertEqual(diff(header, added).impact, .breaking)
        XCTAssertEqual(diff(header, added, requirement: .additive).impact, .additive, "minor for a protocol set")
        let required = header.replacingOccurrences(of: "@optional\n", with: "")
        XCTAssertEqual(diff(header, required).impact, .breaking, "@optional → @required")
        XCTAssertEqual(diff(required, header).impact, .additive, "@required → @optional")
    }

    func testNullability() {
        let loosened = header.replacingOccurrences(
            of: "addItem:(NSString *)item", with: "addItem:(nullable NSString *)item")
        XCTAssertEqual(level(header, loosened), .additive, "a parameter's nullability loosened")
        XCTAssertEqual(level(loosened, header), .breaking, "a parameter's nullability tightened")
        XCTAssertEqual(
            level(
                header,
                header.replacingOccurrences(of: "- (nullable NSString *)itemAtIndex", with: "- (NSString *)itemAtIndex")
            ),
            .breaking, "a result's nullability changed")
        let unaudited = header.replacingOccurrences(of: "NS_ASSUME_NONNULL_BEGIN", with: "").replacingOccurrences(
            of: "NS_ASSUME_NONNULL_END", with: "")
        XCTAssertEqual(level(unaudited, header), .breaking, "T! becomes T")
        XCTAssertEqual(
            level(
                header.replacingOccurrences(
                    of: "readonly) NSUInteger count", with: "readonly, nullable) NSNumber *count"),
                header.replacingOccurrences(of: "readonly) NSUInteger count", with: "readonly) NSNumber *count")),
            .breaking)
    }

    func testSwiftVisibleChanges() {
        XCTAssertEqual(
            level(header, header.replacingOccurrences(of: "NS_SWIFT_NAME(shared)", with: "NS_SWIFT_NAME(current)")),
            .breaking)
        XCTAssertEqual(
            level(
                header,
                header.replacingOccurrences(
                    of: "- (void)addItem", with: "- (void)addItem NS_REFINED_FOR_SWIFT;\n- (void)addItem2")), .breaking)
        XCTAssertEqual(
            level(
                header,
                header.replacingOccurrences(
                    of: "NS_ENUM(NSInteger, CartState)", with: "NS_OPTIONS(NSInteger, CartState)")), .breaking)
        let plain = "typedef enum { CartStateEmpty, CartStateFull } CartState;"
        XCTAssertEqual(
            level(plain, "typedef NS_ENUM(NSInteger, CartState) { CartStateEmpty, CartStateFull };"), .breaking,
            "a plain enum becoming NS_ENUM")
        XCTAssertEqual(
            level(plain, "typedef enum { CartStateEmpty, CartStateFull, CartStateGone } CartState;"), .additive)
        let open = "typedef NS_ENUM(NSInteger, CartState) { CartStateEmpty, CartStateFull };"
        XCTAssertEqual(
            level(open, "typedef NS_ENUM(NSInteger, CartState) { CartStateEmpty, CartStateFull, CartStateGone };"),
            .additive,
            "a case of an open enum")
        XCTAssertEqual(
            level(open, "typedef NS_ENUM(NSInteger, CartState) { CartStateEmpty, CartStateFull, CartGone };"),
            .breaking,
            "the shared prefix shrinks: Swift's names of the old cases change")
        let closed = "typedef NS_CLOSED_ENUM(NSInteger, CartState) { CartStateEmpty, CartStateFull };"
        XCTAssertEqual(
            level(
                closed, "typedef NS_CLOSED_ENUM(NSInteger, CartState) { CartStateEmpty, CartStateFull, CartStateGone };"
            ), .breaking)
    }

    func testPlatformConditionsAndUnavailability() {
        let text = """
            @interface View : NSObject
            #if TARGET_OS_IOS
            - (void)touch;
            #elif TARGET_OS_OSX
            - (void)click;
            #endif
            - (void)both API_UNAVAILABLE(macos);
            @end
            """
        let both = surface(text, platforms: ["iOS", "macOS"])
        XCTAssertNotNil(both.platforms["iOS"]!["-[View touch]"])
        XCTAssertNil(both.platforms["macOS"]!["-[View touch]"])
        XCTAssertNotNil(both.platforms["macOS"]!["-[View click]"])
        XCTAssertNil(both.platforms["macOS"]!["-[View both]"])
        let removed = diff(
            text, text.replacingOccurrences(of: "- (void)touch;\n", with: ""), platforms: ["iOS", "macOS"])
        XCTAssertEqual(removed.changes.map(\.summary), ["removed `-[View touch]` (on iOS)"])
    }

    func testAnUnreadableHeaderIsAProblemAndTheRestIsStillRead() {
        let broken = surface(
            "@interface A : NSObject\n- (void)a;\n\n@interface B : NSObject\n- (void)b;\n@end\n#if X\n")
        XCTAssertEqual(
            broken.problems.map(\.description),
            ["Sources/Cart.h:1: @interface A without @end", "Sources/Cart.h:7: #if without #endif"])
        XCTAssertNotNil(broken.platforms["iOS"]!["-[B b]"])
    }

    func testMacrosAndCFunctions() {
        let old =
            """
            #ifndef CART_H\n#define CART_H\n#define CART_MAX 10\n#define CART_LOG(x) x\nCGFloat CartTotal(Cart \
            *cart);\n#endif
            """
        let keys = Set(surface(old).platforms["iOS"]!.keys)
        XCTAssertEqual(keys, ["#define CART_MAX", "#define CART_LOG", "func CartTotal"], "include guards are no API")
        XCTAssertEqual(level(old, old.replacingOccurrences(of: "CART_MAX 10", with: "CART_MAX 12")), .none)
        XCTAssertEqual(
            level(
                old, old.replacingOccurrences(of: "CGFloat CartTotal(Cart *cart)", with: "double CartTotal(Cart *cart)")
            ), .breaking)
    }

    func testBlockTypesCompareWithoutParameterNamesButWithInnerNullability() {
        let old = "@interface A : NSObject\n- (void)load:(void (^)(NSError *error, NSUInteger count))done;\n@end"
        XCTAssertEqual(
            level(
                old, old.replacingOccurrences(of: "NSError *error, NSUInteger count", with: "NSError *e, NSUInteger n")),
            .none)
        XCTAssertEqual(
            level(old, old.replacingOccurrences(of: "NSError *error", with: "NSError * _Nullable error")), .breaking,
            "a block parameter becoming nullable changes the Swift closure's type")
        XCTAssertEqual(level("extern NSInteger const A;", "extern const NSInteger A;"), .none)
        let property =
            """
            @interface A : NSObject\n@property (nonatomic, copy) NSDictionary *(^filter)(NSURL *url, NSDictionary \
            *headers);\n@end
            """
        XCTAssertNotNil(
            surface(property).platforms["iOS"]!["@property A.filter"], "a block property's name is in its declarator")
    }

    func testAnInheritedInitializerMadeUnavailableIsBreaking() {
        let old = "@interface A : NSObject\n- (instancetype)initWithName:(NSString *)name;\n@end"
        let new =
            """
            @interface A : NSObject\n- (instancetype)init NS_UNAVAILABLE;\n- (instancetype)initWithName:(NSString \
            *)name;\n@end
            """
        XCTAssertEqual(diff(old, new).changes.map(\.summary), ["removed `-[A init]`"])
        XCTAssertEqual(level(new, new), .none)
        XCTAssertEqual(level("", new), .additive, "a new class's unavailable init takes nothing from anyone")
    }

    func testAWrapperOfAnAvailabilityMacroIsReadAsIt() {
        let header = """
            #define AF_API_UNAVAILABLE(x) API_UNAVAILABLE(x)
            @interface A : NSObject
            - (void)a;
            - (void)b AF_API_UNAVAILABLE(macos);
            @end
            """
        let read = surface(header, platforms: ["iOS", "macOS"])
        XCTAssertNotNil(read.platforms["iOS"]!["-[A b]"])
        XCTAssertNil(read.platforms["macOS"]!["-[A b]"])
    }
}
