/// Whether a member of a protocol extension implements a requirement of the same name and labels for every
/// conformer, as the compiler matches a witness: the same static-ness, no effect the requirement does not allow
/// (`async`, `throws`, `mutating`), a setter where the requirement has one, not failable for a requirement that is
/// not, and the same parameter and result types, where the member's own generic parameters are deduced from the
/// requirement's types (`func put<T>(_: T)` implements `func put(_: Int)`) and a closure parameter may leave out
/// `@escaping` and `@Sendable` (it accepts every closure the requirement passes), ownership and `@autoclosure` may
/// differ. Its generic requirements (the extension's `where` clause among them) must be the requirement's own or
/// `Self` conforming to the protocol or a parent; a getter's effects count like a function's, and a member isolated
/// to a global actor implements no synchronous requirement that is not.
///
/// Not modelled: two members each a witness alone (the compiler calls them ambiguous), `@available(swift, obsoleted:)`
/// on the member.
///
/// Written by hand from the compiler's rules, each checked with `swiftc` 6.3 (`DiffCases+Witnesses.swift`); no
/// library answers it without the compiler.
enum WitnessJudgement {
    /// What the requirement's protocol brings: its name and its parents' (`Self` conforms to each, so a member's
    /// `where Self: Parent` is met), and the global actor it is isolated to (`@MainActor protocol P`), which its
    /// requirements and its extensions' members inherit unless `nonisolated`.
    struct Owner {
        var protocols: Set<String> = []
        var isolation: String?
    }

    /// nil when `member` implements `requirement`; otherwise what keeps it from doing so, as a note reads it after
    /// the member's name ("throws", "takes `Substring` as argument 1, not `String`").
    static func mismatch(requirement: DeclarationSignature, member: DeclarationSignature, owner: Owner = Owner())
        -> String?
    {
        if isStatic(requirement) != isStatic(member) {
            return isStatic(member) ? "is static" : "is not static"
        }
        if member.modifiers.contains("mutating"), !requirement.modifiers.contains("mutating") {
            return "is mutating"
        }
        if member.isAsync, !requirement.isAsync { return "is async" }
        if let throwing = member.throwing, !allows(requirement.throwing, throwing) { return throwing }
        if requirement.accessors.contains("set"), !member.accessors.contains("set") { return "has no setter" }
        for effect in ["async", "throws"]
        where member.accessors.contains(effect) && !requirement.accessors.contains(effect) {
            return "has an \(effect == "async" ? "async" : "throwing") getter"
        }
        // Isolated to a global actor the requirement is not: a synchronous call from outside that actor cannot reach it
        // (Swift 6: "conformance crosses into main actor-isolated code").
        if !requirement.isAsync, let actor = isolation(member, owner), actor != isolation(requirement, owner) {
            return "is isolated to `\(actor)`"
        }
        if requirement.keyword == "init", member.keyword == "init?" { return "is failable" }
        let variables = Set((member.genericParameters ?? []).map(\.number))
        var binding: [Int: SwiftType] = [:]
        let required = requirement.parameters ?? []
        let offered = member.parameters ?? []
        guard required.count == offered.count else { return "takes \(offered.count) arguments" }
        for (index, (want, have)) in zip(required, offered).enumerated() {
            guard want.isVariadic == have.isVariadic, serves(have.type, want.type, variables, &binding) else {
                return "takes `\(have.type)\(have.isVariadic ? "..." : "")` as argument \(index + 1), not "
                    + "`\(want.type)\(want.isVariadic ? "..." : "")`"
            }
        }
        switch (requirement.result, member.result) {
        case (nil, nil): break
        case (let want?, let have?):
            guard serves(have, want, variables, &binding) else {
                return requirement.keyword == "var"
                    ? "is of type `\(have)`, not `\(want)`" : "returns `\(have)`, not `\(want)`"
            }
        default: return "returns `\(member.result?.description ?? "Void")`"
        }
        // Every generic requirement of the member (its extension's `where` clause among them) must be the
        // requirement's own, or `Self` conforming to the protocol or a parent: a conformer that does not meet one (an
        // associated type that is not `Equatable`, a deduced `Int` that is not a `StringProtocol`) has no witness.
        for constraint in member.requirements {
            let bound = constraint.substituting(binding)
            if requirement.requirements.contains(bound) { continue }
            if bound.relation == ":", case .named(nil, "Self", []) = bound.subject,
                owner.protocols.contains(bound.constraint.description)
            {
                continue
            }
            return "requires `\(bound.text)`"
        }
        return nil
    }

