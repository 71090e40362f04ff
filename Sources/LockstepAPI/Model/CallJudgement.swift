/// Why a changed declaration still accepts every call that compiled against its old form: one named reason per
/// difference the judgement found.
enum CompatibilityReason: Hashable, Sendable, CustomStringConvertible {
    /// A parameter whose type was a generic parameter used nowhere else now takes `Any`: every argument converts.
    case genericParameterBecameAny(label: String)
    /// A parameter's protocol composition (`any P & Sendable`) lost members: it accepts what it accepted.
    case compositionLostMembers(label: String, dropped: [String])
    /// `@Sendable` or `@escaping` dropped from a closure parameter's own type, or `@isolated(any)` added to it (every
    /// function converts to an `@isolated(any)` one, SE-0431): it accepts every closure it accepted.
    case closureAttributesDropped(label: String, dropped: [String], gained: [String] = [])
    /// A closure parameter may throw now and the function `rethrows`: a call passing a closure that does not throw
    /// (every old call) throws nothing, so it needs no `try`.
    case closureMayThrow(label: String)
    /// A generic requirement dropped: calls that met it still compile.
    case requirementsDropped([String])
    /// The generic parameters renumbered (one removed or reordered) with the same roles.
    case genericParametersRenumbered
    /// `Sendable` demanded under `@preconcurrency` (see `DeclarationSignature.sendableUnderPreconcurrency`).
    case sendableUnderPreconcurrency
    /// Types of the old declaration made generic where only a closure argument returns them: the new generic
    /// parameters, bound to the old types, give the old signature back, so every call infers them (`(T) -> Void` →
    /// `<R>(T) -> R`).
    case madeGeneric([String])

    var description: String {
        switch self {
        case .genericParameterBecameAny(let label):
            return "\(label) takes `Any` where it took an unconstrained generic parameter of its own "
                + "(every argument converts)"
        case .compositionLostMembers(let label, let dropped):
            return "the protocol composition \(label) takes lost "
                + dropped.map { "`\($0)`" }.joined(separator: ", ") + " (it accepts what it accepted)"
        case .closureAttributesDropped(let label, let dropped, let gained):
            let changes =
                (dropped.isEmpty ? [] : [dropped.joined(separator: " and ") + " dropped from"])
                + (gained.isEmpty ? [] : [gained.joined(separator: " and ") + " added to"])
            return changes.joined(separator: " and ")
                + " the closure type \(label) takes (it accepts every closure it accepted)"
        case .closureMayThrow(let label):
            return "the closure \(label) takes may throw and the function rethrows (a call passing one that does not "
                + "throw needs no `try`)"
        case .requirementsDropped(let requirements):
            return "generic requirement " + requirements.map { "`\($0)`" }.joined(separator: ", ")
                + " dropped (calls that met it still compile)"
        case .genericParametersRenumbered:
            return "the same generic parameters, numbered otherwise"
        case .sendableUnderPreconcurrency:
            return "`Sendable` required under `@preconcurrency` (Swift 6 clients get warnings, not errors)"
        case .madeGeneric(let bindings):
            return "made generic where it was " + bindings.joined(separator: ", ")
                + " (every call infers the new generic parameters as those types)"
        }
    }
}

/// The compatibility question for a callable (`func`, `init`, `subscript`) whose typed signature changed: does
/// every call that compiled against `old` compile against `new`? Parameters are matched by position and label;
/// a generic parameter of the old declaration may become one of the new (the roles are matched, not the numbers)
/// or, where it stood alone for one parameter, `Any`. Each parameter's new type must accept every argument of its
/// old type; the result must be the same type. Not for what clients implement (requirements, `open` members),
/// where a witness or override must match exactly.
struct CallJudgement {
    /// The old declaration's generic parameters as the new one spells them.
    var substitution: [Int: SwiftType] = [:]
    /// Generic parameters a requirement constrains (other than `Sendable`): one of them may not become `Any`, since
    /// a call may rely on the constraint to find what it passes (`show(.plain)` through `extension Style where Self
    /// == Plain`, SE-0299).
    private var constrained: Set<Int> = []
    /// Whether a generic parameter may become `Any` at all: not for a subscript, whose key-path uses need its
    /// indices `Hashable`.
    private var allowsAny = true
    /// Whether the new declaration `rethrows` where the old did not throw: a closure parameter may then gain `throws`.
    private var gainsRethrows = false
    private var reasons: [CompatibilityReason] = []

