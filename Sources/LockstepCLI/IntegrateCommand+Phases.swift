import ArgumentParser
import Foundation
import LockstepCore

/// `integrate --plan-out` / `--finish`: the gate split into phases for CI runners (plan, `lockstep build` per app
/// anywhere, finish).
struct PhaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        Run the rules and every check a real run makes, then write the plan (candidates, each app build with its exact \
        versions and cache key) to this file and build nothing; see `lockstep plan` and `lockstep build`.
        """, valueName: "file"))
    var planOut: String?

    @Option(help: ArgumentHelp("""
        Finish a planned integration: the arguments are `lockstep build` result files, one per planned build. Checks \
        that this clone still matches the plan and every result is green and for this plan, then tags and pins.
        """, valueName: "plan"))
    var finish: String?

    func validate() throws {
        if planOut != nil, finish != nil { throw ValidationError("--plan-out and --finish are two different phases; give one") }
    }
}

/// Reading and writing the phase files.
enum PhaseFiles {
    static func write<T: Codable>(_ value: T, command: String, to path: String) throws {
        let text = try JSONText.document(command, value)
        do { try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CommandFailure(code: 2, message: "error: cannot write \(path): \(error.localizedDescription)")
        }
    }

    static func read<T: Codable>(_ type: T.Type, command: String, from path: String) throws -> (T, Data) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(code: 2, message: "error: cannot read \(path)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["command"] as? String == command,
              let value = try? JSONDecoder().decode(T.self, from: data) else {
            throw CommandFailure(code: 2, message: "error: \(path) is not a `\(command)` file written by lockstep (wrong file, or another version's)")
        }
        return (value, data)
    }

    /// The plan this clone makes now for `arguments`, as a phase plan.
    static func currentPlan(_ integrator: Integrator, arguments: [String], config: WorkspaceConfig) throws -> (IntegrationPlan, PhasePlan) {
        let plan = try integrator.plan(arguments)
        return (plan, try PhasePlan.make(plan, arguments: arguments, config: config, toolchain: Toolchain.versionLine))
    }

    /// Refuses (exit 2) when this clone is not the one planned: other commits, tags or lockstep.yml.
    static func requireMatch(_ written: PhasePlan, _ current: PhasePlan, path: String) throws {
        let differences = written.differences(from: current)
        guard differences.isEmpty else {
            throw CommandFailure(code: 2, message: "error: this clone does not match the plan \(path):\n"
                                 + differences.map { "  \($0)" }.joined(separator: "\n")
                                 + "\ncheck out the planned commits and fetch the tags (or plan again)")
        }
    }
}

extension IntegrateCommand {
    /// `--plan-out`: the dry run's checks, then the plan file.
    func writePlan(_ path: String, integrator: Integrator, config: WorkspaceConfig) throws {
        try WorkspaceState.requireRealFolders(in: config.root)
        let plan = try wrap { try integrator.plan(candidates) }
        try wrap { try integrator.preflight(plan) }
        var phases = try PhasePlan.make(plan, arguments: candidates, config: config, toolchain: Toolchain.versionLine)
        phases.builds = phases.builds.sorted { $0.role == $1.role ? false : $0.role == "shell" }
        try PhaseFiles.write(phases, command: "plan", to: path)
        Output.line("wrote \(path): \(phases.builds.count) build\(phases.builds.count == 1 ? "" : "s") (\(phases.builds.map(\.name).joined(separator: ", "))); run `lockstep build APP --plan \(path)` for each, then `lockstep integrate --finish \(path) RESULT…`")
    }

    /// `--finish PLAN RESULT…`: checks, then the normal run, whose builds are all found green.
    func finishPlan(_ path: String, integrator: Integrator, config: WorkspaceConfig) throws -> [String] {
        let (written, bytes) = try PhaseFiles.read(PhasePlan.self, command: "plan", from: path)
        let digest = PhasePlan.digest(of: bytes)
        var results: [String: PhaseResult] = [:]
        for file in candidates {
            let (result, _) = try PhaseFiles.read(PhaseResult.self, command: "build", from: file)
            guard result.planDigest == digest else {
                throw CommandFailure(code: 2, message: "error: \(file) is the result of another plan, not of \(path)")
            }
            guard let build = written.builds.first(where: { $0.name == result.name }), build.key == result.key else {
                throw CommandFailure(code: 2, message: "error: \(file): \(result.name) was built with other inputs than \(path) plans (key \(result.key.prefix(12)))")
            }
            guard result.isGreen else {
                throw CommandFailure(code: 1, message: "error: \(result.name) was \(result.status) (\(file), log on its runner: \(result.log)); nothing was tagged or pinned")
            }
            results[result.name] = result
        }
        let missing = written.builds.map(\.name).filter { results[$0] == nil }
        guard missing.isEmpty else {
            throw CommandFailure(code: 2, message: "error: no result for \(missing.joined(separator: ", ")); pass one `lockstep build` result per planned build")
        }
        // The same --finish --push again (a retried job) after its push failed: this clone released the plan already,
        // the remote lacks part of it; the run completes that release (as `integrate NAME --push` would).
        if pushing.push {
            let names = Set(written.arguments.map { String($0.split(separator: "@", maxSplits: 1).first ?? Substring($0)) })
            let publisher = Publisher(config: config, remote: pushing.remote, pinBranch: pushing.pinBranch)
            let unpublished: Set<String>
            do {
                unpublished = try publisher.unpublished(written.arguments)
            } catch IntegrationError.refused(let message) {
                throw CommandFailure(code: 1, message: "error: \(message). Nothing was built, tagged or pinned")
            }
            if !names.isEmpty, names.isSubset(of: unpublished) { return Array(names).sorted() }
        }
        let (plan, current) = try wrap { try PhaseFiles.currentPlan(integrator, arguments: written.arguments, config: config) }
        try PhaseFiles.requireMatch(written, current, path: path)
        integrator.acceptGreenBuilds(plan)
        return written.arguments
    }
}
