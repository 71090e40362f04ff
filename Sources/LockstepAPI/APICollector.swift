import LockstepParsing
import SwiftIfConfig
import SwiftSyntax

/// Walks the declarations of one parsed file (never function bodies) and records every
/// declaration clients can reach, with what the cross-file pass needs to finish them.
struct APICollector {
    /// Where a declaration sits, and what that implies for its visibility.
    struct Scope {
        /// Qualified name of the enclosing type or extended type; nil at top level.
        var name: String?
        /// Kind of the enclosing declaration; nil at top level.
        var kind: DeclarationKind?
        /// False inside non-public types: nothing below can be public.
        var isPublic = true
        /// Access a member has without a modifier: `public` inside a `public extension`.
        var implicitAccess: String?
        /// Requirements of an enclosing extension's `where` clause; they constrain every member.
        var requirements: [String] = []
        /// The extended type when inside an extension.
        var extendedType: String?
        /// The platforms on which the enclosing `#if` clauses are active.
        var platforms = PlatformMask(bits: .max)
        /// The `@available` restrictions of enclosing extensions: a member is usable only where they allow too
        /// (`@available(macOS 14, *) extension T { public func f() }` makes `f` macOS 14+).
        var availability: [String] = []
        /// The `_`-type (qualified) whose declarations these are: API only if a public typealias names it.
        var underscoredOwner: String?
        /// The global actor an enclosing extension names (`@MainActor extension T`): its functions, initializers,
        /// subscripts and properties are isolated to it unless they name their own or are `nonisolated`, as if each
        /// were written with it (the compiler's interface writes it on each).
        var globalActor: String?
        /// Inside a `@preconcurrency protocol`: its get-only property requirements carry the attribute (it softens
        /// the `Sendable` of their type for conformers; callers of its methods still get errors, checked).
        var preconcurrency = false

        func qualify(_ member: String) -> String {
            guard let name else { return member }
            return name + "." + member
        }
    }

    private var result: APIFileSurface
    private let text: String
    /// Made when the first declaration is recorded: most files of a package declare nothing public.
    private var lines: LineTable?
    /// One build configuration per platform of the context, in its order.
    private let configurations: [APIBuildConfiguration]
    /// `activeClauses`' answers, by conditions and platforms.
    private var clauseMasks: [String: [UInt32]] = [:]
    /// Module names whose qualification types drop (`APIContext.modules`).
    let modules: Set<String>

    private init(_ source: SourceFile, context: APIContext) {
        let platforms = APIFileSurface.platforms(of: context)
        result = APIFileSurface(path: source.path, platforms: platforms)
        text = source.text
        configurations = platforms.map { APIBuildConfiguration(platform: $0, context: context) }
        modules = context.modules
    }

    /// Parses one file and records its public declarations; throws `SourceFileError` for a file nested too deep
    /// to parse in bounded time.
    static func collect(_ source: SourceFile, context: APIContext = .default) throws -> APIFileSurface {
        try collect(source, context: context, after: nil).surface
    }

    /// `collect(_:context:)`, parsing incrementally after `base` (a full parse of an earlier version of the file);
    /// also returns the base for the next version and how many bytes the parse reused.
    ///
    /// Function bodies are parsed blank (`blankingBodies`, on unless a test compares the two): the collector never
    /// walks them, and they are most of a library's text.
    static func collect(
        _ source: SourceFile, context: APIContext, after base: ParsedText?, blankingBodies: Bool = true
    ) throws -> (surface: APIFileSurface, base: ParsedText, reused: Int) {
        do {
            let (surface, next, reused) = try BoundedParser.parse(
                source.text, after: base, blankingBodies: blankingBodies
            ) { tree in
                var collector = APICollector(source, context: context)
                var top = Scope()
                top.platforms = .all(collector.configurations.count)
                collector.walk(tree.statements, in: top)
                return collector.result
            }
            return (surface, next, reused)
        } catch let problem as NestingScan.Problem {
            throw SourceFileError(
                file: source.path, line: problem.line, column: problem.column,
                reason: "\(problem.reason); Lockstep does not read a source file nested this deep")
        }
    }