    /// The reasons `new` accepts every call of `old`; nil when some call may stop compiling or the judgement
    /// cannot tell (the string-based judgements decide then).
    static func reasons(old: DeclarationSignature, new: DeclarationSignature, implemented: Bool)
        -> [CompatibilityReason]?
    {
        guard !implemented, let (before, after) = callParameters(old, new) else { return nil }
        var judgement = CallJudgement()
        judgement.allowsAny = old.keyword != "subscript"
        // Only when no old closure parameter could throw (a call passing a throwing one would need `try` now) and no
        // defaulted one gains `throws` (its default, which calls leave out, may throw).
        judgement.gainsRethrows =
            old.throwing == nil && new.throwing == "rethrows"
            && !before.contains { parameter in
                if case .function(let function) = parameter.type { function.throwing != nil } else { false }
            }
            && !zip(before, after).contains { was, now in
                guard was.hasDefault || now.hasDefault, case .function(let a) = was.type,
                    case .function(let b) = now.type
                else { return false }
                return a.throwing != b.throwing
            }
        for requirement in old.requirements where requirement.constraint.description != "Sendable" {
            judgement.constrained.formUnion(requirement.subject.genericParameters)
        }
        for (index, (was, now)) in zip(before, after).enumerated() {
            guard now.takesCalls(of: was),
                judgement.accepts(old: was.type, new: now.type, label: argument(was.label, at: index))
            else { return nil }
        }
        let closureMayThrow = judgement.reasons.contains { if case .closureMayThrow = $0 { true } else { false } }
        guard judgement.sameEffect(old.throwing, new.throwing) || judgement.gainsRethrows && closureMayThrow else {
            return nil
        }
        switch (old.result, new.result) {
        case (nil, nil): break
        case (let was?, let now?): guard judgement.same(was, now) else { return nil }
        default: return nil
        }
        return judgement.finish(old: old, new: new)
    }

    /// The parameters of two callables whose calls are written alike: the same keyword, name, modifiers,
    /// availability, accessors, `async`, and as many parameters; nil otherwise (or for anything not called).
    private static func callParameters(_ old: DeclarationSignature, _ new: DeclarationSignature)
        -> (old: [DeclarationSignature.Parameter], new: [DeclarationSignature.Parameter])?
    {
        guard callableKeywords.contains(old.keyword), old.keyword == new.keyword, old.name == new.name,
            old.modifiers.filter({ $0 != DeclarationSignature.preconcurrency })
                == new.modifiers.filter({ $0 != DeclarationSignature.preconcurrency }),
            old.availability == new.availability, old.accessors == new.accessors,
            old.isAsync == new.isAsync, let before = old.parameters, let after = new.parameters,
            before.count == after.count
        else { return nil }
        return (before, after)
    }

    /// The keywords of what clients call with arguments.
    static let callableKeywords: Set<String> = ["func", "init", "init?", "init!", "subscript"]

