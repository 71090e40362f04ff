import Foundation
import LockstepGit

/// What one push of a finished integration did (`integrate --push`).
public struct PublishOutcome: Sendable, Equatable {
    /// Release tags now on the remote (`Cart 1.0.1`), including ones another run had pushed for the same commit.
    public var tags: [String] = []
    /// Main apps whose pin commits are now on the remote's branch (`Main main`).
    public var branches: [String] = []
    /// Main apps whose remote branch had moved: their local branch now sits on the remote's tip without the pin,
    /// so running the integration again pins on top of it (rebuilding only when the inputs changed).
    public var behind: [String] = []
    /// The spec repo's branch, when the release's podspecs were pushed to it (`Specs main`).
    public var specs: String? = nil
}

/// Pushes a finished integration to the repos' remote through libgit2: the release tags first (a pin must never
/// reach the remote before the version it names), then each main app's branch, which the remote takes only as a
/// fast-forward. Tags already on the remote are never rewritten.
public struct Publisher {
    let config: WorkspaceConfig
    /// The remote's name in every repo (`origin`).
    public var remote: String
    public var credentials: GitCredentials
    /// Push each main app's pin commit to this branch (for a pull/merge request) instead of to its own branch.
    public var pinBranch: String?

    public init(config: WorkspaceConfig, remote: String = "origin", credentials: GitCredentials = .fromEnvironment(), pinBranch: String? = nil) {
        self.config = config
        self.remote = remote
        self.credentials = credentials
        self.pinBranch = pinBranch
    }