    /// The platforms (`os(…)` spelling) `@available(P, unavailable)` attributes take the declaration away from.
    /// Mac Catalyst and application extensions are no platform of their own here: they leave it in place.
    static func unavailablePlatforms(_ attributes: AttributeListSyntax) -> Set<String> {
        var result: Set<String> = []
        for element in attributes {
            guard case .attribute(let attribute) = element, NormalizedText.of(attribute.attributeName) == "available",
                case .availability(let arguments) = attribute.arguments, arguments.count >= 2,
                case .token(let platform) = arguments.first?.argument
            else { continue }
            // `@available(macOS, unavailable)`, also with advice beside it (`message:`, `renamed:`, `deprecated`),
            // which `SignatureParts.availabilityText` drops: what is left is the same absence.
            var unavailable = false, other = false
            for argument in arguments.dropFirst() {
                switch argument.argument {
                case .token(let token) where token.text == "unavailable": unavailable = true
                case .token(let token) where token.text == "deprecated": continue
                case .availabilityLabeledArgument(let labeled)
                where ["message", "renamed", "deprecated"].contains(labeled.label.text):
                    continue
                default: other = true
                }
            }
            guard unavailable, !other else { continue }
            let name = platform.text.lowercased()
            guard name != "maccatalyst", !name.hasSuffix("applicationextension"),
                let os = APIContext.osName(platform.text)
            else { continue }
            result.insert(os)
        }
        return result
    }

    // MARK: Walking

    private mutating func walk(_ items: CodeBlockItemListSyntax, in scope: Scope) {
        for item in items {
            if case .decl(let decl) = item.item { visit(decl, in: scope) }
        }
    }

    private mutating func walk(_ members: MemberBlockItemListSyntax, in scope: Scope) {
        for member in members { visit(member.decl, in: scope) }
    }

    private mutating func visit(_ decl: DeclSyntax, in scope: Scope) {
        var scope = scope
        // Asked once: a cast to the protocol costs more than most of what follows.
        let attributes = decl.asProtocol(WithAttributesSyntax.self)?.attributes
        // Still walked when hidden: nested type names must be known as hidden (see `APICollector+Hidden`).
        if scope.isPublic, let attributes, !attributes.isEmpty, Self.hides(attributes) {
            scope.isPublic = false
        } else if scope.isPublic, let name = Self.underscoredType(decl) {
            // Collected, tagged with the innermost `_`-type: `APISurface.Finisher` keeps it only if a public typealias
            // names that type.
            scope.underscoredOwner = decl.is(ExtensionDeclSyntax.self) ? name : scope.qualify(name)
        }
        // `@available(macOS, unavailable)`: absent on macOS, as `#if !os(macOS)` would make it.
        if let attributes, !attributes.isEmpty {
            let unavailable = Self.unavailablePlatforms(attributes)
            if !unavailable.isEmpty {
                for (index, configuration) in configurations.enumerated() where unavailable.contains(configuration.os) {
                    scope.platforms.bits &= ~(UInt32(1) << UInt32(index))
                }
                if scope.platforms.bits & PlatformMask.all(configurations.count).bits == 0 { scope.isPublic = false }
            }
        }
        switch decl.as(DeclSyntaxEnum.self) {
        case .ifConfigDecl(let config):
            // Each clause counts on the platforms where the compiler would take it.
            for (clause, platforms) in activeClauses(of: config, on: scope.platforms) {
                var inner = scope
                inner.platforms = platforms
                switch clause.elements {
                case .statements(let items): walk(items, in: inner)
                case .decls(let members): walk(members, in: inner)
                default: continue
                }
            }
        case .structDecl(let node):
            visitType(node, .structure, node.name, node.genericParameterClause.map(Syntax.init), in: scope)
        case .classDecl(let node):
            visitType(node, .class, node.name, node.genericParameterClause.map(Syntax.init), in: scope)
        case .actorDecl(let node):
            visitType(node, .actor, node.name, node.genericParameterClause.map(Syntax.init), in: scope)
        case .enumDecl(let node):
            visitType(node, .enumeration, node.name, node.genericParameterClause.map(Syntax.init), in: scope)
        case .protocolDecl(let node):
            visitType(node, .protocol, node.name, node.primaryAssociatedTypeClause.map(Syntax.init), in: scope)
        case .extensionDecl(let node): visitExtension(node, in: scope)
        case .functionDecl(let node): visitFunction(node, in: scope)
        case .initializerDecl(let node): visitInitializer(node, in: scope)
        case .subscriptDecl(let node): visitSubscript(node, in: scope)
        case .variableDecl(let node): visitVariable(node, in: scope)
        case .enumCaseDecl(let node): visitEnumCase(node, in: scope)
        case .typeAliasDecl(let node): visitTypeAlias(node, in: scope)
        case .associatedTypeDecl(let node): visitAssociatedType(node, in: scope)
        case .macroDecl(let node): visitMacro(node, in: scope)
        case .importDecl(let node):
            // `import Combine` where no `#if` keeps it from Linux: the file does not build there.
            if let module = node.path.first?.name.text {
                for (index, configuration) in configurations.enumerated()
                where scope.platforms.contains(index) && configuration.lacks(module: module) {
                    result.unbuildable.bits |= UInt32(1) << UInt32(index)
                }
            }
            // `@_exported import KitCore`: KitCore's public declarations are part of this module's API.
            let exported = node.attributes.contains { element in
                guard case .attribute(let attribute) = element else { return false }
                return attribute.attributeName.trimmedDescription == "_exported"
            }
            // Only one every platform has: a re-export under `#if os(Linux)` leaves the others without it.
            let all = PlatformMask.all(configurations.count).bits
            if exported, scope.platforms.bits & all == all, node.importKindSpecifier == nil,
                let module = node.path.first?.name.text, node.path.count == 1
            {
                result.reexportedModules.insert(module)
            }
        default:
            // deinit, operators, precedence groups, imports, macro expansions: not keyed API.
            break
        }
    }

