/// `@preconcurrency` on a function, initializer or subscript: the `Sendable` its parameters and generic
/// requirements demand is checked as warnings at call sites, in Swift 6 mode too. So a declaration that gains such
/// demands under the attribute (`func add(_ h: Handler)` → `@preconcurrency func add(_ h: Handler & Sendable)`,
/// `@Sendable` on a closure parameter, `where T: Sendable`, `T: SendableMetatype`) breaks no call. For what clients
/// implement (a requirement, an `open` member), only `@Sendable` closures and generic requirements are softened: a
/// witness or override taking `Handler` where the new form takes `Handler & Sendable` no longer matches.
///
/// On a protocol (`@preconcurrency protocol P`) the attribute softens, for conformers, a get-only property
/// requirement's type (`static var add: (Int) -> Int` still meets `static var add: @Sendable (Int) -> Int { get }`);
/// callers of its methods still get errors, so nothing else is softened there (each checked with swiftc 6.3).
///
/// Not covered, since the attribute does not soften them: `Sendable` demanded by an enum case's payload, a typealias,
/// an associated type, a protocol's parent, or a type's own generic parameters; a settable property's type; a class
/// that must now be `Sendable`. Taking the attribute away from a declaration that demands `Sendable`, or that is
/// isolated to a global actor (`@MainActor`), turns warnings into errors: breaking.
extension DeclarationSignature {
    static let preconcurrency = "@preconcurrency"

    /// Whether the declaration carries `@preconcurrency`.
    var isPreconcurrency: Bool { modifiers.contains(Self.preconcurrency) }

    /// The signature without `@preconcurrency` and without what it softens: `Sendable` and `SendableMetatype` in
    /// the parameters' types (`@Sendable` function types, and existential compositions unless `forImplementations`)
    /// and in the generic requirements, and in a property's type.
    func withoutSendableDemands(forImplementations: Bool = false) -> DeclarationSignature {
        var copy = self
        copy.modifiers.removeAll { $0 == Self.preconcurrency }
        if keyword == "var" { copy.result = result?.withoutSendable(existentials: !forImplementations) }
        copy.parameters = parameters?.map { parameter in
            var parameter = parameter
            parameter.type = parameter.type.withoutSendable(existentials: !forImplementations)
            return parameter
        }
        copy.requirements = Set(
            requirements.compactMap { requirement in
                guard requirement.relation == ":" else { return requirement }
                let constraint = requirement.constraint.withoutSendable(existentials: true)
                guard !constraint.isAny else { return nil }
                return Requirement(relation: ":", subject: requirement.subject, constraint: constraint)
            })
        return copy
    }

    /// The global actor a declaration is isolated to, if any (see `isGlobalActor`).
    var globalActor: String? { modifiers.first(where: Self.isGlobalActor) }

    /// Whether an attribute isolates to a global actor: `@MainActor`, or one naming an actor type by the usual
    /// `…Actor` spelling.
    static func isGlobalActor(_ attribute: some StringProtocol) -> Bool {
        attribute.hasPrefix("@") && attribute.hasSuffix("Actor") && !attribute.contains("(")
    }

    /// Whether `old` → `new` takes `@preconcurrency` away from a declaration where it softened something: a callable
    /// or property that demands `Sendable`, or one isolated to a global actor. Swift 6 (for a global actor, Swift 5
    /// too) calls that only warned no longer compile.
    static func dropsPreconcurrency(old: DeclarationSignature, new: DeclarationSignature) -> Bool {
        guard old.isPreconcurrency, !new.isPreconcurrency else { return false }
        if old.globalActor != nil { return true }
        guard CallJudgement.callableKeywords.contains(old.keyword) || old.keyword == "var" else { return false }
        var plain = old
        plain.modifiers.removeAll { $0 == Self.preconcurrency }
        return old.withoutSendableDemands() != plain
    }

    /// Why every client of `old` still compiles against `new`, when `new` is `@preconcurrency` and differs from
    /// `old` only by `Sendable` demands it softens (and the attribute itself). For what clients implement
    /// (`implemented`), only demands added count, and only those a witness or override without them still meets;
    /// a property only as a get-only protocol requirement (`requirement`).
    static func sendableUnderPreconcurrency(
        old: DeclarationSignature, new: DeclarationSignature, implemented: Bool, requirement: Bool = false
    ) -> CompatibilityReason? {
        guard new.isPreconcurrency else { return nil }
        if new.keyword == "var" {
            guard implemented, requirement, new.accessors == "{ get }", old.accessors == "{ get }" else { return nil }
        } else {
            guard CallJudgement.callableKeywords.contains(new.keyword) else { return nil }
        }
        let softened = new.withoutSendableDemands(forImplementations: implemented)
        var before = old
        before.modifiers.removeAll { $0 == Self.preconcurrency }
        if !implemented { before = old.withoutSendableDemands() }
        var after = new
        after.modifiers.removeAll { $0 == Self.preconcurrency }
        guard softened == before, after != before else { return nil }
        return .sendableUnderPreconcurrency
    }
}

extension SwiftType {
    /// The type without `Sendable` demands at any depth: `@Sendable` dropped from function types and, with
    /// `existentials`, `Sendable` and `SendableMetatype` from compositions (`any P & Sendable` → `any P`, `any
    /// Sendable` → `Any`).
    func withoutSendable(existentials: Bool) -> SwiftType {
        let strip = { (type: SwiftType) in type.withoutSendable(existentials: existentials) }
        switch self {
        case .composition(let members) where existentials:
            let kept = members.filter { !$0.isSendableMarker }.map(strip)
            if kept.isEmpty { return .named(base: nil, name: "Any", arguments: []) }
            return kept.count == 1 ? kept[0] : .composition(kept)
        case .opaque(let keyword, let constraint) where existentials:
            if constraint.isSendableMarker { return .named(base: nil, name: "Any", arguments: []) }
            let inner = strip(constraint)
            return inner.isAny ? inner : .opaque(keyword: keyword, constraint: inner)
        case .function(var function):
            function.attributes.removeAll { $0 == "@Sendable" }
            return SwiftType.function(function).mappingChildren(strip)
        default:
            if existentials, isSendableMarker { return .named(base: nil, name: "Any", arguments: []) }
            return mappingChildren(strip)
        }
    }

    /// `Sendable`, `SendableMetatype` (or `Swift.`-qualified).
    private var isSendableMarker: Bool {
        guard case .named(let base, let name, let arguments) = self, arguments.isEmpty,
            name == "Sendable" || name == "SendableMetatype"
        else { return false }
        guard let base else { return true }
        return base == .named(base: nil, name: "Swift", arguments: [])
    }
}
