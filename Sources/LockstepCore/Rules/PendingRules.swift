import LockstepGit
import LockstepManifest
import Version

/// LS302: a release needs a version of another component that only that component's release candidate provides.
///
/// Seen on the workspace `integrate` judges (the candidates released): an implementation whose rc requires its
/// protocol set's new minor or major, which is itself only an rc, cannot be released alone. The fix is to
/// integrate both in one run, and the finding prints that command.
struct LS302: Rule {
    let id = "LS302"
    let severity = Severity.error
    let summary = "a release requires a version of another component that only its release candidate provides"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for state in context.components {
            guard let release = state.newestRelease else { continue }
            for need in try context.snapshot.pendingNeeds(of: state.component, at: release.commit) {
                let command = try context.snapshot.integrateCommand(for: state.component.name, at: release.commit)
                findings.append(
                    finding(
                        state.component.name, version: "\(release.version)",
                        """
                        \(state.component.name) \(release.version) requires \(need.component) \
                        `\(need.dependency.requirementText)`, which no release of \(need.component) provides; \
                        only its release candidate \(need.rc.name) does
                        """,
                        help: "release both in one run: `\(command)`",
                        locations: [
                            ManifestLocation(
                                context.manifests.file(of: state.component, at: release.commit, revision: release.name),
                                line: need.dependency.line)
                        ]))
            }
        }
        return findings
    }
}

/// A requirement that only another component's pending release candidate satisfies.
public struct PendingNeed: Sendable {
    /// The component required.
    public var component: String
    /// The dependency as the manifest declares it.
    public var dependency: PackageDependency
    /// The rc `integrate` would take for it.
    public var rc: VersionTag
}

extension WorkspaceSnapshot {
    /// The requirements of `component`'s manifest at `commit` that no release of the required component admits but
    /// the release its pending rc would become does. Empty when the manifest cannot be read (LS103 says why).
    public func pendingNeeds(of component: Component, at commit: ObjectID) throws -> [PendingNeed] {
        guard let dependencies = try manifests.readableDependencies(of: component, at: commit) else { return [] }
        var needs: [PendingNeed] = []
        for resolved in dependencies {
            let requirement = resolved.dependency.requirement
            guard let name = resolved.component, name != component.name, requirement.isVersioned,
                let state = self.component(name), !state.releases.contains(where: { requirement.admits($0.version) }),
                let rc = try? state.releaseCandidateToIntegrate(), requirement.admits(rc.version.release)
            else { continue }
            needs.append(PendingNeed(component: name, dependency: resolved.dependency, rc: rc))
        }
        return needs
    }

    /// The `lockstep integrate …` command that releases `component` (its manifest read at `commit`) together with
    /// every component whose pending rc it needs, those first.
    public func integrateCommand(for component: String, at commit: ObjectID) throws -> String {
        var order: [String] = []
        var seen: Set<String> = [component]
        func visit(_ name: String, _ commit: ObjectID) throws {
            guard let state = self.component(name) else { return }
            for need in try pendingNeeds(of: state.component, at: commit) where seen.insert(need.component).inserted {
                try visit(need.component, need.rc.commit)
            }
            order.append(name)
        }
        try visit(component, commit)
        return "lockstep integrate " + order.joined(separator: " ")
    }
}
