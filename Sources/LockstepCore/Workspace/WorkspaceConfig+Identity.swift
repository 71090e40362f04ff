import LockstepManifest

extension WorkspaceConfig {
    /// Matches a manifest dependency to a component by SwiftPM's package identity, the one rule every command uses:
    /// the last path component of its URL or path (case-insensitive, `.git` stripped), or its registry id
    /// `scope.name`, against each component's name, `url:`, `aliases:` and `remote` patterns. A registry id also
    /// matches a component by its `name` part. `name:` in `.package(...)` plays no part, as in SwiftPM.
    public func componentName(for dependency: PackageDependency) -> String? {
        if let id = dependency.registryID {
            if let name = componentIndex[PackageIdentity.of(registryID: id)] { return name }
            return PackageIdentity.namePart(ofRegistryID: id).flatMap { componentIndex[$0] }
        }
        return componentIndex[dependency.identity.lowercased()]
    }

    /// The component a pod name (a podspec's `name`, `Name/Subspec` counted as `Name`) identifies, if any.
    public func componentName(forPod name: String) -> String? {
        componentIndex[String(name.split(separator: "/").first ?? Substring(name)).lowercased()]
    }

    /// The identities a component claims itself (name, `url:`, `aliases:`), lowercased; two components claiming
    /// one of them is a configuration error.
    static func declaredIdentities(of component: Component) -> [(identity: String, source: String)] {
        var result: [(identity: String, source: String)] = [(component.name.lowercased(), "name")]
        if let url = component.url { result.append((PackageIdentity.of(location: url), "url")) }
        for alias in component.aliases { result.append((identity(ofAlias: alias), "aliases")) }
        return result
    }

    /// An alias is a URL or path (identity: its last component) or a bare name or registry id (itself).
    static func identity(ofAlias alias: String) -> String {
        alias.contains("/") || alias.contains(":") ? PackageIdentity.of(location: alias) : alias.lowercased()
    }

    /// Declared identities first; a `remote` pattern's identity (`ios-{name}` → `ios-login`) only where no
    /// component declared it and no other pattern gives it to another component.
    static func index(_ components: [Component], remotes: [String]) -> [String: String] {
        var index: [String: String] = [:]
        for component in components {
            for (identity, _) in declaredIdentities(of: component) where index[identity] == nil {
                index[identity] = component.name
            }
        }
        var fromPatterns: [String: String?] = [:]
        for component in components {
            for pattern in remotes {
                let identity = PackageIdentity.of(
                    location: pattern.replacingOccurrences(of: "{name}", with: component.name))
                guard index[identity] == nil else { continue }
                if let other = fromPatterns[identity], other != component.name {
                    fromPatterns[identity] = .some(nil)
                } else {
                    fromPatterns[identity] = component.name
                }
            }
        }
        for case let (identity, name?) in fromPatterns { index[identity] = name }
        return index
    }
}
