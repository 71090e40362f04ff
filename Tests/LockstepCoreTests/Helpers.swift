import Foundation
import LockstepCore
import LockstepGit
import LockstepTestSupport
import XCTest

enum ObjectIDFixture {
    static let zero = ObjectID(hex: String(repeating: "0", count: 40))!
}

extension WorkspaceBuilder {
    /// Loads the workspace the way the CLI does.
    func snapshot() throws -> WorkspaceSnapshot {
        try SnapshotLoader.load(WorkspaceConfig.load(from: root.appendingPathComponent("lockstep.yml")))
    }

    /// Runs `rules` (all by default) and returns their findings.
    func findings(_ rules: [any Rule] = Rules.all, focus: Set<String> = []) throws -> [Finding] {
        try Rules.run(rules, on: RuleContext(snapshot: snapshot(), focus: focus))
    }

    /// The matrix as the CLI builds it.
    func matrix() throws -> Matrix {
        let context = RuleContext(snapshot: try snapshot())
        return Matrix.build(
            context.snapshot, findings: try Rules.run(Rules.withoutAPIDiff, on: context), manifests: context.manifests)
    }
}
