import LockstepManifest

extension Matrix {
    /// The matrix with only the named components' rows, in workspace order. Findings about apps alone concern no
    /// component, so a filtered matrix leaves them out.
    public func filtered(to names: [String]) -> Matrix {
        guard !names.isEmpty else { return self }
        let wanted = Set(names)
        var copy = self
        copy.rows = rows.filter { wanted.contains($0.name) }
        copy.appFindings = []
        return copy
    }

    /// One cell that says whether the apps agree on a component, so the table stays narrow however many apps
    /// there are: main apps' pins (`Main 1.2.0`, `3 mains 1.2.0`, `mains differ: 1.2.0/1.3.0`), then whether the
    /// shells admit them (`Shell ok`, `4 shells ok`, `drift in 1 of 4 shells`); `-` when no app uses it.
    public func appSummary(_ row: Row) -> String {
        let mains = mainApps.compactMap { app in row.pins[app].map { (app: app, requirement: $0) } }
        let shells = shellApps.compactMap { app in row.requirements[app].map { (app: app, requirement: $0) } }
        var parts: [String] = []
        let mainTexts = Self.distinct(mains.map(\.requirement.shortText))
        if mains.count == 1 {
            parts.append("\(mains[0].app) \(mainTexts[0])")
        } else if mainTexts.count == 1 {
            parts.append("\(mains.count) mains \(mainTexts[0])")
        } else if mainTexts.count > 1 {
            let shown = mainTexts.prefix(3).joined(separator: "/") + (mainTexts.count > 3 ? "/…" : "")
            parts.append("mains differ: \(shown)")
        }
        if !shells.isEmpty {
            let pinned = mains.compactMap(\.requirement.exactVersion)
            if pinned.isEmpty {
                let texts = Self.distinct(shells.map(\.requirement.shortText))
                let who = shells.count == 1 ? shells[0].app : "\(shells.count) shells"
                parts.append(texts.count == 1 ? "\(who) \(texts[0])" : who)
            } else {
                // The same judgement as LS403: a shell drifts when its requirement does not admit every main pin.
                let drifting = shells.filter { shell in !pinned.allSatisfy(shell.requirement.admits) }
                if drifting.isEmpty {
                    parts.append(shells.count == 1 ? "\(shells[0].app) ok" : "\(shells.count) shells ok")
                } else {
                    parts.append(
                        shells.count == 1
                            ? "\(shells[0].app) drift" : "drift in \(drifting.count) of \(shells.count) shells")
                }
            }
        }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }

    private static func distinct(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
