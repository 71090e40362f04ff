import Foundation
import LockstepTestSupport
import XCTest

/// `check` on the sample workspace: clean as shipped, and exactly one finding per seeded mistake.
final class SampleCheckTests: XCTestCase {
    struct Seed: Sendable {
        var rule: String
        var plant: @Sendable (URL) throws -> Void
    }

    struct EditFailed: Error { var file: String; var missing: String }

    static func git(_ ws: URL, _ repo: String, _ arguments: String...) throws {
        try GitCLI.run(arguments, in: ws.appendingPathComponent(repo))
    }

    static func edit(_ ws: URL, _ repo: String, _ file: String, _ old: String, _ new: String, commit message: String)
        throws
    {
        let url = ws.appendingPathComponent(repo).appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw EditFailed(file: file, missing: old) }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        try GitCLI.run(["commit", "-q", "-am", message], in: ws.appendingPathComponent(repo))
    }

    static let seeds: [Seed] = [
        Seed(rule: "LS101") { try git($0, "components/Mediator", "tag", "nightly") },
        Seed(rule: "LS102") { try git($0, "components/Mediator", "tag", "v1.0.1", "1.0.0") },
        Seed(rule: "LS201") { try git($0, "components/DetailProtocols", "tag", "0.1.1") },
        Seed(rule: "LS202") { ws in
            try edit(
                ws, "components/Cart", "Package.swift", "CartProtocols.git\", .upToNextMinor(from: \"0.1.0\")",
                "CartProtocols.git\", from: \"0.1.0\"", commit: "widen")
            try git(ws, "components/Cart", "tag", "0.1.8")
            try edit(
                ws, "apps/Main", "Package.swift", "Cart.git\", exact: \"0.1.7\"", "Cart.git\", exact: \"0.1.8\"",
                commit: "pin")
        },
        Seed(rule: "LS203") { ws in
            try edit(
                ws, "components/Mediator", "Sources/Mediator/Mediator.swift", "public func isRegistered",
                "func isRegistered", commit: "hide isRegistered")
            try git(ws, "components/Mediator", "tag", "1.0.2")
            try edit(
                ws, "apps/Main", "Package.swift", "Mediator.git\", exact: \"1.0.1\"",
                "Mediator.git\", exact: \"1.0.2\"", commit: "pin")
        },
        Seed(rule: "LS204") { ws in
            try edit(
                ws, "components/DetailProtocols", "Sources/DetailProtocols/DetailService.swift",
                "public protocol DetailService", "public protocol DetailServing", commit: "rename")
            try git(ws, "components/DetailProtocols", "tag", "0.2.0")
        },
        Seed(rule: "LS205") { ws in
            try edit(
                ws, "components/Detail", "Sources/Detail/ProductDetailService.swift",
                "ProductDetailService: DetailService {", "ProductDetailService {", commit: "drop the conformance")
        },
        Seed(rule: "LS301") { ws in
            try edit(
                ws, "components/Networking", "Package.swift", "dependencies: [",
                "dependencies: [\n        .package(url: \"https://git.example.com/ios/Login.git\", from: \"1.0.0\"),",
                commit: "bad dependency")
        },
        Seed(rule: "LS401") { ws in
            try edit(
                ws, "apps/Main", "Package.swift", "Mediator.git\", exact: \"1.0.1\"", "Mediator.git\", from: \"1.0.1\"",
                commit: "range")
        },
        Seed(rule: "LS402") { ws in
            try edit(
                ws, "apps/Main", "Package.swift", "Detail.git\", exact: \"0.1.1\"",
                "Detail.git\", exact: \"0.1.2-rc.2\"", commit: "rc")
        },
        Seed(rule: "LS403") { ws in
            try edit(
                ws, "apps/Shell", "Package.swift", "Cart.git\", .upToNextMinor(from: \"0.1.5\")",
                "Cart.git\", \"0.1.0\"..<\"0.1.6\"", commit: "narrow")
        },
        Seed(rule: "LS404") { ws in
            try edit(
                ws, "apps/Main", "Package.swift", "Mediator.git\", exact: \"1.0.1\"",
                "Mediator.git\", exact: \"1.0.3\"", commit: "no such version")
        },
        Seed(rule: "LS406") { ws in
            try edit(
                ws, "apps/Main", "Package.swift", "LoginProtocols.git\", exact: \"1.1.0\"",
                "LoginProtocols.git\", exact: \"1.0.0\"", commit: "old protocols")
        },
        Seed(rule: "LS407") { ws in
            try git(
                ws, "components/Mediator", "tag", "-a", "1.0.2", "-m",
                "Mediator 1.0.2\n\nReleased by lockstep integrate from 1.0.2-rc.1.")
        },
    ]

    func findings(_ ws: URL) throws -> (status: Int32, rules: [String]) {
        let result = try Lockstep.run(["check", "--format", "json", "--workspace", ws.path])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = json?["findings"] as? [[String: Any]] ?? []
        let rules = findings.filter { ($0["severity"] as? String) != "info" }.compactMap { $0["rule"] as? String }
        return (result.status, Array(Set(rules)).sorted())
    }

    func testSampleIsCleanAndEachSeededMistakeIsReportedAlone() throws {
        let pristine = try Lockstep.sampleWorkspace()
        let clean = try findings(pristine.url.appendingPathComponent("ws"))
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.rules, [])
        // Each seed starts from a copy of the checked workspace, its API cache with it: the cache must give the
        // findings a cold read gives (the clean run above is the cold one), and the replay is done once.
        for seed in Self.seeds {
            let sample = try TemporaryFolder("lockstep-sample")
            let ws = sample.url.appendingPathComponent("ws")
            try FileManager.default.copyItem(at: pristine.url.appendingPathComponent("ws"), to: ws)
            try seed.plant(ws)
            let found = try findings(ws)
            XCTAssertEqual(found.rules, [seed.rule], "seeded \(seed.rule)")
            let isWarning = ["LS101", "LS204", "LS407"].contains(seed.rule)
            XCTAssertEqual(found.status, isWarning ? 0 : 1, "exit code for \(seed.rule)")
        }
    }
}
