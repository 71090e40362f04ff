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
    /// The release's podspecs were committed to the spec repo (`specs:`) on `branch`.
    case publishedSpecs(repo: String, branch: String, commit: ObjectID, files: [String])
    case mainMoved(app: String, from: ObjectID, to: ObjectID, attempt: Int)
    /// A pin commit landed on `branch`; `checkout` says what happened to the app's checkout.
    case pinned(app: String, branch: String, commit: ObjectID, pins: String, checkout: String)
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
    /// Allow a candidate older than the version a main app pins (a downgrade).
    public var allowDowngrade = false
    /// How many app builds run at the same time (`--jobs`); 1 builds one after another in plan order.
    public var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// False (`--no-build`): an app whose inputs have no green build recorded stops the run instead of building.
    public var buildsAllowed = true
    /// The environment builds run with and `swift --version` is asked in (the run's, which `lockstep` takes from its
    /// console); nil: the process's.
    public var environment: [String: String]?
    /// Where build sandboxes go (the run's TMPDIR); nil: the process's temporary folder.
    public var temporaryDirectory: URL?
    var effectiveLockTimeout: TimeInterval { lockTimeout ?? (Double(maxTries) + 1) * Double(timeoutSeconds) + 300 }
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
    var outcomes: [BuildOutcome] = []
    /// Guards `outcomes` and the sandbox's mirrors while builds run in parallel.
    let buildLock = NSLock()
    /// Release tags this run wrote or found (`Cart 0.1.8`), and the main apps it pinned: a failure after
    /// tagging must not claim that nothing was released.
    /// Components whose newest `integrate` release the remote lacks (its tag or a pin): `integrate NAME` completes
    /// it instead of asking for a new rc (set by `--push` after asking the remote).
    public var unpublished: Set<String> = []
    public private(set) var releasedTags: [String] = []
    public private(set) var pinnedApps: [String] = []
    /// `swift --version`'s first line in the run's environment (part of every build's cache key).
    public var toolchain: String { Toolchain.versionLine(environment: options.environment) }

    public init(
        config: WorkspaceConfig, runner: any BuildRunning = ShellBuildRunner(),
        options: IntegrationOptions = IntegrationOptions(),
        events: @escaping @Sendable (IntegrationEvent) -> Void = { _ in }
    ) {
        self.config = config
        self.runner = runner
        self.options = options
        self.events = events
        self.cache = BuildCache(workspace: config.root)
    }

    /// Plans without side effects (for `--dry-run` and the up-front checks).
    public func plan(_ arguments: [String]) throws -> IntegrationPlan {
        try IntegrationPlan.make(
            SnapshotLoader.load(config), candidates: arguments, allowDowngrade: options.allowDowngrade,
            unpublished: unpublished)
    }

    /// Runs the whole gate. Throws `IntegrationError` for a refusal, a rule error or a red build.
    public func run(_ arguments: [String]) async throws -> IntegrationResult {
        try WorkspaceState.requireRealFolders(in: config.root)
        let plan = try self.plan(arguments)
        outcomes = []
        releasedTags = plan.candidates.filter(\.isAlreadyReleased).map { "\($0.component.name) \($0.releaseTagName)" }
        pinnedApps = []
        guard plan.errors.isEmpty else { throw IntegrationError.rules(plan.errors) }
        events(
            .rulesPassed(
                rules: Rules.all.count, warnings: plan.findings.filter { $0.severity == .warning } + plan.warnings))
        let completing = plan.candidates.filter(\.isAlreadyReleased)
        if !completing.isEmpty { events(.completing(completing)) }
        do {
            // Under the checkout lock: another run's pin commit (ref moved, checkout following) is never seen half-way.
            let lock = PinLock(workspace: config.root, kind: .checkout)
            try lock.acquire(timeout: 120) { events(.waiting($0)) }
            defer { lock.release() }
            try checkMainApps(plan)
            try checkCandidates(plan)
        }

        let sandbox = try BuildSandbox(
            config: config, candidates: plan.candidates, temporaryDirectory: options.temporaryDirectory)
        defer { sandbox.remove() }
        let built = try await buildAll(plan.builds, in: sandbox, manifests: plan.manifests)
        // Edits happen during long builds: look at the main checkouts again right before tagging.
        do {
            let lock = PinLock(workspace: config.root, kind: .checkout)
            try lock.acquire(timeout: 120) { events(.waiting($0)) }
            defer { lock.release() }
            try checkMainApps(plan)
            try Interruption.shared.critical { try tagReleases(plan.candidates) }
        }
        // After the tags, before the pins: a release a spec repo serves is one its Podfiles can pin.
        try Interruption.shared.critical { try publishSpecs(plan) }

        var pinCommits: [String: ObjectID] = [:]
        for change in plan.pinChanges {
            pinCommits[change.app.name] = try await pin(
                change, plan: plan, builtAt: built[change.app.name], sandbox: sandbox)
        }
        return IntegrationResult(plan: plan, outcomes: outcomes, pinCommits: pinCommits)
    }

    /// Commits the candidates' release podspecs to the spec repo (`specs:`), when the workspace names one.
    func publishSpecs(_ plan: IntegrationPlan) throws {
        let release = try SpecRepoRelease.make(plan.candidates, manifests: plan.manifests, config: config)
        guard let commit = try release.publish(config, marker: IntegrationMarker.releaseTagLine + ":"),
            let specs = config.specs
        else { return }
        let branch = (try? SpecRepoRelease.open(config).branch) ?? "HEAD"
        events(.publishedSpecs(repo: specs, branch: branch, commit: commit, files: release.entries.map(\.path)))
    }

    /// The line every pin commit's body starts with (the release tags' marker): how Lockstep tells its own pins
    /// from people's commits.
    static let pinCommitMarker = IntegrationMarker.releaseTagLine + ":"

    /// True for a commit message Lockstep wrote when it pinned (subject `Pin …` and the marker line), not for a
    /// person's commit that merely starts with "Pin".
    static func isPinCommit(_ message: String) -> Bool {
        message.hasPrefix("Pin ") && message.contains("\n\n\(pinCommitMarker) ")
    }

    /// The outcomes so far (also after a failure), for the report.
    public var buildOutcomes: [BuildOutcome] { buildLock.withLock { outcomes } }

    /// Refuses when a main app cannot take its pin commit cleanly: a detached HEAD, no identity, a manifest that
    /// cannot be pinned unambiguously, or a checkout that could not follow the pin without losing or reverting
    /// anything (see `MainCheckout`). Runs before the builds and again right before tagging.
    public func checkMainApps(_ plan: IntegrationPlan) throws {
        for change in plan.pinChanges {
            let repository = try SnapshotLoader.openRepository(change.app.path, name: change.app.name, config: config)
            do {
                try MainCheckout.requireNoOperation(repository, app: change.app)
                guard let branch = change.branch else {
                    throw IntegrationError.refused(
                        "\(change.app.name) is on a detached HEAD; check out the branch the pins should land on")
                }
                do { _ = try repository.defaultSignature() } catch {
                    throw IntegrationError.refused(
                        """
                        no git identity configured for \(change.app.path); set user.name and user.email (git \
                        config) so the pin commit has an author
                        """
                    )
                }
                guard let tip = try repository.branchTip(branch) else {
                    throw IntegrationError.refused(
                        "\(change.app.name)'s branch \(branch) no longer exists; nothing was tagged or pinned")
                }
                let manifests = try pinnedManifests(change, at: tip, repository: repository, original: nil)
                for manifest in manifests {
                    _ = try MainCheckout.plan(
                        repository, app: change.app, branch: branch, file: manifest.file, base: manifest.base,
                        pinned: manifest.pinned)
                }
                if let resolved = try pinnedResolved(change, at: tip, manifests: manifests, repository: repository) {
                    _ = try MainCheckout.plan(
                        repository, app: change.app, branch: branch, file: resolved.path, base: resolved.base,
                        pinned: resolved.pinned)
                }
            } catch let refusal as CheckoutRefusal {
                throw IntegrationError.refused("\(refusal.description). Nothing was tagged or pinned")
            }
        }
    }

    /// Builds one app in its copy (`prepared`, or one made now).
    func build(
        _ build: AppBuild, in sandbox: BuildSandbox, manifests: ManifestStore, attempt: Int,
        prepared: URL? = nil
    ) async throws -> BuildOutcome {
        let key = BuildCache.key(for: build, toolchain: toolchain)
        let logFolder = config.root.appendingPathComponent(".lockstep/logs")
        let log = logFolder.appendingPathComponent(
            "\(try SafeName.fileName(build.app.name))-\(build.commit.short)-\(getpid()).log")
        if options.useCache && cache.isGreen(key) {
            let outcome = BuildOutcome(app: build.app.name, status: .cached, seconds: 0, log: log, errorLines: [])
            buildLock.withLock { outcomes.append(outcome) }
            events(.buildFinished(outcome))
            return outcome
        }
        guard options.buildsAllowed else {
            throw IntegrationError.refused(
                """
                \(build.app.name) at \(build.commit.short) has no green build for these inputs (another integration \
                moved a main app \
                since the plan, or the clone differs) and --no-build builds nothing. Tags this run made stay; run the \
                integration \
                again (the whole pipeline) to build on the new tip and pin
                """)
        }
        events(.buildStarted(build, attempt: attempt))
        let folder = try prepared ?? buildLock.withLock { try sandbox.prepare(build, manifests: manifests) }
        let start = Date()
        let events = self.events
        let app = build.app.name
        let outcome = try await runner.run(
            BuildRequest(
                app: app, command: build.app.build, directory: folder, log: log, timeoutSeconds: options.timeoutSeconds,
                environment: ["TMPDIR": sandbox.temporaryInside.path], baseEnvironment: options.environment)
        ) { line in events(.buildProgress(app: app, seconds: Int(Date().timeIntervalSince(start)), lastLine: line)) }
        buildLock.withLock { outcomes.append(outcome) }
        events(.buildFinished(outcome))
        if outcome.status == .green { cache.recordGreen(key, build: build) }
        return outcome
    }

    /// Tags each candidate's rc commit with its release version (annotated, the repo's identity), all or nothing:
    /// every tag name is checked first, and a tag that appears meanwhile rolls back the tags this run wrote.
    func tagReleases(_ candidates: [Candidate]) throws {
        let apps =
            "Built green: "
            + outcomes.map { "\($0.app) (\($0.status == .cached ? "cached" : "built"))" }.joined(separator: ", ")
        var pending: [(candidate: Candidate, repository: Repository)] = []
        var done: [Candidate] = []
        for candidate in candidates where !candidate.isAlreadyReleased {
            let repository = try SnapshotLoader.openRepository(
                candidate.component.path, name: candidate.component.name, config: config)
            if let existing = try repository.referenceTarget("refs/tags/\(candidate.releaseTagName)") {
                // A concurrent run released the same rc: fine when it is the same commit.
                guard try repository.resolveCommit("refs/tags/\(candidate.releaseTagName)") == candidate.commit else {
                    throw IntegrationError.refused(
                        """
                        \(candidate.component.name): the tag \(candidate.releaseTagName) appeared meanwhile on \
                        another commit (\(existing.short)), not on \(candidate.tag.name); nothing was tagged or \
                        pinned. Bump a new rc
                        """
                    )
                }
                done.append(candidate)
                continue
            }
            _ = try repository.defaultSignature()
            pending.append((candidate, repository))
        }
        var written: [(name: String, object: ObjectID, repository: Repository, component: String)] = []
        for (candidate, repository) in pending {
            do {
                let object = try repository.createAnnotatedTag(
                    named: candidate.releaseTagName, commit: candidate.commit,
                    message:
                        """
                        \(candidate.component.name) \(candidate.release)\n\n\(IntegrationMarker.releaseTagLine) \
                        from \(candidate.tag.name).\n\(apps)\n
                        """
                            + Self.carriedTrailers(from: candidate, in: repository),
                    tagger: try repository.defaultSignature())
                written.append((candidate.releaseTagName, object, repository, candidate.component.name))
                done.append(candidate)
            } catch {
                if let gitError = error as? GitError, gitError.isExists,
                    (try? repository.resolveCommit("refs/tags/\(candidate.releaseTagName)")) == candidate.commit
                {
                    done.append(candidate)
                    continue
                }
                let undone = rollBack(written)
                throw IntegrationError.refused(
                    """
                    \(candidate.component.name): could not tag \(candidate.releaseTagName) (\(error)); \
                    \(undone.isEmpty ? "nothing was tagged" : "rolled back this run's tags \(undone.joined(separator: ", "))"); nothing was pinned. Rerun integrate
                    """
                )
            }
        }
        for candidate in done {
            releasedTags.append("\(candidate.component.name) \(candidate.releaseTagName)")
            events(.tagged(candidate, tag: candidate.releaseTagName))
        }
    }

    /// Deletes tags this run wrote, each only while it still is the tag object this run created.
    private func rollBack(_ written: [(name: String, object: ObjectID, repository: Repository, component: String)])
        -> [String]
    {
        written.compactMap { tag in
            guard (try? tag.repository.referenceTarget("refs/tags/\(tag.name)")) == tag.object,
                (try? tag.repository.deleteTag(named: tag.name)) != nil
            else { return nil }
            return "\(tag.component) \(tag.name)"
        }
    }

    /// Every manifest file of main at `tip` (`Package.swift` and each `Package@swift-X.Y.swift`) that this change's
    /// pins rewrite, with its text before and after: whichever file SwiftPM loads, the pins hold. Empty when every
    /// pin is already there. Refuses a manifest that cannot be pinned unambiguously, and (with `original`, per
    /// file) a requirement that another run changed since this one was planned.
    func pinnedManifests(
        _ change: PinChange, at tip: ObjectID, repository: Repository,
        original: [String: [String: Set<Requirement>]]?
    ) throws -> [(file: String, base: Data, pinned: Data)] {
        var result: [(file: String, base: Data, pinned: Data)] = []
        for file in try SnapshotLoader.manifestFileNames(repository, at: tip, app: change.app) {
            let base = try repository.readFile(file, at: tip) ?? Data()
            // A pin keeps every other byte: text that is not UTF-8 cannot be rewritten without changing some.
            guard let text = String(bytes: base, encoding: .utf8) else {
                throw IntegrationError.refused(
                    """
                    \(change.app.path)/\(file) (at \(tip.short)) is not valid UTF-8, so lockstep cannot rewrite \
                    its pins and keep every other byte; save it as UTF-8 (Swift sources must be UTF-8 anyway)
                    """
                )
            }
            let manifest = try SnapshotLoader.parseManifest(
                text, file: ManifestFile(path: "\(change.app.path)/\(file)", revision: tip.short), config: config)
            try IntegrationPlan.requireUnambiguous(
                manifest, app: change.app, components: change.pins.map(\.component),
                candidates: Set(change.pins.map(\.component)), config: config)
            var pins: [(dependency: PackageDependency, version: String, url: String?)] = []
            // Every `.package(...)` naming the component: alternatives under `#if`/`if` are all pinned, and so are
            // branches this toolchain never takes (another toolchain reading the committed file gets the pin too).
            for pin in change.pins {
                let (component, version) = (pin.component, pin.version)
                for dependency in manifest.dependencies + manifest.inactiveDependencies
                where config.componentName(for: dependency) == component {
                    if dependency.requirement == .exact(version.description) { continue }
                    if let before = original?[file]?[component], !before.contains(dependency.requirement) {
                        throw IntegrationError.refused(
                            """
                            conflict: \(change.app.name) now requires \(component) \
                            `\(dependency.requirementText)` in \(file) (another run changed it from \
                            `\(before.map(\.manifestText).sorted().joined(separator: "` or `"))`); not pinning \
                            \(version) over it. The release tag stays; pin it by hand or rerun integrate after \
                            reviewing
                            """
                        )
                    }
                    pins.append(
                        (dependency: dependency, version: version.description, url: config.remoteURL(of: component)))
                }
            }
            if !pins.isEmpty { result.append((file, base, Data(manifest.pinning(pins).utf8))) }
        }
        return result
    }

    /// Commits the pins on the branch that was checked out when the run started (compare-and-swap), rebuilding
    /// first when it moved since the build, and brings the checkout along when it is on that branch.
    func pin(_ change: PinChange, plan: IntegrationPlan, builtAt: ObjectID?, sandbox: BuildSandbox) async throws
        -> ObjectID
    {
        let repository = try SnapshotLoader.openRepository(change.app.path, name: change.app.name, config: config)
        guard let branch = change.branch else {
            throw IntegrationError.refused(
                """
                \(change.app.name) was on a detached HEAD; nothing pinned. Check out its branch and rerun \
                integrate to finish
                """
            )
        }
        let planned = plan.builds.first { $0.app.name == change.app.name }
        let original = try originalRequirements(change, at: planned?.commit ?? builtAt, repository: repository)
        let rerun =
            """
            \(change.app.name) was not pinned; the release tags exist. Rerun `lockstep integrate \
            \(plan.candidates.map(\.component.name).joined(separator: " "))` to finish
            """
        // One run at a time brings its build up to date with main's head and pins: each pin is then built on
        // top of the pin before it. First builds of concurrent runs stay parallel; only this step queues.
        let pinLock = PinLock(workspace: config.root)
        try pinLock.acquire(timeout: options.effectiveLockTimeout) { events(.waiting($0)) }
        defer { pinLock.release() }
        var verified = builtAt
        var attempt = 0
        var lockedTries = 0
        while true {
            guard let tip = try repository.branchTip(branch) else {
                throw IntegrationError.refused("\(change.app.name): branch \(branch) vanished. \(rerun)")
            }
            if tip != verified {
                attempt += 1
                guard attempt <= options.maxTries else { break }
                // What moved main may be another run's pin of the same component: refuse that before rebuilding.
                _ = try pinnedManifests(change, at: tip, repository: repository, original: original)
                if let verified { events(.mainMoved(app: change.app.name, from: verified, to: tip, attempt: attempt)) }
                try await rebuild(change.app, at: tip, plan: plan, sandbox: sandbox, attempt: attempt + 1)
                verified = tip
                continue
            }
            let checkoutLock = PinLock(workspace: config.root, kind: .checkout)
            try checkoutLock.acquire(timeout: 120) { events(.waiting($0)) }
            defer { checkoutLock.release() }
            let manifests = try pinnedManifests(change, at: tip, repository: repository, original: original)
            guard !manifests.isEmpty else { return tip }
            let resolved = try pinnedResolved(change, at: tip, manifests: manifests, repository: repository)
            var checkouts: [CheckoutPlan] = []
            do {
                for manifest in manifests {
                    checkouts.append(
                        try MainCheckout.plan(
                            repository, app: change.app, branch: branch, file: manifest.file, base: manifest.base,
                            pinned: manifest.pinned))
                }
                if let resolved {
                    checkouts.append(
                        try MainCheckout.plan(
                            repository, app: change.app, branch: branch, file: resolved.path, base: resolved.base,
                            pinned: resolved.pinned))
                }
            } catch let refusal as CheckoutRefusal {
                throw IntegrationError.refused("\(refusal.description). \(rerun)")
            }
            let updates = checkouts.compactMap { plan -> CheckoutUpdate? in
                if case .follow(let update) = plan { return update } else { return nil }
            }
            let description = change.pins.map { "\($0.component) \($0.version)" }.joined(separator: ", ")
            let message = """
                Pin \(description)

                \(Self.pinCommitMarker) \
                \(plan.candidates.map { "\($0.component.name) \($0.release) (from \($0.tag.name) at \($0.commit.short))" }.joined(separator: ", ")).
                Built green with these versions: \(outcomes.map(\.app).joined(separator: ", ")).

                """
            do {
                return try Interruption.shared.critical {
                    let author = try repository.defaultSignature()
                    // The checkout first, the branch second: a crash in between leaves the pin staged, which a
                    // rerun completes; the other order could leave a checkout whose `git commit -a` reverts it.
                    var applied: [CheckoutUpdate] = []
                    for update in updates {
                        do {
                            try MainCheckout.apply(update, to: repository)
                            applied.append(update)
                        } catch {
                            for done in applied.reversed() { MainCheckout.undo(done, in: repository) }
                            throw IntegrationError.refused(
                                """
                                could not update \(change.app.name)'s checkout (\(error)); its checkout is as it \
                                was. \(rerun)
                                """
                            )
                        }
                    }
                    var files: [(path: String, contents: Data)] = manifests.map { ($0.file, $0.pinned) }
                    if let resolved { files.append((resolved.path, resolved.pinned)) }
                    let commit: ObjectID
                    do {
                        commit = try repository.commitFiles(
                            files, onBranch: branch, expectedTip: tip, message: message, author: author)
                    } catch {
                        for update in applied.reversed() {
                            undoUnlessCommitted(update, repository: repository, branch: branch)
                        }
                        throw error
                    }
                    var note: String
                    if case .untouched(let reason) = checkouts.first {
                        note = reason
                    } else {
                        note =
                            updates.contains(where: \.keepsEdits)
                            ? "checkout updated, your uncommitted edits kept" : "checkout updated"
                    }
                    if let resolved { note += "; \(resolved.note)" }
                    if let podfile = manifests.first(where: { ManifestFormat(path: $0.file) == .podfile }),
                        (try? repository.readFile(
                            ((podfile.file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                                "Podfile.lock"), at: tip)) != nil
                    {
                        note += "; Podfile.lock left for the next `pod install` (check warns, LS409, until then)"
                    }
                    pinnedApps.append(change.app.name)
                    events(
                        .pinned(app: change.app.name, branch: branch, commit: commit, pins: description, checkout: note)
                    )
                    return commit
                }
            } catch let error as GitError where error.isModified || error.isLocked {
                // Main moved between our read and our write (look again), or another git process holds the
                // branch's ref lock for a moment (wait a little, but not forever).
                if error.isLocked {
                    lockedTries += 1
                    guard lockedTries < 30 else {
                        throw IntegrationError.refused(
                            """
                            \(change.app.name)'s branch \(branch) stayed locked by another git process \
                            (\(error.message)); if no git process is running, delete the stale \
                            refs/heads/\(branch).lock. \(rerun)
                            """
                        )
                    }
                    usleep(100_000)
                }
                continue
            }
        }
        throw IntegrationError.refused(
            "\(change.app.name)'s branch moved \(options.maxTries) times while lockstep was building. \(rerun)")
    }

    /// Takes the staged pin back after a failed branch update, unless the branch's new tip already carries it
    /// (the user committed the staged pin meanwhile): then the index must keep it.
    private func undoUnlessCommitted(_ update: CheckoutUpdate, repository: Repository, branch: String) {
        if let tip = try? repository.branchTip(branch), let landed = try? repository.readFile(update.file, at: tip),
            landed == update.newIndex
        {
            return
        }
        MainCheckout.undo(update, in: repository)
    }

    /// The requirements main had on the candidates when planned, per manifest file, to detect a concurrent pin of
    /// the same component. A component named several times (subspec lines, a `pod 'X/Sub'` without a version,
    /// `#if` alternatives) may have several.
    func originalRequirements(_ change: PinChange, at commit: ObjectID?, repository: Repository) throws -> [String:
        [String: Set<Requirement>]]
    {
        guard let commit else { return [:] }
        var result: [String: [String: Set<Requirement>]] = [:]
        for file in try SnapshotLoader.manifestFileNames(repository, at: commit, app: change.app) {
            guard let data = try repository.readFile(file, at: commit) else { continue }
            let manifest = try SnapshotLoader.parseManifest(
                String(decoding: data, as: UTF8.self), file: ManifestFile(path: "\(change.app.path)/\(file)"),
                config: config)
            for dependency in manifest.dependencies + manifest.inactiveDependencies {
                if let name = config.componentName(for: dependency) {
                    result[file, default: [:]][name, default: []].insert(dependency.requirement)
                }
            }
        }
        return result
    }

    /// Builds a main app again at its new branch tip, with the same candidates.
    func rebuild(_ app: App, at tip: ObjectID, plan: IntegrationPlan, sandbox: BuildSandbox, attempt: Int) async throws
    {
        let snapshot = try SnapshotLoader.load(config)
        let arguments = plan.candidates.map { "\($0.component.name)@\($0.release)" }
        let replanned = try IntegrationPlan.make(
            snapshot, candidates: arguments, allowDowngrade: options.allowDowngrade,
            unpublished: unpublished)
        // The rules again, on main as it is now: what moved it may clash with the candidates.
        guard replanned.errors.isEmpty else { throw IntegrationError.rules(replanned.errors) }
        guard var build = replanned.builds.first(where: { $0.app.name == app.name }) else { return }
        build.commit = tip
        let outcome = try await self.build(build, in: sandbox, manifests: replanned.manifests, attempt: attempt)
        guard outcome.isGreen else { throw IntegrationError.buildFailed(outcome) }
    }
}

extension Integrator {
    /// The rc's `Lockstep-Accepted-Level` lines, for the release tag: the decision made at bump time stays with the
    /// version it was made for, so LS203 honours the release as it did the rc.
    static func carriedTrailers(from candidate: Candidate, in repository: Repository) -> String {
        guard candidate.tag.isAnnotated, let message = try? repository.tagObject(named: candidate.tag.name)?.message
        else { return "" }
        let lines = AcceptedLevel.lines(in: message)
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n") + "\n"
    }
}