    /// The clauses of an `#if` that are active on at least one of `platforms`, each with the platforms where it is.
    /// Remembered per file by the clauses' conditions and the platforms asked for: a file repeats the same few
    /// conditions (`#if canImport(Darwin)` around each of its platform-dependent members).
    private mutating func activeClauses(
        of config: IfConfigDeclSyntax, on platforms: PlatformMask
    ) -> [(IfConfigClauseSyntax, PlatformMask)] {
        let clauses = Array(config.clauses)
        let key =
            "\(platforms.bits)"
            + clauses.map { "\u{0}" + $0.poundKeyword.text + " " + ($0.condition?.trimmedDescription ?? "") }.joined()
        let masks: [UInt32]
        if let known = clauseMasks[key] {
            masks = known
        } else {
            var computed = [UInt32](repeating: 0, count: clauses.count)
            for (index, configuration) in configurations.enumerated() where platforms.contains(index) {
                if let clause = config.activeClause(in: configuration).clause,
                    let position = clauses.firstIndex(where: { $0.id == clause.id })
                {
                    computed[position] |= 1 << UInt32(index)
                }
            }
            clauseMasks[key] = computed
            masks = computed
        }
        return zip(clauses, masks).compactMap { clause, bits in bits == 0 ? nil : (clause, PlatformMask(bits: bits)) }
    }

    // MARK: Access

    /// `public` or `open` when clients can reach the declaration, nil otherwise.
    func access(_ modifiers: DeclModifierListSyntax, in scope: Scope) -> String? {
        guard scope.isPublic else { return nil }
        // Requirements carry no modifier; they are as visible as their protocol.
        if scope.kind == .protocol { return "public" }
        switch SignatureParts.accessLevel(modifiers) ?? scope.implicitAccess {
        case "public": return "public"
        case "open": return "open"
        default: return nil
        }
    }

