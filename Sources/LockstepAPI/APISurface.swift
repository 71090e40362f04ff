/// The public API of a set of Swift source files: every declaration clients can name, by key.
public struct APISurface: Sendable, Hashable, Codable {
    /// The declarations, keyed by `APIDeclaration.key`: those of every platform together.
    public var declarations: [String: APIDeclaration]
    /// When `#if` makes the API differ between platforms: the platforms' names and, in the same order, each
    /// platform's declarations. Nil when every declaration exists on every platform.
    public var platformViews: PlatformViews?
    /// The protocols each protocol of the whole file set refines, as declared (`protocol Model: Schema` →
    /// `Model: [Schema]`): a generic requirement loosened to a parent protocol is met by every type that met it.
    var refinements: [String: [String]] = [:]

    /// The surface of each platform, when they differ.
    public struct PlatformViews: Sendable, Hashable, Codable {
        public var platforms: [String]
        public var declarations: [[String: APIDeclaration]]
    }

    /// Creates a surface from declarations already keyed (the same on every platform).
    public init(declarations: [String: APIDeclaration] = [:]) {
        self.declarations = declarations
    }

    /// Keys finished declarations, and each platform's apart when `#if` makes them differ.
    init(finished items: [CollectedDeclaration], platforms: [String]) {
        self.init(declarations: Self.keyed(items))
        let all = PlatformMask.all(platforms.count)
        guard items.contains(where: { $0.platforms.bits & all.bits != all.bits }) else { return }
        platformViews = PlatformViews(
            platforms: platforms,
            declarations: platforms.indices.map { index in
                Self.keyed(items.filter { $0.platforms.contains(index) })
            })
    }

    /// The declarations that exist on the named platform (all of them when the surface has no views or no such
    /// platform).
    func declarations(onPlatform name: String) -> [String: APIDeclaration] {
        guard let views = platformViews, let index = views.platforms.firstIndex(of: name),
            index < views.declarations.count
        else { return declarations }
        return views.declarations[index]
    }

    /// Parses the files with swift-syntax and collects their public declarations.
    ///
    /// Pure and self-contained: safe to call concurrently on different inputs. The result does
    /// not depend on the order of `files` except for which copy of an exact duplicate (say, one
    /// per `#if` branch) supplies `file` and `line`.
    /// `context.modules` are the module names a type's qualification drops (`Logging.Logger` ≡ `Logger`).
    public static func extract(from files: [SourceFile], context: APIContext = .default) -> APISurface {
        APISurface(combining: files.map { APIFileSurface.extract(from: $0, context: context) }, context: context)
    }

    /// Combines per-file extractions; `APISurface(combining: files.map(APIFileSurface.extract))`
    /// equals `APISurface.extract(from: files)`, in any order of the files (they are read in the order of their paths:
    /// where two declare one key, as two modules of a package may, the first by path is kept).
    public init(combining unordered: [APIFileSurface], context: APIContext = .default) {
        let files = unordered.sorted { $0.path < $1.path }
        var publicTypes: Set<String> = []
        var protocols: Set<String> = []
        var hiddenTypes: Set<String> = []
        var declarations: [CollectedDeclaration] = []
        declarations.reserveCapacity(files.reduce(0) { $0 + $1.count })
        for file in files {
            publicTypes.formUnion(file.publicTypes)
            protocols.formUnion(file.protocols)
            hiddenTypes.formUnion(file.hiddenTypes)
            declarations.append(contentsOf: file.buildableDeclarations)
        }
        let names = TypeNames(files)
        var finisher = Finisher(hidden: hiddenTypes.subtracting(publicTypes), protocols: protocols, names: names)
        self.init(
            finishing: declarations, with: &finisher, refinements: names.refinements(of: protocols),
            platforms: files.first?.platforms ?? APIFileSurface.platforms(of: context))
    }

    /// The surface of `declarations` (a file set's, read in the order of its files' paths) finished by the set's
    /// finisher, with its protocols' `refinements`: the last step of `init(combining:)`, also taken by a file set
    /// that keeps its finisher (`APIFileSet.combined`).
    init(
        finishing declarations: [CollectedDeclaration], with finisher: inout Finisher,
        refinements: [String: [String]], platforms: [String]
    ) {
        self.init(finished: finisher.finish(declarations), platforms: platforms)
        self.refinements = refinements
    }

    /// Whether the surface has no declarations.
    public var isEmpty: Bool { declarations.isEmpty }

    /// The declarations sorted by key, for stable output.
    public var sortedDeclarations: [APIDeclaration] {
        declarations.values.sorted { $0.key < $1.key }
    }
}

