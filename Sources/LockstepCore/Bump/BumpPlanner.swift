import LockstepAPI
import LockstepGit
import LockstepManifest
import Version

/// Decides the next release candidate of a component (SPEC §5 `bump`). Reads only; `Bumper` writes.
public struct BumpPlanner {
    public let snapshot: WorkspaceSnapshot
    public let manifests: ManifestStore
    public let api: APIReader

    public init(snapshot: WorkspaceSnapshot, manifests: ManifestStore, api: APIReader) {
        self.snapshot = snapshot
        self.manifests = manifests
        self.api = api
    }

    /// The plan for `name`, raised to `requested` if given, or lowered to it when `reason` says why (recorded in the
    /// tag as an `AcceptedLevel` trailer). Throws `BumpRefusal` when it must not happen.
    public func plan(_ name: String, requested: BumpLevel? = nil, reason: String? = nil) throws -> BumpPlan {
        let state = try snapshot.requireComponent(name)
        let component = state.component
        guard let head = state.head else { throw BumpRefusal(name, "\(component.path) has no commits yet") }
        let repository = try SnapshotLoader.openRepository(component.path, name: name, config: snapshot.config)
        let changed = try repository.changedTrackedFiles()
        if !changed.isEmpty {
            throw BumpRefusal(
                name,
                """
                uncommitted changes to tracked files in \(component.path): \
                \(changed.prefix(5).joined(separator: ", "))\(changed.count > 5 ? " …" : "")
                """,
                details: ["commit or stash them first: the tag must name exactly what was reviewed"])
        }
        if let tag = state.versionTags.first(where: { $0.commit == head }) {
            throw BumpRefusal(
                name, "HEAD (\(head.short)) already carries version tag \(tag.name)",
                details: ["commit the changes you want to release, then bump again"])
        }
        if let newest = state.newestVersion, try repository.contains(head, in: newest.commit) {
            throw BumpRefusal(
                name, "no changes since \(newest.name): HEAD (\(head.short)) is already part of it",
                details: ["check out the branch with the new work, then bump again"])
        }
        let release = state.newestRelease
        var reasons: [String] = []
        var changes: [APIChange] = []
        var level: BumpLevel
        var target: Version
        var accepted: AcceptedLevel?
        if let release {
            let diff = try api.diff(of: component, from: release.commit, to: head)
            changes = diff.changes
            level = diff.requiredLevel
            reasons.append(
                diff.levelReason.split(separator: ":", maxSplits: 1).last.map {
                    $0.trimmingCharacters(in: .whitespaces)
                } ?? "")
            if let requested {
                if requested < level, let reason {
                    accepted = AcceptedLevel(chosen: requested, required: level, reason: reason)
                    reasons.append(
                        "--level \(requested.flagName) accepted instead of \(level.flagName): \(accepted!.reason)")
                } else if requested < level {
                    let drivers = diff.changes(requiring: level).prefix(10).map { change -> String in
                        let place = (change.new ?? change.old).map { " (\($0.file):\($0.line))" } ?? ""
                        return "\(change.summary)\(place)"
                    }
                    throw BumpRefusal(
                        name, "--\(requested.flagName) is lower than the \(level) level these changes require",
                        details: drivers + [
                            """
                            use --\(level.flagName), or drop the flag to let lockstep choose; to release at the \
                            lower level anyway, say why with --reason TEXT (recorded in the tag, honoured by \
                            LS203)
                            """
                        ])
                }
                if requested > level { reasons.append("--\(requested.flagName) requested") }
                level = requested
            }
            guard let next = level.next(after: release.version) else {
                throw BumpRefusal(
                    name,
                    """
                    no \(level) version can follow \(release.name): the number to raise is already \(Int.max), \
                    the largest lockstep can count to
                    """,
                    details: level == .breaking
                        ? ["tag releases with numbers lockstep can count past"]
                        : [
                            """
                            a higher level starts that number from 0 again: try \
                            --\(level == .patch ? "minor" : "major")
                            """
                        ])
            }
            target = next
        } else {
            // A first version: 0.1.0 unless a flag asks for more (a flag on nothing can only pick the line).
            level = requested ?? .minor
            target = requested == .breaking ? Version(1, 0, 0) : Version(0, 1, 0)
            reasons.append("first version")
        }
        if component.kind == .protocols && level == .patch {
            let why = requested == .patch ? "--patch on a protocol set" : "only internal changes in a protocol set"
            throw BumpRefusal(
                name, "\(why): protocol sets have no patch releases (LS201)",
                details: ["internal changes to a protocol set need no release; use --minor to release them anyway"])
        }
        // The tie raises an implementation to the line its protocol-set requirement names.
        var dependencies: [ResolvedDependency] = []
        if let protocolSet = component.implements {
            dependencies = try manifests.dependencies(of: component, at: head)
            if let interval = dependencies.first(where: { $0.component == protocolSet })?.dependency.requirement
                .interval,
                interval.isOneLine, interval.lines(limit: 1)[0] > target.line
            {
                let line = interval.lines(limit: 1)[0]
                target = line.firstVersion
                level = .breaking
                reasons.insert("tie: it requires \(protocolSet) line \(line), so it moves to that line", at: 0)
            }
        }
        // The rc series: continue it at the same or a higher version, restart it when the level rose past it.
        let series = state.versionTags.filter { tag in
            tag.isPrerelease && release.map { tag.version > $0.version } ?? true
        }
        var number = 1
        if let top = series.map(\.version.release).max() {
            let numbers = series.filter { $0.version.release == top }.compactMap(\.version.releaseCandidateNumber)
            if top > target {
                reasons.append("continues the \(top) rc series")
                target = top
                if let from = release?.version, let seriesLevel = BumpLevel.between(from, top) {
                    level = max(level, seriesLevel)
                }
            }
            if top == target {
                let newest = numbers.max() ?? 0
                guard let next = newest.incremented else {
                    throw BumpRefusal(
                        name, "\(top)-rc.\(newest) already uses the largest rc number lockstep can count to",
                        details: [
                            "release it (`lockstep integrate \(name)`), or bump a higher level with --minor / --major"
                        ])
                }
                number = next
            } else {
                reasons.append("restarts the rc series: \(top) was a lower level")
            }
        }
        let version = target.releaseCandidate(number)
        // A hand-made prerelease of the same version may sort above every rc lockstep can write (`-zeta`,
        // `-rc.99999999999999999999`); an rc below it would make the series go backwards.
        if let above = state.versionTags.last(where: { $0.version.release == version.release && $0.version > version })
        {
            throw BumpRefusal(
                name,
                """
                tag \(above.name) (on \(above.commit.short)) sorts above \(version), the rc this bump would make; \
                lockstep's own rcs are X.Y.Z-rc.N
                """,
                details: [
                    """
                    delete \(above.name) if it is no release candidate (`git tag -d \(above.name)` in \
                    \(component.path), and on the remote), then bump again
                    """
                ])
        }
        if component.kind == .protocols && version.patch != 0 {
            throw BumpRefusal(name, "\(version) would be a protocol-set patch (LS201)", details: ["use --minor"])
        }
        if let protocolSet = component.implements,
            let problem = Tie.problem(implementation: version, protocolSet: protocolSet, dependencies: dependencies)
        {
            throw BumpRefusal(
                name, "LS202: the tie breaks: \(name) \(problem.message)", details: ["help: \(problem.help)"])
        }
        // The tie or the rc series may have raised the level back: record only a level that stays below the diff's.
        if let chosen = accepted {
            accepted =
                level < chosen.required
                ? AcceptedLevel(chosen: level, required: chosen.required, reason: chosen.reason) : nil
        }
        let style = state.tagStyle
        let tagName = style.tagName(for: version)
        if let clash = state.versionTags.first(where: { $0.version == version })
            ?? state.otherTags.first(where: { $0.name == tagName }).map({
                VersionTag(name: $0.name, version: version, commit: $0.commit, isAnnotated: $0.isAnnotated)
            })
        {
            throw BumpRefusal(name, "tag \(clash.name) already exists (on \(clash.commit.short))")
        }
        return BumpPlan(
            component: name, from: release, to: version, tagName: tagName, level: level,
            reasons: reasons, changes: changes, commit: head, accepted: accepted)
    }
}

extension BumpLevel {
    /// The command-line flag for this level.
    public var flagName: String { self == .breaking ? "major" : description }
}
