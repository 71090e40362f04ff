/// Protocol requirements added (whether conformers outside the package must now implement something)
/// and members the compiler synthesizes (an explicit one appearing or going changes nothing for clients).
extension APIDiff {
    /// Kinds of protocol members that conformers must provide; a protocol's typealias or conformance is not one.
    private static let requirementKinds: Set<DeclarationKind> = [
        .function, .variable, .constant, .initializer, .subscript, .associatedtype,
    ]

    /// The notes `rateAddedRequirements` gives a level that breaks nothing. Each is decided from the requirement, its
    /// protocol's declaration and parents and the members of its and its parents' extensions under its name: a default
    /// found among the keys a release diffed on its touched keys holds is found among the whole sets too (which only
    /// add candidates and parents), so such a verdict need not be taken again on them (`APIDiff(old:new:shared:)`).
    static let requirementNotes: Set<String> = [
        defaultTypeNote, defaultImplementationNote, movesWithTheSetNote, parentMovesWithTheSetNote,
    ]
    private static let defaultTypeNote = "it has a default type"
    private static let defaultImplementationNote = "it has a default implementation"
    private static let movesWithTheSetNote =
        "minor: kind protocols; it has no default implementation, so conformers move with the protocol set"
    private static let parentMovesWithTheSetNote = "minor: kind protocols; conformers move with the protocol set"

    /// Rates every added protocol requirement: additive with a default implementation in an extension of the
    /// protocol or of one of its parents (a witness for it: `WitnessJudgement`), with a default associated type, as an
    /// `optional` requirement or in a protocol that is itself new; otherwise `context.addedRequirementImpact`. A
    /// parent added to an existing protocol counts the same way.
    static func rateAddedRequirements(
        _ changes: inout [APIChange], new: [String: APIDeclaration], context: APIContext
    ) {
        let addedKeys = Set(changes.lazy.filter { $0.kind == .added }.map(\.key))
        var defaults: Defaults?
        for index in changes.indices where changes[index].kind == .added {
            guard let requirement = changes[index].new, requirement.isProtocolRequirement else { continue }
            if requirement.kind == .conformance {
                rateAddedParent(&changes[index], addedKeys: addedKeys, context: context)
                continue
            }
            guard requirementKinds.contains(requirement.kind) else { continue }
            if let owner = protocolKey(of: requirement.baseKey), addedKeys.contains(owner) { continue }
            let shape = SignatureShape(requirement.signature)
            if shape?.modifiers.contains("optional") == true { continue }
            if requirement.kind == .associatedtype, shape?.result.contains("=") == true {
                changes[index].note = defaultTypeNote
                continue
            }
            if defaults == nil { defaults = Defaults(new) }
            let (found, mismatches) = defaults!.implementation(of: requirement, shape: shape, new: new)
            if found {
                changes[index].note = defaultImplementationNote
                continue
            }
            // Why the extensions' members of that name are no default, each once, in a stable order.
            let because =
                mismatches.isEmpty
                ? ""
                : " (in the protocol's extensions, " + Array(Set(mismatches)).sorted().joined(separator: "; ") + ")"
            changes[index].impact = context.addedRequirementImpact
            changes[index].note =
                context.addedRequirementImpact == .breaking
                ? "breaking: it has no default implementation\(because): conformers outside the package must add it"
                : movesWithTheSetNote
        }
    }

    /// A protocol's new parent (`protocol P: Sendable`): every conformer outside the package must now conform
    /// to it too, as with a requirement without a default; nothing to do when the protocol itself is new.
    private static func rateAddedParent(_ change: inout APIChange, addedKeys: Set<String>, context: APIContext) {
        guard change.new != nil, let colon = change.key.firstIndex(of: ":") else { return }
        let owner = "protocol " + change.key.dropFirst("conformance ".count).prefix { $0 != ":" }
        if addedKeys.contains(owner) { return }
        let parent = change.key[change.key.index(after: colon)...].trimmingSpaces()
        change.impact = context.addedRequirementImpact
        change.note =
            context.addedRequirementImpact == .breaking
            ? "breaking: conformers outside the package must now conform to \(parent) too"
            : parentMovesWithTheSetNote
    }

    /// The members of protocol extensions by base key, and each protocol's parents, read once per diff.
    private struct Defaults {
        var byBaseKey: [String: [APIDeclaration]] = [:]
        var parents = DeclaredParents()

        init(_ declarations: [String: APIDeclaration]) {
            for declaration in declarations.values {
                if declaration.baseKey.hasSuffix(extensionSuffix) {
                    byBaseKey[declaration.baseKey, default: []].append(declaration)
                } else {
                    parents.record(declaration)
                }
            }
        }

