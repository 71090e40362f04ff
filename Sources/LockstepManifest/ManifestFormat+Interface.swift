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
    public func read(_ text: String, file: ManifestFile, toolchain: [Int]? = nil) throws -> Manifest {
        var manifest = try readUnchecked(text, file: file, toolchain: toolchain)
        manifest.setAsideUnprintable()
        return manifest
    }

    private func readUnchecked(_ text: String, file: ManifestFile, toolchain: [Int]?) throws -> Manifest {
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
            // Xcode keeps SwiftPM's state in the project's shared workspace data; a root Package.resolved may exist
            // too.
            let swiftpm = inFolder("project.xcworkspace/xcshareddata/swiftpm")
            return [
                .removeResolved(path: "Package.resolved"), .removeResolved(path: "\(swiftpm)/Package.resolved"),
                .swiftPMMirrors(folder: ".swiftpm"), .swiftPMMirrors(folder: swiftpm),
            ]
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

extension Manifest {
    /// The longest value of a dependency (URL, name, version) Lockstep takes: longer ones are not a version or a
    /// URL anyone writes, and would flood every message that quotes them.
    static let longestValue = 1_000

    /// Moves the dependencies whose values hold control characters (a terminal escape sequence in a pod name, say)
    /// or are absurdly long to `unreadableDependencies`: their text is quoted in messages and written into files.
    mutating func setAsideUnprintable() {
        var kept: [PackageDependency] = []
        for dependency in dependencies {
            let values = [
                dependency.url, dependency.explicitName, dependency.registryID, dependency.podName,
                dependency.writtenRequirement,
                dependency.requirement.valueText,
            ].compactMap { $0 }
            if let bad = values.first(where: { $0.count > Self.longestValue }) {
                unreadableDependencies.append(
                    ManifestError(
                        file: file, line: dependency.line, column: dependency.column,
                        reason:
                            """
                            a value \(bad.count) characters long; Lockstep takes values of at most \
                            \(Self.longestValue)
                            """
                    ))
            } else if values.contains(where: {
                $0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            }) {
                unreadableDependencies.append(
                    ManifestError(
                        file: file, line: dependency.line, column: dependency.column,
                        reason:
                            """
                            a value holds a control character (a line break or a terminal escape, say); write \
                            plain text
                            """
                    ))
            } else {
                kept.append(dependency)
            }
        }
        dependencies = kept
    }
}

extension Requirement {
    /// The requirement's values joined, for checks on their text.
    var valueText: String {
        switch self {
        case .exact(let v), .upToNextMajor(let v), .upToNextMinor(let v), .branch(let v), .revision(let v),
            .path(let v):
            return v
        case .range(let a, let b), .closedRange(let a, let b): return a + b
        }
    }
}
