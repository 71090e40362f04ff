import Foundation
import LockstepGit
import LockstepManifest
import Version

/// What `integrate` reports as it goes; the CLI turns these into lines and a progress display.
public enum IntegrationEvent: Sendable {
    case rulesPassed(rules: Int, warnings: [Finding])
    case completing([Candidate])
    case buildStarted(AppBuild, attempt: Int)
    case buildProgress(app: String, seconds: Int, lastLine: String)
    case buildFinished(BuildOutcome)
    case tagged(Candidate, tag: String)
    case mainMoved(app: String, from: ObjectID, to: ObjectID, attempt: Int)
    case pinned(app: String, commit: ObjectID, pins: String, workTreeUpdated: Bool)
    case waiting(String)
}

/// The settings of one `integrate` run.
public struct IntegrationOptions: Sendable {
    public var timeoutSeconds: Int = 1800
    public var useCache = true
    /// How many times main may move under a run before it gives up.
    public var maxTries = 3
    /// How long to wait for another run's pin lock; nil: as long as a live holder may take
    /// (its rebuilds on a moving main, each within the build timeout).
    public var lockTimeout: TimeInterval?
    var effectiveLockTimeout: TimeInterval { lockTimeout ?? TimeInterval((maxTries + 1) * timeoutSeconds + 300) }
    public init() {}
}

/// The result of a finished run, for the summary and the JUnit report.
public struct IntegrationResult: Sendable {
    public var plan: IntegrationPlan
    public var outcomes: [BuildOutcome]
    public var pinCommits: [String: ObjectID]
}

/// Runs the gate (SPEC §5 `integrate`): rules, builds against a speculative release, tag, pin.
public final class Integrator: @unchecked Sendable {
    let config: WorkspaceConfig
    let runner: any BuildRunning
    let options: IntegrationOptions
    let events: @Sendable (IntegrationEvent) -> Void
    let cache: BuildCache
    private var outcomes: [BuildOutcome] = []
    private lazy var toolchain: String = Self.toolchainVersion()

    public init(config: WorkspaceConfig, runner: any BuildRunning = ShellBuildRunner(), options: IntegrationOptions = IntegrationOptions(),
                events: @escaping @Sendable (IntegrationEvent) -> Void = { _ in }) {
        self.config = config
        self.runner = runner
        self.options = options
        self.events = events
        self.cache = BuildCache(workspace: config.root)
    }

    /// Plans without side effects (for `--dry-run` and the up-front checks).
    public func plan(_ arguments: [String]) throws -> IntegrationPlan {
        try IntegrationPlan.make(SnapshotLoader.load(config), candidates: arguments)
    }

    /// Runs the whole gate. Throws `IntegrationError` for a refusal, a rule error or a red build.
    public func run(_ arguments: [String]) async throws -> IntegrationResult {
        let plan = try self.plan(arguments)
        outcomes = []
        guard plan.errors.isEmpty else { throw IntegrationError.rules(plan.errors) }
        events(.rulesPassed(rules: Rules.all.count, warnings: plan.findings.filter { $0.severity == .warning }))
        let completing = plan.candidates.filter(\.isAlreadyReleased)
        if !completing.isEmpty { events(.completing(completing)) }
        do {
            // Under the checkout lock: another run's pin commit (ref moved, checkout following) is never seen half-way.
            let lock = PinLock(workspace: config.root, kind: .checkout)
            try lock.acquire(timeout: 120) { events(.waiting($0)) }
            defer { lock.release() }
            try checkMainApps(plan)
        }

        let sandbox = try BuildSandbox(config: config, candidates: plan.candidates)
        defer { sandbox.remove() }
        var built: [String: ObjectID] = [:]
        for build in plan.builds {
            let outcome = try await self.build(build, in: sandbox, manifests: plan.manifests, attempt: 1)
            guard outcome.isGreen else { throw IntegrationError.buildFailed(outcome) }
            built[build.app.name] = build.commit
        }
        try Interruption.shared.critical { try tagReleases(plan.candidates) }

        var pinCommits: [String: ObjectID] = [:]
        for change in plan.pinChanges {
            pinCommits[change.app.name] = try await pin(change, plan: plan, builtAt: built[change.app.name], sandbox: sandbox)
        }
        return IntegrationResult(plan: plan, outcomes: outcomes, pinCommits: pinCommits)
    }

    /// The outcomes so far (also after a failure), for the report.
    public var buildOutcomes: [BuildOutcome] { outcomes }

