import Foundation
import LockstepGit

/// `integrate --plan-out`: what an integration will build, written so that `lockstep build` on other machines
/// builds exactly that and `integrate --finish` can check the results against it.
public struct PhasePlan: Codable, Sendable, Equatable {
    public struct CandidateEntry: Codable, Sendable, Equatable {
        public var name: String
        public var tag: String
        public var commit: String
        public var release: String
    }

    /// A `Pin` as a plan file writes it. Kept as the file's text, not a `Pin`: a plan (or a build result) comes
    /// from another machine, and `--finish` compares what it says with what this clone plans, as written.
    public struct VersionEntry: Codable, Sendable, Equatable {
        public var name: String
        public var version: String
        public var commit: String

        /// The pin as the plan file writes it.
        public init(_ pin: Pin) {
            self.init(name: pin.component, version: "\(pin.version)", commit: pin.commit.hex)
        }

        public init(name: String, version: String, commit: String) {
            self.name = name
            self.version = version
            self.commit = commit
        }
    }

    public struct BuildEntry: Codable, Sendable, Equatable {
        /// The app.
        public var name: String
        public var role: String
        public var commit: String
        public var command: String
        /// The build's cache key: app commit, command, the plan's toolchain line, every version and commit.
        public var key: String
        public var versions: [VersionEntry]
    }

    /// The candidates as they were given (`Cart`, `Detail@0.1.2-rc.2`), to plan again.
    public var arguments: [String]
    /// SHA-256 of `lockstep.yml` when planned.
    public var configDigest: String
    /// `swift --version` of the planning machine (part of every key).
    public var toolchain: String
    public var candidates: [CandidateEntry]
    public var builds: [BuildEntry]

    public static func make(_ plan: IntegrationPlan, arguments: [String], config: WorkspaceConfig, toolchain: String)
        throws -> PhasePlan
    {
        PhasePlan(
            arguments: arguments, configDigest: try digest(of: config), toolchain: toolchain,
            candidates: plan.candidates.map {
                CandidateEntry(
                    name: $0.component.name, tag: $0.tag.name, commit: $0.commit.hex, release: "\($0.release)")
            },
            builds: plan.builds.map { build in
                BuildEntry(
                    name: build.app.name, role: build.app.role.rawValue, commit: build.commit.hex,
                    command: build.app.build,
                    key: BuildCache.key(for: build, toolchain: toolchain),
                    versions: build.versions.map { VersionEntry($0) })
            })
    }

    /// SHA-256 of the workspace file's bytes.
    public static func digest(of config: WorkspaceConfig) throws -> String {
        let file = config.root.appendingPathComponent("lockstep.yml")
        guard let data = try? Data(contentsOf: file) else { throw WorkspaceError("cannot read \(file.path)") }
        return SHA256.hex(data)
    }

    /// SHA-256 of a plan file's bytes, which each build result names.
    public static func digest(of data: Data) -> String { SHA256.hex(data) }

    /// How this workspace's plan now (`current`) differs from the one written, one line each; empty when the
    /// clone holds exactly what was planned.
    public func differences(from current: PhasePlan) -> [String] {
        var lines: [String] = []
        if configDigest != current.configDigest { lines.append("lockstep.yml differs from the one planned with") }
        let now = Dictionary(current.candidates.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for candidate in candidates where now[candidate.name] != candidate {
            let found = now[candidate.name].map { "\($0.tag) at \($0.commit.prefix(7))" } ?? "no such candidate"
            lines.append(
                "candidate \(candidate.name): planned \(candidate.tag) at \(candidate.commit.prefix(7)), here \(found)")
        }
        let builds = Dictionary(current.builds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for build in self.builds {
            guard let here = builds[build.name] else {
                lines.append("build \(build.name): planned, not needed here"); continue
            }
            if here.commit != build.commit {
                lines.append("\(build.name): planned at \(build.commit.prefix(7)), here at \(here.commit.prefix(7))")
            }
            for version in build.versions where !here.versions.contains(version) {
                let other = here.versions.first { $0.name == version.name }
                lines.append(
                    "\(build.name) builds with \(version.name) \(version.version) at \(version.commit.prefix(7)) in the plan, here "
                        + (other.map { "\($0.version) at \($0.commit.prefix(7))" } ?? "without it"))
            }
        }
        for build in current.builds where !self.builds.contains(where: { $0.name == build.name }) {
            lines.append("build \(build.name): needed here, not in the plan")
        }
        return lines
    }
}

/// `lockstep build --result-out`: one app built from a plan.
public struct PhaseResult: Codable, Sendable, Equatable {
    /// SHA-256 of the plan file the build followed.
    public var planDigest: String
    public var name: String
    /// The plan's key for this build (the inputs it stands for).
    public var key: String
    /// `green`, `cached`, `red`, `timed-out`, `killed`, `stopped`.
    public var status: String
    public var seconds: Double
    public var log: String
    /// `swift --version` of the machine that built.
    public var toolchain: String
    /// The versions actually used.
    public var versions: [PhasePlan.VersionEntry]

    public var isGreen: Bool { status == "green" || status == "cached" }

    public init(
        planDigest: String, name: String, key: String, status: String, seconds: Double, log: String, toolchain: String,
        versions: [PhasePlan.VersionEntry]
    ) {
        self.planDigest = planDigest
        self.name = name
        self.key = key
        self.status = status
        self.seconds = seconds
        self.log = log
        self.toolchain = toolchain
        self.versions = versions
    }
}
