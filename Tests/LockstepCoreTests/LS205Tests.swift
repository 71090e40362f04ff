import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// LS205: every protocol of the protocol-set version an implementation admits is adopted by one of its types, and an
/// Objective-C adopter implements the `@required` members (SPEC §7).
final class LS205Tests: XCTestCase {
    private let rules = Rules.all.filter { $0.id == "LS205" }

    private func findings(_ ws: WorkspaceBuilder) throws -> [Finding] {
        try ws.findings(rules)
    }

    /// CartProtocols 1.0.0 (Swift: `CartService`, `CartTotals`) and Cart, which requires it, with `files` released at
    /// 1.0.0.
    private func swiftWorkspace(_ files: [String: String]) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let protocols = try ws.component("CartProtocols", kind: "protocols")
        try protocols.write(
            "Sources/CartProtocols/CartService.swift",
            "public protocol CartService: AnyObject {\n    func clear()\n}\n")
        try protocols.write(
            "Sources/CartProtocols/CartTotals.swift",
            "public protocol CartTotals {\n    var total: Int { get }\n}\n")
        try protocols.write("Sources/CartProtocols/Hidden.swift", "protocol CartInternal {}\n")
        try protocols.release("1.0.0")
        let cart = try ws.component(
            "Cart", kind: "business", implements: "CartProtocols",
            dependencies: [ws.dep("CartProtocols", "from: \"1.0.0\"")])
        for (path, text) in files { try cart.write(path, text) }
        try cart.release("1.0.0")
        return ws
    }

    func testAMissingSwiftConformanceFiresWithTheProtocolAndThePlace() throws {
        let ws = try swiftWorkspace([
            "Sources/Cart/CartManager.swift":
                "import CartProtocols\n\nfinal class CartManager: CartService {\n    func clear() {}\n}\n",
            // A test double is not the implementation.
            "Tests/CartTests/Fakes.swift":
                "import CartProtocols\nstruct FakeTotals: CartTotals { var total: Int { 0 } }\n",
        ])
        let found = try findings(ws)
        XCTAssertEqual(found.count, 1, "\(found)")
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(finding.subject, "Cart")
        XCTAssertEqual(finding.version, "1.0.0")
        XCTAssertEqual(
            finding.message,
            "Cart 1.0.0 does not implement CartTotals of CartProtocols 1.0.0: "
                + "no type declares the conformance")
        XCTAssertTrue(finding.help?.contains("extension …: CartTotals") == true, finding.help ?? "")
        XCTAssertEqual(
            finding.locations.map(\.description),
            [
                "components/Cart/Package.swift @ 1.0.0:7",
                "components/CartProtocols/Sources/CartProtocols/CartTotals.swift @ 1.0.0:1 (protocol)",
            ])
        XCTAssertEqual(finding.fingerprint, "LS205 Cart 1.0.0 [CartTotals]")
    }

    func testABaselineAcceptsTheReleaseButNotALaterOne() throws {
        let ws = try swiftWorkspace(["Sources/Cart/M.swift": "import CartProtocols\nclass M: CartService {}\n"])
        let snapshot = try ws.snapshot()
        let baseline = Baseline.recording(
            try findings(ws), snapshot: snapshot, previous: nil,
            reason: "before lockstep")
        XCTAssertEqual(baseline.findings.map(\.fingerprint), ["LS205 Cart 1.0.0 [CartTotals]"])
        let reviewed = FindingReview.apply(try findings(ws), config: snapshot.config, baseline: baseline)
        XCTAssertFalse(reviewed.contains(where: \.counts))
        try ws["Cart"].write("Sources/Cart/Fix.swift", "let fix = 1\n")
        try ws["Cart"].release("1.0.1")
        let later = FindingReview.apply(try findings(ws), config: snapshot.config, baseline: baseline).filter(\.counts)
        XCTAssertEqual(later.map(\.fingerprint), ["LS205 Cart 1.0.1 [CartTotals]"])
    }

    func testInternalTypesAndExtensionsConformQuietly() throws {
        let ws = try swiftWorkspace([
            "Sources/Cart/CartManager.swift":
                "import CartProtocols\n\nfinal class CartManager: CartService, @unchecked Sendable {\n"
                + "    func clear() {}\n}\n",
            "Sources/Cart/Totals.swift":
                "import CartProtocols\n\nprivate struct Totals {}\nextension Totals: CartProtocols.CartTotals {\n"
                + "    var total: Int { 0 }\n}\n",
        ])
        XCTAssertEqual(try findings(ws), [])
    }

    func testHeadIsJudgedToo() throws {
        let ws = try swiftWorkspace([
            "Sources/Cart/CartManager.swift":
                "import CartProtocols\nfinal class CartManager: CartService, CartTotals {\n    func clear() {}\n"
                + "    var total: Int { 0 }\n}\n"
        ])
        XCTAssertEqual(try findings(ws), [])
        try ws["Cart"].write(
            "Sources/Cart/CartManager.swift",
            "import CartProtocols\nfinal class CartManager: CartService {\n    func clear() {}\n}\n")
        try ws["Cart"].commit("drop totals")
        let found = try findings(ws)
        XCTAssertEqual(
            found.map(\.message),
            [
                "Cart at main does not implement CartTotals of CartProtocols 1.0.0: no type declares the conformance"
            ])
        XCTAssertNil(found.first?.version)
    }

    func testANewProtocolIsTheNextReleasesToImplementNotTheSupersededOnes() throws {
        let ws = try swiftWorkspace([
            "Sources/Cart/CartManager.swift": "import CartProtocols\nfinal class CartManager: CartService {\n}\n",
            "Sources/Cart/Totals.swift": "import CartProtocols\nstruct Totals: CartTotals {}\n",
        ])
        try ws["CartProtocols"].write("Sources/CartProtocols/CartBadge.swift", "public protocol CartBadge {}\n")
        try ws["CartProtocols"].release("1.1.0")
        let newest = try findings(ws)
        XCTAssertEqual(
            newest.map(\.message),
            [
                "Cart 1.0.0 does not implement CartBadge of CartProtocols 1.1.0: no type declares the conformance"
            ], "the newest release admits 1.1.0, which main could pin with it")
        try ws["Cart"].write("Sources/Cart/Badge.swift", "import CartProtocols\nenum Badge: CartBadge {}\n")
        try ws["Cart"].writeManifest(name: "Cart", dependencies: [ws.dep("CartProtocols", "from: \"1.1.0\"")])
        try ws["Cart"].release("1.0.1")
        XCTAssertEqual(try findings(ws), [], "1.0.0 is judged against CartProtocols 1.0.0, which it was written for")
    }

    // MARK: - Objective-C

    private let podspec = """
        Pod::Spec.new do |s|
          s.name = 'DetailProtocols'
          s.ios.deployment_target = '12.0'
          s.source_files = 'Classes/**/*.{h,m}'
        end
        """

    /// DetailProtocols 1.0.0: `@protocol DetailService` with two required methods, a required property and an optional
    /// method in a public header; Detail, requiring it, with `files` released at 1.0.0.
    private func objcWorkspace(_ files: [String: String]) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let protocols = try ws.component("DetailProtocols", kind: "protocols")
        try protocols.write("DetailProtocols.podspec", podspec)
        try protocols.write(
            "Classes/DetailService.h",
            """
            #import <Foundation/Foundation.h>
            NS_ASSUME_NONNULL_BEGIN
            @protocol DetailService <NSObject>
            - (UIViewController *)detailViewControllerForID:(NSString *)identifier;
            + (instancetype)sharedService;
            @property (nonatomic, readonly) NSString *serviceName;
            @optional
            - (void)prefetchDetailForID:(NSString *)identifier;
            @end
            NS_ASSUME_NONNULL_END

            """)
        try protocols.release("1.0.0")
        let detail = try ws.component(
            "Detail", kind: "business", implements: "DetailProtocols",
            dependencies: [ws.dep("DetailProtocols", "from: \"1.0.0\"")])
        for (path, text) in files { try detail.write(path, text) }
        try detail.release("1.0.0")
        return ws
    }

    func testAnObjectiveCClassMissingARequiredMethodFires() throws {
        let ws = try objcWorkspace([
            "Classes/XDetailService.h":
                "#import <DetailProtocols/DetailService.h>\n@interface XDetailService : NSObject <DetailService>\n"
                + "@end\n",
            "Classes/XDetailService.m": """
            #import "XDetailService.h"
            @implementation XDetailService
            @synthesize serviceName = _serviceName;
            - (UIViewController *)detailViewControllerForID:(NSString *)identifier {
                if (identifier.length == 0) { return nil; }
                return [[UIViewController alloc] init];
            }
            @end

            """,
        ])
        let found = try findings(ws)
        XCTAssertEqual(found.count, 1, "\(found)")
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(
            finding.message,
            "Detail 1.0.0: XDetailService adopts DetailService of DetailProtocols 1.0.0 "
                + "but does not implement its @required +sharedService")
        XCTAssertEqual(
            finding.locations.first?.description,
            "components/Detail/Classes/XDetailService.h @ 1.0.0:2 (adopted)")
        XCTAssertEqual(finding.fingerprint, "LS205 Detail 1.0.0 [DetailService XDetailService]")
    }

    func testAReleaseCandidateOnItsReleasesCommitIsJudgedOnceAsTheRelease() throws {
        let ws = try objcWorkspace([
            "Classes/XDetailService.h":
                "#import <DetailProtocols/DetailService.h>\n@interface XDetailService : NSObject <DetailService>\n"
                + "@end\n",
            "Classes/XDetailService.m": "@implementation XDetailService\n@end\n",
        ])
        try ws["Detail"].tag("1.0.0-rc.1")
        let found = try findings(ws)
        XCTAssertFalse(found.isEmpty)
        XCTAssertEqual(Set(found.map(\.version)), ["1.0.0"], "\(found.map(\.message))")
    }

    func testAClassExtensionInTheImplementationFileAdoptsQuietly() throws {
        let ws = try objcWorkspace([
            "Classes/XDetailService.h":
                "#import <Foundation/Foundation.h>\n@interface XDetailService : NSObject\n@end\n",
            "Classes/XDetailService.m": """
            #import "XDetailService.h"
            #import <DetailProtocols/DetailService.h>

            @interface XDetailService () <DetailService>
            @property (nonatomic, readonly) NSString *serviceName;
            @end

            static NSInteger const XDetailLimit = -1;

            @implementation XDetailService
            + (instancetype)sharedService {
                static XDetailService *shared;
                return shared ?: (shared = [self new]);
            }
            - (UIViewController *)detailViewControllerForID:(NSString *)identifier {
                return [[UIViewController alloc] init];
            }
            @end

            """,
        ])
        XCTAssertEqual(try findings(ws), [])
    }

    func testAnObjectiveCProtocolNobodyAdoptsFires() throws {
        let ws = try objcWorkspace(["Classes/Nothing.m": "@implementation XOther\n- (void)a {}\n@end\n"])
        let found = try findings(ws)
        XCTAssertEqual(
            found.map(\.message),
            [
                """
                Detail 1.0.0 does not implement DetailService of DetailProtocols 1.0.0: no type declares the \
                conformance
                """
            ])
        XCTAssertTrue(found.first?.help?.contains("<DetailService>") == true, found.first?.help ?? "")
    }
}
