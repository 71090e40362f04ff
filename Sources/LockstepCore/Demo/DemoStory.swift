import Foundation
import LockstepSample

/// An edit story the demo tells after a world's first release: an `edit:` of the world's fixture `edits.yml`
/// committed as a developer would, then `bump` of each candidate and `integrate` of them all, which the rules refuse
/// (nothing changes).
public struct DemoStory: Sendable {
    /// The edit's name in `edits.yml`.
    public var edit: String
    /// The fixture folder of the world (`sample`, or `pods` for the CocoaPods and Xcode half).
    public var fixture: String
    /// The components bumped and integrated, in this order.
    public var candidates: [String]

    /// The Swift world's: the `clear-cart` edit (Fixtures/sample/edits.yml) gives CartService a new requirement and
    /// Cart its implementation; `bump` finds the protocol set's minor level and the tie moves Cart to the same line;
    /// integrating both is refused while the shell and Detail admit only 0.1.
    public static let protocolSet = DemoStory(
        edit: "clear-cart", fixture: "sample", candidates: ["CartProtocols", "Cart"])

    /// The CocoaPods world's (SPEC §7): the `delivery-estimate` edit (Fixtures/pods/edits.yml) adds a `@required`
    /// method to the Objective-C protocol ShippingService (a header change: minor for a protocol set) and moves
    /// Shipping to ShippingProtocols 1.1 without implementing it; integrating both is refused by LS205.
    public static let objectiveC = DemoStory(
        edit: "delivery-estimate", fixture: "pods", candidates: ["ShippingProtocols", "Shipping"])
}

extension DemoWorkspace {
    /// The workspace a story's fixture was replayed into (`root`, or `pods` for the `pods` fixture).
    public func folder(of story: DemoStory) -> URL {
        story.fixture == "pods" ? pods : root
    }

    /// Commits the story's edits into its world as a developer would (one commit per entry) and returns them.
    public func applyEdits(of story: DemoStory, environment: [String: String]) throws -> [DemoEditJSON] {
        do {
            let fixture = try SampleWorkspace.defaultFixture(named: story.fixture, environment: environment)
            return try SampleWorkspace.applyEdit(story.edit, fixture: fixture, workspace: folder(of: story)).map {
                DemoEditJSON(repo: $0.repo, message: $0.message, commit: $0.commit.hex)
            }
        } catch let error as SampleError {
            throw CommandFailure(code: 2, message: "error: \(error)")
        }
    }
}

/// One commit the demo makes as a developer would.
public struct DemoEditJSON: Codable, Sendable {
    public var repo: String
    public var message: String
    public var commit: String
}

/// A story in `demo --format json` (DemoStory): the edits, each candidate's bump, and integrate's refusal.
public struct DemoStoryJSON: Codable, Sendable {
    public var edits: [DemoEditJSON]
    public var bumps: [BumpJSON]
    /// What `integrate` of the candidates printed when it refused (its findings and closing line).
    public var refusal: String?

    public init(edits: [DemoEditJSON], bumps: [BumpJSON], refusal: String?) {
        self.edits = edits
        self.bumps = bumps
        self.refusal = refusal
    }
}
