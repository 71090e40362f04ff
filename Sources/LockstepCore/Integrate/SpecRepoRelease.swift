import Foundation
import LockstepGit
import LockstepManifest

/// The podspecs a release publishes into the team's CocoaPods spec repo (`specs:` in lockstep.yml):
/// `Name/X.Y.Z/Name.podspec` (or `.podspec.json`, the form the component writes) for every candidate whose
/// manifest is a podspec, its `version` set to the release and its `source` to the component's URL at the
/// release tag; every other byte of the component's podspec kept.
struct SpecRepoRelease {
    struct Entry {
        var component: String
        var version: String
        var path: String
        var contents: Data
    }

    var entries: [Entry]

    /// The entries of `candidates` (none when the workspace names no spec repo or no candidate is a pod).
    static func make(_ candidates: [Candidate], manifests: ManifestStore, config: WorkspaceConfig) throws
        -> SpecRepoRelease
    {
        guard config.specs != nil else { return SpecRepoRelease(entries: []) }
        var entries: [Entry] = []
        for candidate in candidates {
            guard let spec = try manifests.podspec(of: candidate.component, at: candidate.commit) else { continue }
            guard let url = config.remoteURL(of: candidate.component.name) else {
                throw IntegrationError.refused(
                    """
                    \(candidate.component.name) has no URL to write into its release podspec's `source`; give it \
                    `url:` in lockstep.yml or set `remote:`
                    """
                )
            }
            let pod = spec.podspec?.name ?? candidate.component.name
            let version = candidate.release.description
            let text: String
            do {
                text = try spec.podspecForRelease(version: version, git: url, tag: candidate.releaseTagName)
            } catch let error as ManifestError {
                throw IntegrationError.refused(
                    """
                    \(error): lockstep publishes \(candidate.component.name) \(version) into the spec repo, so \
                    its podspec must have a literal version and a `source` hash
                    """
                )
            }
            let file = try SafeName.fileName(pod)
            let path = "\(file)/\(version)/\(file)" + (spec.format == .podspecJSON ? ".podspec.json" : ".podspec")
            entries.append(
                Entry(component: candidate.component.name, version: version, path: path, contents: Data(text.utf8)))
        }
        return SpecRepoRelease(entries: entries)
    }

    /// The spec repo, on a branch with at least one commit; refused otherwise (before anything is built).
    static func open(_ config: WorkspaceConfig) throws -> (repository: Repository, branch: String, tip: ObjectID) {
        guard let specs = config.specs else {
            throw IntegrationError.refused("no spec repo (`specs:`) in lockstep.yml")
        }
        let folder = config.absolutePath(specs)
        let repository: Repository
        do { repository = try Repository.open(at: folder.path) } catch let error as GitError {
            throw IntegrationError.refused(
                """
                the spec repo `specs: \(specs)` cannot be opened (\(error)); point `specs:` at a clone of your \
                CocoaPods spec repo
                """
            )
        }
        let head = try repository.head()
        guard let branch = head.branch, let tip = head.commit else {
            throw IntegrationError.refused(
                """
                the spec repo \(specs) has \(head.branch == nil ? "a detached HEAD" : "no commit yet"); check out \
                its branch (it needs at least one commit) so lockstep can commit releases to it
                """
            )
        }
        return (repository, branch, tip)
    }

    /// Refuses before building what would stop the publication after tagging: a spec repo that cannot be
    /// opened or committed to, or one that already holds a different spec for a release.
    func check(_ config: WorkspaceConfig) throws {
        guard !entries.isEmpty else { return }
        let (repository, _, tip) = try Self.open(config)
        do { _ = try repository.defaultSignature() } catch {
            throw IntegrationError.refused(
                """
                no git identity configured for the spec repo \(config.specs ?? ""); set user.name and user.email \
                (git config) so release specs can be committed. Nothing was built, tagged or pinned
                """
            )
        }
        for entry in entries {
            _ = try Self.isPublished(entry, in: repository, at: tip, specs: config.specs ?? "")
        }
    }

