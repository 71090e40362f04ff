import SwiftSyntax

// Generic parameters and constraints, spelled so that equivalent declarations read alike: parameters renamed
// by position, inline constraints moved into the `where` list, `some P` parameters made generic parameters.
extension APICollector {
    /// What a callable's signature shows of its generics, parameters, result and constraints.
    struct CallableShape {
        /// `<τ_0, τ_1>`, or empty.
        var generics = ""
        var parameters: SignatureParts.Parameters
        /// The canonical result type, nil when there is none.
        var result: String?
        /// The delimited `where` list (see `TypeCanonical.whereList`), or empty.
        var constraints = ""
        /// ` async throws(τ_0)`: the effects, with a thrown generic parameter renamed like the others; or empty.
        var effects = ""
    }

    /// Reads a function, initializer, subscript or macro signature. Generic parameters (declared or
    /// anonymous `some P` parameters) are named `τ_<i>` in order of first appearance in the parameters, then the
    /// result, then the `where` clause: clients never name them, so `<Element>` ≡ `<T>` and `<A, B>` ≡ `<B, A>`
    /// when used in the same places.
    func callableShape(
        _ genericClause: GenericParameterClauseSyntax?, _ clause: FunctionParameterClauseSyntax,
        style: SignatureParts.LabelStyle, result: TypeSyntax?, where whereClause: GenericWhereClauseSyntax?,
        effects: FunctionEffectSpecifiersSyntax? = nil, in scope: Scope
    ) -> CallableShape {
        let declared = genericClause.map { Array($0.parameters) } ?? []
        let declaredNames = Set(declared.map { String(NormalizedText.name(of: $0.name)) })
        var order = AppearanceOrder(names: declaredNames)
        for parameter in clause.parameters { order.scan(parameter.type, opaque: true) }
        if let thrown = effects?.throwsClause?.type { order.scan(thrown, opaque: false) }
        if let result { order.scan(result, opaque: false) }
        if let whereClause { order.scan(whereClause, opaque: false) }
        for parameter in declared { order.see(String(NormalizedText.name(of: parameter.name))) }

        var types = canonical()
        var slots: [String] = []
        for (index, slot) in order.slots.enumerated() {
            let name = "τ_\(index)"
            slots.append(name)
            switch slot {
            case .named(let source): types.generics[source] = name
            case .opaque: types.opaqueNames.append(name)
            }
        }
        types.opaqueAsGeneric = true
        var shape = CallableShape(parameters: SignatureParts.Parameters(clause, style: style, types: &types))
        types.opaqueAsGeneric = false
        if let effects {
            let text = types.effects(async: effects.asyncSpecifier, throws: effects.throwsClause)
            shape.effects = text.isEmpty ? "" : " " + text
        }
        shape.result = result.map { types.render($0) }
        var requirements = scope.requirements + types.opaqueRequirements
        let clauseText = genericClauseText(declared, renamed: slots, requirements: &requirements, types: &types)
        shape.generics = clauseText
        for requirement in whereClause?.requirements ?? [] {
            requirements.append(contentsOf: types.requirements(requirement.requirement))
        }
        shape.constraints = TypeCanonical.whereList(requirements)
        // Overloads that differ only in their constraints (`some P` vs `some Q`) are told apart by them.
        shape.parameters.types += shape.constraints
        return shape
    }

    /// A type's (or generic typealias's) own generic clause: clients name these parameters positionally
    /// (`Box<Int>`), so they are renamed in declaration order, `τ<depth>_<i>` with the depth of the type's
    /// qualified name, the same names `NameResolver` gives the uses in its members.
    func typeGenerics(
        _ genericClause: GenericParameterClauseSyntax?, qualified: String, where whereClause: GenericWhereClauseSyntax?,
        in scope: Scope
    ) -> (generics: String, constraints: String, names: [String], types: TypeCanonical) {
        let declared = genericClause.map { Array($0.parameters) } ?? []
        let names = declared.map { String(NormalizedText.name(of: $0.name)) }
        var types = canonical()
        let depth = TypeCanonical.depth(of: qualified)
        let renamed = names.indices.map { TypeCanonical.typeParameter(depth: depth, index: $0) }
        for (name, canonicalName) in zip(names, renamed) { types.generics[name] = canonicalName }
        var requirements = scope.requirements
        let clauseText = genericClauseText(declared, renamed: renamed, requirements: &requirements, types: &types)
        for requirement in whereClause?.requirements ?? [] {
            requirements.append(contentsOf: types.requirements(requirement.requirement))
        }
        return (clauseText, TypeCanonical.whereList(requirements), names, types)
    }

