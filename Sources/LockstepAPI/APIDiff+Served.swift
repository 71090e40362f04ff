extension APIDiff {
    /// A callable removed (or changed) while its old calls are still served by another declaration of the new
    /// surface: a more general overload of the same name that was there all along
    /// (`put<T>(_: T) where T: Sendable` gone beside an unconstrained `put<T>(_: T)`), or, for a member of a
    /// concrete type, a default in an extension of a protocol the type conforms to, or a requirement of it, with
    /// the same labels (swift-log 1.3.0 moved `log(level:message:metadata:file:function:line:)` from its handlers into
    /// a `LogHandler` extension). Not for overridable members, which subclasses implement; a protocol requirement
    /// only when the protocol's unconstrained extension now declares it with the same signature (see
    /// `demotedRequirement`). `facts` (the new surface's conformances) is nil when no change broke before the passes.
    static func reviseCallsServedElsewhere(
        _ changes: inout [APIChange], new: [String: APIDeclaration], facts: ConformanceFacts?
    ) {
        guard let facts,
            changes.contains(where: { $0.impact == .breaking && ($0.kind == .changed || $0.kind == .removed) })
        else { return }
        let callables: Set<DeclarationKind> = [.function, .initializer, .subscript]
        var byStem: [String: [APIDeclaration]] = [:]
        for declaration in new.values where callables.contains(declaration.kind) {
            byStem[callableStem(declaration.baseKey), default: []].append(declaration)
        }
        // Only a conformance every instance has (`facts.unconditional`): through `extension T: P where X: Q`, `T<NotQ>`
        // has no `P.f`.
        for index in changes.indices {
            let change = changes[index]
            if change.impact == .breaking, change.kind == .removed, let old = change.old,
                let served = demotedRequirement(old, new: new)
            {
                changes[index].impact = .additive
                changes[index].note =
                    "now a member of the protocol's extension, `\(served.key)`: calls compile as before, and so do "
                    + "conformers' implementations (which no longer customize it)"
                continue
            }
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
            if let proto = standardProvider(of: old, facts: facts, new: new) {
                changes[index].impact = .additive
                changes[index].note = "still a member of the type: the standard library's `\(proto)` provides it"
                continue
            }
            guard let served = servingProtocolMember(old, facts: facts, new: new) else { continue }
            changes[index].impact = .additive
            changes[index].note = "still callable on the type, through `\(served.key)`"
        }
    }

    /// A removed protocol requirement that the protocol's extension now declares with the same signature, without a
    /// `where` (so every conformer has it): `protocol P { func f() }` → `protocol P {}` and `extension P { public
    /// func f() {} }`. Every call still finds it, and a conformer's own `f()` still compiles (it just no longer
    /// customizes the call through the protocol). Not a settable property or subscript (an extension's setter is
    /// `mutating`: a class instance held in a `let` could set it before), nor an initializer.
    private static func demotedRequirement(_ old: APIDeclaration, new: [String: APIDeclaration]) -> APIDeclaration? {
        guard old.isProtocolRequirement, [.function, .variable, .subscript].contains(old.kind),
            !old.signature.hasSuffix("{ get set }"),
            let member = new[old.baseKey + " (extension)"], !member.signature.contains(" where ")
        else { return nil }
        // A requirement carries no access level; the extension's member is `public`.
        let words = SignatureShape.topLevelWords(member.signature).filter { $0 != "public" }
        return words.joined(separator: " ") == old.signature ? member : nil
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

    /// The standard protocol that gives `old` (a removed member of a type) to the type, which still conforms to it;
    /// or, for a member of the package's extension of a standard protocol (one the package does not declare itself),
    /// that protocol when it provides the member too.
    private static func standardProvider(
        of old: APIDeclaration, facts: ConformanceFacts, new: [String: APIDeclaration]
    ) -> String? {
        guard old.kind == .function || old.kind == .variable, let (type, member) = typeAndMember(old.key) else {
            return nil
        }
        var conformances = facts.unconditional(of: type)
        if old.container == .extension, !declaresType(type, in: new) { conformances.append(type) }
        return StandardMembers.provider(
            of: old, type: type, member: old.kind.rawValue + " " + member, conformances: conformances)
    }

    /// `func T.f(a:)` as `P.f(a:)` of a protocol `T` conforms to: an extension member or a requirement with the same
    /// signature (or one that accepts every old call). A property too, and an extension constrained to the type
    /// itself (`extension P where Self == T { static var x: T }`, the spelling that also serves `.x` where a `P` is
    /// expected): on `T` it is the same member.
    private static func servingProtocolMember(
        _ old: APIDeclaration, facts: ConformanceFacts, new: [String: APIDeclaration]
    ) -> APIDeclaration? {
        let parts: (type: String, member: Substring)?
        if old.kind == .initializer {
            // `init Array(_:)`: the type is the whole name.
            let subject = old.key.drop { $0 != " " }.dropFirst()
            let name = subject.prefix { $0 != "(" && $0 != " " }
            parts = (String(name), subject[name.endIndex...])
        } else {
            parts = typeAndMember(old.key)
        }
        guard [.function, .variable, .constant, .initializer].contains(old.kind), let (type, member) = parts else {
            return nil
        }
        let keyword = old.kind == .constant ? "var" : old.kind.rawValue
        let isClass = new["class " + type] != nil
        // A standard type the package does not declare (`UInt32`, `Array<…>`) conforms to the standard protocols the
        // table knows for it: a member moved into the package's extension of one (`extension FixedWidthInteger`) is
        // still the type's, `Self` there being the type (a struct).
        // A protocol the package declares under a standard name (its own `Numeric`) is not the standard one.
        let standard =
            declaresType(type, in: new)
            ? [] : StandardConformances.protocols(of: type).filter { new["protocol " + $0] == nil }
        // Every protocol extension that would serve the calls: two of them (`RandomAccessCollection` and
        // `RangeReplaceableCollection` both declaring `chunks(of:)` for an `Array`) make the call ambiguous.
        var served: [(proto: String, declaration: APIDeclaration)] = []
        let separator = old.kind == .initializer ? "" : "."
        for proto in facts.unconditional(of: type) + standard {
            let base = keyword + " " + proto + separator + member.prefix { $0 != " " }
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
                if standard.contains(proto) {
                    candidate.signature = replacingName(candidate.signature, "Self", type)
                }
                if candidate.signature == old.signature || acceptsEveryUse(old: old, new: candidate) != nil {
                    served.append((proto, new[key]!))
                    break
                }
            }
        }
        // Several of the package's own protocols: as before, the first (one refining another is the one calls find).
        guard let first = served.first, served.count == 1 || !served.contains(where: { standard.contains($0.proto) })
        else { return nil }
        return first.declaration
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