    /// Sorted attributes, then the access level (omitted for protocol requirements), then sorted
    /// modifiers, each followed by a space.
    /// `isolatable`: a member a global actor of its scope applies to; the same members (functions, initializers,
    /// subscripts, properties) have bodies of their own, and a result builder written on one of them outside a
    /// protocol (`@ViewBuilder func row()`, `@ViewBuilder var body`) only shapes that body: its callers see the same
    /// declaration, so it is left out. A requirement keeps it (conformers' bodies are built with it).
    func prefix(
        _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax, access: String?, in scope: Scope,
        isolatable: Bool = false
    ) -> String {
        var parts = SignatureParts.attributes(attributes)
        if isolatable, scope.kind != .protocol { parts.removeAll(where: Self.isResultBuilder) }
        if !scope.availability.isEmpty {
            parts = (parts + scope.availability.filter { !parts.contains($0) }).sorted()
        }
        if isolatable, let actor = scope.globalActor, !parts.contains(where: Self.isGlobalActor),
            !parts.contains("@concurrent"), !modifiers.contains(where: { $0.name.text == "nonisolated" })
        {
            parts = (parts + [actor]).sorted()
        }
        if let access, scope.kind != .protocol { parts.append(access) }
        parts.append(contentsOf: SignatureParts.modifiers(modifiers))
        guard !parts.isEmpty else { return "" }
        return parts.joined(separator: " ") + " "
    }

    /// ` where A, B`: the declaration's own requirements plus its extension's, sorted (delimited until the
    /// cross-file pass has resolved their names; see `TypeCanonical.whereList`).
    func whereClause(_ clause: GenericWhereClauseSyntax?, in scope: Scope) -> String {
        constraints(clause, in: scope)
    }

    // MARK: Recording

    /// Records a declaration keyed `keyWord qualifiedName`.
    mutating func record(
        kind: DeclarationKind, keyWord: String? = nil, qualifiedName: String, signature: String,
        at token: some SyntaxProtocol, in scope: Scope, parameterTypes: String = "", conformedTo: String? = nil,
        lookup: String? = nil
    ) {
        // The `_`-type itself is recorded (tagged); its members' own `_`-names stay hidden.
        guard
            qualifiedName == scope.underscoredOwner
                || !Self.isUnderscored(
                    kind: kind, qualifiedName: qualifiedName, conformedTo: conformedTo,
                    container: scope.kind)
        else { return }
        let key = (keyWord ?? kind.rawValue) + " " + qualifiedName
        let table = lines ?? LineTable(text)
        lines = table
        let line = table.line(at: token.positionAfterSkippingLeadingTrivia.utf8Offset)
        var signature = signature
        // What `@preconcurrency` on the protocol softens: a get-only property requirement's type, for conformers
        // (not its methods' parameters for callers, nor an associated type).
        if scope.preconcurrency, kind == .variable, signature.hasSuffix("{ get }"),
            !signature.contains(DeclarationSignature.preconcurrency + " ")
        {
            signature = DeclarationSignature.preconcurrency + " " + signature
        }
        let declaration = APIDeclaration(
            key: key, signature: signature, kind: kind, container: scope.kind, file: result.path, line: line)
        result.declarations.append(
            CollectedDeclaration(
                declaration: declaration, parameterTypes: parameterTypes,
                extendedType: scope.extendedType, conformedTo: conformedTo, lookupScope: lookup ?? scope.name,
                platforms: scope.platforms, underscoredOwner: scope.underscoredOwner))
    }

    /// Records a non-generic public typealias, which the cross-file pass follows wherever its name is used.
    mutating func recordAlias(_ qualified: String, target: String, in scope: Scope) {
        result.aliases[qualified] = AliasTarget(target: target, scope: scope.name)
        exposing(qualified, in: scope)
        let all = PlatformMask.all(configurations.count)
        if scope.platforms.bits & all.bits != all.bits {
            result.platformAliases[qualified, default: []].append(
                AliasTarget(
                    target: target, scope: scope.name, platforms: PlatformMask(bits: scope.platforms.bits & all.bits)))
        }
    }

