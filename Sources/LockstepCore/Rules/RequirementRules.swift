import LockstepGit
import LockstepManifest

/// LS104: a component's own manifest requires a version of another component that no tag provides (LS404 is the
/// same for apps): nothing that depends on it can resolve. At HEAD a release candidate counts for the version it
/// will become (`2.0.0-rc.1` provides `from: "2.0.0"`), so preparing a coordinated release is not an error.
struct LS104: Rule {
    let id = "LS104"
    let severity = Severity.error
    let summary = "a component requires a version of another component that no tag provides"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for state in context.components {
            // The revisions clients get: the newest release, and HEAD (the next release).
            var revisions: [(label: String, commit: ObjectID)] = []
            if let release = state.newestRelease { revisions.append((release.name, release.commit)) }
            if let head = state.head, head != state.newestRelease?.commit { revisions.append(("HEAD", head)) }
            var reported = Set<String>()
            for (label, commit) in revisions {
                guard let dependencies = try context.manifests.readableDependencies(of: state.component, at: commit)
                else { continue }  // LS103
                for resolved in dependencies {
                    let requirement = resolved.dependency.requirement
                    guard let name = resolved.component, name != state.component.name,
                        let required = context.snapshot.component(name),
                        let interval = requirement.interval,
                        !required.versionTags.contains(where: { tag in
                            interval.admits(tag.version)
                                || (label == "HEAD" && tag.isPrerelease && interval.admits(tag.version.release))
                        }),
                        reported.insert("\(name) \(requirement.manifestText)").inserted
                    else { continue }
                    let known = required.releases.suffix(3).map(\.name).joined(separator: ", ")
                    let file = context.manifests.file(of: state.component, at: commit, revision: label)
                    findings.append(
                        finding(
                            state.component.name, version: label,
                            """
                            \(state.component.name) at \(label) requires \(name) `\(requirement.manifestText)` \
                            but no tag of \(name) provides such a version; nothing that uses \
                            \(state.component.name) there can resolve
                            """,
                            help: known.isEmpty
                                ? """
                                release \(name) first (`lockstep bump \(name)` then `lockstep integrate \
                                \(name)`), or require a version it has
                                """
                                : "require a version \(name) has (newest: \(known)), or release the version first",
                            locations: [ManifestLocation(file, line: resolved.dependency.line)]))
                }
            }
        }
        return findings
    }
}