    /// A `where` list for a declaration without generic parameters of its own (associated types, properties
    /// in constrained extensions…).
    func constraints(_ whereClause: GenericWhereClauseSyntax?, in scope: Scope) -> String {
        var types = canonical()
        var requirements = scope.requirements
        for requirement in whereClause?.requirements ?? [] {
            requirements.append(contentsOf: types.requirements(requirement.requirement))
        }
        return TypeCanonical.whereList(requirements)
    }

    /// `<τ_0, each τ_1, let τ_2: Int>` in slot order; inline constraints go to `requirements`.
    private func genericClauseText(
        _ declared: [GenericParameterSyntax], renamed slots: [String], requirements: inout [String],
        types: inout TypeCanonical
    ) -> String {
        guard !slots.isEmpty else { return "" }
        var byName: [String: GenericParameterSyntax] = [:]
        for parameter in declared { byName[String(NormalizedText.name(of: parameter.name))] = parameter }
        var parts: [String] = []
        for slot in slots {
            let source = types.generics.first { $0.value == slot }?.key
            guard let source, let parameter = byName[source] else {
                parts.append(slot)  // an anonymous `some` parameter
                continue
            }
            switch parameter.specifier?.tokenKind {
            case .keyword(.each)?:
                parts.append("each " + slot)
            case .keyword(.let)?:
                // A value parameter's "inherited type" is its type, not a conformance.
                parts.append("let " + slot + (parameter.inheritedType.map { ": " + types.render($0) } ?? ""))
                continue
            default:
                parts.append(slot)
            }
            if let inherited = parameter.inheritedType {
                requirements.append(contentsOf: types.conformances(of: slot, to: inherited))
            }
        }
        return "<" + parts.joined(separator: ", ") + ">"
    }

    /// A renderer for one declaration, with the component's module names.
    func canonical() -> TypeCanonical {
        TypeCanonical(modules: modules)
    }
}

/// The order in which a callable's generic parameters first appear.
private struct AppearanceOrder {
    enum Slot { case named(String), opaque }

    let names: Set<String>
    var slots: [Slot] = []
    private var seen: Set<String> = []

    init(names: Set<String>) {
        self.names = names
    }

    mutating func see(_ name: String) {
        guard names.contains(name), seen.insert(name).inserted else { return }
        slots.append(.named(name))
    }

    /// Walks tokens in source order, the order `TypeCanonical` renders in; `opaque` counts `some` as a new
    /// parameter (parameter position only).
    mutating func scan(_ node: some SyntaxProtocol, opaque: Bool) {
        var afterPeriod = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier where !afterPeriod:
                see(String(NormalizedText.name(of: token)))
            case .keyword(.some) where opaque && token.parent?.is(SomeOrAnyTypeSyntax.self) == true:
                // A `some` inside another's constraint is read as a constraint, not as a parameter.
                if !Self.isInsideSome(token) { slots.append(.opaque) }
            default:
                break
            }
            afterPeriod = token.tokenKind == .period
        }
    }

    private static func isInsideSome(_ token: TokenSyntax) -> Bool {
        var node = token.parent?.parent
        while let current = node {
            if let some = current.as(SomeOrAnyTypeSyntax.self), some.someOrAnySpecifier.tokenKind == .keyword(.some) {
                return true
            }
            if current.is(FunctionParameterSyntax.self) { return false }
            node = current.parent
        }
        return false
    }
}

extension TypeCanonical {
    /// Opens a delimited `where` list; `NameResolver` sorts its entries once names are resolved.
    static let whereStart: Unicode.Scalar = "\u{2}"
    /// Separates entries of a delimited `where` list.
    static let whereSeparator: Unicode.Scalar = "\u{3}"
    /// Closes a delimited `where` list.
    static let whereEnd: Unicode.Scalar = "\u{4}"

    /// The delimited form of a `where` list, empty when there are no requirements.
    static func whereList(_ requirements: [String]) -> String {
        guard !requirements.isEmpty else { return "" }
        return String(Character(whereStart)) + requirements.joined(separator: String(Character(whereSeparator)))
            + String(Character(whereEnd))
    }

    /// How many types enclose the qualified name: `Box` 0, `Outer.Inner` 1.
    static func depth(of qualified: String) -> Int {
        qualified.reduce(0) { $1 == "." ? $0 + 1 : $0 }
    }

    /// The canonical name of a type's generic parameter.
    static func typeParameter(depth: Int, index: Int) -> String {
        "τ\(depth)_\(index)"
    }
}
