import Foundation
import LockstepCore
import LockstepTestSupport
import XCTest

/// Plans and applies bumps on a test workspace, for the test classes that exercise `bump`.
protocol BumpTesting {}

extension BumpTesting {
    func plan(_ ws: WorkspaceBuilder, _ name: String, _ level: BumpLevel? = nil) throws -> BumpPlan {
        let snapshot = try ws.snapshot()
        let context = RuleContext(snapshot: snapshot)
        return try BumpPlanner(snapshot: snapshot, manifests: context.manifests, api: context.api).plan(
            name, requested: level)
    }

    @discardableResult
    func bump(_ ws: WorkspaceBuilder, _ name: String, _ level: BumpLevel? = nil) throws -> BumpPlan {
        let plan = try plan(ws, name, level)
        try Bumper.apply(plan, config: ws.snapshot().config)
        return plan
    }
}

/// Loads `lockstep.yml` texts and asserts the errors they give, for the test classes about the workspace file.
protocol ConfigTesting {
    func load(_ yaml: String) throws -> WorkspaceConfig
}

extension ConfigTesting {
    func assertConfigError(
        _ yaml: String, line: Int, column: Int, contains text: String, file: StaticString = #filePath,
        testLine: UInt = #line
    ) {
        XCTAssertThrowsError(try load(yaml), file: file, line: testLine) { error in
            guard let config = error as? ConfigError else {
                return XCTFail("not a ConfigError: \(error)", file: file, line: testLine)
            }
            XCTAssertEqual(config.line, line, "\(config)", file: file, line: testLine)
            XCTAssertEqual(config.column, column, "\(config)", file: file, line: testLine)
            XCTAssertTrue(config.message.contains(text), "\(config)", file: file, line: testLine)
            XCTAssertTrue(
                config.description.contains("lockstep.yml:\(line):\(column):"), config.description, file: file,
                line: testLine)
        }
    }
}
