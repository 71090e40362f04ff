import Foundation
import LockstepGit
import LockstepManifest
import Version

/// One component repo as read from git: its version tags, HEAD and where it stands against its releases.
public struct ComponentSnapshot: Sendable {
    public var component: Component
    /// Version tags, oldest version first.
    public var versionTags: [VersionTag]
    /// Tags that are not versions (LS101).
    public var otherTags: [Tag]
    /// HEAD's commit; nil for a repo without commits.
    public var head: ObjectID?
    /// HEAD's branch; nil when detached.
    public var branch: String?
    /// Commits on HEAD after the newest release (all commits when there is no release).
    public var commitsAhead: Int
    /// The message of the newest release's tag when it is annotated (to tell tags `integrate` wrote).
    public var newestReleaseMessage: String? = nil
    /// Release tags `integrate --push` made here and has not seen on the remote yet (LS411).
    public var unpublishedTags: [UnpublishedMark] = []
    /// The tag object of each annotated version tag, by tag name (what `Baseline.historyDigest` reads: a tag rewritten
    /// on the same commit, its trailer changed, is another object).
    public var tagObjects: [String: ObjectID] = [:]

    /// True when the newest release was tagged by `lockstep integrate`.
    public var newestReleaseIsFromIntegrate: Bool {
        newestReleaseMessage?.contains(IntegrationMarker.releaseTagLine) == true
    }

    /// The newest tag without a prerelease part.
    public var newestRelease: VersionTag? { versionTags.last { !$0.isPrerelease } }
    /// The newest prerelease above the newest release, if any.
    public var newestPrerelease: VersionTag? {
        guard let last = versionTags.last, last.isPrerelease else { return nil }
        return last
    }
    /// The newest version tag of any kind.
    public var newestVersion: VersionTag? { versionTags.last }
    /// The repo's tag style.
    public var tagStyle: TagStyle { TagStyle.of(versionTags) }
    /// The tags naming `version` (two when `1.2.0` and `v1.2.0` both exist).
    public func tags(for version: Version) -> [VersionTag] { versionTags.filter { $0.version == version } }
    /// The tag naming `version`, if any.
    public func tag(for version: Version) -> VersionTag? { versionTags.last { $0.version == version } }
    /// Releases only (no prereleases), oldest first, one per version.
    public var releases: [VersionTag] {
        var seen = Set<Version>()
        return versionTags.filter { !$0.isPrerelease && seen.insert($0.version).inserted }
    }
}

/// A dependency of a manifest, matched to a workspace component when it is one.
public struct ResolvedDependency: Sendable {
    public var dependency: PackageDependency
    /// The component this dependency names; nil for a package outside the workspace.
    public var component: String?
}

/// One app repo as read from git: its HEAD and the dependencies its manifest declares there.
public struct AppSnapshot: Sendable {
    public var app: App
    public var head: ObjectID?
    public var branch: String?
    /// The manifest at HEAD; nil when the app has no commits.
    public var manifest: Manifest?
    /// Its dependencies in manifest order (requirements may be rewritten, components never are).
    public var dependencies: [ResolvedDependency]
    /// Why the manifest at HEAD cannot be read (LS103), nil when it can; `manifest` is nil then.
    public var manifestError: ManifestError? = nil
    /// For a Podfile app: what its tracked `Podfile.lock` (beside the Podfile) resolved at HEAD, by pod name; nil
    /// when it tracks none. `podfileLockError` says why it cannot be read.
    public var podfileLock: [String: PodfileLockReader.Resolved]? = nil
    public var podfileLockError: ManifestError? = nil
    /// The lock's path in the repo, for messages.
    public var podfileLockPath: String? = nil
    /// Branches holding a pin commit `integrate --push` made and has not seen on the remote yet (LS411).
    public var unpublishedPins: [UnpublishedMark] = []
    private let positions: [String: Int]

    public init(app: App, head: ObjectID?, branch: String?, manifest: Manifest?, dependencies: [ResolvedDependency]) {
        self.app = app
        self.head = head
        self.branch = branch
        self.manifest = manifest
        self.dependencies = dependencies
        positions = Dictionary(
            dependencies.enumerated().compactMap { index, resolved in resolved.component.map { ($0, index) } },
            uniquingKeysWith: { first, _ in first })
    }

