import LockstepManifest
import Version

/// The version matrix: where every component of the workspace stands (SPEC §5 `matrix`).
public struct Matrix: Sendable {
    /// One row per component.
    public struct Row: Sendable {
        public var name: String
        /// Its kind; a business component's names its protocol set.
        public var kind: ComponentKind
        /// For a business component: the line of its protocol set that its manifest at HEAD admits.
        public var protocolSetLine: String?
        public var newestRelease: VersionTag?
        public var newestPrerelease: VersionTag?
        public var commitsAhead: Int
        /// Per main app (in workspace order): the requirement it pins this component with, nil when unused.
        public var pins: [String: Requirement]
        /// Per shell app: the requirement it has on this component, nil when unused.
        public var requirements: [String: Requirement]
        /// What the rules found about this component.
        public var findings: [Finding]

        /// For a business component: the protocol set it implements.
        public var protocolSet: String? { kind.implements }

        /// `ok`, or the IDs of the rules it breaks, one each.
        public var status: [String] {
            var seen = Set<String>()
            return findings.map(\.rule).filter { seen.insert($0).inserted }
        }
        /// The worst severity found, nil when clean.
        public var worstSeverity: Severity? { findings.map(\.severity).max() }
    }

    public var workspace: String
    public var mainApps: [String]
    public var shellApps: [String]
    public var rows: [Row]
    /// Findings about apps that concern no single component.
    public var appFindings: [Finding]

    /// Builds the matrix from a snapshot and the findings of the rules the matrix runs.
    public static func build(_ snapshot: WorkspaceSnapshot, findings: [Finding], manifests: ManifestStore) -> Matrix {
        let byComponent = Dictionary(grouping: findings, by: \.subject)
        let names = Set(snapshot.components.map(\.component.name))
        let rows = snapshot.components.map { state -> Row in
            let name = state.component.name
            var line: String?
            if let protocolSet = state.component.implements, let head = state.head,
                let dependency = try? manifests.dependencies(of: state.component, at: head).first(where: {
                    $0.component == protocolSet
                })
            {
                line = dependency.dependency.requirement.interval?.linesDescription
            }
            var pins: [String: Requirement] = [:]
            for app in snapshot.mainApps { pins[app.app.name] = app.dependency(on: name)?.dependency.requirement }
            var requirements: [String: Requirement] = [:]
            for app in snapshot.shellApps {
                requirements[app.app.name] = app.dependency(on: name)?.dependency.requirement
            }
            return Row(
                name: name, kind: state.component.kind, protocolSetLine: line,
                newestRelease: state.newestRelease, newestPrerelease: state.newestPrerelease,
                commitsAhead: state.commitsAhead, pins: pins, requirements: requirements,
                findings: byComponent[name] ?? [])
        }
        return Matrix(
            workspace: snapshot.config.root.path,
            mainApps: snapshot.mainApps.map(\.app.name), shellApps: snapshot.shellApps.map(\.app.name),
            rows: rows, appFindings: findings.filter { !names.contains($0.subject) })
    }
}
