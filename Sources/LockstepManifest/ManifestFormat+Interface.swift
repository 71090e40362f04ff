/// What a build copy must change, beside the pins, so a manifest's tools resolve the speculative release.
public enum BuildRedirection: Equatable, Sendable {
    /// SwiftPM reads mirrors from `<folder>/configuration/mirrors.json` (`.swiftpm` beside a Package.swift, an
    /// Xcode project's `project.xcworkspace/xcshareddata/swiftpm`); paths relative to the repo root.
    case swiftPMMirrors(folder: String)
    /// A resolved-versions file that would fight the pins (Package.resolved); removed from the copy.
    case removeResolved(path: String)
    /// CocoaPods resolves from spec repos: a temporary one, named first in the Podfile's `source` lines.
    case specRepo
}

extension ManifestFormat {
    /// The one entry point that reads every format: requirements with their places, as a `Manifest` whose
    /// `pinning` rewrites one requirement in the format's own spelling, every other byte kept. `toolchain` decides
    /// `#if swift(>=…)` in Package.swift (nil: the newest).
    public func read(_ text: String, file: String, toolchain: [Int]? = nil) throws -> Manifest {
        switch self {
        case .swiftPackage: return try Manifest.parse(text, file: file, toolchain: toolchain)
        case .xcodeProject: return try XcodeProjectReader.parse(text, file: file)
        case .xcodeGen: return try XcodeGenReader.parse(text, file: file)
        case .tuist: return try Manifest.parseTuistProject(text, file: file)
        case .podfile: return try PodfileReader.parse(text, file: file)
        case .podspec: return try PodspecReader.parse(text, file: file)
        case .podspecJSON: return try PodspecReader.parseJSON(text, file: file)
        }
    }

    /// What a build copy of an app whose manifest is `path` (inside the repo) must redirect, beside the pins.
    public func buildRedirections(manifestPath path: String) -> [BuildRedirection] {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        func inFolder(_ name: String) -> String { folder.isEmpty ? name : "\(folder)/\(name)" }
        switch self {
        case .swiftPackage:
            // Beside the manifest: the root's, or Tuist's `Tuist/Package.swift`.
            return [.removeResolved(path: inFolder("Package.resolved")), .swiftPMMirrors(folder: inFolder(".swiftpm"))]
        case .xcodeProject:
            // Xcode keeps SwiftPM's state in the project's shared workspace data; a root Package.resolved may exist too.
            let swiftpm = inFolder("project.xcworkspace/xcshareddata/swiftpm")
            return [.removeResolved(path: "Package.resolved"), .removeResolved(path: "\(swiftpm)/Package.resolved"),
                    .swiftPMMirrors(folder: ".swiftpm"), .swiftPMMirrors(folder: swiftpm)]
        case .xcodeGen, .tuist:
            // The project is generated in the copy; SwiftPM's root configuration is what a generated project can use.
            return [.removeResolved(path: "Package.resolved"), .swiftPMMirrors(folder: ".swiftpm")]
        case .podfile:
            return [.specRepo]
        case .podspec, .podspecJSON:
            return []
        }
    }
}
