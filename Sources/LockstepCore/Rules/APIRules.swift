import Foundation
import LockstepAPI
import LockstepGit
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
        let components = context.components
        let accepted = context.acceptedHistory
        let judged = components.map { state in
            Self.judgements(of: state).filter { !accepted.covers($0.tag.version, of: state.component.name) }
        }
        progress?.expect(judged.reduce(0) { $0 + $1.count })
        // Components are independent, and so are stretches of one component's history: diff them in parallel, each
        // thread with its own repository handle. A long history is split into lanes (`Segment`) so that one big
        // component (swift-nio: half the work of its family) does not leave the other cores idle at the end.
        let segments = Self.segments(judged.map(\.count), cores: ProcessInfo.processInfo.activeProcessorCount)
        let lanesLeft = LanesLeft(segments)
        let diffs = try parallelMap(segments) { segment -> [(Judgement, Result<APIDiff?, any Error>)] in
            let state = components[segment.component]
            // Memory: only the components and lanes in flight, and each component's highest lane (saved at its end).
            defer {
                if lanesLeft.finish(segment.component) {
                    reader.forget(state.component)
                } else {
                    reader.forget(state.component, lane: segment.lane)
                }
            }
            var results: [(Judgement, Result<APIDiff?, any Error>)] = []
            for var judgement in judged[segment.component][segment.range] {
                defer { progress?.advance(state.component.name) }  // every release `judgedReleases` counts
                guard judgement.actual != nil else {
                    results.append((judgement, .success(nil)))
                    continue
                }
                let result = Result<APIDiff?, any Error> {
                    var diff = try reader.diff(
                        of: state.component, from: judgement.previous.commit, to: judgement.tag.commit,
                        lane: segment.lane)
                    // A release that looks too small over a predecessor outside its history (a backport tagged later on
                    // a maintenance branch) is judged by what it changed since the two forked: the backport's own
                    // additions are not its removals. Only such releases are traced (most are not: no git walk).
                    if let actual = judgement.actual, diff.requiredLevel > actual,
                        let base = try reader.forkPoint(
                            of: judgement.previous.commit, and: judgement.tag.commit, in: state.component)
                    {
                        judgement.base = base
                        diff = try reader.diff(
                            of: state.component, from: base, to: judgement.tag.commit, lane: segment.lane)
                    }
                    return diff
                }
                results.append((judgement, result))
                if case .failure = result { break }  // as before: a component's history stops at its first error
            }
            return results
        }
        var byComponent = judged.map { [(Judgement, Result<APIDiff?, any Error>)?](repeating: nil, count: $0.count) }
        for (segment, results) in zip(segments, diffs) {
            for (offset, result) in results.enumerated() {
                byComponent[segment.component][segment.range.lowerBound + offset] = result
            }
        }
        var findings: [Finding] = []
        for (index, state) in components.enumerated() {
            let done = byComponent[index]
            findings += try Self.findings(
                for: state, judged: zip(judged[index], done).map { $1?.0 ?? $0 }, diffs: done.map { $0?.1 },
                rule: self, config: context.snapshot.config)
        }
        return findings
    }

    /// How many of the component's tags `findings` diffs (each version once, when a release precedes it): the
    /// work progress counts.
    static func judgedReleases(of state: ComponentSnapshot) -> Int {
        guard let first = state.releases.first?.version else { return 0 }
        return Set(state.versionTags.map(\.version).filter { $0.release > first }).count
    }

    /// One tag `judgedReleases` counts: the release before it and the level between them (nil when the tag is no
    /// bump over it, e.g. an rc of the release itself: nothing to judge).
    struct Judgement {
        var tag: VersionTag
        var previous: VersionTag
        var actual: BumpLevel?
        /// Where the diff's old side was read when `previous` is not in the tag's history: the commit both were made
        /// from (`git merge-base`); nil when `previous` itself was read.
        var base: ObjectID?
    }

    /// The component's tags to judge, in version order (each version once).
    static func judgements(of state: ComponentSnapshot) -> [Judgement] {
        var result: [Judgement] = []
        let releases = state.releases
        // Tags are sorted by version: the release before each tag only moves forward (one pass, not a search per tag).
        var next = 0
        var seen = Set<Version>()
        for tag in state.versionTags where seen.insert(tag.version).inserted {
            let release = tag.version.release
            while next < releases.count, releases[next].version < release { next += 1 }
            guard next > 0 else { continue }
            let previous = releases[next - 1]
            result.append(Judgement(tag: tag, previous: previous, actual: BumpLevel.between(previous.version, release)))
        }
        return result
    }

    /// A stretch of one component's judgements diffed on one thread, in order; `lane` numbers the stretches of a
    /// component in history order.
    struct Segment: Sendable {
        var component: Int
        var lane: Int
        var range: Range<Int>
    }

    /// The components' judgements (`counts` of them each) cut into segments, longest first: a component longer
    /// than an eighth of the work per core (at least 32 releases) is cut into equal lanes of at most that. Each lane
    /// reads its first revision in full, so short histories are never cut: on `ci/bench-check`'s workspaces (many
    /// components of equal size) nothing is.
    static func segments(_ counts: [Int], cores: Int) -> [Segment] {
        let total = counts.reduce(0, +)
        let longest = max(32, total / max(1, cores * 4))
        var result: [Segment] = []
        for (component, count) in counts.enumerated() {
            let lanes = max(1, (count + longest - 1) / longest)
            let size = (count + lanes - 1) / max(1, lanes)
            for lane in 0..<lanes {
                let range = min(count, lane * size)..<min(count, (lane + 1) * size)
                if range.isEmpty, lane > 0 { continue }
                result.append(Segment(component: component, lane: lane, range: range))
            }
        }
        // Longest first: the last segments to start are short, so the cores finish close together.
        return result.enumerated().sorted {
            ($1.element.range.count, $0.offset) < ($0.element.range.count, $1.offset)
        }.map(\.element)
    }

    /// Counts each component's lanes still running: the last one to finish frees the component's caches.
    final class LanesLeft: @unchecked Sendable {
        private let lock = NSLock()
        private var left: [Int: Int] = [:]

        init(_ segments: [Segment]) {
            for segment in segments { left[segment.component, default: 0] += 1 }
        }

        /// True for the component's last lane.
        func finish(_ component: Int) -> Bool {
            lock.withLock {
                left[component, default: 1] -= 1
                return left[component] == 0
            }
        }
    }

    /// The findings of the component's judgements, given each one's diff (nil for one not diffed; a failure is
    /// thrown when its judgement is reached, as the sequential walk did).
    static func findings(
        for state: ComponentSnapshot, judged: [Judgement], diffs: [Result<APIDiff?, any Error>?], rule: LS203,
        config: WorkspaceConfig
    ) throws -> [Finding] {
        var findings: [Finding] = []
        for (judgement, result) in zip(judged, diffs) {
            let tag = judgement.tag, previous = judgement.previous
            guard let actual = judgement.actual, let diff = try result?.get() else { continue }
            let required = diff.requiredLevel
            guard required > actual else { continue }
            let drivers = diff.changes(requiring: required)
            let what = drivers.first.map(\.summary) ?? "changes its public API"
            let more = drivers.count > 1 ? " (and \(drivers.count - 1) more)" : ""
            var locations: [ManifestLocation] = []
            for change in drivers.prefix(5) {
                if let old = change.old {
                    let revision = judgement.base.map { String($0.hex.prefix(7)) } ?? previous.name
                    locations.append(
                        ManifestLocation(file: old.file, revision: revision, line: old.line, label: "before"))
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