    /// True when the spec repo's branch already holds `entry` with the same bytes; false when it can be written
    /// (nothing committed there, and the checkout holds no link on its path nor a different uncommitted file).
    /// Refuses anything else: a published release is never rewritten, and someone's uncommitted work never lost.
    static func isPublished(_ entry: Entry, in repository: Repository, at tip: ObjectID, specs: String) throws -> Bool {
        if let committed = try repository.readFile(entry.path, at: tip) {
            guard committed == entry.contents else {
                throw IntegrationError.refused(
                    """
                    the spec repo \(specs) already holds \(entry.path), different from \(entry.component) \
                    \(entry.version)'s podspec; a published release is never rewritten. Bump a new version
                    """
                )
            }
            return true
        }
        if let workTree = repository.workDirectory {
            try requireNoLink(entry, workTree: workTree)
            let file = URL(fileURLWithPath: workTree).appendingPathComponent(entry.path)
            if let present = try? Data(contentsOf: file), present != entry.contents {
                throw IntegrationError.refused(
                    """
                    the spec repo's checkout has an uncommitted \(entry.path) that differs from \
                    \(entry.component) \(entry.version)'s release spec; move it away, then rerun integrate
                    """
                )
            }
        }
        return false
    }

    /// Refuses to write an entry through a link of the spec repo's checkout (to anywhere); the checkout is left
    /// as it is.
    static func requireNoLink(_ entry: Entry, workTree: String) throws {
        var partial = URL(fileURLWithPath: workTree)
        for part in entry.path.split(separator: "/") {
            partial = partial.appendingPathComponent(String(part))
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: partial.path)) != nil {
                throw IntegrationError.refused(
                    """
                    the spec repo's checkout has a link at \(partial.path); lockstep does not write through \
                    links. Replace it with a folder, then rerun integrate to publish \(entry.component) \
                    \(entry.version)
                    """
                )
            }
        }
    }

    /// Commits the missing specs in one commit on the spec repo's branch (compare-and-swap; the work tree and
    /// index of a checkout first, as a pin does). Already published with the same bytes: nothing to do, so a
    /// rerun completes a release stopped between tag and spec. Returns the commit, nil when nothing was missing.
    func publish(_ config: WorkspaceConfig, marker: String) throws -> ObjectID? {
        guard !entries.isEmpty else { return nil }
        var locked: GitError?
        for _ in 0..<30 {
            let (repository, branch, tip) = try Self.open(config)
            let missing = try entries.filter {
                !(try Self.isPublished($0, in: repository, at: tip, specs: config.specs ?? ""))
            }
            guard !missing.isEmpty else { return nil }
            if let workTree = repository.workDirectory {
                for entry in missing {
                    let file = URL(fileURLWithPath: workTree).appendingPathComponent(entry.path)
                    try FileManager.default.createDirectory(
                        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try entry.contents.write(to: file, options: .atomic)
                    try repository.stageWorkTreeFile(entry.path)
                }
            }
            let names = missing.map { "\($0.component) \($0.version)" }.joined(separator: ", ")
            do {
                return try repository.commitFiles(
                    missing.map { ($0.path, $0.contents) }, onBranch: branch, expectedTip: tip,
                    message: "Release \(names)\n\n\(marker) podspec\(missing.count == 1 ? "" : "s") of \(names).\n",
                    author: try repository.defaultSignature())
            } catch let error as GitError where error.isModified || error.isLocked {
                // The branch moved (another run published: look again), or another git process holds its ref
                // lock for a moment (wait a little, but not forever).
                locked = error.isLocked ? error : nil
                usleep(100_000)
            }
        }
        if let locked {
            throw IntegrationError.refused(
                """
                the spec repo \(config.specs ?? "")'s branch stayed locked by another git process \
                (\(locked.message)); if no git process is running, delete the stale .lock file, then rerun \
                integrate to publish the release's podspecs
                """
            )
        }
        throw IntegrationError.refused(
            """
            the spec repo \(config.specs ?? "")'s branch kept moving; rerun integrate to publish the release's \
            podspecs
            """
        )
    }
}