    /// Records a generic public typealias, which the cross-file pass expands wherever it is used with arguments. One
    /// declared for some platforms only means the same where it exists (a use elsewhere does not compile anyway);
    /// one declared differently in two places is not expanded at all (`AliasTarget.merging`).
    mutating func recordGenericAlias(
        _ qualified: String, target: String, parameters: Int, constrained: Bool, in scope: Scope
    ) {
        let all = PlatformMask.all(configurations.count)
        guard scope.platforms.bits & all.bits != 0 else { return }
        let alias = AliasTarget(
            target: target, scope: scope.name, platforms: PlatformMask(bits: scope.platforms.bits & all.bits),
            parameters: parameters, constrained: constrained)
        result.genericAliases[qualified] = result.genericAliases[qualified].map { $0.merging(alias) } ?? alias
        exposing(qualified, in: scope)
    }

    /// Only an alias that is API itself makes the `_`-type it names API: not one inside a `_`-type, not a `_`-named
    /// one (its scope's visibility is checked once the file set is known).
    private mutating func exposing(_ alias: String, in scope: Scope) {
        if scope.underscoredOwner == nil, !Self.isUnderscored(Self.lastComponent(alias)) {
            result.exposingAliases.insert(alias)
        }
    }

    // MARK: Types

    private mutating func visitType(
        _ node: some DeclGroupSyntax, _ kind: DeclarationKind, _ token: TokenSyntax, _ generics: Syntax?,
        in scope: Scope
    ) {
        let keyword = kind.rawValue
        let name = String(NormalizedText.name(of: token))
        let qualified = scope.qualify(name)
        guard let access = access(node.modifiers, in: scope) else {
            // Still walk: nested type names must be known as hidden, so that extensions of them
            // are not mistaken for public API.
            result.hiddenTypes.insert(qualified)
            if let clause = generics?.as(GenericParameterClauseSyntax.self) {
                result.typeGenerics[qualified] = clause.parameters.map { String(NormalizedText.name(of: $0.name)) }
            }
            let hidden = Scope(
                name: qualified, kind: kind, isPublic: false, extendedType: scope.extendedType,
                platforms: scope.platforms)
            walk(node.memberBlock.members, in: hidden)
            return
        }
        if scope.underscoredOwner != nil {
            // A `_`-type, or a type inside one: public only if a public typealias names the `_`-type (decided for
            // the whole file set).
            result.hiddenTypes.insert(qualified)
        } else {
            result.publicTypes.insert(qualified)
        }
        if keyword == "protocol" { result.protocols.insert(qualified) }
        var types = canonical()

        // Conformances are their own declarations (adding one is additive, removing one breaking);
        // what stays in the type's signature is what cannot be read that way: a class's first
        // entry (the superclass position), an enum's raw type, and suppressed conformances such
        // as `~Copyable` (adding one takes copyability away).
        var kept: [String] = []
        for (index, inherited) in (node.inheritanceClause?.inheritedTypes ?? []).enumerated() {
            let type = inherited.type
            if type.is(SuppressedTypeSyntax.self)
                || index == 0 && (keyword == "class" || keyword == "enum" && Self.isRawType(type))
            {
                kept.append(types.render(type))
                continue
            }
            recordConformance(of: qualified, to: type, where: nil, in: scope, declaredBy: kind)
        }
        var signature = prefix(node.attributes, node.modifiers, access: access, in: scope)
        if keyword == "protocol" {
            if let clause = generics?.as(PrimaryAssociatedTypeClauseSyntax.self) {
                result.primaryAssociatedTypes[qualified] = clause.primaryAssociatedTypes.map {
                    String(NormalizedText.name(of: $0.name))
                }
            }
            signature += keyword + " " + name + (generics.map(NormalizedText.of) ?? "")
            if !kept.isEmpty { signature += ": " + kept.joined(separator: ", ") }
            signature += whereClause(node.genericWhereClause, in: scope)
        } else {
            let own = typeGenerics(
                generics?.as(GenericParameterClauseSyntax.self), qualified: qualified,
                where: node.genericWhereClause, in: scope)
            if !own.names.isEmpty { result.typeGenerics[qualified] = own.names }
            signature += keyword + " " + name + own.generics
            if !kept.isEmpty { signature += ": " + kept.joined(separator: ", ") }
            signature += own.constraints
        }
        record(kind: kind, qualifiedName: qualified, signature: signature, at: token, in: scope, lookup: qualified)

        var inner = Scope(name: qualified, kind: kind, extendedType: scope.extendedType, platforms: scope.platforms)
        inner.underscoredOwner = scope.underscoredOwner
        inner.preconcurrency =
            keyword == "protocol"
            && node.attributes.contains {
                $0.as(AttributeSyntax.self).map { NormalizedText.of($0.attributeName) == "preconcurrency" } ?? false
            }
        walk(node.memberBlock.members, in: inner)
    }