    /// The reasons `new` accepts every call of `old` when `new` is `old` with types made generic where only a closure
    /// argument returns them (`(T) -> Void` → `<R>(T) -> R`): binding the new declaration's own generic parameters
    /// to old types (the old one's generic parameters stay as they are) gives the old parameters, result and
    /// effects, and the new requirements bound so are among the old ones. A closure's result is inferred from its
    /// body; anywhere else (a closure's parameter, an autoclosure, a whole parameter's type, a defaulted argument) a
    /// call may lose the type it inferred or looked a `.member` up in.
    static func instantiation(old: DeclarationSignature, new: DeclarationSignature, implemented: Bool)
        -> [CompatibilityReason]?
    {
        guard !implemented, old.throwing == new.throwing, let (before, after) = callParameters(old, new),
            let generics = new.genericParameters, !generics.contains(where: \.isPack)
        else { return nil }
        let variables = Set(generics.map(\.number))
        let rigid = Set((old.genericParameters ?? []).map(\.number))
        var binding: [Int: SwiftType] = [:]
        for (was, now) in zip(before, after) {
            guard now.takesCalls(of: was), now.type.bind(variables, toMatch: was.type, &binding),
                // A new generic parameter only as what a closure argument returns: a call's argument types, its
                // `.member`s and literals, and a defaulted argument left out still decide every other one.
                Self.onlyClosureResults(now.type, variables),
                !now.hasDefault
                    || now.type.genericParameters
                        .isDisjoint(with: variables)
            else { return nil }
        }
        // Each new generic parameter is inferred from the arguments (one the result alone names is not: `let x =
        // make()` has nothing to infer it from).
        guard Set(binding.keys) == variables else { return nil }
        let void = SwiftType.named(base: nil, name: "Void", arguments: [])
        func result(_ type: SwiftType?) -> SwiftType {
            guard let type, type != .tuple([]) else { return void }
            return type
        }
        guard result(new.result).bind(variables, toMatch: result(old.result), &binding),
            new.requirements.allSatisfy({ old.requirements.contains($0.substituting(binding)) })
        else { return nil }
        // Only a declaration that really changed: the same generic parameters bound to themselves are the same.
        let changed = binding.filter { $0.value.genericParameter != $0.key || !rigid.contains($0.key) }
        guard !changed.isEmpty else { return nil }
        return [.madeGeneric(changed.values.map { "`\($0)`" }.sorted())]
    }

    /// Whether `variables` appear in `type` only as the whole result of a (non-autoclosure) function type.
    private static func onlyClosureResults(_ type: SwiftType, _ variables: Set<Int>) -> Bool {
        if let number = type.genericParameter { return !variables.contains(number) }
        if case .function(let function) = type, !function.attributes.contains("@autoclosure") {
            let result = function.result.genericParameter.map(variables.contains) ?? false
            return function.parameters.allSatisfy { onlyClosureResults($0, variables) }
                && (result || onlyClosureResults(function.result, variables))
        }
        return type.children.allSatisfy { onlyClosureResults($0, variables) }
    }

    /// How a message names a parameter: `` `to:` `` or, without a label, `argument 2`.
    static func argument(_ label: String, at index: Int) -> String {
        label == "_" ? "argument \(index + 1)" : "`\(label):`"
    }

    /// Why a parameter of type `new` takes every argument the same parameter took as `old`, when a composition
    /// lost members or a closure type lost `@Sendable` and nothing else changed; nil otherwise (equal types too).
    static func widening(old: String, new: String, label: String) -> CompatibilityReason? {
        var judgement = CallJudgement()
        guard judgement.accepts(old: SwiftType(parsing: old), new: SwiftType(parsing: new), label: label),
            judgement.substitution.allSatisfy({ $0.value.genericParameter == $0.key })
        else { return nil }
        return judgement.reasons.first
    }

    /// Whether a parameter of type `new` takes every argument of type `old` (at the parameter's top level).
    mutating func accepts(old: SwiftType, new: SwiftType, label: String) -> Bool {
        if let number = old.genericParameter, new.isAny, substitution[number] == nil, allowsAny,
            !constrained.contains(number)
        {
            substitution[number] = new
            reasons.append(.genericParameterBecameAny(label: label))
            return true
        }
        if let before = Self.members(old), before.count > 1, case let after = Self.members(new) ?? [new],
            after.count < before.count
        {
            var left = before
            for member in after {
                guard let index = left.firstIndex(where: { same($0, member) }) else { return false }
                left.remove(at: index)
            }
            reasons.append(.compositionLostMembers(label: label, dropped: left.map(\.description)))
            return true
        }
        if gainsRethrows, case .function(var before) = old, case .function(let after) = new, before.throwing == nil,
            after.throwing == "throws"
        {
            before.throwing = "throws"
            guard accepts(old: .function(before), new: new, label: label) else { return false }
            reasons.append(.closureMayThrow(label: label))
            return true
        }
        if case .function(var before) = old, case .function(let after) = new, before.attributes != after.attributes {
            // A caller's closure converts to a parameter that asks less of it (neither `@Sendable` nor `@escaping`),
            // and to one whose isolation is erased (`@isolated(any)`).
            let dropped = ["@Sendable", "@escaping"].filter {
                before.attributes.contains($0) && !after.attributes.contains($0)
            }
            let gained = ["@isolated(any)"].filter { after.attributes.contains($0) && !before.attributes.contains($0) }
            guard !dropped.isEmpty || !gained.isEmpty else { return same(old, new) }
            before.attributes.removeAll { dropped.contains($0) }
            before.attributes = (before.attributes + gained).sorted()
            guard same(.function(before), new) else { return false }
            reasons.append(.closureAttributesDropped(label: label, dropped: dropped, gained: gained))
            return true
        }
        return same(old, new)
    }

