import Foundation
import LockstepCore
import LockstepSample
import LockstepTestSupport
import XCTest

@testable import LockstepCLI

/// The CocoaPods world's Objective-C story (Fixtures/pods/edits.yml, `delivery-estimate`), which `demo` tells after
/// its Payments release: ShippingService gains a `@required` method in its header (minor for a protocol set), and
/// Shipping moves to the new version without implementing it, so integrating both is refused by LS205.
final class ObjCSampleStoryTests: XCTestCase {
    /// The repos the refused integration must leave exactly as they were.
    private let repos = [
        "components/ShippingProtocols", "components/Shipping", "apps/PodShop", "apps/XcodeShop", "Specs",
    ]

    func testAHeaderRequirementIsMinorAndTheForgottenSelectorIsRefusedByLS205() throws {
        let folder = try Lockstep.sampleWorkspace(named: "pods")
        let ws = folder.url.appendingPathComponent("ws")
        // The released state: the class implements every @required member, so LS205 is quiet.
        let released = try Lockstep.run(["check", "--workspace", ws.path])
        XCTAssertEqual(released.status, 0, released.stdout + released.stderr)
        XCTAssertFalse(released.stdout.contains("LS205"), released.stdout)

        let made = try SampleWorkspace.applyEdit(
            DemoStory.objectiveC.edit, fixture: try SampleWorkspace.defaultFixture(named: "pods"), workspace: ws)
        XCTAssertEqual(made.map(\.repo), ["ShippingProtocols", "Shipping"])

        let protocols = try Lockstep.run(["bump", "ShippingProtocols", "--workspace", ws.path])
        XCTAssertEqual(protocols.status, 0, protocols.stderr)
        XCTAssertTrue(
            protocols.stdout.hasPrefix("ShippingProtocols 1.0.0 → 1.1.0-rc.1 (minor:"), protocols.stdout)
        XCTAssertTrue(
            protocols.stdout.contains("-[ShippingService estimatedDaysToCountry:speed:]"),
            "the reason names the new requirement in Objective-C: \(protocols.stdout)")
        let diff = try Lockstep.run(["diff", "ShippingProtocols", "--workspace", ws.path])
        XCTAssertTrue(
            diff.stdout.contains("components/ShippingProtocols/Classes/ShippingService.h:20"),
            "the header and line of the requirement: \(diff.stdout)")

        let shipping = try Lockstep.run(["bump", "Shipping", "--workspace", ws.path])
        XCTAssertEqual(shipping.status, 0, shipping.stderr)
        XCTAssertTrue(shipping.stdout.hasPrefix("Shipping 1.0.0 → 1.0.1-rc.1 (patch:"), shipping.stdout)

        let before = try repos.map { try RepoState.capture(ws.appendingPathComponent($0)) }
        let refused = try Lockstep.run(["integrate", "ShippingProtocols", "Shipping", "--workspace", ws.path])
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        for text in [
            "error[LS205]: Shipping 1.0.1: FlatRateShippingService adopts ShippingService of ShippingProtocols 1.1.0 "
                + "but does not implement its @required -estimatedDaysToCountry:speed:",
            "components/Shipping/Classes/FlatRateShippingService.h",
            "components/ShippingProtocols/Classes/ShippingService.h",
            "`@implementation FlatRateShippingService`",
            "nothing was built, tagged or pinned",
        ] {
            XCTAssertTrue(refused.stderr.contains(text), "\(text) in \(refused.stderr)")
        }
        XCTAssertEqual(
            try repos.map { try RepoState.capture(ws.appendingPathComponent($0)) }, before,
            "the refusal changed nothing")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: ws.appendingPathComponent(".lockstep/logs").path), "nothing built")
        for (repo, tag) in [("components/ShippingProtocols", "1.1.0"), ("components/Shipping", "1.0.1")] {
            XCTAssertEqual(try GitCLI.run(["tag", "--list", tag], in: ws.appendingPathComponent(repo)), "", repo)
        }
        XCTAssertTrue(
            try GitCLI.run(["show", "HEAD:Podfile"], in: ws.appendingPathComponent("apps/PodShop")).contains(
                "pod 'Shipping', '1.0.0'"), "PodShop pins nothing new")
    }

    /// `demo`'s own steps for the story, in text and as the `cocoapods.protocolSet` part of its JSON document.
    func testTheDemoTellsTheStoryInTextAndJSON() async throws {
        let folder = try TemporaryFolder("lockstep-demo-objc")
        var environment = GitCLI.environment()
        environment["NO_COLOR"] = "1"
        let demo = try DemoWorkspace.replay(into: folder.url.appendingPathComponent("ws"), environment: environment)
        let (console, output) = Console.capturing(environment: environment, currentDirectory: folder.url)
        let story = try await DemoCommand.showStory(.objectiveC, demo, console: console, text: true)
        let text = output.stdout
        for line in [
            "An Objective-C protocol gains a @required method; its class forgets it.",
            "$ lockstep bump ShippingProtocols",
            "ShippingProtocols 1.0.0 → 1.1.0-rc.1 (minor: added protocol requirement",
            "$ lockstep bump Shipping", "Shipping 1.0.0 → 1.0.1-rc.1",
            "$ lockstep integrate ShippingProtocols Shipping",
            "error[LS205]: Shipping 1.0.1: FlatRateShippingService adopts ShippingService",
            "Nothing was built, tagged or pinned.",
        ] {
            XCTAssertTrue(text.contains(line), "\(line) in \(text)")
        }
        let protocols = demo.pods.appendingPathComponent("components/ShippingProtocols")
        XCTAssertEqual(try GitCLI.run(["tag", "--list", "1.1.0"], in: protocols), "", "the refusal tagged nothing")

        var part = DemoJSONPart(DemoJSON(workspace: demo.pods.path))
        part.protocolSet = story
        var json = DemoJSON(workspace: demo.root.path)
        json.cocoapods = part
        let document = try JSONSerialization.jsonObject(with: Data(try JSONText.document("demo", json).utf8))
        let cocoapods = try XCTUnwrap((document as? [String: Any])?["cocoapods"] as? [String: Any])
        let protocolSet = try XCTUnwrap(cocoapods["protocolSet"] as? [String: Any], "\(cocoapods)")
        XCTAssertEqual(
            (protocolSet["edits"] as? [[String: Any]])?.compactMap { $0["repo"] as? String },
            ["ShippingProtocols", "Shipping"])
        XCTAssertEqual((protocolSet["bumps"] as? [Any])?.count, 2)
        let refusal = try XCTUnwrap(protocolSet["refusal"] as? String)
        XCTAssertTrue(refusal.contains("error[LS205]") && refusal.contains("estimatedDaysToCountry:speed:"), refusal)
    }
}
