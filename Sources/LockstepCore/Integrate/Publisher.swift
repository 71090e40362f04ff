import Foundation
import LockstepGit
import Version

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

    public init(
        config: WorkspaceConfig, remote: String = "origin", credentials: GitCredentials = .fromEnvironment(),
        pinBranch: String? = nil
    ) {
        self.config = config
        self.remote = remote
        self.credentials = credentials
        self.pinBranch = pinBranch
    }

    /// A publisher with the credentials `environment` (a run's) gives.
    public init(
        config: WorkspaceConfig, remote: String = "origin", environment: [String: String], pinBranch: String? = nil
    ) {
        self.init(config: config, remote: remote, credentials: .fromEnvironment(environment), pinBranch: pinBranch)
    }

    /// True when `name` can be a branch name: git's rules for a ref name's component, kept simple and strict.
    public static func isValidBranchName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("-"), !name.hasPrefix("/"), !name.hasSuffix("/"), !name.hasSuffix("."),
            !name.hasSuffix(".lock"), !name.contains(".."), !name.contains("//"), !name.contains("@{")
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.value > 32 && $0.value != 127 && !" ~^:?*[\\".unicodeScalars.contains($0)
        }
    }

    /// Refuses (before anything is built) when a repo the push will need has no remote of that name.
    public func checkRemotes(_ plan: IntegrationPlan) throws {
        var repos =
            plan.candidates.map { ($0.component.path, $0.component.name) }
            + plan.pinChanges.map { ($0.app.path, $0.app.name) }
        if let specs = config.specs,
            !(try SpecRepoRelease.make(plan.candidates, manifests: plan.manifests, config: config).entries.isEmpty)
        {
            repos.append((specs, "the spec repo"))
        }
        for (path, name) in repos {
            let repository = try SnapshotLoader.openRepository(path, name: name, config: config)
            guard hasRemote(repository) else {
                throw IntegrationError.usage(
                    """
                    --push: \(name) (\(path)) has no remote `\(remote)`; add it (`git remote add \(remote) URL`) or \
                    name the remote \
                    every repo has with --remote. Nothing was built or tagged
                    """)
            }
        }
        // Before anything is built: would each server take a push from this runner (credentials, TLS, host key)?
        for (path, name) in repos {
            let repository = try SnapshotLoader.openRepository(path, name: name, config: config)
            do {
                try repository.checkPushAccess(remote, credentials: credentials)
            } catch let error as TransferError {
                throw IntegrationError.refused(
                    "\(name): " + RemoteFailureText.sentence(error, remote: remote) + ". Nothing was built or tagged")
            }
        }
    }

    /// True when `repository` has a remote called `remote`.
    private func hasRemote(_ repository: Repository) -> Bool {
        ((try? repository.remoteURL(named: remote)) ?? nil) != nil
    }

    /// Pushes `result`'s tags, then the spec repo, then every main app's pin commits that the remote lacks (this
    /// run's, and an earlier run's that never got there), and checks on the remote that each landed. Throws
    /// `IntegrationError.refused` when a tag on the remote names another commit, the server refuses a reference (in
    /// its own words), a main branch holds local commits that are not Lockstep's pins, or the remote lacks afterwards
    /// what was pushed.
    public func publish(_ result: IntegrationResult) throws -> PublishOutcome {
        var outcome = PublishOutcome()
        var published = Published()
        try markUnpublished(result)
        for candidate in result.plan.candidates {
            let repository = try SnapshotLoader.openRepository(
                candidate.component.path, name: candidate.component.name, config: config)
            try pushTag(candidate.releaseTagName, of: candidate.component.name, in: repository, published: published)
            outcome.tags.append("\(candidate.component.name) \(candidate.releaseTagName)")
            published.tags.append("\(candidate.component.name) \(candidate.releaseTagName)")
        }
        // The release's podspecs before the pins, as they were written: a pin must not name a pod its spec repo lacks.
        outcome.specs = try pushSpecs(result)
        let madeNow = Set(result.pinCommits.keys)
        for app in config.apps where app.role == .main {
            let repository = try SnapshotLoader.openRepository(app.path, name: app.name, config: config)
            guard hasRemote(repository), let branch = try repository.head().branch else { continue }
            if !madeNow.contains(app.name) {
                guard try !localPins(of: app.name, branch: branch, in: repository).isEmpty else { continue }
            }
            if let pinBranch {
                try pushPinBranch(branch, as: pinBranch, of: app.name, in: repository, published: published)
                outcome.branches.append("\(app.name) \(pinBranch)")
            } else if try pushBranch(branch, of: app.name, in: repository, published: published) {
                outcome.branches.append("\(app.name) \(branch)")
            } else {
                outcome.behind.append(app.name)
                // The local pin was set aside for the remote's tip; the next attempt pins anew.
                try UnpublishedMark.clear(.pins, branch, remote: remote, in: repository)
            }
        }
        try verify(outcome, result: result)
        try clearMarks(outcome, result: result)
        if !outcome.behind.isEmpty { try fetchReleaseTags() }
        return outcome
    }

    /// Notes in each repo what this publish is about to push (LS411 reports it until the remote shows it).
    private func markUnpublished(_ result: IntegrationResult) throws {
        for candidate in result.plan.candidates {
            let repository = try SnapshotLoader.openRepository(
                candidate.component.path, name: candidate.component.name, config: config)
            try UnpublishedMark.mark(
                .tags, candidate.releaseTagName, remote: remote,
                at: try repository.resolveCommit("refs/tags/\(candidate.releaseTagName)"), in: repository)
        }
        for (name, commit) in result.pinCommits {
            guard let app = config.apps.first(where: { $0.name == name }) else { continue }
            let repository = try SnapshotLoader.openRepository(app.path, name: app.name, config: config)
            guard let branch = try repository.head().branch else { continue }
            try UnpublishedMark.mark(.pins, branch, remote: remote, at: commit, in: repository)
        }
    }

    /// Removes the notes of what the remote now shows (tags verified; branches pushed and verified).
    private func clearMarks(_ outcome: PublishOutcome, result: IntegrationResult) throws {
        for candidate in result.plan.candidates {
            let repository = try SnapshotLoader.openRepository(
                candidate.component.path, name: candidate.component.name, config: config)
            try UnpublishedMark.clear(.tags, candidate.releaseTagName, remote: remote, in: repository)
        }
        for entry in outcome.branches {
            guard let name = entry.split(separator: " ").first, let app = config.apps.first(where: { $0.name == name })
            else { continue }
            let repository = try SnapshotLoader.openRepository(app.path, name: app.name, config: config)
            guard let branch = try repository.head().branch else { continue }
            try UnpublishedMark.clear(.pins, branch, remote: remote, in: repository)
        }
    }

    /// What this publish already put on the remote, for a failure's account of what is there now.
    struct Published {
        var tags: [String] = []
        var description: String {
            tags.isEmpty
                ? "nothing of this release is on the remote yet"
                : "the remote has the release tags (\(tags.joined(separator: ", "))), not the pins"
        }
    }

    /// Components whose newest release `integrate` tagged but did not finish publishing: the remote lacks its tag,
    /// or a main app's branch here holds a pin commit for it that the remote lacks. `integrate --push` completes
    /// these (the same command, no version needed). Talks to the remote of each named component and each main app.
    public func unpublished(_ arguments: [String]) throws -> Set<String> {
        let names = Set(arguments.map { String($0.split(separator: "@", maxSplits: 1).first ?? Substring($0)) })
        var result: Set<String> = []
        for component in config.components where names.contains(component.name) {
            let repository = try SnapshotLoader.openRepository(component.path, name: component.name, config: config)
            if try UnpublishedMark.list(.tags, in: repository).contains(where: { $0.remote == remote }) {
                result.insert(component.name)
            }
            guard hasRemote(repository), let tag = try newestIntegrateRelease(in: repository) else { continue }
            let remoteRefs = try transfer(component.name) {
                try repository.remoteReferences(remote, credentials: credentials)
            }
            if remoteRefs["refs/tags/\(tag)"] == nil { result.insert(component.name) }
        }
        for app in config.apps where app.role == .main {
            let repository = try SnapshotLoader.openRepository(app.path, name: app.name, config: config)
            guard hasRemote(repository), let branch = try repository.head().branch else { continue }
            // Offline first: no pin commit beyond what was last fetched, and none noted as unpublished: nothing to ask.
            let noted = try UnpublishedMark.list(.pins, in: repository).contains {
                $0.remote == remote && $0.name == branch
            }
            if !noted, let tracked = try repository.referenceTarget("refs/remotes/\(remote)/\(branch)"),
                let ours = try repository.branchTip(branch), try repository.hasCommit(tracked),
                try repository.commits(from: ours, excluding: tracked).isEmpty
            {
                continue
            }
            for pin in try localPins(of: app.name, branch: branch, in: repository) {
                result.formUnion(
                    Self.releasedComponents(inPinMessage: try repository.commitInfo(pin).message).filter(names.contains)
                )
            }
        }
        return result
    }

    /// The newest version tag of `repository` that `integrate` wrote (annotated with its marker), by name.
    private func newestIntegrateRelease(in repository: Repository) throws -> String? {
        let releases = try repository.tags().compactMap { tag -> (String, Version)? in
            guard let parsed = VersionTag.parse(tag.name), parsed.prereleaseIdentifiers.isEmpty else { return nil }
            return (tag.name, parsed)
        }.sorted { $0.1 < $1.1 }
        guard let newest = releases.last else { return nil }
        let message = try repository.tagObject(named: newest.0)?.message ?? ""
        return message.contains(IntegrationMarker.releaseTagLine) ? newest.0 : nil
    }

    /// The component names a pin commit's marker line releases (`… integrate: Cart 1.0.1 (from …), Base 2.0.0 (…).`).
    static func releasedComponents(inPinMessage message: String) -> [String] {
        guard let line = message.split(separator: "\n").first(where: { $0.hasPrefix(Integrator.pinCommitMarker) })
        else { return [] }
        return line.dropFirst(Integrator.pinCommitMarker.count).split(separator: ",").compactMap { part in
            part.split(separator: " ").first.map(String.init)
        }
    }

    /// Lockstep's pin commits on `branch` that the remote's branch lacks (after the remote's tip is fetched, when it
    /// is not here); empty when the branch holds anything else the remote lacks (that is someone's work).
    private func localPins(of app: String, branch: String, in repository: Repository) throws -> [ObjectID] {
        guard let ours = try repository.branchTip(branch) else { return [] }
        let remoteRefs = try transfer(app) { try repository.remoteReferences(remote, credentials: credentials) }
        let target = "refs/heads/\(pinBranch ?? branch)"
        var theirs = remoteRefs[target]
        if pinBranch != nil, theirs == ours { return [] }
        if pinBranch != nil { theirs = remoteRefs["refs/heads/\(branch)"] }
        if let tip = theirs, !(try repository.hasCommit(tip)) {
            let tracking = "refs/remotes/\(remote)/\(branch)"
            try transfer(app) {
                try repository.fetch(["+refs/heads/\(branch):\(tracking)"], from: remote, credentials: credentials)
            }
        }
        let local = try repository.commits(from: ours, excluding: theirs)
        guard !local.isEmpty else { return [] }
        return try local.allSatisfy { Integrator.isPinCommit(try repository.commitInfo($0).message) } ? local : []
    }

    /// Asks the remote whether it holds what `outcome` says was pushed: each tag naming the object this clone's
    /// tag names, each branch at this clone's tip.
    private func verify(_ outcome: PublishOutcome, result: IntegrationResult) throws {
        for candidate in result.plan.candidates {
            let repository = try SnapshotLoader.openRepository(
                candidate.component.path, name: candidate.component.name, config: config)
            let reference = "refs/tags/\(candidate.releaseTagName)"
            let remoteRefs = try transfer(candidate.component.name) {
                try repository.remoteReferences(remote, credentials: credentials)
            }
            let ours = try repository.resolveCommit(reference)
            let theirs = remoteRefs[reference + "^{}"] ?? remoteRefs[reference]
            guard theirs == ours else {
                throw IntegrationError.refused(
                    """
                    \(candidate.component.name): after the push, \(remote) \
                    \(theirs == nil ? "does not have" : "has another") tag \(candidate.releaseTagName) \
                    (this clone's names \(ours.short)); the server accepted the push but does not show it. Check the \
                    server, then rerun \
                    `lockstep integrate \(candidate.component.name) --push`
                    """)
            }
        }
        for entry in outcome.branches {
            let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let app = config.apps.first(where: { $0.name == parts[0] }) else { continue }
            let repository = try SnapshotLoader.openRepository(app.path, name: app.name, config: config)
            guard let branch = try repository.head().branch, let ours = try repository.branchTip(branch) else {
                continue
            }
            let remoteRefs = try transfer(app.name) {
                try repository.remoteReferences(remote, credentials: credentials)
            }
            let theirs = remoteRefs["refs/heads/\(parts[1])"]
            let landed =
                try theirs.map { try $0 == ours || (repository.hasCommit($0) && repository.contains(ours, in: $0)) }
                ?? false
            guard landed else {
                throw IntegrationError.refused(
                    """
                    \(app.name): after the push, \(remote)'s \(parts[1]) is \(theirs?.short ?? "missing"), not the pin \
                    commit \(ours.short); the \
                    server accepted the push but does not show it. Check the server, then rerun the same `lockstep \
                    integrate … --push`
                    """)
            }
        }
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
        throw IntegrationError.refused(
            "the spec repo \(specs): its remote kept moving; rerun integrate --push to publish the release's podspecs")
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

    private func pushTag(_ tag: String, of component: String, in repository: Repository, published: Published) throws {
        let reference = "refs/tags/\(tag)"
        let ours = try repository.resolveCommit(reference)
        func remoteTag() throws -> ObjectID? {
            let remoteRefs = try transfer(component) {
                try repository.remoteReferences(remote, credentials: credentials)
            }
            return remoteRefs[reference + "^{}"] ?? remoteRefs[reference]
        }
        // Already there for the same commit (another run released the same rc first, or an earlier push of ours).
        let before = try remoteTag()
        if before == ours { return }
        // There for another commit: never pushed over (a lightweight tag on an ancestor would be taken as a
        // fast-forward).
        if let before { throw Self.otherTag(tag, theirs: before, ours: ours, of: component, remote: remote) }
        let rejected = try transfer(component) {
            try repository.push(["\(reference):\(reference)"], to: remote, credentials: credentials)
        }
        guard !rejected.isEmpty else { return }
        // Refused: fine when the remote's tag names the same commit (another run got there in between).
        let theirs = try remoteTag()
        if let theirs, theirs == ours { return }
        if let theirs { throw Self.otherTag(tag, theirs: theirs, ours: ours, of: component, remote: remote) }
        throw IntegrationError.refused(
            Self.refusal(rejected, what: "tag \(tag)", of: component, remote: remote) + """

                \(published.description); this clone holds the release tag. Once the server accepts it, \
                `lockstep integrate \(component) --push` pushes it and finishes the release
                """)
    }

    /// The sentence every refusal of a tag that names another commit on the remote carries: such a release can
    /// never be finished by a rerun (tags are never rewritten), so a failure's account must not promise it.
    public static let tagConflictSentence = "Tags already pushed are never rewritten"

    /// The remote's `tag` names another commit than this run's release.
    static func otherTag(_ tag: String, theirs: ObjectID, ours: ObjectID, of component: String, remote: String)
        -> IntegrationError
    {
        IntegrationError.refused(
            """
            \(component): refused tag \(tag): the remote `\(remote)` already has \(tag), naming \(theirs.short); this \
            run released \(ours.short). \
            \(tagConflictSentence): look at who released \(tag), then delete this clone's tag and bump again
            """)
    }

    /// A server's refusal of `what` in its own words: the status it reported and the `remote:` lines it sent.
    static func refusal(_ rejected: [PushRejection], what: String, of name: String, remote: String) -> String {
        let reasons = Array(Set(rejected.map(\.reason))).sorted().joined(separator: "; ")
        var text = "\(name): the server `\(remote)` refused \(what) (\(reasons))"
        let lines = rejected.first?.serverMessages ?? []
        if !lines.isEmpty { text += ". It said:\n" + RemoteFailureText.serverLines(lines) }
        return text
    }

    /// True when the branch landed; false when the remote moved (the local branch is then reset to the remote's
    /// tip, minus this run's own commits — pins, or release specs — for a new attempt). `isOwn` tells Lockstep's
    /// commits by their message; `kind` names them in the refusal.
    private func pushBranch(
        _ branch: String, of app: String, in repository: Repository, kind: String = "Lockstep pins",
        published: Published = Published(), isOwn: (String) -> Bool = Integrator.isPinCommit
    ) throws -> Bool {
        let reference = "refs/heads/\(branch)"
        let rejected = try transfer(app) {
            try repository.push(["\(reference):\(reference)"], to: remote, credentials: credentials)
        }
        guard !rejected.isEmpty else { return true }
        // Only a remote that moved is worth another attempt; a hook or a protected branch says no again.
        guard rejected.allSatisfy(\.isNonFastForward) else {
            throw IntegrationError.refused(
                Self.refusal(
                    rejected, what: "\(kind == "Lockstep pins" ? "the pin commit on" : "branch") \(branch)", of: app,
                    remote: remote) + """

                        \(published.description). Nothing was retried: the server refuses this push, not a race. If \
                        \(branch) is \
                        protected, push the pins to a branch for a merge request with --pin-branch NAME; once the \
                        server accepts the \
                        push, the same `lockstep integrate … --push` finishes the release
                        """)
        }
        let tracking = "refs/remotes/\(remote)/\(branch)"
        try transfer(app) {
            try repository.fetch(["+\(reference):\(tracking)"], from: remote, credentials: credentials)
        }
        guard let theirs = try repository.referenceTarget(tracking), let ours = try repository.branchTip(branch) else {
            throw IntegrationError.refused(
                """
                \(app): the remote `\(remote)` refused \(branch) \
                (\(rejected.map(\.reason).joined(separator: "; "))) and has no such branch to catch up with
                """
            )
        }
        // Only Lockstep's own commits may be dropped: anything else is someone's work and must be pushed by them.
        let local = try repository.commits(from: ours, excluding: theirs)
        let foreign = try local.filter { !isOwn(try repository.commitInfo($0).message) }
        guard foreign.isEmpty else {
            throw IntegrationError.refused(
                """
                \(app): \(branch) has \(foreign.count) commit(s) that are not on \(remote) and not \(kind) \
                (\(foreign.map(\.short).joined(separator: ", "))); push or drop them, then rerun integrate --push
                """)
        }
        try repository.resetBranchFollowingCheckout(branch, to: theirs, from: ours)
        return false
    }

    /// Pushes the local branch holding the pin commit to `name` on the remote, for a pull/merge request.
    private func pushPinBranch(
        _ branch: String, as name: String, of app: String, in repository: Repository, published: Published
    ) throws {
        let rejected = try transfer(app) {
            try repository.push(["refs/heads/\(branch):refs/heads/\(name)"], to: remote, credentials: credentials)
        }
        if !rejected.isEmpty, !rejected.allSatisfy(\.isNonFastForward) {
            throw IntegrationError.refused(
                Self.refusal(rejected, what: "branch \(name)", of: app, remote: remote) + "\n\(published.description)")
        }
        guard rejected.isEmpty else {
            throw IntegrationError.refused(
                """
                \(app): the remote `\(remote)` refused branch \(name) \
                (\(rejected.map(\.reason).joined(separator: "; "))); it already holds \
                other commits. Choose a new --pin-branch name (e.g. with the pipeline's id in it) and rerun integrate \
                --push
                """)
        }
    }

    /// Runs a network operation, naming the repo when it fails (credentials, unreachable remote).
    private func transfer<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try Self.transfer(name, remote: remote, body)
    }

    /// Runs a network operation with `remote` of repo `name`; a failure becomes a refusal naming the repo, the
    /// remote, the cause and its fix.
    static func transfer<T>(_ name: String, remote: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TransferError {
            throw IntegrationError.refused("\(name): " + RemoteFailureText.sentence(error, remote: remote))
        } catch let error as GitError {
            throw IntegrationError.refused("\(name): talking to its remote `\(remote)` failed: \(error.message)")
        }
    }
}
