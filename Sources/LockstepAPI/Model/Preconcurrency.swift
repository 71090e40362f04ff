/// `@preconcurrency` on a function, initializer or subscript: the `Sendable` its parameters and generic
/// requirements demand is checked as warnings at call sites, in Swift 6 mode too, and a conformer's implementation
/// without those demands still satisfies a requirement that has them. So a declaration that gains such demands
/// under the attribute (`func add(_ h: Handler)` → `@preconcurrency func add(_ h: Handler & Sendable)`,
/// `@Sendable` on a closure parameter, `where T: Sendable`, `T: SendableMetatype`) breaks no client.
///
/// On a protocol (`@preconcurrency protocol P`) the attribute reaches every requirement, a property's type too: a
/// conformer's `static var add: (Int) -> Int` still meets `static var add: @Sendable (Int) -> Int { get }`.
///
/// Not covered, since the attribute does not soften them (each was checked against Swift 6.3): `Sendable` demanded
/// by an enum case's payload, a typealias, an associated type, a protocol's parent, or a type's own generic
/// parameters; and a class that must now be `Sendable` (a non-final class cannot be).
extension DeclarationSignature {
    static let preconcurrency = "@preconcurrency"

    /// Whether the declaration carries `@preconcurrency`.
    var isPreconcurrency: Bool { modifiers.contains(Self.preconcurrency) }

    /// The signature without `@preconcurrency` and without what it softens: `Sendable` and `SendableMetatype` in
    /// the parameters' types (compositions, `@Sendable` function types), in the generic requirements, and in a
    /// property's type (what a setter takes, and what a conformer's property must be).
    var withoutSendableDemands: DeclarationSignature {
        var copy = self
        copy.modifiers.removeAll { $0 == Self.preconcurrency }
        if keyword == "var" { copy.result = result?.withoutSendable }
        copy.parameters = parameters?.map { parameter in
            var parameter = parameter
            parameter.type = parameter.type.withoutSendable
            return parameter
        }
        copy.requirements = Set(
            requirements.compactMap { requirement in
                guard requirement.relation == ":" else { return requirement }
                let constraint = requirement.constraint.withoutSendable
                guard !constraint.isAny else { return nil }
                return Requirement(relation: ":", subject: requirement.subject, constraint: constraint)
            })
        return copy
    }

    /// Whether `old` → `new` (equal but for the attribute) drops `@preconcurrency` from a callable that demands
    /// `Sendable` of its arguments: Swift 6 calls that only warned no longer compile.
    static func dropsPreconcurrency(old: DeclarationSignature, new: DeclarationSignature) -> Bool {
        guard old.isPreconcurrency, !new.isPreconcurrency, CallJudgement.callableKeywords.contains(old.keyword)
        else { return false }
        var plain = old
        plain.modifiers.removeAll { $0 == Self.preconcurrency }
        return old.withoutSendableDemands != plain
    }

    /// Why every client of `old` still compiles against `new`, when `new` is `@preconcurrency` and differs from
    /// `old` only by `Sendable` demands it softens (and the attribute itself). For what clients implement, only
    /// demands added count: an implementation that met the old requirement meets the new one.
    static func sendableUnderPreconcurrency(old: DeclarationSignature, new: DeclarationSignature, implemented: Bool)
        -> CompatibilityReason?
    {
        guard new.isPreconcurrency,
            CallJudgement.callableKeywords.contains(new.keyword) || implemented && new.keyword == "var"
        else { return nil }
        let softened = new.withoutSendableDemands
        var before = old
        before.modifiers.removeAll { $0 == Self.preconcurrency }
        if !implemented { before = old.withoutSendableDemands }
        var after = new
        after.modifiers.removeAll { $0 == Self.preconcurrency }
        guard softened == before, after != before else { return nil }
        return .sendableUnderPreconcurrency
    }
}

extension SwiftType {
    /// The type without `Sendable` demands at any depth: `Sendable` and `SendableMetatype` dropped from compositions
    /// (`any P & Sendable` → `any P`, `any Sendable` → `Any`) and `@Sendable` from function types.
    var withoutSendable: SwiftType {
        switch self {
        case .composition(let members):
            let kept = members.filter { !$0.isSendableMarker }.map(\.withoutSendable)
            if kept.isEmpty { return .named(base: nil, name: "Any", arguments: []) }
            return kept.count == 1 ? kept[0] : .composition(kept)
        case .opaque(let keyword, let constraint):
            if constraint.isSendableMarker { return .named(base: nil, name: "Any", arguments: []) }
            let inner = constraint.withoutSendable
            return inner.isAny ? inner : .opaque(keyword: keyword, constraint: inner)
        case .function(var function):
            function.attributes.removeAll { $0 == "@Sendable" }
            return SwiftType.function(function).mappingChildren(\.withoutSendable)
        default:
            if isSendableMarker { return .named(base: nil, name: "Any", arguments: []) }
            return mappingChildren(\.withoutSendable)
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
