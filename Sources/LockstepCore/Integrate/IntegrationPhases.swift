import Foundation

/// `integrate` split into phases for CI runners: `integrate --plan-out` writes the plan, `lockstep build APP --plan`
/// builds one app anywhere and writes its result, `integrate --finish PLAN RESULT…` checks them and tags and pins.
///
/// Paths are given as typed (messages show them so) and read from `directory` (the run's current folder).
/// Failures are `CommandFailure`s with SPEC.md's exit codes; the gate's own refusals use `IntegrationText`'s words,
/// coloured with `style`.
public struct IntegrationPhases {
    public var directory: URL
    public var style: Style

    public init(directory: URL, style: Style = Style(enabled: false)) {
        // A folder URL (trailing slash): relative paths resolve inside it, not beside it.
        self.directory = URL(fileURLWithPath: directory.path, isDirectory: true)
        self.style = style
    }

    /// A path as typed, read from the run's folder.
    public func url(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    }

    /// An integration error as its refusal text and exit code.
    public func wrap<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as IntegrationError {
            throw IntegrationText.failure(error, style: style)
        }
    }

    public func wrapAsync<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as IntegrationError {
            throw IntegrationText.failure(error, style: style)
        }
    }

    // MARK: Files

    /// Writes a phase file (`plan` or `build`): a JSON document with its envelope.
    public func write<T: Codable>(_ value: T, command: String, to path: String) throws {
        let text = try JSONText.document(command, value)
        do { try Data((text + "\n").utf8).write(to: url(path), options: .atomic) } catch {
            throw CommandFailure(code: 2, message: "error: cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Reads a phase file written by `command`, with its bytes (the plan's digest is over them).
    public func read<T: Codable>(_ type: T.Type, command: String, from path: String) throws -> (T, Data) {
        guard let data = FileManager.default.contents(atPath: url(path).path) else {
            throw CommandFailure(code: 2, message: "error: cannot read \(path)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["command"] as? String == command,
            let value = try? JSONDecoder().decode(T.self, from: data)
        else {
            throw CommandFailure(
                code: 2,
                message:
                    "error: \(path) is not a `\(command)` file written by lockstep (wrong file, or another version's)")
        }
        return (value, data)
    }

    /// The plan this clone makes now for `arguments`, as a phase plan.
    public func currentPlan(_ integrator: Integrator, arguments: [String], config: WorkspaceConfig) throws -> (
        IntegrationPlan, PhasePlan
    ) {
        let plan = try integrator.plan(arguments)
        return (plan, try PhasePlan.make(plan, arguments: arguments, config: config, toolchain: integrator.toolchain))
    }

    /// Refuses (exit 2) when this clone is not the one planned: other commits, tags or lockstep.yml.
    public func requireMatch(_ written: PhasePlan, _ current: PhasePlan, path: String) throws {
        let differences = written.differences(from: current)
        guard differences.isEmpty else {
            throw CommandFailure(
                code: 2,
                message: "error: this clone does not match the plan \(path):\n"
                    + differences.map { "  \($0)" }.joined(separator: "\n")
                    + "\ncheck out the planned commits and fetch the tags (or plan again)")
        }
    }

    // MARK: Phases

    /// `integrate --plan-out`: the dry run's checks, then the plan file (shells' builds first). Returns the plan.
    public func writePlan(_ path: String, candidates: [String], integrator: Integrator, config: WorkspaceConfig) throws
        -> PhasePlan
    {
        try WorkspaceState.requireRealFolders(in: config.root)
        let plan = try wrap { try integrator.plan(candidates) }
        try wrap { try integrator.preflight(plan) }
        var phases = try PhasePlan.make(plan, arguments: candidates, config: config, toolchain: integrator.toolchain)
        phases.builds = phases.builds.sorted { $0.role == $1.role ? false : $0.role == "shell" }
        try write(phases, command: "plan", to: path)
        return phases
    }

    /// The line `integrate --plan-out` prints after writing `phases` to `path`.
    public static func planWritten(_ phases: PhasePlan, path: String) -> String {
        let count = phases.builds.count
        return
            "wrote \(path): \(count) build\(count == 1 ? "" : "s") (\(phases.builds.map(\.name).joined(separator: ", "))); "
            + "run `lockstep build APP --plan \(path)` for each, then `lockstep integrate --finish \(path) RESULT…`"
    }

    /// `integrate --finish PLAN RESULT…`: every planned build has a green result of this plan and this clone is the
    /// one planned; the integrator then finds those builds green. Returns the arguments the run integrates.
    ///
    /// With `publisher` (`--push`): when this clone released the plan already and the remote lacks part of it (a
    /// retried finish job whose push failed), the run completes that release, as `integrate NAME --push` would.
    public func finish(
        _ path: String, results files: [String], integrator: Integrator, config: WorkspaceConfig,
        publisher: Publisher?
    ) throws -> [String] {
        let (written, bytes) = try read(PhasePlan.self, command: "plan", from: path)
        let digest = PhasePlan.digest(of: bytes)
        var results: [String: PhaseResult] = [:]
        for file in files {
            let (result, _) = try read(PhaseResult.self, command: "build", from: file)
            guard result.planDigest == digest else {
                throw CommandFailure(code: 2, message: "error: \(file) is the result of another plan, not of \(path)")
            }
            guard let build = written.builds.first(where: { $0.name == result.name }), build.key == result.key else {
                throw CommandFailure(
                    code: 2,
                    message:
                        """
                        error: \(file): \(result.name) was built with other inputs than \(path) plans (key \
                        \(result.key.prefix(12)))
                        """
                )
            }
            guard result.isGreen else {
                throw CommandFailure(
                    code: 1,
                    message:
                        """
                        error: \(result.name) was \(result.status) (\(file), log on its runner: \(result.log)); \
                        nothing was tagged or pinned
                        """
                )
            }
            results[result.name] = result
        }
        let missing = written.builds.map(\.name).filter { results[$0] == nil }
        guard missing.isEmpty else {
            throw CommandFailure(
                code: 2,
                message:
                    """
                    error: no result for \(missing.joined(separator: ", ")); pass one `lockstep build` result per \
                    planned build
                    """
            )
        }
        if let publisher {
            let names = Set(
                written.arguments.map { String($0.split(separator: "@", maxSplits: 1).first ?? Substring($0)) })
            let unpublished: Set<String>
            do {
                unpublished = try publisher.unpublished(written.arguments)
            } catch IntegrationError.refused(let message) {
                throw CommandFailure(code: 1, message: "error: \(message). Nothing was built, tagged or pinned")
            }
            if !names.isEmpty, names.isSubset(of: unpublished) { return Array(names).sorted() }
        }
        let (plan, current) = try wrap { try currentPlan(integrator, arguments: written.arguments, config: config) }
        try requireMatch(written, current, path: path)
        integrator.acceptGreenBuilds(plan)
        return written.arguments
    }

    /// `lockstep build APP --plan PLAN --result-out FILE`, up to the build: the plan's entry for `app`, checked
    /// against this clone, and where the result goes. `build` then runs it.
    public struct PlannedBuild {
        public var app: String
        /// The integrator that builds it (made once the plan and the result's folder are found sound).
        public var integrator: Integrator
        public var entry: PhasePlan.BuildEntry
        public var plan: IntegrationPlan
        public var phases: PhasePlan
        public var planDigest: String
    }

    /// The checks `lockstep build` makes before building: the plan plans `app`, the result's folder is writable,
    /// this clone matches the plan.
    public func prepareBuild(
        _ app: String, plan path: String, resultOut: String,
        integrator: @autoclosure () throws -> (Integrator, WorkspaceConfig)
    ) throws -> PlannedBuild {
        let (written, bytes) = try read(PhasePlan.self, command: "plan", from: path)
        guard let entry = written.builds.first(where: { $0.name == app }) else {
            throw CommandFailure(
                code: 2,
                message:
                    """
                    error: \(path) plans no build of \(app); it plans \
                    \(written.builds.map(\.name).joined(separator: ", "))
                    """
            )
        }
        let folder = url(resultOut).deletingLastPathComponent()
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw CommandFailure(
                code: 2,
                message:
                    """
                    error: --result-out \(resultOut): the folder \(folder.path) does not exist or is not \
                    writable; nothing was built
                    """
            )
        }
        let (integrator, config) = try integrator()
        let (current, phases) = try wrap { try currentPlan(integrator, arguments: written.arguments, config: config) }
        try requireMatch(written, phases, path: path)
        return PlannedBuild(
            app: app, integrator: integrator, entry: entry, plan: current, phases: phases,
            planDigest: PhasePlan.digest(of: bytes))
    }

    /// The result file of a finished `lockstep build`, written to `resultOut`.
    public func writeResult(_ outcome: BuildOutcome, of build: PlannedBuild, toolchain: String, to resultOut: String)
        throws -> PhaseResult
    {
        let result = PhaseResult(
            planDigest: build.planDigest, name: build.app, key: build.entry.key, status: outcome.status.name,
            seconds: (outcome.seconds * 10).rounded() / 10, log: outcome.log.path, toolchain: toolchain,
            versions: build.phases.builds.first { $0.name == build.app }?.versions ?? [])
        try write(result, command: "build", to: resultOut)
        return result
    }
}