        /// Whether a member of an extension of the requirement's protocol or of one of its parents implements it
        /// (`WitnessJudgement`); otherwise what keeps each member of that name from doing so (`` `P.f()` throws ``).
        func implementation(of requirement: APIDeclaration, shape: SignatureShape?, new: [String: APIDeclaration])
            -> (found: Bool, mismatches: [String])
        {
            let kind = requirement.baseKey.prefix { $0 != " " }
            let owner = protocolKey(of: requirement.baseKey).map { String($0.dropFirst("protocol ".count)) }
            let lineage = owner.map { parents.lineage(of: $0) } ?? []
            let isolation = owner.flatMap { new["protocol " + $0] }.flatMap {
                DeclarationSignature.parsed($0.signature).flatMap { WitnessJudgement.globalActor($0.modifiers) }
            }
            let witnessOwner = WitnessJudgement.Owner(protocols: Set(lineage), isolation: isolation)
            var mismatches: [String] = []
            for proto in lineage.isEmpty ? [nil] : lineage.map(Optional.some) {
                var key = requirement.baseKey
                if let proto, let owner, proto != owner {
                    key = kind + " " + proto + key.dropFirst(kind.count + 1 + owner.count)
                }
                for candidate in byBaseKey[key + extensionSuffix] ?? [] {
                    guard
                        let mismatch = defaultMismatch(candidate, for: requirement, shape: shape, owner: witnessOwner)
                    else { return (true, []) }
                    mismatches.append("`\(key.drop { $0 != " " }.dropFirst())` " + mismatch)
                }
            }
            return (false, mismatches)
        }
    }

    /// nil when `implementation` implements `requirement` for every conformer (`WitnessJudgement`: the same form and
    /// types, its extension adding no requirement of its own); otherwise what keeps it from doing so. Signatures the
    /// typed model does not read are matched by their generic requirements alone.
    private static func defaultMismatch(
        _ implementation: APIDeclaration, for requirement: APIDeclaration, shape requirementShape: SignatureShape?,
        owner: WitnessJudgement.Owner
    ) -> String? {
        if let required = DeclarationSignature.parsed(requirement.signature),
            let offered = DeclarationSignature.parsed(implementation.signature)
        {
            return WitnessJudgement.mismatch(requirement: required, member: offered, owner: owner)
        }
        guard let shape = SignatureShape(implementation.signature) else { return "is not read as a signature" }
        return Set(shape.requirements).isSubset(of: requirementShape?.requirements ?? [])
            ? nil : "adds generic requirements"
    }

    /// `func Outer.P.f()` → `protocol Outer.P`.
    private static func protocolKey(of key: String) -> String? {
        guard let space = key.firstIndex(of: " ") else { return nil }
        var name = key[key.index(after: space)...]
        if let open = name.firstIndex(where: { $0 == "(" || $0 == "[" }) { name = name[..<open] }
        // An initializer's or subscript's key names its type whole (`init P()`, `subscript P(_:)`).
        if key.hasPrefix("init") || key.hasPrefix("subscript") { return "protocol " + name }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return "protocol " + name[..<dot]
    }

    // MARK: Synthesized members

    /// Members the compiler writes for a conformance when the type does not, with the protocols that do it.
    private static let synthesized: [(member: String, protocols: [String])] = [
        ("init |(from:)", ["Decodable", "Codable"]),
        ("func |.encode(to:)", ["Encodable", "Codable"]),
        ("func |.hash(into:)", ["Hashable"]),
        ("var |.hashValue", ["Hashable"]),
        ("func |.==(_:_:)", ["Equatable", "Hashable"]),
        ("init |(rawValue:)", []),
        ("var |.rawValue", []),
    ]

