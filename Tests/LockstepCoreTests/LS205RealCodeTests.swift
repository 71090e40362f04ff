import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// LS205 on what real Objective-C services do (the causes of the false findings `ci/try-ls205` measured): an
/// adoption followed by an instance-variable block, members a UIKit superclass or NSObject provides. Each case keeps
/// a true finding next to the quiet one, so the rule cannot pass by saying nothing.
final class LS205RealCodeTests: XCTestCase {
    private let rules = Rules.all.filter { $0.id == "LS205" }

    /// ShopProtocols 1.0.0 with `header` as its public header; Shop, requiring it, with `files` released at 1.0.0.
    private func findings(protocolHeader header: String, _ files: [String: String]) throws -> [String] {
        let ws = try WorkspaceBuilder()
        let protocols = try ws.component("ShopProtocols", kind: "protocols")
        try protocols.write(
            "ShopProtocols.podspec",
            """
            Pod::Spec.new do |s|
              s.name = 'ShopProtocols'
              s.ios.deployment_target = '12.0'
              s.source_files = 'Classes/**/*.{h,m}'
              s.public_header_files = 'Classes/**/*.h'
            end

            """)
        try protocols.write("Classes/ShopService.h", header)
        try protocols.release("1.0.0")
        let shop = try ws.component(
            "Shop", kind: "business", implements: "ShopProtocols",
            dependencies: [ws.dep("ShopProtocols", "from: \"1.0.0\"")])
        for (path, text) in files { try shop.write(path, text) }
        try shop.release("1.0.0")
        return try ws.findings(rules).map(\.message)
    }

    func testAnAdoptionFollowedByInstanceVariablesIsAnAdoption() throws {
        let header = """
            @protocol ShopMessage <NSObject>
            - (NSString *)messageCopy;
            @end
            @protocol ShopCart <NSObject>
            - (void)clear;
            @end

            """
        let found = try findings(
            protocolHeader: header,
            [
                // No space before `<`, an ivar block after it: not the superclass's generic arguments.
                "Classes/XMessage.h": "@interface XMessage : NSObject<ShopMessage>\n{\n    int _count;\n}\n@end\n",
                "Classes/XMessage.m": "@implementation XMessage\n- (NSString *)messageCopy { return @\"\"; }\n@end\n",
                // Generic arguments of the superclass, then the protocols and an ivar block.
                "Classes/XCart.h":
                    "@interface XCart : NSMutableArray<NSString *> <ShopCart> {\n    int _n;\n}\n@end\n",
                "Classes/XCart.m": "@implementation XCart\n@end\n",
            ])
        XCTAssertEqual(
            found,
            [
                "Shop 1.0.0: XCart adopts ShopCart of ShopProtocols 1.0.0 but does not implement its @required -clear"
            ])
    }

    func testMembersAUIKitSuperclassOrNSObjectProvidesAreInherited() throws {
        let header = """
            @protocol ShopLabel <NSObject>
            @property (nullable, nonatomic, copy) NSString *text;
            @property (nonatomic) CGRect frame;
            - (NSString *)description;
            - (BOOL)isEqual:(id)object;
            - (void)reload;
            @end
            @protocol ShopPage <NSObject>
            @property (nonatomic, readonly) UIView *view;
            - (void)viewDidLoad;
            - (NSString *)pageName;
            @end

            """
        let found = try findings(
            protocolHeader: header,
            [
                "Classes/XLabel.h": "@interface XLabel : UILabel <ShopLabel>\n@end\n",
                "Classes/XLabel.m": "@implementation XLabel\n- (void)reload {}\n@end\n",
                // The page's chain: its own base class, then UIViewController; `pageName` is nobody's.
                "Classes/XBasePage.h": "@interface XBasePage : UIViewController\n@end\n",
                "Classes/XPage.h": "@interface XPage : XBasePage <ShopPage>\n@end\n",
                "Classes/XPage.m": "@implementation XPage\n@end\n",
            ])
        XCTAssertEqual(
            found,
            [
                "Shop 1.0.0: XPage adopts ShopPage of ShopProtocols 1.0.0 but does not implement its @required "
                    + "-pageName"
            ])
    }

    func testAnUnknownSuperclassGivesOnlyWhatEveryObjectHas() throws {
        let header =
            "@protocol ShopBadge <NSObject>\n@property (nonatomic, copy) NSString *text;\n- (NSUInteger)hash;\n@end\n"
        let found = try findings(
            protocolHeader: header,
            [
                // Another module's class: what it provides is not known, `text` is reported; `hash` is NSObject's.
                "Classes/XBadge.h": "@interface XBadge : OtherModuleLabel <ShopBadge>\n@end\n",
                "Classes/XBadge.m": "@implementation XBadge\n@end\n",
            ])
        XCTAssertEqual(
            found,
            [
                "Shop 1.0.0: XBadge adopts ShopBadge of ShopProtocols 1.0.0 but does not implement its @required "
                    + "@property text"
            ])
    }

    func testAProtocolPropertyRedeclaredInTheClassIsSynthesizedWithoutSynthesize() throws {
        let header =
            "@protocol ShopItem <NSObject>\n@property (nonatomic, copy) NSString *itemName;\n"
            + "@property (nonatomic) int itemAge;\n@end\n"
        let found = try findings(
            protocolHeader: header,
            [
                // Redeclared: auto-synthesized. Not redeclared nor synthesized nor a getter: clang does not
                // synthesize a protocol's property, so it is missing.
                "Classes/XItem.h":
                    "@interface XItem : NSObject <ShopItem>\n@property (nonatomic, copy) NSString *itemName;\n@end\n",
                "Classes/XItem.m": "@implementation XItem\n@end\n",
            ])
        XCTAssertEqual(
            found,
            [
                "Shop 1.0.0: XItem adopts ShopItem of ShopProtocols 1.0.0 but does not implement its @required "
                    + "@property itemAge"
            ])
    }

    func testACategoryInAnotherFileAndARefinedProtocolCount() throws {
        let header = """
            @protocol ShopBase <NSObject>
            - (void)start;
            @end
            @protocol ShopRouter <ShopBase>
            - (void)route:(NSString *)path;
            @end
            @protocol ShopList <NSObject>
            - (void)reload;
            @end

            """
        let found = try findings(
            protocolHeader: header,
            [
                // `start` (ShopBase's, which ShopRouter refines) is defined in a category in another file.
                "Classes/XRouter.h": "@interface XRouter : NSObject <ShopRouter>\n@end\n",
                "Classes/XRouter.m": "@implementation XRouter\n- (void)route:(NSString *)path {}\n@end\n",
                "Classes/XRouter+Start.m": "@implementation XRouter (Start)\n- (void)start {}\n@end\n",
                // A generic class passing its parameter to its superclass, then adopting: `<ObjectType>` is not
                // the protocol list; `reload` is missing.
                "Classes/XList.h":
                    "@interface XList<__covariant ObjectType> : NSArray<ObjectType> <ShopList> {\n}\n@end\n",
                "Classes/XList.m": "@implementation XList\n@end\n",
            ])
        XCTAssertEqual(
            found,
            ["Shop 1.0.0: XList adopts ShopList of ShopProtocols 1.0.0 but does not implement its @required -reload"])
    }
}