    /// The dependency on `component`, if the manifest has one.
    public func dependency(on component: String) -> ResolvedDependency? {
        positions[component].map { dependencies[$0] }
    }
}

/// The whole workspace as read from git at one moment.
public struct WorkspaceSnapshot: Sendable {
    public var config: WorkspaceConfig
    /// Components in `lockstep.yml` order (their order and names never change after loading).
    public var components: [ComponentSnapshot]
    public var apps: [AppSnapshot]
    /// Manifests at any commit, shared by everything that reads this snapshot (prefetched while loading).
    public let manifests: ManifestStore
    private let positions: [String: Int]

    public init(
        config: WorkspaceConfig, components: [ComponentSnapshot], apps: [AppSnapshot], manifests: ManifestStore? = nil
    ) {
        self.config = config
        self.components = components
        self.apps = apps
        self.manifests = manifests ?? ManifestStore(config: config)
        positions = Dictionary(
            components.enumerated().map { ($1.component.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func component(_ name: String) -> ComponentSnapshot? { positions[name].map { components[$0] } }

    /// The component called `name`, or a `WorkspaceError` (exit 2) that lists the components there are.
    public func requireComponent(_ name: String) throws -> ComponentSnapshot {
        guard let state = component(name) else {
            throw WorkspaceError(
                "unknown component `\(name)`; components: \(components.map(\.component.name).joined(separator: ", "))")
        }
        return state
    }
    public func app(_ name: String) -> AppSnapshot? { apps.first { $0.app.name == name } }
    public var mainApps: [AppSnapshot] { apps.filter { $0.app.role == .main } }
    public var shellApps: [AppSnapshot] { apps.filter { $0.app.role == .shell } }
}

/// A repo of the workspace could not be read.
public struct WorkspaceError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Text `integrate` writes into its release tags, so later runs and rules can recognise them.
public enum IntegrationMarker {
    public static let releaseTagLine = "Released by lockstep integrate"
    /// Where `integrate --push` notes, in each repo, what it made and the remote does not have yet:
    /// `<remote>/tags/<tag>` and `<remote>/pins/<branch>`; removed once the remote shows them.
    public static let unpublishedPrefix = "refs/lockstep/unpublished/"
}

/// A release tag or a pin branch that `integrate --push` made in a repo and has not seen on `remote` yet.
public struct UnpublishedMark: Sendable, Equatable {
    public enum Kind: String, Sendable { case tags, pins }
    public var remote: String
    /// The tag's or the branch's name.
    public var name: String

    static func reference(_ kind: Kind, _ name: String, remote: String) -> String {
        IntegrationMarker.unpublishedPrefix + "\(remote)/\(kind.rawValue)/\(name)"
    }

    /// Notes `name` as made and not yet on `remote`.
    static func mark(_ kind: Kind, _ name: String, remote: String, at commit: ObjectID, in repository: Repository)
        throws
    {
        try repository.setReference(reference(kind, name, remote: remote), to: commit, force: true)
    }

    /// Removes the note (the remote shows it now, or the local one was set aside).
    static func clear(_ kind: Kind, _ name: String, remote: String, in repository: Repository) throws {
        try repository.deleteReferenceIfPresent(reference(kind, name, remote: remote))
    }

    /// The notes of `kind` in `repository`, for every remote.
    static func list(_ kind: Kind, in repository: Repository) throws -> [UnpublishedMark] {
        let marker = "/\(kind.rawValue)/"
        return try repository.references(withPrefix: IntegrationMarker.unpublishedPrefix).compactMap { reference in
            let rest = reference.name.dropFirst(IntegrationMarker.unpublishedPrefix.count)
            guard let range = rest.range(of: marker) else { return nil }
            return UnpublishedMark(remote: String(rest[..<range.lowerBound]), name: String(rest[range.upperBound...]))
        }.sorted { ($0.remote, $0.name) < ($1.remote, $1.name) }
    }
}
