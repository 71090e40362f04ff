import Yams

/// `remote` as one pattern or a list, and each component's `url:` and `aliases:`: how manifests may name it.
extension ConfigParser {
    /// `remote: PATTERN` or `remote: [PATTERN, …]`, each with `{name}`, no two alike; empty when absent.
    func remotePatterns(_ mapping: Node.Mapping) throws -> [String] {
        guard let node = mapping["remote"] else { return [] }
        let items: [Node]
        if let sequence = node.sequence {
            guard !sequence.isEmpty else {
                throw error(
                    at: node, "`remote` is an empty list; give at least one pattern with `{name}` or leave `remote` out"
                )
            }
            items = Array(sequence)
        } else {
            items = [node]
        }
        var patterns: [String] = []
        for item in items {
            guard let pattern = item.scalar?.string, !pattern.isEmpty else {
                throw error(
                    at: item,
                    "`remote` must be a pattern like https://git.example.com/ios/{name}.git, or a list of them")
            }
            try checkRemote(pattern, at: item)
            if patterns.contains(pattern) {
                throw error(at: item, "the `remote` pattern \(pattern) is listed twice; keep one")
            }
            patterns.append(pattern)
        }
        return patterns
    }

    /// A component's `url:` (a URL a manifest can hold) and `aliases:` (a list of non-empty names or URLs).
    func identityFields(_ entry: Node.Mapping) throws -> (url: String?, aliases: [String]) {
        var url: String?
        if let node = entry["url"] {
            guard let value = node.scalar?.string, !value.isEmpty else {
                throw error(at: node, "`url` must be the component's repo URL, a non-empty string")
            }
            if let bad = Self.firstNonURLCharacter(in: value) {
                throw error(
                    at: node,
                    """
                    `url` contains \(SafeName.describe(bad)), which cannot appear in a URL; percent-encode it \
                    (e.g. %20 for a space) or fix the URL
                    """
                )
            }
            guard !WorkspaceConfig.identity(ofAlias: value).isEmpty else {
                throw error(
                    at: node,
                    "`url` \(value) has no last path component to name the package by; give the repo's full URL")
            }
            url = value
        }
        var aliases: [String] = []
        if let node = entry["aliases"] {
            guard let sequence = node.sequence else {
                throw error(
                    at: node, "`aliases` must be a list, e.g. [OldName, https://git.example.com/ios/OldName.git]")
            }
            for item in sequence {
                guard let alias = item.scalar?.string, !alias.isEmpty else {
                    throw error(at: item, "each alias must be a non-empty name or URL")
                }
                if let bad = Self.firstNonURLCharacter(in: alias) {
                    throw error(
                        at: item,
                        """
                        alias contains \(SafeName.describe(bad)), which cannot appear in a package name or URL; \
                        fix the alias
                        """
                    )
                }
                guard !WorkspaceConfig.identity(ofAlias: alias).isEmpty else {
                    throw error(at: item, "alias \(alias) has no last path component to name a package by")
                }
                aliases.append(alias)
            }
        }
        return (url, aliases)
    }

    /// Two components claiming one package identity (by name, `url:` or `aliases:`) would make every match a guess.
    func checkIdentitiesUnique(_ components: [(Component, Node.Mapping)]) throws {
        var claimed: [String: (component: String, source: String, line: Int)] = [:]
        for (component, entry) in components {
            for (identity, source) in WorkspaceConfig.declaredIdentities(of: component) {
                let node = Self.node(for: source, identity: identity, in: entry) ?? entry["name"]!
                let line = node.mark?.line ?? 0
                guard let first = claimed[identity] else {
                    claimed[identity] = (component.name, source, line)
                    continue
                }
                if first.component == component.name { continue }
                throw error(
                    at: node,
                    """
                    the package identity `\(identity)` is claimed by `\(first.component)` (its \(first.source), \
                    line \(first.line)) and by `\(component.name)` (its \(source)); a manifest's `.package(...)` \
                    could mean either. Keep it on one component
                    """
                )
            }
        }
    }

    /// The node a declared identity came from, so the error points at the alias or URL itself.
    private static func node(for source: String, identity: String, in entry: Node.Mapping) -> Node? {
        switch source {
        case "url": return entry["url"]
        case "aliases":
            return entry["aliases"]?.sequence?.first {
                $0.scalar.map { WorkspaceConfig.identity(ofAlias: $0.string) } == identity
            }
        default: return entry["name"]
        }
    }

    /// The first character that cannot appear in a URL Lockstep writes into a manifest, nil when there is none.
    static func firstNonURLCharacter(in text: String) -> Unicode.Scalar? {
        let forbidden = Set("\"`\\<>^|{}".unicodeScalars)
        return text.unicodeScalars.first { scalar in
            forbidden.contains(scalar) || scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                || [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
        }
    }
}
