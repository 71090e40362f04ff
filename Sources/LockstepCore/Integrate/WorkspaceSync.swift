import Foundation
import LockstepGit

/// What `lockstep sync` did to one repo.
public struct SyncOutcome: Sendable, Equatable, Codable {
    /// The component's or app's name.
    public var name: String
    /// Its path in the workspace.
    public var path: String
    /// The branch now checked out.
    public var branch: String
    /// The commit that branch is on now.
    public var commit: String
    /// `up-to-date`, `fast-forwarded`, `ahead` (local commits not on the remote yet, kept: `integrate --push`
    /// pushes Lockstep's pins) or `checked-out` (HEAD was detached or the branch was not checked out).
    public var change: String
    /// Local commits the remote does not have, kept.
    public var ahead: Int
    /// Commits the branch moved forward by.
    public var forwarded: Int
    /// Local tags that name another object than the remote's tag of the same name: left as they are.
    public var differingTags: [String]
}

/// Puts every repo of a workspace on the tip of its remote's branch, through libgit2: what a CI job needs after
/// checking the repos out (submodules arrive on a detached HEAD; `integrate` commits pins on the main app's
/// branch and reads every release tag). Fetches each repo's branches and tags (a local tag the remote spells
/// differently is kept, and named), then checks out the branch HEAD is
/// on (a detached HEAD: the remote's default branch), fast-forwarded to the remote. Every repo is checked before
/// any is touched; a repo with local changes, an operation in progress or a branch that diverged from the remote
/// stops it, naming the repo and what to do.
public struct WorkspaceSync {
    let config: WorkspaceConfig
    /// The remote's name in every repo (`origin`).
    public var remote: String
    public var credentials: GitCredentials
    /// The branch to check out where HEAD is detached; nil: the remote's default branch.
    public var branch: String?
    /// Told of each repo fetched, when the command shows progress.
    public var progress: WorkProgress?

    public init(
        config: WorkspaceConfig, remote: String = "origin", credentials: GitCredentials = .fromEnvironment(),
        branch: String? = nil
    ) {
        self.config = config
        self.remote = remote
        self.credentials = credentials
        self.branch = branch
    }

    /// A sync with the credentials `environment` (a run's) gives.
    public init(
        config: WorkspaceConfig, remote: String = "origin", environment: [String: String], branch: String? = nil
    ) {
        self.init(config: config, remote: remote, credentials: .fromEnvironment(environment), branch: branch)
    }

    struct Repo {
        var name: String
        var path: String
        var repository: Repository
    }

    /// Fetches and moves every repo; the outcomes in lockstep.yml's order (components, then apps).
    public func run() throws -> [SyncOutcome] {
        let repos = try (config.components.map { ($0.name, $0.path) } + config.apps.map { ($0.name, $0.path) }).map {
            name, path in
            Repo(
                name: name, path: path, repository: try SnapshotLoader.openRepository(path, name: name, config: config))
        }
        let problems = repos.compactMap(problem)
        guard problems.isEmpty else {
            throw IntegrationError.usage("sync changed nothing:\n" + problems.map { "  " + $0 }.joined(separator: "\n"))
        }
        // One connection per repo, several repos at once (bounded): over ssh each connection is a whole session.
        let fetched = try fetchAll(repos)
        var differingTags: [String: [String]] = [:]
        for (name, result) in fetched { differingTags[name] = result.differingTags }
        remoteDefaults = fetched.compactMapValues(\.defaultBranch)
        var moves = try repos.map { try plannedMove(of: $0) }
        for index in moves.indices { moves[index].differingTags = differingTags[moves[index].repo.name] ?? [] }
        let diverged = moves.compactMap(\.divergence)
        guard diverged.isEmpty else {
            throw IntegrationError.refused(
                "sync fetched, but moved no branch:\n" + diverged.map { "  " + $0 }.joined(separator: "\n"))
        }
        return try moves.map { try $0.apply() }
    }

    /// How many repos are fetched at once.
    public var concurrentFetches = 8

    /// The default branch each remote's HEAD named during the fetch, by repo name.
    private var remoteDefaults: [String: String] {
        get { defaults.value }
        nonmutating set { defaults.value = newValue }
    }
    private let defaults = Box<[String: String]>([:])