    private mutating func visitExtension(_ node: ExtensionDeclSyntax, in scope: Scope) {
        var types = canonical()
        // `extension Box<Int>` is `extension Box where T == Int` (SE-0361): the same members, spelled alike.
        var extendedType = node.extendedType
        var bound: [String] = []
        if let identifier = extendedType.as(IdentifierTypeSyntax.self),
            let arguments = identifier.genericArgumentClause?.arguments
        {
            // Only where the parameters are known: a type of this file (numbered, as its `where` form resolves)
            // or a standard one (named); another module's type keeps the form it is written in.
            let name = NormalizedText.of(identifier.name)
            let parameters =
                result.typeGenerics[name].map { $0.indices.map { "τ0_\($0)" } } ?? Self.standardGenerics[name]
            if let parameters, parameters.count == arguments.count {
                for (parameter, argument) in zip(parameters, arguments) {
                    switch argument.argument {
                    case .type(let type): bound.append(parameter + " == " + types.render(type))
                    case .expr(let expression): bound.append(parameter + " == " + NormalizedText.of(expression))
                    }
                }
                extendedType = TypeSyntax(identifier.with(\.genericArgumentClause, nil))
            }
        }
        types.marksNames = false
        let extended = types.render(extendedType)
        types.marksNames = true
        let requirements =
            bound + (node.genericWhereClause?.requirements.flatMap { types.requirements($0.requirement) } ?? [])
        // A hidden extension's conformances go with it: `@available(*, unavailable) extension T: Sendable`
        // says that T is not Sendable.
        for inherited in node.inheritanceClause?.inheritedTypes ?? [] where scope.isPublic {
            recordConformance(
                of: extended, to: inherited.type, where: requirements, in: scope, declaredBy: .extension)
        }
        var inner = Scope(
            name: extended, kind: .extension, isPublic: scope.isPublic, requirements: requirements,
            extendedType: extended, platforms: scope.platforms)
        inner.underscoredOwner = scope.underscoredOwner
        inner.globalActor = SignatureParts.attributes(node.attributes).first(where: Self.isExtensionGlobalActor)
            .map { $0 == "@_Concurrency.MainActor" ? "@MainActor" : $0 }
        inner.availability =
            scope.availability
            + SignatureParts.attributes(node.attributes).filter {
                $0.hasPrefix("@available(") && !inner.availability.contains($0)
            }
        switch SignatureParts.accessLevel(node.modifiers) {
        case "public", "open": inner.implicitAccess = "public"
        case nil: break
        default: inner.isPublic = false
        }
        walk(node.memberBlock.members, in: inner)
    }

    /// Whether an attribute names a global actor (`@MainActor`, a package's `@DatabaseActor`): by the convention
    /// that such actors' names end in `Actor` (the attribute alone does not say what it names).
    static func isGlobalActor(_ attribute: String) -> Bool {
        attribute.hasPrefix("@") && attribute.hasSuffix("Actor") && attribute != "@globalActor"
            && !attribute.contains("(")
    }

