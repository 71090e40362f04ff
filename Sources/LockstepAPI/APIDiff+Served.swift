extension APIDiff {
    /// A callable removed (or changed) while its old calls are still served by another declaration of the new
    /// surface: a more general overload of the same name that was there all along
    /// (`put<T>(_: T) where T: Sendable` gone beside an unconstrained `put<T>(_: T)`), or, for a member of a
    /// concrete type, a default in an extension of a protocol the type conforms to, or a requirement of it, with
    /// the same labels (swift-log 1.3.0 moved `log(level:message:metadata:file:function:line:)` from its handlers into
    /// a `LogHandler` extension). Not for requirements or overridable members: conformers and subclasses
    /// implement those.
    static func reviseCallsServedElsewhere(_ changes: inout [APIChange], new: [String: APIDeclaration]) {
        let callables: Set<DeclarationKind> = [.function, .initializer, .subscript]
        var byStem: [String: [APIDeclaration]] = [:]
        var conformances: [String: [String]] = [:]
        for declaration in new.values {
            if callables.contains(declaration.kind) {
                byStem[callableStem(declaration.baseKey), default: []].append(declaration)
            } else if let (type, proto) = declaration.conformanceParts {
                // Only a conformance every instance has: through `extension T: P where X: Q`, `T<NotQ>` has no `P.f`.
                guard !declaration.signature.contains(" where ") else { continue }
                conformances[type, default: []].append(proto)
            }
        }
        for index in changes.indices {
            let change = changes[index]
            guard change.impact == .breaking, change.kind == .changed || change.kind == .removed,
                let old = change.old, callables.contains(old.kind) || [.variable, .constant].contains(old.kind),
                !old.isProtocolRequirement,
                !old.signature.contains("open "), !old.signature.contains("required ")
            else { continue }
            let stem = callableStem(old.baseKey)
            if callables.contains(old.kind),
                let general = (byStem[stem] ?? []).sorted(by: { $0.key < $1.key })
                    .first(where: { $0.key != change.new?.key && acceptsEveryUse(old: old, new: $0) != nil })
            {
                changes[index].impact = .additive
                changes[index].note = "every old call still compiles, through `\(general.key)`"
                continue
            }
            if let proto = standardProvider(of: old, conformances: conformances) {
                changes[index].impact = .additive
                changes[index].note = "still a member of the type: the standard library's `\(proto)` provides it"
                continue
            }
            guard let served = servingProtocolMember(old, conformances: conformances, new: new) else { continue }
            changes[index].impact = .additive
            changes[index].note = "still callable on the type, through `\(served.key)`"
        }
    }

    /// `func Outer.T.f(a:)` as the type `Outer.T` and the member `f(a:)` (with whatever the key has after it); nil
    /// for a key without a type.
    private static func typeAndMember(_ key: String) -> (type: String, member: Substring)? {
        guard let space = key.firstIndex(of: " ") else { return nil }
        let subject = key[key.index(after: space)...]
        let name = subject.prefix { $0 != "(" && $0 != " " }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return (String(name[..<dot]), subject[subject.index(after: dot)...])
    }

    /// The standard protocol that gives `old` (a removed member of a type) to the type, which still conforms to it.
    private static func standardProvider(of old: APIDeclaration, conformances: [String: [String]]) -> String? {
        guard old.kind == .function || old.kind == .variable, let (type, member) = typeAndMember(old.key) else {
            return nil
        }
        return StandardMembers.provider(
            of: old, type: type, member: old.kind.rawValue + " " + member, conformances: conformances[type] ?? [])
    }

    /// `func T.f(a:)` as `P.f(a:)` of a protocol `T` conforms to: an extension member or a requirement with the same
    /// signature (or one that accepts every old call). A property too, and an extension constrained to the type
    /// itself (`extension P where Self == T { static var x: T }`, the spelling that also serves `.x` where a `P` is
    /// expected): on `T` it is the same member.
    private static func servingProtocolMember(
        _ old: APIDeclaration, conformances: [String: [String]], new: [String: APIDeclaration]
    ) -> APIDeclaration? {
        guard [.function, .variable, .constant].contains(old.kind), let (type, member) = typeAndMember(old.key) else {
            return nil
        }
        let keyword = old.kind == .constant ? "var" : old.kind.rawValue
        let isClass = new["class " + type] != nil
        for proto in conformances[type] ?? [] {
            let base = keyword + " " + proto + "." + member.prefix { $0 != " " }
            for key in [base + " (extension)", base] {
                guard var candidate = new[key],
                    !candidate.signature.contains("static ") || old.signature.contains("static ")
                else { continue }
                // A protocol extension's setter is `mutating`: not one a class instance (or a `let`) can call.
                if candidate.kind == .variable,
                    candidate.signature.hasSuffix("{ get set }")
                        || candidate.signature.contains("{ get set } where ")
                {
                    continue
                }
                let selfConstraint = " where Self == " + type
                if candidate.signature.hasSuffix(selfConstraint) {
                    // For a class, `Self` in a subclass is the subclass: `Sub.member` would not be found.
                    guard !isClass else { continue }
                    candidate.signature.removeLast(selfConstraint.count)
                }
                if candidate.signature == old.signature || acceptsEveryUse(old: old, new: candidate) != nil {
                    return new[key]
                }
            }
        }
        return nil
    }
}

extension APIDiff {
    /// A `Sendable` conformance the package declared for a type it does not declare (`extension JSONDecoder:
    /// @retroactive @unchecked Sendable {}`) removed: whether the type is `Sendable` is its own module's to say, and
    /// packages drop such conformances when that module adopts it (declaring it again there is an error). Read as
    /// minor with a note, not breaking: on a toolchain whose module has not adopted it, Swift 6 clients sending
    /// the type may need it. A conformance of one of the package's own types (or module-qualified) still breaks.
    static func reviseForeignSendable(_ changes: inout [APIChange], old: [String: APIDeclaration]) {
        for index in changes.indices where changes[index].kind == .removed && changes[index].impact == .breaking {
            guard let (type, proto) = changes[index].old?.conformanceParts,
                proto == "Sendable" || proto == "Swift.Sendable", !type.contains("."),
                !declaresType(type, in: old)
            else { continue }
            changes[index].impact = .additive
            changes[index].note =
                "a retroactive conformance of another module's type: that module decides whether it is Sendable"
        }
    }
}
