/// Whether a member of a protocol extension implements a requirement of the same name and labels for every
/// conformer, as the compiler matches a witness: the same static-ness, no effect the requirement does not allow
/// (`async`, `throws`, `mutating`), a setter where the requirement has one, not failable for a requirement that is
/// not, and the same parameter and result types, where the member's own generic parameters are deduced from the
/// requirement's types (`func put<T>(_: T)` implements `func put(_: Int)`) and a closure parameter may leave out
/// `@escaping` and `@Sendable` (it accepts every closure the requirement passes). Its generic requirements (the
/// extension's `where` clause among them) must be the requirement's own.
///
/// Written by hand from the compiler's rules, each checked with `swiftc` 6.3 (`DiffCases+Witnesses.swift`); no
/// library answers it without the compiler.
enum WitnessJudgement {
    /// nil when `member` implements `requirement`; otherwise what keeps it from doing so, as a note reads it after
    /// the member's name ("throws", "takes `Substring` as argument 1, not `String`").
    static func mismatch(requirement: DeclarationSignature, member: DeclarationSignature) -> String? {
        if isStatic(requirement) != isStatic(member) {
            return isStatic(member) ? "is static" : "is not static"
        }
        if member.modifiers.contains("mutating"), !requirement.modifiers.contains("mutating") {
            return "is mutating"
        }
        if member.isAsync, !requirement.isAsync { return "is async" }
        if let throwing = member.throwing, !allows(requirement.throwing, throwing) { return throwing }
        if requirement.accessors.contains("set"), !member.accessors.contains("set") { return "has no setter" }
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
                return requirement.keyword == "var" ? "is of type `\(have)`" : "returns `\(have)`"
            }
        default: return "returns `\(member.result?.description ?? "Void")`"
        }
        for constraint in member.requirements {
            let bound = constraint.substituting(binding)
            if requirement.requirements.contains(bound) { continue }
            // A constraint on a type the requirement names (`T: BinaryInteger` with `T` deduced as `Int`) is the
            // conformer's to meet; one on `Self` or on a generic parameter is not the requirement's.
            let subjects = bound.subject.genericParameters.union(bound.constraint.genericParameters)
            if subjects.isEmpty, !mentionsSelf(bound.subject) { continue }
            return "requires `\(bound.text)`"
        }
        return nil
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

    private static func mentionsSelf(_ type: SwiftType) -> Bool {
        if case .named(nil, "Self", _) = type { return true }
        return type.children.contains(where: mentionsSelf)
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
        if case .function(let have) = offered, case .function(let want) = required {
            let dropped = Set(want.attributes).subtracting(have.attributes)
            guard Set(have.attributes).isSubset(of: want.attributes),
                dropped.isSubset(of: ["@escaping", "@Sendable"]), have.isAsync == want.isAsync,
                have.throwing == want.throwing, have.parameters.count == want.parameters.count
            else { return false }
            for (mine, theirs) in zip(have.parameters, want.parameters) where !serves(mine, theirs, variables, &binding)
            {
                return false
            }
            return serves(have.result, want.result, variables, &binding)
        }
        let blank = SwiftType.other("")
        guard offered.mappingChildren({ _ in blank }) == required.mappingChildren({ _ in blank }) else { return false }
        for (mine, theirs) in zip(offered.children, required.children) where !serves(mine, theirs, variables, &binding)
        {
            return false
        }
        return true
    }
}
