/// Reads the Swift package references of an Xcode project (`*.xcodeproj/project.pbxproj`) into a `Manifest`:
/// each `XCRemoteSwiftPackageReference` with its `requirement = { kind = …; }` block, each
/// `XCLocalSwiftPackageReference` as a path. The requirement block's bytes are what a pin replaces.
public enum XcodeProjectReader {
    /// Parses `text` (a project.pbxproj); throws `ManifestError` at the line and column of a syntax error.
    public static func parse(_ text: String, file: ManifestFile) throws -> Manifest {
        let root: PropertyListValue
        do {
            root = try PropertyListParser.parse(text)
        } catch {
            throw ManifestError(
                file: file, line: error.line, column: error.column,
                reason:
                    """
                    \(error.reason) (project.pbxproj is an old-style property list; fix the file or let Xcode \
                    rewrite it)
                    """
            )
        }
        guard let objects = root["objects"], case .dictionary(let entries) = objects.kind else {
            throw ManifestError(
                file: file, line: root.line, column: root.column,
                reason: "no `objects = { … };` dictionary: not an Xcode project file")
        }
        var manifest = Manifest(packageName: nil, dependencies: [], text: text, file: file)
        manifest.format = .xcodeProject
        for (_, object) in entries {
            switch object["isa"]?.string {
            case "XCRemoteSwiftPackageReference":
                do {
                    manifest.dependencies.append(try remoteReference(object, file: file))
                } catch let error as ManifestError {
                    manifest.unreadableDependencies.append(error)
                }
            case "XCLocalSwiftPackageReference":
                guard let path = object["relativePath"] else { continue }
                manifest.dependencies.append(
                    PackageDependency(
                        url: nil, explicitName: nil, requirement: .path(path.string ?? ""),
                        line: object.line, column: object.column, requirementRange: path.range))
            default:
                continue
            }
        }
        return manifest
    }

    private static func remoteReference(_ object: PropertyListValue, file: ManifestFile) throws -> PackageDependency {
        func problem(_ reason: String, _ at: PropertyListValue) -> ManifestError {
            var error = ManifestError(file: file, line: at.line, column: at.column, reason: reason)
            error.dependencyIdentity = object["repositoryURL"]?.string.map { PackageIdentity.name(ofLocation: $0) }
            return error
        }
        guard let url = object["repositoryURL"]?.string, !url.isEmpty else {
            throw problem("an XCRemoteSwiftPackageReference without a `repositoryURL`", object)
        }
        guard let block = object["requirement"], case .dictionary = block.kind else {
            throw problem("the package reference to \(url) has no `requirement = { … };` block", object)
        }
        func field(_ key: String) throws -> String {
            guard let value = block[key]?.string, !value.isEmpty else {
                throw problem("the requirement of \(url) (kind \(block["kind"]?.string ?? "?")) has no `\(key)`", block)
            }
            return value
        }
        let requirement: Requirement
        switch block["kind"]?.string {
        case "exactVersion": requirement = .exact(try field("version"))
        case "upToNextMajorVersion": requirement = .upToNextMajor(try field("minimumVersion"))
        case "upToNextMinorVersion": requirement = .upToNextMinor(try field("minimumVersion"))
        // Xcode's "Range" rule: from the minimum up to, not including, the maximum.
        case "versionRange": requirement = .range(try field("minimumVersion"), try field("maximumVersion"))
        case "branch": requirement = .branch(try field("branch"))
        case "revision": requirement = .revision(try field("revision"))
        case let kind:
            throw problem(
                "the requirement of \(url) has kind `\(kind ?? "(none)")`, which Lockstep does not know", block)
        }
        return PackageDependency(
            url: url, explicitName: nil, requirement: requirement, line: block.line, column: block.column,
            requirementRange: block.range)
    }

    /// The `requirement` block Xcode writes for an exact version, indented like the block it replaces (`indent`:
    /// the whitespace starting the line of `requirement = {`).
    public static func exactRequirementText(_ version: String, indent: String) -> String {
        "{\n\(indent)\tkind = exactVersion;\n\(indent)\tversion = \(quotedIfNeeded(version));\n\(indent)}"
    }

    /// `text` as Xcode writes a string: bare when every character may stand unquoted, else quoted with escapes.
    public static func quotedIfNeeded(_ text: String) -> String {
        if !text.isEmpty, text.utf8.allSatisfy(PropertyListParser.isUnquoted) { return text }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
