/// How a manifest constrains a dependency's version: the closed set SwiftPM's `.package(...)` accepts.
public enum Requirement: Hashable, Sendable {
    /// `exact: "1.2.3"` or `.exact("1.2.3")`.
    case exact(String)
    /// `from: "1.2.3"` or `.upToNextMajor(from: "1.2.3")`.
    case upToNextMajor(String)
    /// `.upToNextMinor(from: "1.2.3")`.
    case upToNextMinor(String)
    /// `"1.0.0"..<"2.0.0"`.
    case range(String, String)
    /// `"1.0.0"..."1.9.0"`.
    case closedRange(String, String)
    /// `branch: "main"` or `.branch("main")`.
    case branch(String)
    /// `revision: "abc123"` or `.revision("abc123")`.
    case revision(String)
    /// `.package(path: "../Local")`: a local folder, no version at all.
    case path(String)

    /// How the requirement reads in a manifest, e.g. `from: "1.2.0"` or `"1.0.0"..<"2.0.0"`.
    public var manifestText: String {
        switch self {
        case .exact(let v): return "exact: \"\(v)\""
        case .upToNextMajor(let v): return "from: \"\(v)\""
        case .upToNextMinor(let v): return ".upToNextMinor(from: \"\(v)\")"
        case .range(let a, let b): return "\"\(a)\"..<\"\(b)\""
        case .closedRange(let a, let b): return "\"\(a)\"...\"\(b)\""
        case .branch(let b): return "branch: \"\(b)\""
        case .revision(let r): return "revision: \"\(r)\""
        case .path(let p): return "path: \"\(p)\""
        }
    }

    /// A short name of the requirement's kind, as the matrix and JSON print it.
    public var kindName: String {
        switch self {
        case .exact: return "exact"
        case .upToNextMajor: return "upToNextMajor"
        case .upToNextMinor: return "upToNextMinor"
        case .range: return "range"
        case .closedRange: return "closedRange"
        case .branch: return "branch"
        case .revision: return "revision"
        case .path: return "path"
        }
    }
}

/// One `.package(...)` entry of a manifest.
public struct PackageDependency: Hashable, Sendable {
    /// The `url:` argument, when the dependency is remote.
    public var url: String?
    /// The `name:` argument, when given. SwiftPM ignores it for identity, and so does Lockstep.
    public var explicitName: String?
    /// The registry id `scope.name` of `.package(id:...)`, when the dependency comes from a registry.
    public var registryID: String? = nil
    /// The pod name of a CocoaPods dependency (`pod 'Name/Subspec'` → `Name`): its identity, as the URL is SwiftPM's.
    public var podName: String? = nil
    /// A Podfile option that takes the pod from somewhere of its own (`source`, `podspec`), when given.
    public var podOption: String? = nil
    /// The version requirement (a `.path` requirement for local packages).
    public var requirement: Requirement
    /// The requirement as the manifest writes it when that is not SwiftPM's spelling (`'~> 1.2'` in a Podfile).
    public var writtenRequirement: String? = nil
    /// 1-based line of the `.package(` call in the manifest.
    public var line: Int
    /// 1-based column of the `.package(` call.
    public var column: Int
    /// UTF-8 byte range of the requirement argument(s), the part a pin rewrite replaces.
    public var requirementRange: Range<Int>
    /// The `#if`/`if` branches the call sits in that could not be decided (outermost first); empty when it is
    /// always part of the manifest.
    public var branches: [ConditionBranch] = []

    /// True when this dependency and `other` sit in different branches of one condition: never both apply.
    public func isAlternative(to other: PackageDependency) -> Bool {
        branches.contains { mine in other.branches.contains { $0.id == mine.id && $0.clause != mine.clause } }
    }

    /// The requirement as messages show it: as the manifest writes it (`'~> 1.2'` in a Podfile), else SwiftPM's
    /// spelling (`from: "1.2.0"`).
    public var requirementText: String { writtenRequirement ?? requirement.manifestText }

    /// The branches as written (`#if os(Linux)`, `else`), for messages; empty when unconditional.
    public var conditionText: String { branches.map(\.text).joined(separator: ", ") }

    /// The package's identity as SwiftPM derives it, in the manifest's case (SwiftPM compares it ignoring case):
    /// the registry id, else the last path component of the URL or path without `.git`. `name:` does not change it.
    public var identity: String {
        if let registryID { return registryID }
        if let podName { return podName }
        switch requirement {
        case .path(let path) where url == nil: return PackageIdentity.name(ofLocation: path)
        default: return PackageIdentity.name(ofLocation: url ?? "")
        }
    }
}

/// A manifest could not be read; names the file, line and column and what was expected.
public struct ManifestError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: ManifestFile
    public var line: Int
    public var column: Int
    public var reason: String
    /// For a dependency that could not be read: its identity when that much was read (a `pod` line's pod name, an
    /// Xcode reference's package identity), so a release of another component can tell it is not about it.
    public var dependencyIdentity: String? = nil

    public init(file: ManifestFile, line: Int, column: Int, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = Self.printable(reason)
    }

    /// Reasons quote the file's text (a pod's constraint, a key): control characters other than line breaks are
    /// shown escaped, never sent to the terminal (an escape sequence could rewrite it), and a huge quote is cut.
    static func printable(_ text: String, limit: Int = 600) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            // Line breaks stay (a YAML parser's error shows the line and a caret below it).
            if (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.count > limit
            ? String(result.prefix(limit)) + "… (\(result.count - limit) more characters)" : result
    }

    public var description: String { "\(file):\(line):\(column): \(reason)" }
}
