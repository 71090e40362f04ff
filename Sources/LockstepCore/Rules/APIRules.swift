import LockstepAPI
import Version

/// LS203: a version lower than the API change it carries.
struct LS203: Rule {
    let id = "LS203"
    let severity = Severity.error
    let summary = "a component's version is smaller than the public-API change it carries"
    var needsAPIDiff: Bool { true }

    func check(_ context: RuleContext) throws -> [Finding] {
        let reader = context.api
        let progress = context.progress
        progress?.expect(context.components.reduce(0) { $0 + Self.judgedReleases(of: $1) })
        // Components are independent: diff them in parallel, each thread with its own repository handle.
        let perComponent = try parallelMap(context.components) { state in
            defer { reader.forget(state.component) }  // keeps memory to the components in flight
            return try Self.findings(
                for: state, reader: reader, rule: self, config: context.snapshot.config, progress: progress)
        }
        return perComponent.flatMap { $0 }
    }

    /// How many of the component's tags `findings` diffs (each version once, when a release precedes it): the
    /// work progress counts.
    static func judgedReleases(of state: ComponentSnapshot) -> Int {
        guard let first = state.releases.first?.version else { return 0 }
        return Set(state.versionTags.map(\.version).filter { $0.release > first }).count
    }

    static func findings(
        for state: ComponentSnapshot, reader: APIReader, rule: LS203, config: WorkspaceConfig,
        progress: WorkProgress? = nil
    ) throws -> [Finding] {
        var findings: [Finding] = []
        let releases = state.releases
        // Tags are sorted by version: the release before each tag only moves forward (one pass, not a search per tag).
        var next = 0
        var seen = Set<Version>()
        for tag in state.versionTags where seen.insert(tag.version).inserted {
            let release = tag.version.release
            while next < releases.count, releases[next].version < release { next += 1 }
            guard next > 0 else { continue }
            defer { progress?.advance(state.component.name) }  // every release `judgedReleases` counts
            let previous = releases[next - 1]
            guard let actual = BumpLevel.between(previous.version, release) else { continue }
            let diff = try reader.diff(of: state.component, from: previous.commit, to: tag.commit)
            let required = diff.requiredLevel
            guard required > actual else { continue }
            let drivers = diff.changes(requiring: required)
            let what = drivers.first.map(\.summary) ?? "changes its public API"
            let more = drivers.count > 1 ? " (and \(drivers.count - 1) more)" : ""
            var locations: [ManifestLocation] = []
            for change in drivers.prefix(5) {
                if let old = change.old {
                    locations.append(
                        ManifestLocation(file: old.file, revision: previous.name, line: old.line, label: "before"))
                }
                if let new = change.new {
                    locations.append(
                        ManifestLocation(file: new.file, revision: tag.name, line: new.line, label: "after"))
                }
            }
            let help: String
            if let proper = required.next(after: previous.version) {
                let suggestion =
                    tag.version.isPrerelease
                    ? "\(proper)-rc.1 (`lockstep bump \(state.component.name)` picks it)" : "\(proper)"
                help = "release it as \(suggestion); \(required) changes need a \(required) version"
            } else {
                help =
                    """
                    \(required) changes need a \(required) version, and none can follow \(previous.version): its \
                    numbers are at their maximum
                    """
            }
            var finding = rule.finding(
                state.component.name, version: "\(tag.version)",
                """
                \(state.component.name) \(tag.version) \(what)\(more) but is a \(actual) release over \
                \(previous.version)
                """,
                help: help, locations: locations)
            if let accepted = try acceptedLevel(
                for: tag, actual: actual, required: required, state: state, config: config)
            {
                finding.accepted = FindingAcceptance(
                    by: .tag,
                    reason: "\(accepted.chosen.flagName) chosen over \(accepted.required.flagName): \(accepted.reason)")
            }
            findings.append(finding)
        }
        return findings
    }
}

extension LS203 {
    /// The `Lockstep-Accepted-Level` decision covering `tag`: a trailer in the annotation of a tag on the same commit
    /// naming this release or one of its rcs (the release `integrate` writes carries it forward; before that, the rc's
    /// covers the release too), choosing exactly the level released for changes at most as severe as `required`.
    static func acceptedLevel(
        for tag: VersionTag, actual: BumpLevel, required: BumpLevel, state: ComponentSnapshot,
        config: WorkspaceConfig
    ) throws -> AcceptedLevel? {
        let related = state.versionTags.filter {
            $0.commit == tag.commit && $0.isAnnotated && $0.version.release == tag.version.release
        }
        guard !related.isEmpty else { return nil }
        let repository = try SnapshotLoader.openRepository(
            state.component.path, name: state.component.name, config: config)
        for candidate in related {
            guard let message = try repository.tagObject(named: candidate.name)?.message else { continue }
            if let accepted = AcceptedLevel.all(in: message).first(where: {
                $0.chosen == actual && $0.required >= required
            }) {
                return accepted
            }
        }
        return nil
    }
}
