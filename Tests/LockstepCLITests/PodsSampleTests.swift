import Foundation
import LockstepTestSupport
import XCTest

/// The sample's CocoaPods and Xcode half (Fixtures/pods): components shipped both ways, a Podfile main app, an
/// Xcode main app and a spec repo. One integration builds both apps (their build.sh stand-ins check the build
/// copies), publishes the release's podspec and pins the Podfile and the project.pbxproj.
final class PodsSampleTests: XCTestCase {
    func testOneIntegrationReleasesToBothWorldsAndTheSpecRepo() throws {
        let folder = try Lockstep.sampleWorkspace(named: "pods")
        let ws = folder.url.appendingPathComponent("ws")
        let check = try Lockstep.run(["check", "--workspace", ws.path])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("0 errors, 0 warnings"), check.stdout)
        let matrix = try Lockstep.run(["matrix", "--workspace", ws.path])
        XCTAssertTrue(
            matrix.stdout.split(separator: "\n").contains { $0.hasPrefix("Payments ") && $0.contains("2 mains 1.0.0") },
            matrix.stdout)

        let bump = try Lockstep.run(["bump", "Payments", "--workspace", ws.path])
        XCTAssertTrue(
            bump.stdout.hasPrefix("Payments 1.0.0 → 1.0.1-rc.1 (patch: internal changes only)"),
            bump.stdout + bump.stderr)
        // The stand-ins only check the build copies here (the demo's end-to-end test compiles them too).
        let result = try Lockstep.run(
            ["integrate", "Payments", "--workspace", ws.path], environment: ["STANDIN_CHECK_ONLY": "1"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "✓ published Payments/1.0.1/Payments.podspec.json to the spec repo Specs on branch main"), result.stdout
        )

        // What the stand-in builds saw: the Podfile resolving from the temporary spec repo, the Xcode project from
        // mirrors.
        let logs = ws.appendingPathComponent(".lockstep/logs")
        let texts = try FileManager.default.contentsOfDirectory(atPath: logs.path).sorted().map {
            try String(contentsOf: logs.appendingPathComponent($0), encoding: .utf8)
        }
        XCTAssertTrue(
            texts.contains {
                $0.contains("Payments 1.0.1: Payments.podspec.json, source at")
                    && $0.contains("stand-in for pod install")
            }, "\(texts)")
        XCTAssertTrue(
            texts.contains { $0.contains("Payments 1.0.1: mirror at") && $0.contains("stand-in for xcodebuild") },
            "\(texts)")

        let payments = ws.appendingPathComponent("components/Payments")
        let released = try GitCLI.run(["rev-parse", "1.0.1^{commit}"], in: payments)
        XCTAssertEqual(released, try GitCLI.run(["rev-parse", "1.0.1-rc.1^{commit}"], in: payments))
        let spec =
            try JSONSerialization.jsonObject(
                with: Data(
                    GitCLI.run(
                        ["show", "HEAD:Payments/1.0.1/Payments.podspec.json"], in: ws.appendingPathComponent("Specs")
                    ).utf8)) as? [String: Any]
        XCTAssertEqual(spec?["version"] as? String, "1.0.1")
        XCTAssertEqual(
            spec?["source"] as? [String: String], ["git": "https://git.example.com/ios/Payments.git", "tag": "1.0.1"])
        XCTAssertEqual(
            try GitCLI.run(["diff", "-U0", "HEAD~1..HEAD"], in: ws.appendingPathComponent("apps/PodShop")).split(
                separator: "\n"
            ).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.dropFirst(2),
            ["-  pod 'Payments', '1.0.0'", "+  pod 'Payments', '1.0.1'"])
        let project = try GitCLI.run(
            ["show", "HEAD:XcodeShop.xcodeproj/project.pbxproj"], in: ws.appendingPathComponent("apps/XcodeShop"))
        XCTAssertTrue(
            project.contains(
                """
                repositoryURL = \"https://git.example.com/ios/Payments.git\";\n\t\t\trequirement = \
                {\n\t\t\t\tkind = exactVersion;\n\t\t\t\tversion = 1.0.1;
                """
            ), project)
        let after = try Lockstep.run(["check", "--workspace", ws.path])
        XCTAssertEqual(after.status, 0, after.stdout + after.stderr)
        XCTAssertTrue(after.stdout.contains("All 22 rules pass."), after.stdout)
    }
}