    /// Whether an attribute is one of the SDKs' result builders (`@ViewBuilder`, `@SceneBuilder`,
    /// `@RegexComponentBuilder`, …), written bare or module-qualified. Only these: a package's own `@…Builder` may as
    /// well be a global actor or a property wrapper, which change what callers compile; a package's builder written
    /// on a declaration reads as a change (the safe side).
    static func isResultBuilder(_ attribute: String) -> Bool {
        guard attribute.hasPrefix("@"), !attribute.contains("(") else { return false }
        let parts = attribute.dropFirst().split(separator: ".")
        guard let name = parts.last, parts.count <= 2 else { return false }
        return sdkResultBuilders.contains(String(name))
            && (parts.count == 1 || ["SwiftUI", "Charts", "MapKit", "RegexBuilder"].contains(String(parts[0])))
    }

    /// The result builders of Apple's SDKs (SwiftUI, Charts, MapKit) and of the standard library's RegexBuilder.
    private static let sdkResultBuilders: Set<String> = [
        "ViewBuilder", "SceneBuilder", "CommandsBuilder", "ToolbarContentBuilder", "TableColumnBuilder",
        "TableRowBuilder", "AccessibilityRotorContentBuilder", "TabContentBuilder", "KeyframesBuilder",
        "KeyframeTrackContentBuilder", "ChartContentBuilder", "MapContentBuilder", "RegexComponentBuilder",
        "AlternationBuilder",
    ]

    /// Whether an extension's attribute is a global actor: a custom attribute (capitalized, unlike the language's
    /// own) without arguments, other than `@Sendable`; on an extension nothing else of that form applies (property
    /// wrappers and result builders do not), so `@DB extension T` counts whatever the actor's name.
    static func isExtensionGlobalActor(_ attribute: String) -> Bool {
        guard attribute.hasPrefix("@"), !attribute.contains("("), attribute != "@Sendable" else { return false }
        let name = attribute.dropFirst().split(separator: ".").last ?? ""
        return name.first?.isUppercase == true
    }

    /// The generic parameters of the standard library's generic types, for `extension Array<Int>`: their members
    /// read `where Element == Int`, as `extension Array where Element == Int` writes them. A type of the package
    /// numbers its own (`τ0_0`).
    static let standardGenerics: [String: [String]] = [
        "Array": ["Element"], "ContiguousArray": ["Element"], "ArraySlice": ["Element"], "Set": ["Element"],
        "Dictionary": ["Key", "Value"], "Optional": ["Wrapped"], "Range": ["Bound"], "ClosedRange": ["Bound"],
        "Result": ["Success", "Failure"], "KeyPath": ["Root", "Value"], "WritableKeyPath": ["Root", "Value"],
        "ReferenceWritableKeyPath": ["Root", "Value"], "PartialKeyPath": ["Root"], "Slice": ["Base"],
        "UnsafePointer": ["Pointee"], "UnsafeMutablePointer": ["Pointee"], "UnsafeBufferPointer": ["Element"],
        "UnsafeMutableBufferPointer": ["Element"], "AsyncStream": ["Element"], "CollectionOfOne": ["Element"],
    ]

    /// The standard library types an enum can take raw values from.
    private static let rawTypes: Set<String> = [
        "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Float16", "Float80", "CGFloat",
    ]

    private static func isRawType(_ type: TypeSyntax) -> Bool {
        let text = NormalizedText.of(type)
        return rawTypes.contains(text.hasPrefix("Swift.") ? String(text.dropFirst(6)) : text)
    }

    /// Records `conformance Type: Protocol`; the post-pass drops it when either side is not public.
    private mutating func recordConformance(
        of type: String, to inherited: TypeSyntax, where requirements: [String]?, in scope: Scope,
        declaredBy kind: DeclarationKind
    ) {
        // `@retroactive`, `@unchecked` and `@preconcurrency` qualify how a conformance is
        // declared, not which conformance clients get.
        let base = inherited.as(AttributedTypeSyntax.self)?.baseType ?? inherited
        var types = canonical()
        types.marksNames = false
        let conformed = types.render(base)
        var signature = type + ": " + conformed
        signature += TypeCanonical.whereList(requirements ?? [])
        var declaring = scope
        declaring.kind = kind
        if kind == .extension { declaring.extendedType = type }
        record(
            kind: .conformance, qualifiedName: type + ": " + conformed, signature: signature,
            at: inherited, in: declaring, conformedTo: conformed, lookup: type)
    }
}