    /// Fetches every repo's branches and tags (one connection each, `concurrentFetches` at a time); the first
    /// failure in lockstep.yml's order is thrown once all have finished.
    private func fetchAll(_ repos: [Repo]) throws -> [String: Repository.SyncFetch] {
        let results = Box<[Int: Result<Repository.SyncFetch, Error>]>([:])
        let lock = NSLock()
        let semaphore = DispatchSemaphore(value: max(1, concurrentFetches))
        let remote = self.remote, credentials = self.credentials
        let repos = Box(repos)
        let progress = self.progress
        progress?.expect(repos.value.count)
        DispatchQueue.concurrentPerform(iterations: repos.value.count) { index in
            semaphore.wait()
            defer { semaphore.signal() }
            let repo = repos.value[index]
            let result = Result {
                try Publisher.transfer(repo.name, remote: remote) {
                    try repo.repository.fetchBranchesAndTags(from: remote, credentials: credentials)
                }
            }
            lock.withLock { results.value[index] = result }
            progress?.advance(repo.name)
        }
        var fetched: [String: Repository.SyncFetch] = [:]
        for index in repos.value.indices {
            fetched[repos.value[index].name] = try results.value[index]!.get()
        }
        return fetched
    }

    /// Why `repo` cannot be synced, before anything is fetched; nil when it can.
    private func problem(_ repo: Repo) -> String? {
        let at = "\(repo.name) (\(repo.path))"
        if ((try? repo.repository.remoteURL(named: remote)) ?? nil) == nil {
            return
                """
                \(at) has no remote `\(remote)`; add it (`git remote add \(remote) URL`) or name the remote every \
                repo has with --remote
                """
        }
        if let operation = repo.repository.operationInProgress {
            return "\(at) is in the middle of a \(operation); finish or abort it first"
        }
        if (try? repo.repository.hasTrackedChanges()) != false {
            return "\(at) has local changes to tracked files; commit or stash them first"
        }
        return nil
    }

    /// What sync will do to one repo, decided after the fetch and before any branch moves.
    struct Move {
        var repo: Repo
        var branch: String
        var tip: ObjectID
        var local: ObjectID?
        var checkedOut: Bool
        var ahead: Int
        var behind: Int
        var divergence: String?
        var differingTags: [String] = []

        func apply() throws -> SyncOutcome {
            // Local commits the remote lacks are kept (Lockstep's own pins, pushed by `integrate --push`).
            let target = ahead > 0 ? (local ?? tip) : tip
            if !checkedOut || local != target { try repo.repository.checkOutBranch(branch, at: target, from: local) }
            let change =
                !checkedOut ? "checked-out" : ahead > 0 ? "ahead" : behind > 0 ? "fast-forwarded" : "up-to-date"
            return SyncOutcome(
                name: repo.name, path: repo.path, branch: branch, commit: target.hex, change: change,
                ahead: ahead, forwarded: behind, differingTags: differingTags)
        }
    }

    private func plannedMove(of repo: Repo) throws -> Move {
        let repository = repo.repository
        let head = try repository.head()
        let name = try head.branch ?? branch ?? defaultBranch(of: repo)
        let tracking = "refs/remotes/\(remote)/\(name)"
        guard let tip = try repository.referenceTarget(tracking) else {
            throw IntegrationError.refused(
                """
                \(repo.name) (\(repo.path)): `\(remote)` has no branch \(name); push it, or check out the branch \
                to follow
                """
            )
        }
        let local = try repository.branchTip(name)
        var move = Move(
            repo: repo, branch: name, tip: tip, local: local, checkedOut: head.branch == name, ahead: 0, behind: 0)
        guard let local, local != tip else { return move }
        move.ahead = try repository.commits(from: local, excluding: tip).count
        move.behind = try repository.commits(from: tip, excluding: local).count
        if move.ahead > 0 && move.behind > 0 {
            move.divergence = """
                \(repo.name) (\(repo.path)): \(name) and \(remote)/\(name) diverged (\(move.ahead) commit(s) only \
                here, \(move.behind) only \
                on \(remote)); rebase or reset \(name), then sync again
                """
        }
        return move
    }

    /// The branch a detached HEAD should follow: what the remote's HEAD names, else `main`, else `master`.
    private func defaultBranch(of repo: Repo) throws -> String {
        let repository = repo.repository
        if let target = try repository.symbolicTarget("refs/remotes/\(remote)/HEAD"),
            target.hasPrefix("refs/remotes/\(remote)/")
        {
            return String(target.dropFirst("refs/remotes/\(remote)/".count))
        }
        if let named = remoteDefaults[repo.name] { return named }
        for candidate in ["main", "master"]
        where try repository.referenceTarget("refs/remotes/\(remote)/\(candidate)") != nil {
            return candidate
        }
        throw IntegrationError.refused(
            "\(repo.name) (\(repo.path)): HEAD is detached and `\(remote)` names no default branch; pass --branch NAME")
    }
}

/// A reference-type cell, for state filled in while a value-type operation runs.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
