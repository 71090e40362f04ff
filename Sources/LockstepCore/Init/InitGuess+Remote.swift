import LockstepManifest

extension InitGuesser {
    /// `origin` as a `remote` pattern: its last path component's `name` replaced by `{name}`; nil when the origin
    /// does not end in the name or is no URL Lockstep would write.
    static func pattern(origin: String, name: String) -> String? {
        var text = origin
        while text.hasSuffix("/") { text.removeLast() }
        var suffix = ""
        if text.lowercased().hasSuffix(".git") { suffix = String(text.suffix(4)); text.removeLast(4) }
        guard text.hasSuffix(name) else { return nil }
        let prefix = text.dropLast(name.count)
        guard let last = prefix.last, "/:".contains(last) else { return nil }
        let pattern = prefix + "{name}" + suffix
        return ConfigParser.firstNonURLCharacter(in: String(prefix) + suffix) == nil ? String(pattern) : nil
    }

    /// The one pattern that explains the most origins becomes `remote` (the URL Lockstep writes for a component
    /// is the first pattern's, so a list would write wrong URLs for the rest); every other origin becomes `url:`.
    static func chooseRemote(_ guess: inout WorkspaceGuess) {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for entry in guess.components {
            guard let origin = entry.origin, let pattern = pattern(origin: origin, name: entry.name) else { continue }
            if counts[pattern] == nil { order.append(pattern) }
            counts[pattern, default: 0] += 1
        }
        let best = order.max {
            counts[$0]! < counts[$1]!
                || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!)
        }
        guess.remote = best
        let claimed = Set(guess.components.flatMap { [$0.name.lowercased()] + $0.aliases.map { $0.lowercased() } })
        for index in guess.components.indices {
            let entry = guess.components[index]
            guard let origin = entry.origin else {
                guess.components[index].reasons.append(
                    "no `origin` remote: manifests are matched to it by its name only")
                continue
            }
            if let best, pattern(origin: origin, name: entry.name) == best { continue }
            let identity = PackageIdentity.of(location: origin)
            if ConfigParser.firstNonURLCharacter(in: origin) != nil {
                guess.components[index].reasons.append(
                    "origin \(origin) cannot be written as a URL; left without url: (REVIEW)")
            } else if identity != entry.name.lowercased() && claimed.contains(identity) {
                guess.components[index].reasons.append(
                    "origin \(origin) names another component's package; left without url: (REVIEW)")
            } else {
                guess.components[index].url = origin
                guess.components[index].reasons.append("url: its origin does not follow the remote pattern")
            }
        }
    }
}