    /// `synthesized` with each pattern split at its `|`, once (every key a diff touches is asked).
    private static let synthesizedParts: [(prefix: String, suffix: String, protocols: [String])] = synthesized.map {
        let parts = $0.member.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), String(parts[1]), $0.protocols)
    }

    /// The keys a synthesizable member's verdict depends on: its type's conformances and declaration.
    static func synthesisKeys(for baseKey: String) -> [String] {
        guard let (type, protocols) = synthesizedMember(baseKey) else { return [] }
        return protocols.map { "conformance \(type): \($0)" } + ["enum \(type)"]
    }

    /// Drops an explicit `init(from:)`, `encode(to:)`, `hash(into:)`, `hashValue`, `==`, `init?(rawValue:)`
    /// or `rawValue` added or removed while the type keeps the conformance that synthesizes it (a raw-value
    /// enum for the last two): clients had the member before and still have it.
    ///
    /// Also a global `==` (`<`) of two values of one struct, enum, class or actor removed while that type conforms to
    /// `Equatable` (`Comparable`) on both sides: `a == b` finds the
    /// conformance's operator, synthesized or written as a static member (swift-nio-ssl 2.7.0 replaced `func
    /// ==(BoringSSLError, BoringSSLError)` by the synthesized one). Only a call spelled with the module's name
    /// (`NIOSSL.==(a, b)`) would miss it, and a client below the deployment target of an `@available` on the
    /// conformance's extension (conformances are recorded without their extension's availability: left). Not an
    /// added one: beside a written `static func ==` it makes `a == b` ambiguous.
    static func dropSynthesized(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        var conformances: (old: [String: Set<String>], new: [String: Set<String>])?
        changes.removeAll { change in
            guard change.kind != .changed, let declaration = change.new ?? change.old,
                !declaration.isProtocolRequirement
            else { return false }
            if change.kind == .removed, let (type, proto) = conformanceOperator(declaration),
                isConcreteType(type, in: old), isConcreteType(type, in: new)
            {
                if conformances == nil { conformances = (conformancesByType(old), conformancesByType(new)) }
                return StandardConformances.implies(conformances?.old[type] ?? [], proto)
                    && StandardConformances.implies(conformances?.new[type] ?? [], proto)
            }
            guard let (type, protocols) = synthesizedMember(declaration.baseKey) else { return false }
            if protocols.isEmpty { return isRawValueEnum(type, in: old) && isRawValueEnum(type, in: new) }
            return protocols.contains { proto in
                let key = "conformance \(type): \(proto)"
                return old[key] != nil && new[key] != nil
            }
        }
    }

    /// A global `==` or `<` of two values of one non-generic type returning `Bool`: the type and the protocol whose
    /// conformance supplies that operator (`Equatable`, `Comparable`).
    private static func conformanceOperator(_ declaration: APIDeclaration) -> (type: String, proto: String)? {
        let proto: String
        switch declaration.baseKey {
        case "func ==(_:_:)": proto = "Equatable"
        case "func <(_:_:)": proto = "Comparable"
        default: return nil
        }
        guard let signature = DeclarationSignature.parsed(declaration.signature), signature.genericParameters == nil,
            signature.requirements.isEmpty, !signature.isAsync, signature.throwing == nil,
            signature.result?.description == "Bool", let parameters = signature.parameters, parameters.count == 2,
            case .named = parameters[0].type, parameters[0].type == parameters[1].type
        else { return nil }
        return (parameters[0].type.description, proto)
    }

    /// Each type's declared conformances (`conformance T: P` → `T: [P]`; `declaredConformances(in:)` holds the same
    /// as `T: P` texts, the form `implied` reads).
    private static func conformancesByType(_ declarations: [String: APIDeclaration]) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for declaration in declarations.values {
            if let (type, proto) = declaration.conformanceParts { result[type, default: []].insert(proto) }
        }
        return result
    }

    /// Whether `type` is a struct, enum, class or actor `declarations` declare (not a protocol, whose existential
    /// does not conform to it).
    private static func isConcreteType(_ type: String, in declarations: [String: APIDeclaration]) -> Bool {
        ["struct", "enum", "class", "actor"].contains { declarations[$0 + " " + type] != nil }
    }

    private static func synthesizedMember(_ baseKey: String) -> (type: String, protocols: [String])? {
        for (prefix, suffix, protocols) in synthesizedParts {
            guard baseKey.hasPrefix(prefix), baseKey.hasSuffix(suffix),
                baseKey.utf8.count > prefix.utf8.count + suffix.utf8.count
            else { continue }
            let type = String(baseKey.dropFirst(prefix.count).dropLast(suffix.count))
            guard !type.contains(" ") else { continue }
            return (type, protocols)
        }
        return nil
    }

    private static func isRawValueEnum(_ type: String, in declarations: [String: APIDeclaration]) -> Bool {
        guard let declaration = declarations["enum \(type)"], let shape = SignatureShape(declaration.signature)
        else { return false }
        return shape.result.hasPrefix(":") && !shape.result.hasPrefix(": ~")
    }
}

/// What each type of a surface is declared to conform to (`conformance Q: P`), read once: for a protocol, the
/// protocols it refines.
struct DeclaredParents {
    private var parents: [String: [String]] = [:]

    /// Notes `declaration` when it is a conformance.
    mutating func record(_ declaration: APIDeclaration) {
        if let (type, proto) = declaration.conformanceParts { parents[type, default: []].append(proto) }
    }

    /// `name` and every protocol it refines, through any number of parents, nearest first.
    func lineage(of name: String) -> [String] {
        var lineage = [name]
        var index = 0
        while index < lineage.count {
            for parent in parents[lineage[index]] ?? [] where !lineage.contains(parent) { lineage.append(parent) }
            index += 1
        }
        return lineage
    }
}
