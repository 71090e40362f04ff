/// Changes that leave every existing use compiling because the new declaration accepts more or promises
/// nothing less, judged from the signature's parts (see `SignatureShape`), and one addition that breaks calls
/// although nothing is removed: an `async` overload of a kept synchronous function.
extension APIDiff {
    /// `final` on a declaration that is not `open`: no client can subclass the class or override the member
    /// (only `open` ones can be, outside their module), so adding or dropping `final` changes nothing they write.
    static func withoutFinal(_ signature: String) -> String {
        let words = SignatureShape.topLevelWords(signature)
        guard words.contains("final"), !words.contains("open") else { return signature }
        return words.filter { $0 != "final" }.joined(separator: " ")
    }

    /// The signature without `@preconcurrency`: the attribute alone changes nothing a client writes (what it softens
    /// is judged by `DeclarationSignature.sendableUnderPreconcurrency`).
    static func withoutPreconcurrency(_ signature: String) -> String {
        let marker = DeclarationSignature.preconcurrency + " "
        guard signature.contains(marker) else { return signature }
        return signature.replacingOccurrences(of: marker, with: "")
    }

    /// Whether `@preconcurrency` is taken away where it softened something (`DeclarationSignature.dropsPreconcurrency`;
    /// for a declaration the typed model does not parse, a type, when it is isolated to a global actor).
    static func dropsPreconcurrency(_ old: APIDeclaration, _ new: APIDeclaration) -> Bool {
        let marker = DeclarationSignature.preconcurrency + " "
        guard old.signature.contains(marker), !new.signature.contains(marker) else { return false }
        if let before = DeclarationSignature.parsed(old.signature),
            let after = DeclarationSignature.parsed(new.signature)
        {
            return DeclarationSignature.dropsPreconcurrency(old: before, new: after)
        }
        return SignatureShape.topLevelWords(old.signature).contains(where: DeclarationSignature.isGlobalActor)
    }

    /// The declaration with its signature `withoutPreconcurrency`.
    static func withoutPreconcurrency(_ declaration: APIDeclaration) -> APIDeclaration {
        var copy = declaration
        copy.signature = withoutPreconcurrency(declaration.signature)
        return copy
    }

    /// A read-only property or subscript gaining a setter: every read still compiles. Not for what clients
    /// implement (a requirement, an `open` member), where a get-only witness or override stops compiling.
    static func addsSetter(_ before: SignatureShape, _ after: SignatureShape, implemented: Bool) -> Bool {
        !implemented && before.accessors == "{ get }" && after.accessors == "{ get set }"
    }

    /// `@attached(member, names: named(A))` → `@attached(member, names: named(A), named(_B))`: the macro may add
    /// more names where it expands; every use of it is written as before. The reason, or nil when the attributes
    /// differ otherwise (a role added or removed, a name taken away).
    static func macroNamesWidened(_ before: SignatureShape, _ after: SignatureShape) -> String? {
        guard before.keyword == "macro", after.keyword == "macro" else { return nil }
        func roles(_ modifiers: [String]) -> (roles: [String: Set<String>], rest: [String]) {
            var roles: [String: Set<String>] = [:]
            var rest: [String] = []
            for modifier in modifiers {
                guard modifier.hasPrefix("@attached(") || modifier.hasPrefix("@freestanding("),
                    let open = modifier.firstIndex(of: "("), modifier.hasSuffix(")")
                else {
                    rest.append(modifier)
                    continue
                }
                let inside = String(modifier[modifier.index(after: open)..<modifier.index(before: modifier.endIndex)])
                let parts = SignatureShape.splitTopLevel(inside, at: ",").map { $0.trimmingSpaces() }
                guard let role = parts.first else { continue }
                let kind = String(modifier[..<open]) + "(" + role + ")"
                roles[kind, default: []].formUnion(
                    parts.dropFirst().map { $0.hasPrefix("names: ") ? String($0.dropFirst("names: ".count)) : $0 })
            }
            return (roles, rest)
        }
        let old = roles(before.modifiers), new = roles(after.modifiers)
        guard old.rest == new.rest, old.roles.keys.sorted() == new.roles.keys.sorted(), old.roles != new.roles,
            old.roles.allSatisfy({ new.roles[$0.key]?.isSuperset(of: $0.value) ?? false })
        else { return nil }
        return "a macro role declares more names (every use is written as before)"
    }

    /// An `async` overload added beside a kept synchronous one with the same parameters and result: in an
    /// asynchronous context the compiler prefers the `async` one (even `@_disfavoredOverload`: being synchronous
    /// in an async context weighs more), so every existing call there now needs `await`. The reason, or nil.
    static func asyncOverloadShadows(_ added: APIDeclaration, kept: [APIDeclaration]) -> String? {
        guard !added.isProtocolRequirement, let after = SignatureShape(added.signature),
            after.effects.contains("async")
        else { return nil }
        for declaration in kept where declaration.kind == added.kind {
            guard var before = SignatureShape(declaration.signature), !before.effects.contains("async") else {
                continue
            }
            before.effects = after.effects
            guard before.parameters == after.parameters, before.result == after.result,
                before.generics == after.generics, before.requirements == after.requirements,
                before.name == after.name
            else { continue }
            return "an async overload of a kept synchronous one: existing calls in async contexts now pick it "
                + "and need `await`"
        }
        return nil
    }
}
