import Foundation

/// `integrate --format json` (schema: docs/json/integrate.md): the plan in a dry run, the outcome otherwise.
/// The same fields either way; a dry run's builds are `planned` and its tags and pins are what would be written.
public struct IntegrateJSON: Codable, Sendable {
    /// A release candidate: `version`/`tag` are the rc, `release`/`releaseTag` what it becomes.
    public struct CandidateJSON: Codable, Sendable {
        public var name, version, tag, commit, release, releaseTag: String
        /// An earlier run tagged the release but did not pin it; this run finishes it.
        public var alreadyReleased: Bool
    }

    /// A component at the version a build uses or a pin writes.
    public struct VersionJSON: Codable, Sendable {
        public var name, version: String
        public var commit: String?
    }

    /// The rules on the workspace as it would be after the release (only findings about the candidates).
    public struct RulesJSON: Codable, Sendable {
        public var passed: Bool
        public var findings: [Finding]
    }

    /// One app build.
    public struct BuildJSON: Codable, Sendable {
        public var name, role, commit: String
        public var command: String
        public var versions: [VersionJSON]
        /// planned (dry run), not-run, green, cached, red, timed-out, killed, stopped.
        public var status: String
        public var exitCode: Int32?
        public var seconds: Double?
        public var log: String?
        /// The compiler's first `error:` lines, or the log's last lines when it printed none.
        public var errorLines: [String]?
    }

    /// A release tag this run wrote (or would write).
    public struct TagJSON: Codable, Sendable {
        public var name, version, tag, commit: String
    }

    /// The pin commit of one main app.
    public struct PinJSON: Codable, Sendable {
        /// The main app.
        public var name: String
        public var branch: String?
        /// The pin commit; absent in a dry run or when it was not made.
        public var commit: String?
        public var pins: [VersionJSON]
    }

    public var dryRun: Bool
    public var candidates: [CandidateJSON]
    public var rules: RulesJSON
    public var builds: [BuildJSON]
    public var tags: [TagJSON]
    public var pins: [PinJSON]
    /// With `--push`: what reached the remote (absent without it).
    public var pushed: PushJSON?

    /// `integrate --push`: the release tags and main branches now on the remote.
    public struct PushJSON: Codable, Sendable {
        public var tags: [String]
        public var branches: [String]
        /// The spec repo and branch the release's podspecs were pushed to (`Specs main`), when there were any.
        public var specs: String?
    }

    /// The document of a run: what was planned, built, tagged (`released`, Integrator's `"Name tag"` list) and
    /// pinned (`pinCommits`); for a dry run pass `dryRun` and nothing else.
    public init(
        plan: IntegrationPlan, dryRun: Bool = false, outcomes: [BuildOutcome] = [], released: [String] = [],
        pinCommits: [String: String] = [:], pushed: PublishOutcome? = nil
    ) {
        self.dryRun = dryRun
        self.pushed = pushed.map { PushJSON(tags: $0.tags, branches: $0.branches, specs: $0.specs) }
        candidates = plan.candidates.map {
            CandidateJSON(
                name: $0.component.name, version: $0.tag.version.description, tag: $0.tag.name, commit: $0.commit.hex,
                release: $0.release.description, releaseTag: $0.releaseTagName, alreadyReleased: $0.isAlreadyReleased)
        }
        rules = RulesJSON(passed: plan.errors.isEmpty, findings: plan.findings)
        builds = plan.builds.map { build in
            var json = BuildJSON(
                name: build.app.name, role: build.app.role.rawValue, commit: build.commit.hex, command: build.app.build,
                versions: build.versions.map {
                    VersionJSON(name: $0.component, version: $0.version.description, commit: $0.commit.hex)
                },
                status: dryRun ? "planned" : "not-run")
            if let outcome = outcomes.last(where: { $0.app == build.app.name }) { json.record(outcome) }
            return json
        }
        let tagged = plan.candidates.filter {
            !$0.isAlreadyReleased && (dryRun || released.contains("\($0.component.name) \($0.releaseTagName)"))
        }
        tags = tagged.map {
            TagJSON(
                name: $0.component.name, version: $0.release.description, tag: $0.releaseTagName, commit: $0.commit.hex)
        }
        pins = plan.pinChanges.compactMap { change in
            let commit = pinCommits[change.app.name]
            guard dryRun || commit != nil else { return nil }
            return PinJSON(
                name: change.app.name, branch: change.branch, commit: commit,
                pins: change.pins.map { VersionJSON(name: $0.component, version: $0.version.description) })
        }
    }
}

extension IntegrateJSON.BuildJSON {
    mutating func record(_ outcome: BuildOutcome) {
        status = outcome.status.name
        if case .red(let code) = outcome.status { exitCode = code }
        if outcome.status != .cached {
            seconds = (outcome.seconds * 10).rounded() / 10
            log = outcome.log.path
        }
        if !outcome.isGreen { errorLines = outcome.errorLines.isEmpty ? outcome.logTail : outcome.errorLines }
    }
}