extension APISurface {
    /// The cross-file pass, for one whole file set, set up once and kept: it applies what only the whole set reveals
    /// (members of extensions of non-public types are not API, nor are conformances to non-public protocols; members
    /// of protocol extensions are keyed apart from the requirements they may implement by default; names in
    /// signatures are resolved against the types the whole set declares, `NameResolver`). A diff finishes several
    /// lists of a set's declarations (those of the files that changed, of the unchanged ones it compares), and what
    /// is resolved for one is remembered for the next.
    struct Finisher {
        private let hidden: Set<String>
        private let protocols: Set<String>
        private let names: TypeNames
        /// The `_`-types a public typealias names: API under the alias.
        private let aliased: Set<String>
        /// The last components of the platform-dependent typealiases.
        private let variantNames: Set<String>
        private var resolver: NameResolver
        private var platformResolvers: [Int: NameResolver] = [:]

        init(hidden: Set<String>, protocols: Set<String>, names: TypeNames) {
            var resolver = NameResolver(names)
            // A `_`-type a public typealias names is API under the alias (`public typealias Marker = _Marker`): its
            // declarations stay, extensions of it and conformances to it too. Every other one goes. Decided from the
            // names of the whole file set (a diff finishes only the files that changed).
            var aliased: Set<String> = []
            for alias in names.exposingAliases {
                guard let declared = names.aliases[alias] ?? names.genericAliases[alias] else { continue }
                if let scope = declared.scope, hidden.contains(scope) { continue }
                // Only a target that names a `_`-type, or a name that may resolve to something else (a typealias, a
                // nested type), can end in one: the others are not resolved (most of a set's typealiases).
                guard
                    NameResolver.mentions(
                        declared.target, where: { APICollector.isUnderscored($0) || names.special.contains($0) })
                else { continue }
                let target = resolver.aliasedType(alias)
                if APICollector.isUnderscored(APICollector.lastComponent(target)) { aliased.insert(target) }
            }
            // Types inside an aliased `_`-type are its API too, unless `_`-named themselves.
            self.hidden =
                aliased.isEmpty
                ? hidden
                : hidden.filter { type in
                    !aliased.contains { owner in
                        type == owner
                            || type.hasPrefix(owner + ".")
                                && !type.dropFirst(owner.count + 1).split(separator: ".").contains {
                                    APICollector.isUnderscored($0)
                                }
                    }
                }
            self.aliased = aliased
            self.protocols = protocols
            self.names = names
            self.resolver = resolver
            // Platform-dependent typealiases: a declaration naming one is finished once per platform.
            variantNames = Set(
                names.platformAliases.keys.map { String($0.split(separator: ".").last ?? Substring($0)) })
        }

        /// Whether `type` or a type it is nested in is hidden: a public type nested in an internal one is internal
        /// (`extension PriorityQueue.Iterator` where `PriorityQueue` is internal and `Iterator` is declared public in
        /// an extension of it, swift-nio 1.6.0).
        private func isHidden(_ type: String) -> Bool {
            if hidden.contains(type) { return true }
            var prefix = Substring(type)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if hidden.contains(String(prefix)) { return true }
            }
            return false
        }