    /// The global actor a declaration's attributes name (`@MainActor`), nil for none.
    static func globalActor(_ modifiers: [String]) -> String? {
        modifiers.first(where: APICollector.isGlobalActor)
    }

    /// The global actor a protocol member is isolated to: its own, else its protocol's unless it is `nonisolated`.
    private static func isolation(_ signature: DeclarationSignature, _ owner: Owner) -> String? {
        if let actor = globalActor(signature.modifiers) { return actor }
        return signature.modifiers.contains("nonisolated") ? nil : owner.isolation
    }

    private static func isStatic(_ signature: DeclarationSignature) -> Bool {
        signature.modifiers.contains("static") || signature.modifiers.contains("class")
    }

    /// Whether a member throwing `offered` implements a requirement throwing `required`: `rethrows` or a typed
    /// `throws(E)` for `throws`, the same error type for a typed one.
    private static func allows(_ required: String?, _ offered: String) -> Bool {
        if offered == "throws(Never)" || offered == required { return true }
        guard let required else { return false }
        if required == "throws" || required == "throws(any Error)" { return true }
        return false
    }

    /// Whether a member's `offered` type takes the place of the requirement's `required` one, binding the member's
    /// generic parameters `variables` as it goes (each to one type).
    private static func serves(
        _ offered: SwiftType, _ required: SwiftType, _ variables: Set<Int>, _ binding: inout [Int: SwiftType]
    ) -> Bool {
        if let number = offered.genericParameter, variables.contains(number) {
            if let known = binding[number] { return known == required }
            binding[number] = required
            return true
        }
        let (have, haveType) = specifiers(offered), (want, wantType) = specifiers(required)
        guard haveType != offered || wantType != required else {
            return servesUnspecified(offered, required, variables, &binding)
        }
        // A requirement's `sending` parameter may be taken by a member's plain one, not the other way.
        guard have == want || want.subtracting(["sending"]) == have else { return false }
        return serves(haveType, wantType, variables, &binding)
    }

    /// `serves` for two types neither of which has specifiers.
    private static func servesUnspecified(
        _ offered: SwiftType, _ required: SwiftType, _ variables: Set<Int>, _ binding: inout [Int: SwiftType]
    ) -> Bool {
        if case .function(let mine) = offered, case .function(let theirs) = required {
            let haveAttributes = Set(mine.attributes).subtracting(["@autoclosure"])
            let wantAttributes = Set(theirs.attributes).subtracting(["@autoclosure"])
            guard haveAttributes.isSubset(of: wantAttributes),
                wantAttributes.subtracting(haveAttributes).isSubset(of: ["@escaping", "@Sendable"]),
                mine.isAsync == theirs.isAsync, mine.throwing == theirs.throwing,
                mine.parameters.count == theirs.parameters.count
            else { return false }
            for (have, want) in zip(mine.parameters, theirs.parameters) where !serves(have, want, variables, &binding) {
                return false
            }
            return serves(mine.result, theirs.result, variables, &binding)
        }
        let blank = SwiftType.other("")
        guard offered.mappingChildren({ _ in blank }) == required.mappingChildren({ _ in blank }) else { return false }
        for (mine, theirs) in zip(offered.children, required.children) where !serves(mine, theirs, variables, &binding)
        {
            return false
        }
        return true
    }

    /// A parameter type's specifiers that matter to a witness (`inout`, `sending`, …) and the type under them:
    /// ownership (`borrowing`, `consuming`) and `@autoclosure` may differ between a requirement and its witness.
    private static func specifiers(_ type: SwiftType) -> (Set<String>, SwiftType) {
        guard case .attributed(let attributes, let base) = type else { return ([], type) }
        return (Set(attributes).subtracting(["borrowing", "consuming", "__owned", "__shared", "@autoclosure"]), base)
    }
}