    /// `any P & Q` or `P & Q` as its members; nil for any other type.
    private static func members(_ type: SwiftType) -> [SwiftType]? {
        switch type {
        case .composition(let members): return members
        case .opaque("any", .composition(let members)): return members
        case .opaque("any", let single): return [single]
        default: return nil
        }
    }

    /// Whether `old`, its generic parameters written as the new declaration's, is `new`; records the
    /// correspondence of generic parameters as it goes.
    mutating func same(_ old: SwiftType, _ new: SwiftType) -> Bool {
        if let number = old.genericParameter {
            if let known = substitution[number] { return known == new }
            guard new.genericParameter != nil else { return false }
            substitution[number] = new
            return true
        }
        switch (old, new) {
        case (.named(let base, let name, let arguments), .named(let newBase, let newName, let newArguments)):
            guard name == newName, arguments.count == newArguments.count else { return false }
            switch (base, newBase) {
            case (nil, nil): break
            case (let was?, let now?): guard same(was, now) else { return false }
            default: return false
            }
            return pairwise(arguments, newArguments)
        case (.optional(let a), .optional(let b)), (.implicitlyUnwrapped(let a), .implicitlyUnwrapped(let b)),
            (.array(let a), .array(let b)):
            return same(a, b)
        case (.dictionary(let k, let v), .dictionary(let newK, let newV)):
            return same(k, newK) && same(v, newV)
        case (.tuple(let a), .tuple(let b)):
            return a.map(\.label) == b.map(\.label) && pairwise(a.map(\.type), b.map(\.type))
        case (.function(let a), .function(let b)):
            return a.attributes == b.attributes && a.isAsync == b.isAsync && sameEffect(a.throwing, b.throwing)
                && pairwise(a.parameters + [a.result], b.parameters + [b.result])
        case (.composition(let a), .composition(let b)):
            return pairwise(a, b)
        case (.opaque(let keyword, let a), .opaque(let newKeyword, let b)):
            return keyword == newKeyword && same(a, b)
        case (.metatype(let a, let keyword), .metatype(let b, let newKeyword)):
            return keyword == newKeyword && same(a, b)
        case (.attributed(let attributes, let a), .attributed(let newAttributes, let b)):
            return attributes == newAttributes && same(a, b)
        case (.other(let a), .other(let b)):
            // Text the model does not take apart cannot have its generic parameters renumbered.
            return a == b && !a.contains("τ_")
        default:
            return false
        }
    }

    /// `throws`, `rethrows` or nil alike on both sides, or `throws(E)` with the same thrown type (renumbered).
    mutating func sameEffect(_ old: String?, _ new: String?) -> Bool {
        guard let old, let new, old.hasPrefix("throws("), new.hasPrefix("throws("), old.hasSuffix(")"),
            new.hasSuffix(")")
        else { return old == new }
        return same(
            SwiftType(parsing: String(old.dropFirst(7).dropLast())),
            SwiftType(parsing: String(new.dropFirst(7).dropLast())))
    }

    private mutating func pairwise(_ old: [SwiftType], _ new: [SwiftType]) -> Bool {
        guard old.count == new.count else { return false }
        for (a, b) in zip(old, new) where !same(a, b) { return false }
        return true
    }

