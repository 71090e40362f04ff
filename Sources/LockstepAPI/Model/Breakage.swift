/// The use that stops compiling when a declaration changes incompatibly: named, so that a breaking change says
/// which call, read or conformance breaks rather than only that the text differs.
enum Breakage: Hashable, Sendable, CustomStringConvertible {
    /// Conformers or subclasses implement it: their implementations of the old form no longer match.
    case implementationsStopMatching(what: String)
    /// The declaration became `async`.
    case needsAwait
    /// The declaration became throwing.
    case needsTry
    /// A setter taken away.
    case setterRemoved
    /// A parameter's default value taken away.
    case defaultRemoved(argument: String)
    /// A parameter made variadic or no longer variadic.
    case variadicChanged(argument: String)
    /// A parameter's type no longer takes what it took.
    case parameterType(argument: String, old: String, new: String)
    /// The result (or a property's type) is another type.
    case resultType(old: String, new: String, property: Bool)
    /// A generic requirement callers must now meet.
    case requirementAdded(String)
    /// `@preconcurrency` taken away from a declaration that demands `Sendable`: what only warned is an error.
    case preconcurrencyDropped

    var description: String {
        switch self {
        case .implementationsStopMatching(let what):
            return "\(what) of the old form no longer match the new one"
        case .needsAwait: return "calls without `await` no longer compile"
        case .needsTry: return "calls without `try` no longer compile"
        case .setterRemoved: return "assignments to it no longer compile"
        case .defaultRemoved(let argument): return "calls that leave out \(argument) no longer compile"
        case .variadicChanged(let argument): return "calls passing \(argument) as written before no longer compile"
        case .parameterType(let argument, let old, let new):
            return "calls passing a `\(old)` as \(argument) no longer compile (it takes `\(new)`)"
        case .resultType(let old, let new, let property):
            let subject = property ? "it" : "the result"
            let was = old == "a generic parameter" ? "the type a call inferred" : "`\(old)`"
            return "code using \(subject) as \(was) no longer compiles (it is `\(new)`)"
        case .requirementAdded(let requirement):
            return "calls whose types do not meet `\(requirement)` no longer compile"
        case .preconcurrencyDropped:
            return "`@preconcurrency` dropped: in Swift 6 mode, calls passing values that are not `Sendable` no longer "
                + "compile (they only warned)"
        }
    }
}

extension CallJudgement {
    /// The first use that stops compiling when `old` becomes `new` (effects, setter, parameters in order, result,
    /// requirements); nil when the model cannot name one (the change may still break, for a reason the typed parts
    /// do not show: an attribute, availability, a modifier).
    static func breakage(_ old: APIDeclaration, _ new: APIDeclaration) -> String? {
        guard old.kind == new.kind || Set([old.kind, new.kind]) == [.variable, .constant],
            let before = DeclarationSignature.parsed(old.signature),
            let after = DeclarationSignature.parsed(new.signature), before.keyword == after.keyword,
            callableKeywords.contains(before.keyword) || before.keyword == "var"
        else { return nil }
        // What callers write breaks first (through a protocol too); for what clients implement, a change callers do
        // not feel (effects taken away) still breaks the implementations.
        if let breakage = breakage(old: before, new: after) { return breakage.description }
        if old.isProtocolRequirement {
            return Breakage.implementationsStopMatching(what: "conforming types' implementations").description
        }
        if before.modifiers.contains("open"), !before.modifiers.contains("final") {
            return Breakage.implementationsStopMatching(what: "subclasses' overrides").description
        }
        return nil
    }

    static func breakage(old: DeclarationSignature, new: DeclarationSignature) -> Breakage? {
        if new.isAsync, !old.isAsync { return .needsAwait }
        if let throwing = new.throwing, throwing != "throws(Never)", old.throwing == nil { return .needsTry }
        if old.accessors == "{ get set }", new.accessors == "{ get }" { return .setterRemoved }
        var judgement = CallJudgement()
        if let before = old.parameters, let after = new.parameters, before.count == after.count {
            for (index, (was, now)) in zip(before, after).enumerated() {
                let argument = argument(was.label, at: index)
                if was.hasDefault, !now.hasDefault { return .defaultRemoved(argument: argument) }
                if was.isVariadic != now.isVariadic { return .variadicChanged(argument: argument) }
                guard judgement.accepts(old: was.type, new: now.type, label: argument) else {
                    // A type the reader could not spell (`_`, inferred from a value) names no argument.
                    if was.type.isUnspelled || now.type.isUnspelled { return nil }
                    return .parameterType(
                        argument: argument, old: was.type.description, new: now.type.description)
                }
            }
        }
        // A generic parameter that became `Any` is not the result's type any more.
        let widened = Set(judgement.substitution.filter { $0.value.isAny }.keys)
        if let was = old.result, let now = new.result,
            !was.genericParameters.isDisjoint(with: widened) || !judgement.same(was, now)
        {
            if was.isUnspelled || now.isUnspelled { return nil }
            return .resultType(
                old: was.genericParameter == nil ? was.description : "a generic parameter", new: now.description,
                property: ["var", "let"].contains(old.keyword))
        }
        let known = Set(old.requirements.map { $0.substituting(judgement.substitution) })
        if let added = new.requirements.subtracting(known).map(\.text).min() { return .requirementAdded(added) }
        return nil
    }
}
