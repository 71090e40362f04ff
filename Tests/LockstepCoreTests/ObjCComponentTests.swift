import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// A component's Objective-C headers are part of its API (SPEC §7): read from git at each release through its
/// podspec, judged with its Swift files by `bump` and LS203.
final class ObjCComponentTests: XCTestCase, BumpTesting {
    private let podspec = """
        Pod::Spec.new do |s|
          s.name = 'DetailProtocols'
          s.ios.deployment_target = '12.0'
          s.source_files = 'Classes/**/*.{h,m}'
          s.private_header_files = 'Classes/Private/*.h'
          s.subspec 'Extras' do |ss|
            ss.public_header_files = 'Classes/Extras/*.h'
          end
        end
        """

    private func header(_ members: String) -> String {
        """
        #import <Foundation/Foundation.h>\nNS_ASSUME_NONNULL_BEGIN\n@protocol DetailService \
        <NSObject>\n\(members)\n@end\nNS_ASSUME_NONNULL_END\n
        """
    }

    /// A protocol set whose API is one Objective-C header (and a private one), released at 1.0.0.
    private func protocolSet() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("DetailProtocols", kind: "protocols")
        try repo.write("DetailProtocols.podspec", podspec)
        try repo.write(
            "Classes/Extras/DetailService.h",
            header("- (UIViewController *)detailViewControllerForID:(NSString *)identifier;"))
        try repo.write("Classes/Private/Hidden.h", "@interface DetailHidden : NSObject\n- (void)a;\n@end\n")
        try repo.release("1.0.0")
        return ws
    }

    func testAnAddedRequiredMethodIsMinorForAProtocolSet() throws {
        let ws = try protocolSet()
        try ws["DetailProtocols"].write(
            "Classes/Extras/DetailService.h",
            header(
                """
                - (UIViewController *)detailViewControllerForID:(NSString *)identifier;\n- \
                (void)prefetchDetailForID:(NSString *)identifier;
                """
            ))
        try ws["DetailProtocols"].commit("prefetch")
        let plan = try bump(ws, "DetailProtocols")
        XCTAssertEqual(plan.level, .minor)
        XCTAssertEqual(plan.tagName, "1.1.0-rc.1")
        XCTAssertTrue(plan.reasons[0].contains("-[DetailService prefetchDetailForID:]"), "\(plan.reasons)")
    }

    func testARemovedMethodIsTheNextLineAndAPrivateHeaderIsNoAPI() throws {
        let ws = try protocolSet()
        try ws["DetailProtocols"].write("Classes/Private/Hidden.h", "@interface DetailHidden : NSObject\n@end\n")
        try ws["DetailProtocols"].commit("private only")
        XCTAssertThrowsError(try plan(ws, "DetailProtocols"), "private_header_files are not API: a patch, refused") {
            XCTAssertTrue("\($0)".contains("only internal changes"), "\($0)")
        }
        try ws["DetailProtocols"].write("Classes/Extras/DetailService.h", header(""))
        try ws["DetailProtocols"].commit("drop")
        let plan = try bump(ws, "DetailProtocols")
        XCTAssertEqual(plan.level, .breaking)
        XCTAssertEqual(plan.tagName, "2.0.0-rc.1")
    }

    func testLS203SeesAHeaderRemovalReleasedAsMinor() throws {
        let ws = try protocolSet()
        try ws["DetailProtocols"].write("Classes/Extras/DetailService.h", header("@optional\n- (void)warmUp;"))
        try ws["DetailProtocols"].release("1.1.0")
        let finding = try XCTUnwrap(ws.findings().first { $0.rule == "LS203" })
        XCTAssertTrue(finding.message.contains("-[DetailService detailViewControllerForID:]"), finding.message)
        XCTAssertEqual(
            finding.locations.map(\.description),
            ["components/DetailProtocols/Classes/Extras/DetailService.h @ 1.0.0:4 (before)"])
    }

    func testAnUnreadableHeaderIsLS103WithItsPlaceAndTheRestIsJudged() throws {
        let ws = try protocolSet()
        try ws["DetailProtocols"].write("Classes/Extras/Broken.h", "@interface DetailBroken : NSObject\n- (void)a;\n")
        try ws["DetailProtocols"].release("1.1.0")
        let findings = try ws.findings()
        let unreadable = try XCTUnwrap(findings.first { $0.rule == "LS103" })
        XCTAssertEqual(
            unreadable.locations.map(\.description), ["components/DetailProtocols/Classes/Extras/Broken.h @ 1.1.0:1"])
        XCTAssertTrue(unreadable.message.contains("@interface DetailBroken without @end"), unreadable.message)
        XCTAssertNil(findings.first { $0.rule == "LS203" }, "the rest is judged: an added class is minor, as released")
    }
}
