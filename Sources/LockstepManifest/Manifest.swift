import LockstepParsing
import SwiftSyntax

/// The parts of a `Package.swift` that Lockstep reads: its name, its package dependencies, and its layout
/// (products, targets, platforms) as far as they are spelled literally.
public struct Manifest: Sendable {
    /// The `name:` of `Package(...)`, when it is a string literal.
    public var packageName: String?
    /// Every `.package(...)` call, in source order.
    public var dependencies: [PackageDependency]
    /// Every `.library`/`.executable`/`.plugin` product with literal names, in source order.
    public var products: [ManifestProduct] = []
    /// Every target declaration with a literal name, in source order (first of each name).
    public var targets: [ManifestTarget] = []
    /// The platform names of `Package(platforms:)` as PackageDescription spells them (`macOS`, `iOS`, …);
    /// empty when absent or not a literal list.
    public var platforms: [String] = []
    /// The minimum version of each platform `Package(platforms:)` names literally (`.macOS(.v10_15)` → `[10, 15]`).
    public var platformVersions: [String: [Int]] = [:]
    /// The traits `Package(traits:)` enables by default (`.default(enabledTraits: [...])`), spelled literally: a
    /// client depending on the package without naming traits builds with these defined.
    public var defaultTraits: [String] = []
    /// The compilation conditions the manifest's Swift settings define (`.define("NAME", .when(…))`).
    public var defines: [ManifestDefine] = []
    /// The language features its Swift settings enable (`.enableExperimentalFeature("Lifetimes")`,
    /// `.enableUpcomingFeature(…)`), which `#if hasFeature(…)` / `#if $Lifetimes` test.
    public var features: [String] = []
    /// How many `Package(...)` initializer calls the manifest makes. More than one (`let package` declared in
    /// several `#if` branches) means a rewrite cannot know which one SwiftPM will evaluate.
    public var packageDeclarationCount: Int = 1
    /// Every `.package(...)` that could not be read (a computed requirement, a function call), with its place;
    /// the other dependencies are still in `dependencies`.
    public var unreadableDependencies: [ManifestError] = []
    /// `.package(...)` calls in `#if` branches the toolchain never takes (`#if compiler(<5.9)`): not part of the
    /// graph, but a pin rewrites them too, so a manifest read by another toolchain holds the same pins.
    public var inactiveDependencies: [PackageDependency] = []
    /// The manifest's text, kept for rewrites.
    public var text: String
    /// Where the manifest came from: its path and the revision it was read at (`apps/Main/Package.swift @ 3f2a1c9`).
    public var file: ManifestFile
    /// Which format the text is in; decides how a pin is spelled (`ManifestFormat`).
    public var format: ManifestFormat = .swiftPackage
    /// For a podspec: the pod's own name, version and where its `version` and `source` values sit.
    public var podspec: PodspecFacts? = nil

    /// Parses a manifest statically; no `swift` process runs. Throws `ManifestError` naming file:line:column.
    /// `toolchain` decides `#if swift(>=…)`/`compiler(>=…)` (nil: the newest); other `#if` conditions and runtime
    /// `if`s are kept as alternatives (`PackageDependency.branches`).
    public static func parse(_ text: String, file: ManifestFile, toolchain: [Int]? = nil) throws -> Manifest {
        try parsed(text, file: file, named: "Package.swift") { tree, converter in
            let visitor = DependencyVisitor(
                file: file, converter: converter, constants: ConstantCollector.constants(in: tree),
                toolchain: toolchain, languageMode: ManifestSelection.toolsVersion(of: text)[0])
            visitor.walk(tree)
            let layout = LayoutVisitor()
            layout.toolchain = toolchain
            layout.languageMode = ManifestSelection.toolsVersion(of: text)[0]
            layout.walk(tree)
            let defines = DefineVisitor()
            defines.collect(tree)
            return Manifest(
                packageName: visitor.packageName, dependencies: visitor.dependencies,
                products: layout.products, targets: layout.targets, platforms: layout.platforms,
                platformVersions: layout.platformVersions, defaultTraits: defines.defaultTraits,
                defines: defines.defines, features: defines.features,
                packageDeclarationCount: visitor.packageDeclarations,
                unreadableDependencies: visitor.unreadable, inactiveDependencies: visitor.inactive, text: text,
                file: file)
        }
    }

    /// Parses Tuist's `Project.swift`: its `packages:` entries (`.remote(url:requirement:)`, `.package(url:…)`,
    /// `.local(path:)`) with their places, as a manifest of format `.tuist`.
    public static func parseTuistProject(_ text: String, file: ManifestFile) throws -> Manifest {
        try parsed(text, file: file, named: "Project.swift") { tree, converter in
            let visitor = DependencyVisitor(
                file: file, converter: converter, constants: ConstantCollector.constants(in: tree), tuist: true)
            visitor.walk(tree)
            // `packages: list` (a variable, a function call): what it holds is not in the text at that place.
            for call in tree.tokens(viewMode: .sourceAccurate) where call.tokenKind == .identifier("packages") {
                guard let argument = call.parent?.as(LabeledExprSyntax.self), argument.label?.id == call.id,
                    !argument.expression.is(ArrayExprSyntax.self)
                else { continue }
                let location = argument.expression.startLocation(converter: converter)
                visitor.unreadable.append(
                    ManifestError(
                        file: file, line: location.line, column: location.column,
                        reason:
                            """
                            `packages:` is not a literal list \
                            (`\(argument.expression.trimmedDescription.prefix(40))`); Lockstep reads \
                            Project.swift statically, so list the packages in place
                            """
                    ))
            }
            var manifest = Manifest(
                packageName: nil, dependencies: visitor.dependencies, unreadableDependencies: visitor.unreadable,
                text: text, file: file)
            manifest.format = .tuist
            return manifest
        }
    }

    /// Parses Swift manifest text in bounded time and stack and hands the tree to `read` on the parser's large-stack
    /// thread (the visitors recurse as deep as the tree); a syntax error or hostile nesting is a `ManifestError`
    /// naming the place.
    private static func parsed(
        _ text: String, file: ManifestFile, named name: String,
        _ read: @escaping (SourceFileSyntax, SourceLocationConverter) throws -> Manifest
    ) throws -> Manifest {
        do {
            return try BoundedParser.parse(text) { tree in
                let converter = SourceLocationConverter(fileName: file.description, tree: tree)
                if tree.hasError {
                    let location = firstErrorLocation(in: tree, converter: converter, file: file)
                    throw ManifestError(
                        file: file, line: location.line, column: location.column,
                        reason: "\(name) has a syntax error here; fix it so the manifest parses")
                }
                return try read(tree, converter)
            }
        } catch let problem as NestingScan.Problem {
            throw ManifestError(
                file: file, line: problem.line, column: problem.column,
                reason:
                    """
                    \(problem.reason); Lockstep does not read a manifest nested this deep (swift-syntax would \
                    take too long or overflow its stack)
                    """
            )
        }
    }

    private static func firstErrorLocation(
        in tree: SourceFileSyntax, converter: SourceLocationConverter, file: ManifestFile
    ) -> SourceLocation {
        for token in tree.tokens(viewMode: .all) where token.presence == .missing || token.hasError {
            return token.startLocation(converter: converter)
        }
        for node in tree.children(viewMode: .all) where node.hasError {
            return node.startLocation(converter: converter)
        }
        return SourceLocation(line: 1, column: 1, offset: 0, file: file.description)
    }
}
