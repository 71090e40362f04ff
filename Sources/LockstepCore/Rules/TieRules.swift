import LockstepManifest
import Version

/// LS202: an implementation and the protocol-set versions its manifest admits share one compatibility line.
struct LS202: Rule {
    let id = "LS202"
    let severity = Severity.error
    let summary = "the tie: an implementation and the protocol-set versions it admits are not on one compatibility line"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for state in context.components {
            guard let protocolSet = state.component.protocolSet?.name else { continue }
            var seen = Set<Version>()
            for tag in state.versionTags where seen.insert(tag.version).inserted {
                guard let dependencies = try context.manifests.readableDependencies(of: state.component, at: tag.commit)
                else { continue }  // LS103
                if let problem = Tie.problem(
                    implementation: tag.version, protocolSet: protocolSet, dependencies: dependencies)
                {
                    findings.append(
                        finding(
                            state.component.name, version: "\(tag.version)", problem.message, help: problem.help,
                            locations: problem.line.map { line in
                                let file = context.manifests.file(
                                    of: state.component, at: tag.commit, revision: tag.name)
                                return [ManifestLocation(file, line: line)]
                            } ?? []))
                }
            }
        }
        return findings
    }
}

/// The tie between an implementation version and its manifest's requirement on its protocol set.
public enum Tie {
    /// What breaks the tie, with the fix.
    public struct Problem: Sendable, Equatable {
        public var message: String
        public var help: String
        public var line: Int?
    }

    /// Nil when `implementation` and the protocol-set versions its manifest admits are on one line.
    public static func problem(implementation version: Version, protocolSet: String, dependencies: [ResolvedDependency])
        -> Problem?
    {
        let line = version.line
        let suggested = Requirement.upToNextMinor(line.firstVersion.description)
        let fix = line.minor == nil ? "from: \"\(line.firstVersion)\"" : suggested.manifestText
        let requirements = dependencies.filter { $0.component == protocolSet }.map(\.dependency)
        guard !requirements.isEmpty else {
            return Problem(
                message: "\(version) does not depend on its protocol set \(protocolSet)",
                help: "add `.package(url: …\(protocolSet)…, \(fix))` to its Package.swift", line: nil)
        }
        // Alternatives (`#if os(Linux)` … `#else` …): the tie must hold in each, whichever host builds; a
        // conditional local override (`if env["LOCAL"] { .package(path:) }`) beside a versioned one is not a release's.
        let versioned = requirements.contains { $0.requirement.isVersioned }
        return requirements.lazy.filter { !(versioned && !$0.branches.isEmpty && !$0.requirement.isVersioned) }
            .compactMap {
                problem(implementation: version, line: line, fix: fix, protocolSet: protocolSet, dependency: $0)
            }.first
    }

    private static func problem(
        implementation version: Version, line: CompatibilityLine, fix: String, protocolSet: String,
        dependency: PackageDependency
    ) -> Problem? {
        guard let interval = dependency.requirement.interval else {
            return Problem(
                message:
                    """
                    \(version) requires \(protocolSet) with `\(dependency.requirementText)`, which names no \
                    version line
                    """,
                help: "require \(protocolSet) with `\(fix)`", line: dependency.line)
        }
        if !interval.isOneLine {
            return Problem(
                message:
                    """
                    \(version) requires \(protocolSet) `\(dependency.requirementText)`, which admits several \
                    compatibility lines (\(interval.linesDescription))
                    """,
                help: "narrow it to one line: `\(fix)`", line: dependency.line)
        }
        let admitted = interval.lines(limit: 1)[0]
        if admitted != line {
            return Problem(
                message:
                    """
                    \(version) (line \(line)) requires \(protocolSet) `\(dependency.requirementText)` on line \
                    \(admitted); an implementation and its protocol set share one line
                    """,
                help:
                    """
                    release the implementation on line \(admitted) (\(admitted.firstVersion)), or require \
                    \(protocolSet) with `\(fix)`
                    """,
                line: dependency.line)
        }
        return nil
    }
}

/// LS204: a protocol set released a line no implementation release supports yet.
struct LS204: Rule {
    let id = "LS204"
    let severity = Severity.warning
    let summary = "a protocol set has a release on a newer line than any implementation release supports"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for state in context.components where state.component.kind == .protocols {
            guard let newest = state.newestRelease else { continue }
            let implementations = context.snapshot.components.filter {
                $0.component.protocolSet?.name == state.component.name
            }
            guard !implementations.isEmpty else { continue }
            var supported: [CompatibilityLine] = []
            for implementation in implementations {
                for release in implementation.releases {
                    guard
                        let dependencies = try context.manifests.readableDependencies(
                            of: implementation.component, at: release.commit)
                    else { continue }
                    if let requirement = dependencies.first(where: { $0.component == state.component.name })?.dependency
                        .requirement,
                        let interval = requirement.interval
                    {
                        supported += interval.lines(limit: 4)
                    }
                }
            }
            if let best = supported.max(), best >= newest.version.line { continue }
            let names = implementations.map(\.component.name).joined(separator: ", ")
            findings.append(
                finding(
                    state.component.name, version: "\(newest.version)",
                    """
                    \(state.component.name) \(newest.version) opened line \(newest.version.line), but no release \
                    of \(names) supports it yet
                    """,
                    help:
                        """
                        implement it and release \(names) on line \(newest.version.line) (`lockstep bump`, then \
                        `lockstep integrate \(state.component.name) \(names)`)
                        """
                ))
        }
        return findings
    }
}
