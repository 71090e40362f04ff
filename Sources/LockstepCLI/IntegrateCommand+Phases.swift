import ArgumentParser
import Foundation
import LockstepCore

/// `integrate --plan-out` / `--finish`: the gate split into phases for CI runners (plan, `lockstep build` per app
/// anywhere, finish).
struct PhaseOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            Run the rules and every check a real run makes, then write the plan (candidates, each app build with its \
            exact \
            versions and cache key) to this file and build nothing; see `lockstep plan` and `lockstep build`.
            """, valueName: "file"))
    var planOut: String?

    @Option(
        help: ArgumentHelp(
            """
            Finish a planned integration: the arguments are `lockstep build` result files, one per planned build. \
            Checks \
            that this clone still matches the plan and every result is green and for this plan, then tags and pins.
            """, valueName: "plan"))
    var finish: String?

    func validate() throws {
        if planOut != nil, finish != nil {
            throw ValidationError("--plan-out and --finish are two different phases; give one")
        }
    }
}

extension IntegrateCommand {
    /// `--plan-out`: the dry run's checks, then the plan file.
    func writePlan(_ path: String, integrator: Integrator, config: WorkspaceConfig, console: Console) throws {
        let phases = try console.phases.writePlan(path, candidates: candidates, integrator: integrator, config: config)
        console.line(IntegrationPhases.planWritten(phases, path: path))
    }

    /// `--finish PLAN RESULT…`: checks, then the normal run, whose builds are all found green.
    func finishPlan(_ path: String, integrator: Integrator, config: WorkspaceConfig, console: Console) throws
        -> [String]
    {
        let publisher =
            pushing.push
            ? Publisher(
                config: config, remote: pushing.remote, environment: console.environment,
                pinBranch: pushing.pinBranch) : nil
        return try console.phases.finish(
            path, results: candidates, integrator: integrator, config: config, publisher: publisher)
    }
}