    /// Checks the generic parameters and requirements once every type is matched: each old generic parameter
    /// is accounted for and no two become one; one that became `Any` stood alone for whole parameters (not in the
    /// result, inside another type or in a same-type requirement), and the new requirements are among the old ones.
    private func finish(old: DeclarationSignature, new: DeclarationSignature) -> [CompatibilityReason]? {
        let oldNumbers = (old.genericParameters ?? []).map(\.number)
        let newNumbers = (new.genericParameters ?? []).map(\.number)
        guard Set(substitution.keys) == Set(oldNumbers) else { return nil }
        let widened = Set(oldNumbers.filter { substitution[$0]?.isAny == true })
        if !widened.isEmpty {
            let standsAlone = (old.parameters ?? []).allSatisfy { parameter in
                parameter.type.genericParameter != nil || parameter.type.genericParameters.isDisjoint(with: widened)
            }
            let inResult = old.result.map { !$0.genericParameters.isDisjoint(with: widened) } ?? false
            let inRequirements = old.requirements.contains { requirement in
                !requirement.constraint.genericParameters.isDisjoint(with: widened)
                    || requirement.relation != ":" && !requirement.subject.genericParameters.isDisjoint(with: widened)
                    || requirement.subject.genericParameter == nil
                        && !requirement.subject.genericParameters.isDisjoint(with: widened)
            }
            guard standsAlone, !inResult, !inRequirements else { return nil }
        }
        var images: Set<Int> = []
        for number in oldNumbers where !widened.contains(number) {
            guard let image = substitution[number]?.genericParameter, images.insert(image).inserted else { return nil }
        }
        guard images == Set(newNumbers), images.count == newNumbers.count else { return nil }
        let oldRequirements = Set(
            old.requirements.filter { $0.subject.genericParameters.isDisjoint(with: widened) }
                .map { $0.substituting(substitution) })
        guard new.requirements.isSubset(of: oldRequirements) else { return nil }
        var reasons = reasons
        let dropped = oldRequirements.subtracting(new.requirements)
        // `T: ~Copyable` dropped puts the implicit `Copyable` requirement back: calls with a noncopyable type break.
        guard !dropped.contains(where: { $0.constraint.description.hasPrefix("~") }) else { return nil }
        if !dropped.isEmpty {
            reasons.append(
                .requirementsDropped(
                    dropped.map(\.text).sorted()))
        }
        let renumbered = oldNumbers.contains { number in substitution[number]?.genericParameter != number }
        if reasons.isEmpty, renumbered { reasons.append(.genericParametersRenumbered) }
        return reasons.isEmpty ? nil : reasons
    }
}

extension CallJudgement {
    /// The typed judgement of two declarations of one key, as the note of a compatible change; nil when some call
    /// may stop compiling or the judgement cannot tell. Requirements and overridable members are left alone.
    static func reasons(_ old: APIDeclaration, _ new: APIDeclaration) -> String? {
        guard old.kind == new.kind, let before = DeclarationSignature.parsed(old.signature),
            let after = DeclarationSignature.parsed(new.signature)
        else { return nil }
        let implemented = APIDiff.clientsImplement(old, modifiers: before.modifiers)
        let found =
            reasons(old: before, new: after, implemented: implemented)
            ?? instantiation(old: before, new: after, implemented: implemented)
        return found?.map(\.description).joined(separator: "; ")
    }

    /// `DeclarationSignature.sendableUnderPreconcurrency` for two declarations of one key, as a note.
    static func preconcurrencyReason(_ old: APIDeclaration, _ new: APIDeclaration) -> String? {
        guard old.kind == new.kind, new.signature.contains(DeclarationSignature.preconcurrency),
            let before = DeclarationSignature.parsed(old.signature),
            let after = DeclarationSignature.parsed(new.signature)
        else { return nil }
        return DeclarationSignature.sendableUnderPreconcurrency(
            old: before, new: after, implemented: APIDiff.clientsImplement(old, modifiers: before.modifiers),
            requirement: old.isProtocolRequirement
        )?.description
    }
}