    /// Refuses up front when a main app cannot take a pin commit: local changes, detached HEAD, no identity.
    func checkMainApps(_ plan: IntegrationPlan) throws {
        for change in plan.pinChanges {
            let repository = try SnapshotLoader.openRepository(change.app.path, name: change.app.name, config: config)
            let changed = try repository.changedTrackedFiles()
            if !changed.isEmpty {
                throw IntegrationError.refused("\(change.app.name) has uncommitted changes to tracked files (\(changed.prefix(5).joined(separator: ", "))); commit or stash them first: integrate commits the pins on its branch and updates the checkout")
            }
            guard try repository.head().branch != nil else {
                throw IntegrationError.refused("\(change.app.name) is on a detached HEAD; check out the branch the pins should land on")
            }
            do { _ = try repository.defaultSignature() } catch {
                throw IntegrationError.refused("no git identity configured for \(change.app.path); set user.name and user.email (git config) so the pin commit has an author")
            }
        }
    }

    func build(_ build: AppBuild, in sandbox: BuildSandbox, manifests: ManifestStore, attempt: Int) async throws -> BuildOutcome {
        let key = BuildCache.key(for: build, toolchain: toolchain)
        let logFolder = config.root.appendingPathComponent(".lockstep/logs")
        let log = logFolder.appendingPathComponent("\(try SafeName.fileName(build.app.name))-\(build.commit.short)-\(getpid()).log")
        if options.useCache && cache.isGreen(key) {
            let outcome = BuildOutcome(app: build.app.name, status: .cached, seconds: 0, log: log, errorLines: [])
            outcomes.append(outcome)
            events(.buildFinished(outcome))
            return outcome
        }
        events(.buildStarted(build, attempt: attempt))
        let folder = try sandbox.prepare(build, manifests: manifests)
        let start = Date()
        let events = self.events
        let app = build.app.name
        let outcome = try await runner.run(
            BuildRequest(app: app, command: build.app.build, directory: folder, log: log, timeoutSeconds: options.timeoutSeconds)
        ) { line in events(.buildProgress(app: app, seconds: Int(Date().timeIntervalSince(start)), lastLine: line)) }
        outcomes.append(outcome)
        events(.buildFinished(outcome))
        if outcome.status == .green { cache.recordGreen(key, build: build) }
        return outcome
    }

    /// Tags each candidate's rc commit with its release version (annotated, the repo's identity).
    func tagReleases(_ candidates: [Candidate]) throws {
        let apps = "Built green: " + outcomes.map { "\($0.app) (\($0.status == .cached ? "cached" : "built"))" }.joined(separator: ", ")
        for candidate in candidates where !candidate.isAlreadyReleased {
            let repository = try SnapshotLoader.openRepository(candidate.component.path, name: candidate.component.name, config: config)
            let tagger = try repository.defaultSignature()
            do {
                try repository.createAnnotatedTag(named: candidate.releaseTagName, commit: candidate.commit,
                                                  message: "\(candidate.component.name) \(candidate.release)\n\n\(IntegrationMarker.releaseTagLine) from \(candidate.tag.name).\n\(apps)\n",
                                                  tagger: tagger)
            } catch let error as GitError where error.isExists {
                // A concurrent run released the same rc: fine when it is the same commit.
                guard try repository.resolveCommit("refs/tags/\(candidate.releaseTagName)") == candidate.commit else { throw error }
            }
            events(.tagged(candidate, tag: candidate.releaseTagName))
        }
    }

