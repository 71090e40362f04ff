/// The public Objective-C and C surface of a set of headers, per Apple platform the component ships on (§7).
///
/// ```swift
/// let old = ObjCSurface.extract(from: oldHeaders, platforms: ["iOS", "macOS"])   // [SourceFile(path:text:)]
/// let new = ObjCSurface.extract(from: newHeaders, platforms: ["iOS", "macOS"])
/// let changes = ObjCDiff(old: old, new: new, addedRequirementImpact: .breaking).changes
/// ```
public struct ObjCSurface: Sendable, Hashable, Codable {
    /// Per platform (`iOS`, `macOS`, …): declarations by key.
    public var platforms: [String: [String: ObjCDeclaration]]
    /// Headers (or parts of them) that could not be read; the rest is judged.
    public var problems: [ObjCHeaderProblem]
    /// Per platform: members marked unavailable (`-init NS_UNAVAILABLE`), absent from `platforms`; one that was neither
    /// declared nor unavailable before was inherited, and marking it unavailable takes it from clients.
    public var unavailable: [String: Set<String>] = [:]

    /// Creates a surface.
    public init(platforms: [String: [String: ObjCDeclaration]] = [:], problems: [ObjCHeaderProblem] = []) {
        self.platforms = platforms
        self.problems = problems
    }

    /// The Apple platforms a component's headers are read for: those of `names` (lockstep.yml's or the podspec's),
    /// iOS when none is an Apple platform.
    public static func applePlatforms(_ names: [String]) -> [String] {
        let apple = names.filter { ["iOS", "macOS", "tvOS", "watchOS"].contains($0) }
        return apple.isEmpty ? ["iOS"] : apple
    }

    /// Reads `headers` (in a stable order, e.g. by path) for each platform: the headers share their macros, as a
    /// translation unit importing the umbrella header would. A declaration repeated in several headers is kept once
    /// (at its first place), so moving one between public headers is no change.
    public static func extract(from headers: [SourceFile], platforms: [String]) -> ObjCSurface {
        var surface = ObjCSurface()
        var problems = Set<ObjCHeaderProblem>()
        for platform in platforms {
            var preprocessor = ObjCPreprocessor(platform: platform)
            var declarations: [String: ObjCDeclaration] = [:]
            for header in headers.sorted(by: { $0.path < $1.path }) {
                let (lines, defines, found) = preprocessor.run(header.text, file: header.path)
                problems.formUnion(found)
                var parser = ObjCHeaderParser(
                    file: header.path, platform: platform, lines: lines, aliases: preprocessor.aliases)
                parser.parse()
                problems.formUnion(parser.problems)
                surface.unavailable[platform, default: []].formUnion(parser.unavailableKeys)
                for define in defines where !define.name.hasPrefix("_") {
                    var declaration = ObjCDeclaration(
                        key: "#define \(define.name)", kind: .macro, file: header.path, line: define.line)
                    declaration.detail = define.parameters
                    if declarations[declaration.key] == nil { declarations[declaration.key] = declaration }
                }
                for declaration in parser.declarations {
                    if let existing = declarations[declaration.key] {
                        // A class's @interface beats a forward use; a method declared twice (class and category) keeps
                        // the first.
                        if existing.kind == .class, existing.detail == nil, declaration.detail != nil {
                            declarations[declaration.key] = declaration
                        }
                        continue
                    }
                    declarations[declaration.key] = declaration
                }
            }
            surface.platforms[platform] = resolvingBlockTypedefs(declarations)
        }
        surface.problems = problems.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        return surface
    }

    /// Block and function-pointer typedefs of the header set followed (`SDWebImageNoParamsBlock` reads
    /// `void (^)(void)`), so spelling a parameter through a new typedef of the same type changes nothing.
    static func resolvingBlockTypedefs(_ declarations: [String: ObjCDeclaration]) -> [String: ObjCDeclaration] {
        var blocks: [String: ObjCType] = [:]
        for declaration in declarations.values where declaration.kind == .typedef {
            guard let type = declaration.type, type.spelling.contains("(^)") || type.spelling.contains("(*)") else {
                continue
            }
            blocks[String(declaration.key.dropFirst("typedef ".count))] = type
        }
        guard !blocks.isEmpty else { return declarations }
        func resolve(_ type: ObjCType?) -> ObjCType? {
            guard let type, let target = blocks[type.spelling] else { return type }
            return ObjCType(spelling: target.spelling, nullability: type.nullability)
        }
        return declarations.mapValues { declaration in
            guard declaration.kind != .typedef else { return declaration }
            var resolved = declaration
            resolved.type = resolve(declaration.type)
            resolved.parameters = declaration.parameters.map { resolve($0)! }
            return resolved
        }
    }

    /// Whether no platform has a declaration.
    public var isEmpty: Bool { platforms.values.allSatisfy(\.isEmpty) }
}
