/// The manifest formats Lockstep reads requirements from and writes pins into. Every format produces the same
/// `Manifest` value (dependencies with file:line and the byte range a pin replaces), so rules, matrix, bump and
/// integrate do not care which one a repository uses.
public enum ManifestFormat: String, Sendable, Hashable, CaseIterable {
    /// SwiftPM's `Package.swift` (and its `Package@swift-X.Y.swift` variants).
    case swiftPackage = "swiftpm"
    /// An Xcode project's `*.xcodeproj/project.pbxproj` (`XCRemoteSwiftPackageReference` entries).
    case xcodeProject = "xcodeproj"
    /// XcodeGen's `project.yml` (`packages:`).
    case xcodeGen = "xcodegen"
    /// Tuist's `Tuist/Package.swift` or `Project.swift` package lists.
    case tuist
    /// CocoaPods' `Podfile` (`pod 'Name', '1.2.3'`).
    case podfile
    /// A CocoaPods component's own `*.podspec` (Ruby DSL subset).
    case podspec
    /// A CocoaPods component's `*.podspec.json`.
    case podspecJSON = "podspec-json"

    /// True for the CocoaPods formats, whose requirements follow CocoaPods' semantics (`~>` pessimistic, a
    /// prerelease only when the requirement names one) and whose dependencies are named by pod name, not URL.
    public var isCocoaPods: Bool { self == .podfile || self == .podspec || self == .podspecJSON }

    /// True for a component's own spec (`*.podspec`, `*.podspec.json`).
    public var isPodspec: Bool { self == .podspec || self == .podspecJSON }
}

extension ManifestFormat {
    /// The format of a manifest file by its path in the repo (`Package.swift`, `App.xcodeproj/project.pbxproj`);
    /// nil for a name Lockstep does not read.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name == "project.pbxproj", path.hasSuffix(".xcodeproj/project.pbxproj") { self = .xcodeProject; return }
        if name == "project.yml" || name == "project.yaml" { self = .xcodeGen; return }
        if name == "Podfile" { self = .podfile; return }
        if name == "Project.swift" { self = .tuist; return }
        if name.hasSuffix(".podspec.json"), name.count > ".podspec.json".count { self = .podspecJSON; return }
        if name.hasSuffix(".podspec"), name.count > ".podspec".count { self = .podspec; return }
        if name == ManifestSelection.regular || ManifestSelection.version(ofVariant: name) != nil {
            self = .swiftPackage; return
        }
        return nil
    }
}