        mutating func finish(_ declarations: [CollectedDeclaration]) -> [CollectedDeclaration] {
            var result: [CollectedDeclaration] = []
            result.reserveCapacity(declarations.count)
            for collected in declarations {
                let collected = APISurface.boundExtension(collected, names: names, &resolver)
                if let owner = collected.underscoredOwner, !aliased.contains(owner) { continue }
                if let extended = collected.extendedType, isHidden(extended) { continue }
                for var item in APISurface.followingConformedAlias(collected, &resolver) {
                    // A protocol's parent binds its conformers even when hidden (`protocol P: _SendableMarker`); a
                    // public protocol cannot refine an internal one anyway.
                    if let conformed = item.conformedTo {
                        if !aliased.contains(conformed),
                            APICollector.hidesConformance(to: conformed, container: item.declaration.container)
                        {
                            continue
                        }
                        if hidden.contains(conformed), item.declaration.container != .protocol { continue }
                    }
                    if item.conformedTo == nil, item.declaration.container == .extension,
                        let extended = item.extendedType, protocols.contains(resolver.following(extended))
                    {
                        item.declaration.baseKey += " (extension)"
                        item.declaration.key = item.declaration.baseKey
                    }
                    if !variantNames.isEmpty, names.platformCount > 1,
                        variantNames.contains(where: {
                            item.declaration.signature.contains($0) || item.parameterTypes.contains($0)
                        })
                    {
                        var variants: [(item: CollectedDeclaration, bits: UInt32)] = []
                        for index in 0..<names.platformCount where item.platforms.contains(index) {
                            var platformResolver = platformResolvers[index] ?? NameResolver(names.onPlatform(index))
                            var variant = item
                            variant.declaration.signature = platformResolver.finish(
                                item.declaration.signature, in: item.lookupScope)
                            variant.declaration.signature = APISurface.withoutHiddenFirstEntry(
                                variant.declaration, hidden)
                            variant.parameterTypes = platformResolver.finish(item.parameterTypes, in: item.lookupScope)
                            platformResolvers[index] = platformResolver
                            if let same = variants.firstIndex(where: {
                                $0.item.declaration.signature == variant.declaration.signature
                                    && $0.item.parameterTypes == variant.parameterTypes
                            }) {
                                variants[same].bits |= UInt32(1) << UInt32(index)
                            } else {
                                variants.append((variant, UInt32(1) << UInt32(index)))
                            }
                        }
                        if variants.count > 1 {
                            for (variant, bits) in variants {
                                var split = variant
                                split.platforms = PlatformMask(bits: bits)
                                result.append(split)
                            }
                            continue
                        }
                    }
                    item.declaration.signature = resolver.finish(item.declaration.signature, in: item.lookupScope)
                    item.parameterTypes = resolver.finish(item.parameterTypes, in: item.lookupScope)
                    item.declaration.signature = APISurface.withoutHiddenFirstEntry(item.declaration, hidden)
                    result.append(item)
                }
            }
            return result
        }
    }

    /// A declaration in `extension Box<Int>` (SE-0361) as one in `extension Box where T == Int`, for what only the
    /// whole file set knows: a generic type declared in another file, or a generic typealias used with arguments
    /// (`extension
    /// AnySchedulerOf<DispatchQueue>` is `extension AnyScheduler where SchedulerTimeType == DispatchQueue.…`); and one
    /// in an extension of a typealias without arguments as one in an extension of what it names (`extension Box` with
    /// `typealias Box<T> = _Box<T>` extends `_Box`). Its key names the type, its `where` lists (signature, overload
    /// types) gain one same-type requirement per argument. Any other declaration is returned as it is.
    static func boundExtension(
        _ item: CollectedDeclaration, names: TypeNames, _ resolver: inout NameResolver
    ) -> CollectedDeclaration {
        guard let written = item.extendedType else { return item }
        var base: String
        var arguments: [String]
        if let (name, parts) = SignatureShape.genericApplication(written) {
            (base, arguments) = (name, parts)
            if names.genericAliases[name] != nil {
                guard let target = resolver.expanded(name, arguments, from: nil),
                    let (targetName, targetArguments) = SignatureShape.genericApplication(target)
                else { return item }
                (base, arguments) = (targetName, targetArguments)
            }
        } else {
            guard names.aliases[written] != nil || names.genericAliases[written] != nil else { return item }
            let target = resolver.following(written)
            if APIDiff.isPath(target) {
                (base, arguments) = (target, [])
            } else if let (targetName, targetArguments) = SignatureShape.genericApplication(target) {
                (base, arguments) = (targetName, targetArguments)
            } else {
                return item
            }
        }
        guard APIDiff.isPath(base), base != written else { return item }
        var bound: [String] = []
        if !arguments.isEmpty {
            guard let parameters = names.generics[base], parameters.count == arguments.count else { return item }
            let depth = TypeCanonical.depth(of: base)
            bound = arguments.enumerated().map { TypeCanonical.typeParameter(depth: depth, index: $0) + " == " + $1 }
        }
        var copy = item
        copy.extendedType = base
        copy.lookupScope = item.lookupScope.map { Self.replacingPrefix($0, written, base) }
        copy.declaration.key = APIDiff.renamingSubject(item.declaration.key, written, base)
        copy.declaration.baseKey = APIDiff.renamingSubject(item.declaration.baseKey, written, base)
        if !bound.isEmpty {
            copy.declaration.signature = Self.adding(bound, toWhereListOf: item.declaration.signature)
            if !item.parameterTypes.isEmpty {
                copy.parameterTypes = Self.adding(bound, toWhereListOf: item.parameterTypes)
            }
        }
        return copy
    }

    /// `text` with its trailing delimited `where` list (`TypeCanonical.whereList`) holding `requirements` too, or with
    /// one of them added when it has none.
    private static func adding(_ requirements: [String], toWhereListOf text: String) -> String {
        let end = Character(TypeCanonical.whereEnd)
        guard text.last == end else { return text + TypeCanonical.whereList(requirements) }
        let separator = String(Character(TypeCanonical.whereSeparator))
        return String(text.dropLast()) + separator + requirements.joined(separator: separator) + String(end)
    }

    /// `text` with `old` replaced by `new` where it is the whole of it or a prefix followed by `.`.
    private static func replacingPrefix(_ text: String, _ old: String, _ new: String) -> String {
        if text == old { return new }
        return text.hasPrefix(old + ".") ? new + text.dropFirst(old.count) : text
    }

    /// `public final class C: InternalProtocol` → `public final class C`: a class's first inherited entry (kept in its
    /// signature, since one file cannot tell a superclass from a protocol) that names a non-public type of the file
    /// set is an internal protocol (a public class cannot inherit from an internal class): not API. A `_`-named
    /// one may be a public superclass (`class Runner: _Base`): it stays. Any other declaration's signature is returned
    /// as it is.
    private static func withoutHiddenFirstEntry(_ declaration: APIDeclaration, _ hidden: Set<String>) -> String {
        let signature = declaration.signature
        guard declaration.kind == .class, !hidden.isEmpty, let parts = APIDiff.classParts(signature),
            let first = parts.first,
            case let name = APIDiff.withoutConformanceAttributes(first), hidden.contains(name),
            !name.split(separator: ".").contains(where: { APICollector.isUnderscored($0) })
        else { return signature }
        if parts.rest.isEmpty { return parts.head }
        return parts.head + (parts.rest.hasPrefix("where ") ? " " : ": ") + parts.rest
    }

    /// A conformance through a typealias as the conformances it stands for: `T: _Alias` where `typealias _Alias =
    /// Sendable` conforms `T` to `Sendable`, and `T: Duplex` where `typealias Duplex = In & Out` to `In` and to
    /// `Out`. An alias of `Any` conforms to nothing; anything else (not a conformance, an alias of something that
    /// is not protocols) is left as it is.
    private static func followingConformedAlias(_ item: CollectedDeclaration, _ resolver: inout NameResolver)
        -> [CollectedDeclaration]
    {
        guard let conformed = item.conformedTo else { return [item] }
        let target = resolver.following(conformed)
        guard target != conformed else { return [item] }
        let members = target.split(separator: "&").map { $0.trimmingSpaces() }
        guard members.allSatisfy(APIDiff.isPath) else { return [item] }
        return members.filter { $0 != "Any" }.map { member in
            var copy = item
            copy.declaration.key = Self.replacingConformed(item.declaration.key, conformed, member)
            copy.declaration.baseKey = Self.replacingConformed(item.declaration.baseKey, conformed, member)
            copy.declaration.signature = Self.replacingConformed(item.declaration.signature, conformed, member)
            copy.conformedTo = member
            return copy
        }
    }

    /// `T: Old where …` → `T: New where …`: the protocol after the first `: `, ending where a name cannot go on (a
    /// space, or the marks a collected `where` list starts with before the cross-file pass).
    private static func replacingConformed(_ text: String, _ old: String, _ new: String) -> String {
        guard let range = text.range(of: ": " + old),
            text[range.upperBound...].unicodeScalars.first.map({ !$0.properties.isXIDContinue && $0 != "." }) ?? true
        else { return text }
        return text.replacingCharacters(in: range, with: ": " + new)
    }

    /// Gives every declaration a unique key. Exact duplicates (the same declaration in two `#if`
    /// branches) collapse to one; true overloads keep their shared `baseKey` and get a suffix:
    /// their parameter types if those tell them apart, else their whole signature.
    static func keyed(_ items: [CollectedDeclaration]) -> [String: APIDeclaration] {
        var groups: [String: [CollectedDeclaration]] = [:]
        groups.reserveCapacity(items.count)
        for item in items {
            groups[item.declaration.baseKey, default: []].append(item)
        }
        var declarations: [String: APIDeclaration] = [:]
        declarations.reserveCapacity(items.count)
        for (baseKey, group) in groups {
            if group.count == 1 {
                declarations[baseKey] = group[0].declaration
                continue
            }
            var seen: Set<String> = []
            let distinct = group.filter { seen.insert($0.declaration.signature).inserted }
            if distinct.count == 1 {
                declarations[baseKey] = distinct[0].declaration
                continue
            }
            var typeCounts: [String: Int] = [:]
            for item in distinct { typeCounts[item.parameterTypes, default: 0] += 1 }
            for item in distinct {
                var declaration = item.declaration
                let types = item.parameterTypes
                declaration.key =
                    baseKey + " "
                    + (!types.isEmpty && typeCounts[types] == 1
                        ? String(types.drop { $0 == " " }) : "[" + declaration.signature + "]")
                declarations[declaration.key] = declaration
            }
        }
        return declarations
    }
}
