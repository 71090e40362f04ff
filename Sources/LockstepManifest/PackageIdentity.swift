/// SwiftPM's package identity, the one key by which Lockstep matches a manifest's `.package(...)` to a component.
public enum PackageIdentity {
    /// The identity of a package location as SwiftPM derives it: the last path component, lowercased, without a
    /// trailing `/` or `.git`. Works for URLs, scp-style `git@host:owner/name.git` and local paths alike.
    public static func of(location: String) -> String {
        name(ofLocation: location).lowercased()
    }

    /// The last path component of a package location without a trailing `/` or `.git`, in its own case (for
    /// messages and for naming components after their repos).
    public static func name(ofLocation location: String) -> String {
        var text = Substring(location)
        while text.hasSuffix("/") { text = text.dropLast() }
        // scp-style `host:name.git` has no slash before the name; the colon ends the host part then.
        if let cut = text.lastIndex(where: { $0 == "/" || $0 == ":" || $0 == "\\" }) {
            text = text[text.index(after: cut)...]
        }
        var last = String(text)
        if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
        return last
    }

    /// The identity of a registry package `scope.name`: the id itself, lowercased (SwiftPM compares ids ignoring case).
    public static func of(registryID: String) -> String {
        registryID.lowercased()
    }

    /// The `name` part of a registry id `scope.name`, lowercased; nil when the id has no scope.
    public static func namePart(ofRegistryID id: String) -> String? {
        guard let dot = id.firstIndex(of: "."), dot != id.startIndex else { return nil }
        let name = id[id.index(after: dot)...]
        return name.isEmpty ? nil : name.lowercased()
    }
}
