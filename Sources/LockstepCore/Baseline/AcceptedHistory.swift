import Foundation
import Version

/// The releases a baseline accepts as judged: per component, every version up to the baseline's version, as long as
/// the component's tags up to it are the ones the baseline recorded (`Baseline.historyDigest`). `check` and `report`
/// do not diff those releases again (LS203) nor check them against their protocol set (LS205): their findings are
/// about published tags nobody can change, and the baseline already holds the ones it accepted. `--no-baseline` and
/// `lockstep baseline` judge everything.
public struct AcceptedHistory: Sendable, Equatable {
    /// Nothing accepted: every release is judged.
    public static let none = AcceptedHistory(through: [:])

    /// Component name → the newest version whose release is not judged again.
    public private(set) var through: [String: Version]

    init(through: [String: Version]) {
        self.through = through
    }

    /// The history `baseline` accepts in `snapshot`: components whose entry has a history digest equal to that of
    /// their tags now. An entry without one (a baseline older than the field), a version no longer parsed, or tags
    /// moved,
    /// deleted or added at or below its version leave the component judged in full.
    public init(baseline: Baseline?, snapshot: WorkspaceSnapshot) {
        var through: [String: Version] = [:]
        for entry in baseline?.components ?? [] {
            guard let recorded = entry.history, let version = VersionTag.parse(entry.version),
                let state = snapshot.component(entry.name),
                Baseline.historyDigest(of: state, through: version) == recorded
            else { continue }
            through[entry.name] = version
        }
        self.through = through
    }

    /// True when the release of `version` of `component` is accepted history.
    public func covers(_ version: Version, of component: String) -> Bool {
        guard let newest = through[component] else { return false }
        return version <= newest
    }

    /// How many versions of the snapshot's components (in `focus`, all when empty) are accepted history and have a
    /// release before them, i.e. how many judgements LS203 leaves out.
    public func judgementsLeftOut(in snapshot: WorkspaceSnapshot, focus: Set<String> = []) -> Int {
        snapshot.components.reduce(0) { total, state in
            let name = state.component.name
            guard focus.isEmpty || focus.contains(name), through[name] != nil else { return total }
            return total + LS203.judgements(of: state).filter { covers($0.tag.version, of: name) }.count
        }
    }
}
