import LockstepGit
import Version

/// A component at one exact version and the commit its release tag names: what an app build uses, and what a main
/// app's manifest (and its `Package.resolved`) is pinned to when the builds are green. What is written out are views
/// of it with their own fixed shapes: a plan file's `PhasePlan.VersionEntry`, and `integrate --format json`'s entries
/// (a build's versions carry the commit, a pin commit's pins do not).
public struct Pin: Sendable, Hashable, CustomStringConvertible {
    /// The component's name in `lockstep.yml`.
    public var component: String
    public var version: Version
    /// The commit the version's tag names (a `Package.resolved` entry's `revision`).
    public var commit: ObjectID

    public init(component: String, version: Version, commit: ObjectID) {
        self.component = component
        self.version = version
        self.commit = commit
    }

    /// `Cart 1.2.0`, as progress lines and commit messages name a pin.
    public var description: String { "\(component) \(version)" }
}
