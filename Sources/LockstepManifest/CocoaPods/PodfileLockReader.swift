import Yams

/// What a `Podfile.lock` says CocoaPods resolved: each pod's version (`PODS:` entries `Name (1.2.3)` or
/// `Name/Subspec (1.2.3)`, the latter counted as `Name`), with the line it is on.
public enum PodfileLockReader {
    public struct Resolved: Sendable, Equatable {
        public var version: String
        public var line: Int
    }

    /// The resolved versions by pod name; throws a `ManifestError` with the place for a file that is not a lock.
    public static func parse(_ text: String, file: ManifestFile) throws -> [String: Resolved] {
        try YAMLAnchorScan.requirePlain(text, file: file)
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw ManifestError(
                file: file, line: 1, column: 1,
                reason: "Podfile.lock is not valid YAML (\(error)); run `pod install` to write it again")
        } catch {
            throw ManifestError(file: file, line: 1, column: 1, reason: "Podfile.lock cannot be read: \(error)")
        }
        guard let pods = node?.mapping?["PODS"]?.sequence else {
            throw ManifestError(
                file: file, line: 1, column: 1,
                reason: "Podfile.lock has no `PODS:` list; run `pod install` to write it again")
        }
        var result: [String: Resolved] = [:]
        for entry in pods {
            // `- Name (1.2.3)` or `- Name (1.2.3):` with the pod's own dependencies below it.
            let text = entry.scalar?.string ?? entry.mapping?.keys.first?.scalar?.string
            guard let text, let open = text.lastIndex(of: "("), text.hasSuffix(")") else { continue }
            let name = text[..<open].trimmingCharacters(in: .whitespaces)
            let version = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            let pod = String(name.split(separator: "/").first ?? Substring(name))
            guard !pod.isEmpty, result[pod] == nil else { continue }
            result[pod] = Resolved(version: version, line: (entry.mark?.line ?? 0))
        }
        return result
    }
}