    /// True when `name` can be a branch name: git's rules for a ref name's component, kept simple and strict.
    public static func isValidBranchName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("-"), !name.hasPrefix("/"), !name.hasSuffix("/"), !name.hasSuffix("."),
              !name.hasSuffix(".lock"), !name.contains(".."), !name.contains("//"), !name.contains("@{") else { return false }
        return name.unicodeScalars.allSatisfy { $0.value > 32 && $0.value != 127 && !" ~^:?*[\\".unicodeScalars.contains($0) }
    }

    /// Refuses (before anything is built) when a repo the push will need has no remote of that name.
    public func checkRemotes(_ plan: IntegrationPlan) throws {
        var repos = plan.candidates.map { ($0.component.path, $0.component.name) } + plan.pinChanges.map { ($0.app.path, $0.app.name) }
        if let specs = config.specs, !(try SpecRepoRelease.make(plan.candidates, manifests: plan.manifests, config: config).entries.isEmpty) {
            repos.append((specs, "the spec repo"))
        }
        for (path, name) in repos {
            guard hasRemote(try SnapshotLoader.openRepository(path, name: name, config: config)) else {
                throw IntegrationError.usage("""
                    --push: \(name) (\(path)) has no remote `\(remote)`; add it (`git remote add \(remote) URL`) or name the remote \
                    every repo has with --remote. Nothing was built or tagged
                    """)
            }
        }
    }

    /// True when `repository` has a remote called `remote`.
    private func hasRemote(_ repository: Repository) -> Bool {
        ((try? repository.remoteURL(named: remote)) ?? nil) != nil
    }

    /// Pushes `result`'s tags and pin commits. Throws `IntegrationError.refused` when a tag on the remote names
    /// another commit, or a main branch holds local commits that are not Lockstep's pins.
    public func publish(_ result: IntegrationResult) throws -> PublishOutcome {
        var outcome = PublishOutcome()
        for candidate in result.plan.candidates {
            let repository = try SnapshotLoader.openRepository(candidate.component.path, name: candidate.component.name, config: config)
            try pushTag(candidate.releaseTagName, of: candidate.component.name, in: repository)
            outcome.tags.append("\(candidate.component.name) \(candidate.releaseTagName)")
        }
        // The release's podspecs before the pins, as they were written: a pin must not name a pod its spec repo lacks.
        outcome.specs = try pushSpecs(result)
        for change in result.plan.pinChanges {
            guard let branch = change.branch, result.pinCommits[change.app.name] != nil else { continue }
            let repository = try SnapshotLoader.openRepository(change.app.path, name: change.app.name, config: config)
            if let pinBranch {
                try pushPinBranch(branch, as: pinBranch, of: change.app.name, in: repository)
                outcome.branches.append("\(change.app.name) \(pinBranch)")
            } else if try pushBranch(branch, of: change.app.name, in: repository) {
                outcome.branches.append("\(change.app.name) \(branch)")
            } else {
                outcome.behind.append(change.app.name)
            }
        }
        if !outcome.behind.isEmpty { try fetchReleaseTags() }
        return outcome
    }

    /// Pushes the spec repo's branch when the release published podspecs to it. When the remote moved (another
    /// release was published meanwhile), Lockstep's own spec commits are made again on the remote's tip and pushed
    /// again; anything else local is someone's work and refuses. Returns `Specs main`, or nil when there was nothing.
    private func pushSpecs(_ result: IntegrationResult) throws -> String? {
        guard let specs = config.specs else { return nil }
        let release = try SpecRepoRelease.make(result.plan.candidates, manifests: result.plan.manifests, config: config)
        guard !release.entries.isEmpty else { return nil }
        let marker = IntegrationMarker.releaseTagLine + ":"
        for _ in 0..<5 {
            let (repository, branch, _) = try SpecRepoRelease.open(config)
            let landed = try pushBranch(branch, of: "the spec repo \(specs)", in: repository, kind: "Lockstep's") {
                $0.contains("\n\n\(marker) podspec")
            }
            if landed { return "\(specs) \(branch)" }
            // On the remote's tip, publish again (nothing to do when the remote already holds the same specs).
            _ = try release.publish(config, marker: marker)
        }
        throw IntegrationError.refused("the spec repo \(specs): its remote kept moving; rerun integrate --push to publish the release's podspecs")
    }

    /// Brings every component's tags from the remote: the remote's main now pins releases other runs made, and the
    /// next attempt must see their tags. A local tag that differs from the remote's is left as it is.
    private func fetchReleaseTags() throws {
        for component in config.components {
            let repository = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
            guard hasRemote(repository) else { continue }
            _ = try transfer(component.name) { try repository.fetchTags(from: remote, credentials: credentials) }
        }
    }

    private func pushTag(_ tag: String, of component: String, in repository: Repository) throws {
        let reference = "refs/tags/\(tag)"
        let rejected = try transfer(component) { try repository.push(["\(reference):\(reference)"], to: remote, credentials: credentials) }
        guard !rejected.isEmpty else { return }
        // Refused: fine when the remote's tag names the same commit (another run released the same rc first).
        let remoteRefs = try transfer(component) { try repository.remoteReferences(remote, credentials: credentials) }
        let theirs = remoteRefs[reference + "^{}"] ?? remoteRefs[reference]
        let ours = try repository.resolveCommit(reference)
        guard let theirs, theirs == ours else {
            throw IntegrationError.refused("""
                \(component): the remote `\(remote)` refused tag \(tag) (\(rejected.map(\.reason).joined(separator: "; "))). \
                Its \(tag) names \(theirs?.short ?? "another object"), this run released \(ours.short). Tags already pushed are never \
                rewritten: look at who released \(tag), then delete this clone's tag and bump again
                """)
        }
    }

    /// True when the branch landed; false when the remote moved (the local branch is then reset to the remote's
    /// tip, minus this run's own commits — pins, or release specs — for a new attempt). `isOwn` tells Lockstep's
    /// commits by their message; `kind` names them in the refusal.
    private func pushBranch(_ branch: String, of app: String, in repository: Repository, kind: String = "Lockstep pins",
                            isOwn: (String) -> Bool = Integrator.isPinCommit) throws -> Bool {
        let reference = "refs/heads/\(branch)"
        let rejected = try transfer(app) { try repository.push(["\(reference):\(reference)"], to: remote, credentials: credentials) }
        guard !rejected.isEmpty else { return true }
        let tracking = "refs/remotes/\(remote)/\(branch)"
        try transfer(app) { try repository.fetch(["+\(reference):\(tracking)"], from: remote, credentials: credentials) }
        guard let theirs = try repository.referenceTarget(tracking), let ours = try repository.branchTip(branch) else {
            throw IntegrationError.refused("\(app): the remote `\(remote)` refused \(branch) (\(rejected.map(\.reason).joined(separator: "; "))) and has no such branch to catch up with")
        }
        // Only Lockstep's own commits may be dropped: anything else is someone's work and must be pushed by them.
        let local = try repository.commits(from: ours, excluding: theirs)
        let foreign = try local.filter { !isOwn(try repository.commitInfo($0).message) }
        guard foreign.isEmpty else {
            throw IntegrationError.refused("""
                \(app): \(branch) has \(foreign.count) commit(s) that are not on \(remote) and not \(kind) \
                (\(foreign.map(\.short).joined(separator: ", "))); push or drop them, then rerun integrate --push
                """)
        }
        try repository.resetBranchFollowingCheckout(branch, to: theirs, from: ours)
        return false
    }

    /// Pushes the local branch holding the pin commit to `name` on the remote, for a pull/merge request.
    private func pushPinBranch(_ branch: String, as name: String, of app: String, in repository: Repository) throws {
        let rejected = try transfer(app) { try repository.push(["refs/heads/\(branch):refs/heads/\(name)"], to: remote, credentials: credentials) }
        guard rejected.isEmpty else {
            throw IntegrationError.refused("""
                \(app): the remote `\(remote)` refused branch \(name) (\(rejected.map(\.reason).joined(separator: "; "))); it already holds \
                other commits. Choose a new --pin-branch name (e.g. with the pipeline's id in it) and rerun integrate --push
                """)
        }
    }

    /// Runs a network operation, naming the repo when it fails (credentials, unreachable remote).
    private func transfer<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try Self.transfer(name, remote: remote, body)
    }

    /// Runs a network operation with `remote` of repo `name`; a libgit2 failure becomes a refusal naming the repo,
    /// the remote and what to check.
    static func transfer<T>(_ name: String, remote: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GitError {
            throw IntegrationError.refused("\(name): talking to its remote `\(remote)` failed: \(error.message). Check the remote's URL and the credentials (LOCKSTEP_PUSH_TOKEN, an ssh agent, a git credential helper or GIT_ASKPASS)")
        }
    }
}
