import Foundation
import LockstepTestSupport
import XCTest

/// `lockstep graph` on the sample workspace, in each format.
final class GraphCommandTests: XCTestCase {
    func testEachFormatOnTheSample() throws {
        let sample = try Lockstep.sampleWorkspace()
        let ws = sample.url.appendingPathComponent("ws")
        let dot = try Lockstep.run(["graph"], in: ws)
        XCTAssertEqual(dot.status, 0, dot.stderr)
        for name in [
            "Networking", "Mediator", "LoginProtocols", "Login", "CartProtocols", "Cart", "DetailProtocols", "Detail",
            "Shell", "Main",
        ] {
            XCTAssertTrue(dot.stdout.contains("  \"\(name)\" [label="), "\(name) is a node")
        }
        XCTAssertTrue(dot.stdout.contains("\"Main\" -> \"Cart\" [label=\"exact: \\\"0.1.7\\\"\"];"), dot.stdout)
        let mermaid = try Lockstep.run(["graph", "--format", "mermaid", "--focus", "Detail"], in: ws)
        XCTAssertEqual(mermaid.status, 0, mermaid.stderr)
        XCTAssertTrue(mermaid.stdout.hasPrefix("graph TD\n"), mermaid.stdout)
        XCTAssertTrue(mermaid.stdout.contains("Detail<br/>business"), mermaid.stdout)
        XCTAssertFalse(mermaid.stdout.contains("Login<br/>"), "Login is neither a dependency nor a dependent of Detail")
        let json = try Lockstep.run(["graph", "--format", "json"], in: ws)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["command"] as? String, "graph")
        XCTAssertEqual((document["nodes"] as? [[String: Any]])?.count, 10)
        XCTAssertEqual(
            (document["edges"] as? [[String: Any]])?.contains {
                $0["from"] as? String == "Detail" && $0["to"] as? String == "CartProtocols"
            }, true)
    }

    func testAnUnknownFocusIsExitTwoNamingTheKnownOnes() throws {
        let sample = try Lockstep.sampleWorkspace()
        let result = try Lockstep.run(
            ["graph", "--focus", "Nope", "--format", "json"], in: sample.url.appendingPathComponent("ws"))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.contains("no component or app of that name; known: Cart"), result.stdout)
    }
}