    /// Commits the pins on the main app's branch, rebuilding first when the branch moved since the build.
    func pin(_ change: PinChange, plan: IntegrationPlan, builtAt: ObjectID?, sandbox: BuildSandbox) async throws -> ObjectID {
        let repository = try SnapshotLoader.openRepository(change.app.path, name: change.app.name, config: config)
        guard let branch = try repository.head().branch else {
            throw IntegrationError.refused("\(change.app.name) is on a detached HEAD; nothing pinned. Check out its branch and rerun integrate to finish")
        }
        let planned = plan.builds.first { $0.app.name == change.app.name }
        let original = try originalRequirements(change, at: planned?.commit ?? builtAt, repository: repository)
        // One run at a time brings its build up to date with main's head and pins: each pin is then built on
        // top of the pin before it. First builds of concurrent runs stay parallel; only this step queues.
        let pinLock = PinLock(workspace: config.root)
        try pinLock.acquire(timeout: options.effectiveLockTimeout) { events(.waiting($0)) }
        defer { pinLock.release() }
        var verified = builtAt
        var attempt = 0
        while true {
            guard let tip = try repository.branchTip(branch) else { throw IntegrationError.refused("\(change.app.name): branch \(branch) vanished") }
            if tip != verified {
                attempt += 1
                guard attempt <= options.maxTries else { break }
                if let verified { events(.mainMoved(app: change.app.name, from: verified, to: tip, attempt: attempt)) }
                try await rebuild(change.app, at: tip, plan: plan, sandbox: sandbox, attempt: attempt + 1)
                verified = tip
                continue
            }
            let checkoutLock = PinLock(workspace: config.root, kind: .checkout)
            try checkoutLock.acquire(timeout: 120) { events(.waiting($0)) }
            defer { checkoutLock.release() }
            let manifestText = String(decoding: try repository.readFile("Package.swift", at: tip) ?? Data(), as: UTF8.self)
            let manifest = try Manifest.parse(manifestText, file: "\(change.app.path)/Package.swift @ \(tip.short)")
            var pins: [(dependency: PackageDependency, version: String, url: String?)] = []
            for (component, version) in change.pins {
                guard let dependency = manifest.dependencies.first(where: { config.componentName(for: $0) == component }) else { continue }
                if dependency.requirement == .exact(version.description) { continue }
                if let before = original[component], dependency.requirement != before {
                    throw IntegrationError.refused("conflict: \(change.app.name) now requires \(component) `\(dependency.requirement.manifestText)` (another run changed it from `\(before.manifestText)`); not pinning \(version) over it. The release tag stays; pin it by hand or rerun integrate after reviewing")
                }
                pins.append((dependency: dependency, version: version.description, url: config.remoteURL(of: component)))
            }
            if pins.isEmpty { return tip }
            let text = manifest.pinning(pins)
            let description = change.pins.map { "\($0.component) \($0.version)" }.joined(separator: ", ")
            let message = """
                Pin \(description)

                Released by lockstep integrate: \(plan.candidates.map { "\($0.component.name) \($0.release) (from \($0.tag.name) at \($0.commit.short))" }.joined(separator: ", ")).
                Built green with these versions: \(outcomes.map(\.app).joined(separator: ", ")).

                """
            do {
                return try Interruption.shared.critical {
                    let author = try repository.defaultSignature()
                    let checkoutFollows = try isCleanCheckout(repository, on: branch)
                    let commit = try repository.commitFile("Package.swift", contents: Data(text.utf8), onBranch: branch,
                                                           expectedTip: tip, message: message, author: author)
                    if checkoutFollows { try repository.checkoutHead(from: tip) }
                    let updated = checkoutFollows
                    events(.pinned(app: change.app.name, commit: commit, pins: description, workTreeUpdated: updated))
                    return commit
                }
            } catch let error as GitError where error.isModified || error.isLocked {
                continue // main moved between our read and our write: look again
            }
        }
        throw IntegrationError.refused("\(change.app.name)'s branch moved \(options.maxTries) times while lockstep was building; nothing pinned. The release tags exist; rerun `lockstep integrate \(plan.candidates.map(\.component.name).joined(separator: " "))` to finish")
    }

    /// The requirements main had on the candidates when planned, to detect a concurrent pin of the same component.
    func originalRequirements(_ change: PinChange, at commit: ObjectID?, repository: Repository) throws -> [String: Requirement] {
        guard let commit, let data = try repository.readFile("Package.swift", at: commit) else { return [:] }
        let manifest = try Manifest.parse(String(decoding: data, as: UTF8.self), file: "\(change.app.path)/Package.swift")
        var result: [String: Requirement] = [:]
        for dependency in manifest.dependencies {
            if let name = config.componentName(for: dependency) { result[name] = dependency.requirement }
        }
        return result
    }

    /// Builds a main app again at its new branch tip, with the same candidates.
    func rebuild(_ app: App, at tip: ObjectID, plan: IntegrationPlan, sandbox: BuildSandbox, attempt: Int) async throws {
        let snapshot = try SnapshotLoader.load(config)
        let arguments = plan.candidates.map { "\($0.component.name)@\($0.release)" }
        let replanned = try IntegrationPlan.make(snapshot, candidates: arguments)
        // The rules again, on main as it is now: what moved it may clash with the candidates.
        guard replanned.errors.isEmpty else { throw IntegrationError.rules(replanned.errors) }
        guard var build = replanned.builds.first(where: { $0.app.name == app.name }) else { return }
        build.commit = tip
        let outcome = try await self.build(build, in: sandbox, manifests: replanned.manifests, attempt: attempt)
        guard outcome.isGreen else { throw IntegrationError.buildFailed(outcome) }
    }

    /// True when the checkout is on `branch` with no local changes, so it can follow the pin commit.
    func isCleanCheckout(_ repository: Repository, on branch: String) throws -> Bool {
        guard !repository.isBare, try repository.head().branch == branch else { return false }
        return try repository.changedTrackedFiles().isEmpty
    }

    /// `swift --version`, part of the build cache key.
    static func toolchainVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "unknown"
    }
}
