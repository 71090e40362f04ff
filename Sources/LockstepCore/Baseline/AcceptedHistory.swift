import Foundation
import Version

/// The releases a baseline accepts as judged: per component, every version up to the baseline's version, as long as
/// the component's history up to it is the one the baseline recorded (`Baseline.historyDigest`: its tags, their tag
/// objects, the `accept:` entries about them, how `lockstep.yml` has it read). `check` and `report` do not diff those
/// releases again (LS203): their verdicts were settled when the baseline was recorded, and it holds the findings it
/// accepted.
/// `--no-baseline` and `lockstep baseline` judge everything. LS205 still checks every release: its verdict also
/// depends on the protocol set's later releases, which the implementation's digest does not hold.
public struct AcceptedHistory: Sendable, Equatable {
    /// Nothing accepted: every release is judged.
    public static let none = AcceptedHistory(through: [:])

    /// Component name → the newest version whose release is not judged again.
    public private(set) var through: [String: Version]
    /// Components whose baseline entry holds a digest that no longer matches their history (judged in full).
    public private(set) var changed: [String] = []
    /// Components whose baseline entry holds no digest (a baseline written before lockstep recorded one).
    public private(set) var undigested: [String] = []

    init(through: [String: Version]) {
        self.through = through
    }

    /// The history `baseline` accepts in `snapshot`: components whose entry has a history digest equal to that of
    /// their history now. An entry without one, a version no longer parsed, or a history changed at or below its
    /// version leave the component judged in full (`changed`, `undigested` say which).
    public init(baseline: Baseline?, snapshot: WorkspaceSnapshot) {
        through = [:]
        for entry in baseline?.components ?? [] {
            guard let state = snapshot.component(entry.name) else { continue }
            guard let recorded = entry.history else {
                undigested.append(entry.name)
                continue
            }
            guard let version = VersionTag.parse(entry.version),
                Baseline.historyDigest(of: state, through: version, config: snapshot.config) == recorded
            else {
                changed.append(entry.name)
                continue
            }
            through[entry.name] = version
        }
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
