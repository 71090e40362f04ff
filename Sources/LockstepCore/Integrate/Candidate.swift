import LockstepGit
import Version

/// A release candidate to integrate: an rc tag whose commit becomes a release if the apps build.
public struct Candidate: Sendable, Equatable {
    public var component: Component
    /// The tag being integrated (an rc; or the release itself when completing an earlier run).
    public var tag: VersionTag
    /// The release version it becomes, e.g. `0.1.8`.
    public var release: Version
    /// The release tag's name in the repo's style, e.g. `v0.1.8`.
    public var releaseTagName: String
    /// True when the release tag already exists on this commit: an earlier run tagged but did not pin.
    public var isAlreadyReleased: Bool

    /// The commit that is built and released.
    public var commit: ObjectID { tag.commit }
    /// The component at its release, on the rc's commit (which the release tag names too): what builds and pins use.
    public var pin: Pin { Pin(component: component.name, version: release, commit: commit) }
    /// `Cart 0.1.8-rc.2 → 0.1.8`.
    public var summary: String {
        isAlreadyReleased
            ? "\(component.name) \(release) (released earlier, not yet pinned)"
            : "\(component.name) \(tag.version) → \(release)"
    }

    /// Resolves `Cart` (its newest rc) or `Cart@0.1.8-rc.2` against the snapshot. A component in `unpublished`
    /// (its newest release's tag or pin is not on the remote yet) with no newer rc resolves to that release, which
    /// the run then completes.
    public static func resolve(_ argument: String, in snapshot: WorkspaceSnapshot, unpublished: Set<String> = []) throws
        -> Candidate
    {
        let parts = argument.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0]
        let state = try snapshot.requireComponent(name)
        let style = state.tagStyle
        func candidate(for tag: VersionTag) throws -> Candidate {
            let release = tag.version.release
            if let existing = state.tag(for: release) {
                guard existing.commit == tag.commit else {
                    throw IntegrationError.refused(
                        """
                        \(name) \(release) is already released on \(existing.commit.short), not on \(tag.name)'s \
                        commit \(tag.commit.short); bump a new rc
                        """
                    )
                }
                return Candidate(
                    component: state.component, tag: existing, release: release, releaseTagName: existing.name,
                    isAlreadyReleased: true)
            }
            return Candidate(
                component: state.component, tag: tag, release: release, releaseTagName: style.tagName(for: release),
                isAlreadyReleased: false)
        }
        if parts.count == 2 {
            guard let version = VersionTag.parse(parts[1]) else {
                throw IntegrationError.usage(
                    "`\(parts[1])` in `\(argument)` is not a version; write COMPONENT@X.Y.Z-rc.N")
            }
            guard let tag = state.tag(for: version) else {
                throw IntegrationError.refused(
                    """
                    \(name) has no tag for \(version); its newest versions: \
                    \(state.versionTags.suffix(3).map(\.name).joined(separator: ", "))
                    """
                )
            }
            return try candidate(for: tag)
        }
        if let rc = try state.releaseCandidateToIntegrate() { return try candidate(for: rc) }
        // No rc: perhaps an earlier run tagged the release but died before pinning it.
        if let release = state.newestRelease,
            snapshot.isReleasedButUnpinned(name, release.version) || unpublished.contains(name)
        {
            return try candidate(for: release)
        }
        var message =
            """
            \(name) has no release candidate above \(state.newestRelease?.name ?? "its first commit"); run \
            `lockstep bump \(name)` first
            """
        if let handMade = state.newestPrerelease {
            message +=
                " (\(handMade.name) is a prerelease lockstep did not make; to release it anyway: `lockstep integrate \(name)@\(handMade.version)`)"
        }
        throw IntegrationError.refused(message)
    }
}

extension ComponentSnapshot {
    /// The rc `integrate COMPONENT` takes: the highest `X.Y.Z-rc.N` above the newest release, as `bump` writes them.
    ///
    /// A hand-made prerelease (`-beta`, `-rc.1.2`, `-zeta`) is never taken implicitly, even when it sorts higher:
    /// it may sit on any commit. Two tags naming the chosen rc on different commits are refused as ambiguous.
    func releaseCandidateToIntegrate() throws -> VersionTag? {
        let floor = newestRelease?.version
        guard
            let newest = versionTags.last(where: { tag in
                tag.version.releaseCandidateNumber != nil && floor.map { tag.version > $0 } ?? true
            })
        else { return nil }
        let same = tags(for: newest.version)
        if Set(same.map(\.commit)).count > 1 {
            let list = same.map { "\($0.name) on \($0.commit.short)" }.joined(separator: ", ")
            throw IntegrationError.refused(
                """
                \(component.name): \(list) name the same release candidate on different commits (LS102); delete \
                the wrong tag, then integrate again
                """
            )
        }
        return newest
    }
}

extension WorkspaceSnapshot {
    /// True when some main app using `component` still pins an older version than `version` and none pins a
    /// newer one (an earlier run tagged it and pinned some mains, or none).
    public func isReleasedButUnpinned(_ component: String, _ version: Version) -> Bool {
        let pins = mainApps.compactMap { $0.dependency(on: component)?.dependency.requirement.exactVersion }
        return pins.contains { $0 < version } && !pins.contains { $0 > version }
    }
}

/// Why an integration stopped.
public enum IntegrationError: Error, CustomStringConvertible, Sendable {
    /// Bad arguments (exit 2).
    case usage(String)
    /// Refused before building, nothing changed (exit 1).
    case refused(String)
    /// The rules reject the workspace as it would be after the release (exit 1).
    case rules([Finding])
    /// A build went red (exit 1).
    case buildFailed(BuildOutcome)
    /// Interrupted by a signal; builds stopped, temporary folders removed (exit 130/143).
    case interrupted(Int32)

    public var description: String {
        switch self {
        case .usage(let message), .refused(let message): return message
        case .rules(let findings): return "the rules reject the release: \(findings.count) error(s)"
        case .buildFailed(let outcome): return "\(outcome.app) failed to build"
        case .interrupted(let signal): return "interrupted by signal \(signal)"
        }
    }
}
