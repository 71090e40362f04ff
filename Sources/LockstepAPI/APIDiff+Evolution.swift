/// Compatible evolutions: a declaration whose new form still accepts every call site the old form
/// accepted. Decided from what compiles, as the compiler sees a call:
///
/// - a parameter added with a default value (or variadic) can be left out;
/// - a parameter generalized (`String` → `<S: StringProtocol>` or `some StringProtocol`, `[T]` →
///   `some Sequence<T>`, `T` → `T?`, `T` → `Any`) accepts the old argument (see `StandardConformances`);
/// - a generic constraint loosened accepts more;
/// - `throws`/`async` removed, `throws` → `rethrows` or `throws(E)`: a `try` or `await` on a call that
///   no longer needs it is only a warning, and a non-throwing function converts to a throwing function type;
/// - availability widened (a lower minimum, an `@available` removed).
///
/// The reverse holds for protocol requirements and overridable (`open`, `required`) members: conformers
/// and subclasses implement them, so only availability may change there.
extension APIDiff {
    /// Why `new` accepts every use of `old`, or nil when some client may stop compiling (or the
    /// signatures are equal).
    /// `concurrency`: the declaration is only usable with Swift concurrency for a reason its own signature does not
    /// show (a protocol with `async` requirements).
    static func compatibility(
        old: APIDeclaration, new: APIDeclaration, platforms: [String]? = nil, concurrency: Bool = false,
        minimums: [String: [Int]] = [:]
    ) -> String? {
        // `@preconcurrency` taken away where it softened something breaks whatever else is compatible.
        if dropsPreconcurrency(old, new) { return nil }
        let (old, new) = (withoutPreconcurrency(old), withoutPreconcurrency(new))
        if old.kind == .constant, new.kind == .variable, !old.isProtocolRequirement, let read = readOnlyVar(old) {
            // Every use of a `let` is a read, which a `var { get }` (or `{ get set }`) of the same type serves.
            let reason = "a stored `let` became a `var` that can still be read"
            if read.signature == new.signature
                || read.signature.dropLast("{ get }".count) + "{ get set }" == new.signature
            {
                return reason
            }
            return compatibility(
                old: read, new: new, platforms: platforms, concurrency: concurrency, minimums: minimums
            )
            .map { reason + "; " + $0 }
        }
        guard old.kind == new.kind, old.signature != new.signature,
            let before = SignatureShape(old.signature), let after = SignatureShape(new.signature),
            before.keyword == after.keyword, before.name == after.name,
            before.result == after.result,
            before.accessors == after.accessors || before.accessors == "{ get }" && after.accessors == "{ get set }"
        else { return nil }
        var reasons: [String] = []
        if let macro = macroNamesWidened(before, after) {
            var rest = before
            rest.modifiers = after.modifiers
            return rest == after ? macro : nil
        }
        let concurrent = concurrency || Availability.usesConcurrency(old.signature)
        guard
            let availability = Availability.widening(
                from: before.availability, to: after.availability,
                supported: platforms, concurrency: concurrent,
                minimums: minimums)
        else {
            return nil
        }
        if let availability { reasons.append(availability) }
        // Conformers and subclasses implement these: what callers may omit, they must still match.
        let implemented = clientsImplement(old, modifiers: before.modifiers)
        if before.modifiers != after.modifiers {
            // `@dynamicMemberLookup` and `@dynamicCallable` added only give clients a new way to write calls.
            let gained = after.modifiers.filter { !before.modifiers.contains($0) }
            let additions = gained.filter { additiveAttributes.contains($0) }
            var rest = after.modifiers.filter { !additions.contains($0) }
            var previous = before.modifiers
            if !additions.isEmpty { reasons.append(additions.joined(separator: ", ") + " added") }
            // Where an async function runs (`nonisolated(nonsending)`, `@concurrent`) is not what its callers write:
            // they `await` it as before. Conformers and subclasses must still match it.
            if before.effects.contains("async"), after.effects.contains("async"), !implemented {
                // Only towards running on the caller's executor: `@concurrent` added or `nonisolated(nonsending)`
                // taken away sends the arguments elsewhere, which callers' non-Sendable values may not allow.
                let added = Set(rest).subtracting(previous)
                let lost = Set(previous).subtracting(rest)
                let moved = added.union(lost)
                if !added.isEmpty, added.isSubset(of: executionModifiers), lost.isSubset(of: ["@concurrent"]),
                    added.contains("(nonsending)") || added.contains("nonisolated(nonsending)")
                {
                    rest.removeAll { moved.contains($0) }
                    previous.removeAll { moved.contains($0) }
                    reasons.append("where the async function runs changed (callers await it as before)")
                }
            }
            // A global actor dropped from a synchronous function nobody implements: a call that could reach it (from
            // that actor) still can, now running on the caller's executor. Not an async one (its arguments would then
            // be sent off the actor), nor one gained.
            if !implemented {
                // What callers write is the same, or less is asked of them: `mutating` dropped (a call on a constant
                // compiles too), `class` ↔ `static` (they differ only for an override, which nobody outside writes
                // of a member that is not `open`), `nonisolated` added to a synchronous member (it can be called from
                // anywhere; an `await` on it is a warning).
                if previous.contains("mutating"), !rest.contains("mutating") {
                    previous.removeAll { $0 == "mutating" }
                    reasons.append("`mutating` dropped (every call compiles, on a constant too)")
                }
                let typeLevel = ["class", "static"]
                if let was = previous.first(where: typeLevel.contains), let now = rest.first(where: typeLevel.contains),
                    was != now
                {
                    previous = previous.map { $0 == was ? now : $0 }
                    reasons.append("`\(was)` → `\(now)` (called alike; only an override could tell them apart)")
                }
                if rest.contains("nonisolated"), !previous.contains("nonisolated"), !before.effects.contains("async"),
                    !after.effects.contains("async")
                {
                    rest.removeAll { $0 == "nonisolated" }
                    reasons.append("`nonisolated` added to a synchronous member (every caller can still call it)")
                }
            }
            let droppedActors = Set(previous).subtracting(rest)
            if ["func", "init"].contains(before.keyword), !before.effects.contains("async"), !implemented,
                !droppedActors.isEmpty, droppedActors.allSatisfy(APICollector.isGlobalActor),
                Set(rest).isSubset(of: previous)
            {
                previous.removeAll { droppedActors.contains($0) }
                reasons.append(
                    droppedActors.sorted().joined(separator: ", ") + " dropped (callers on the actor call it "
                        + "as before, others now may)")
            }
            if rest != previous {
                guard isWidenedToOpen(previous.joined(separator: " "), rest.joined(separator: " ")) else {
                    return nil
                }
                reasons.append("public → open")
            }
        }
        if before.accessors != after.accessors {
            guard addsSetter(before, after, implemented: implemented) else { return nil }
            reasons.append("a setter added (every read compiles as before)")
        }
        if before.effects != after.effects {
            guard !implemented, let effects = narrowedEffects(before.effects, after.effects) else { return nil }
            reasons.append(effects)
        }
        if before.parameters != after.parameters || before.generics != after.generics
            || before.requirements != after.requirements
        {
            // An enum case's associated values are matched by patterns, which a new one breaks.
            guard !implemented, ["func", "init", "init?", "init!", "subscript", "macro"].contains(before.keyword),
                let parameters = ParameterEvolution(before, after)?.reason
            else { return nil }
            reasons.append(parameters)
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// `func f<R>(_ body: () throws -> R) rethrows -> R` → `func f<E: Error, R>(_ body: () throws(E) -> R) throws(E) ->
    /// R`, or `func g(_ body: () throws -> Int) rethrows -> Int` → `func g<E: Error>(_ body: () throws(E) -> Int)
    /// throws(E) -> Int`: the typed-throws form of `rethrows` (SE-0413). Every call compiles as before: a non-throwing
    /// closure infers `E == Never` (no `try` needed), a throwing one `any Error`. Not for requirements or overridable
    /// members.
    static func typedThrowsGeneralization(_ old: APIDeclaration, _ new: APIDeclaration) -> String? {
        guard old.kind == new.kind, !old.isProtocolRequirement, old.signature.contains(" rethrows"),
            !new.signature.contains(" rethrows"), !old.signature.contains("open "), !old.signature.contains("required ")
        else {
            return nil
        }
        let signature = new.signature
        // The error parameter: `throws(τ_N)` with `τ_N: Error` in the `where` list.
        guard let whereRange = signature.range(of: " where ", options: .backwards) else { return nil }
        let requirements = SignatureShape.splitTopLevel(String(signature[whereRange.upperBound...]), at: ",")
        guard let errorRequirement = requirements.first(where: { $0.hasSuffix(": Error") && $0.hasPrefix("τ_") }) else {
            return nil
        }
        let parameter = String(errorRequirement.dropLast(": Error".count))
        guard let index = Int(parameter.dropFirst("τ_".count)), signature.contains("throws(" + parameter + ")") else {
            return nil
        }
        var rest = String(signature[..<whereRange.lowerBound])
        rest = rest.replacingOccurrences(of: "throws(" + parameter + ")", with: "throws")
        let remaining = requirements.filter { $0 != errorRequirement }
        if !remaining.isEmpty { rest += " where " + remaining.joined(separator: ", ") }
        // Drop the parameter from the generic clause (the whole clause when it was alone there: `read<τ_0>(`) and
        // renumber the ones after it.
        if let alone = rest.range(of: "<" + parameter + ">(") {
            rest.replaceSubrange(alone, with: "(")
        }
        rest = rest.replacingOccurrences(of: "<" + parameter + ", ", with: "<")
            .replacingOccurrences(of: ", " + parameter + ">", with: ">")
            .replacingOccurrences(of: ", " + parameter + ",", with: ",")
        guard !rest.contains(parameter + " "), !rest.contains(parameter + ")"), !rest.contains(parameter + ">") else {
            return nil
        }
        for later in (index + 1)..<(index + 16) {
            rest = rest.replacingOccurrences(of: "τ_\(later)", with: "τ_\(later - 1)")
        }
        // The function's own `throws` (the last one before the result or the end) was the `rethrows`.
        let expected = old.signature
        guard let own = expected.range(of: " rethrows") else { return nil }
        var candidate = expected
        candidate.replaceSubrange(own, with: " throws")
        return candidate == rest
            ? "rethrows → typed throws over the closure's error type (every call compiles as before)" : nil
    }

    /// A `let` declaration as the read-only `var` it is to clients (`public let x: T` → `public var x: T { get }`).
    private static func readOnlyVar(_ declaration: APIDeclaration) -> APIDeclaration? {
        guard let range = declaration.signature.range(of: "let ") else { return nil }
        var read = declaration
        read.kind = .variable
        read.signature = declaration.signature.replacingCharacters(in: range, with: "var ") + " { get }"
        return read
    }

    /// Attributes whose addition only lets clients write more.
    private static let additiveAttributes: Set<String> = ["@dynamicMemberLookup", "@dynamicCallable"]

    /// The words of `nonisolated(nonsending)` as signatures split them.
    private static let executionModifiers: Set<String> = ["nonisolated", "(nonsending)", "nonisolated(nonsending)"]

    /// What the new effects drop, when every call of the old function still compiles: `async` removed,
    /// `throws` removed or narrowed to `rethrows` / `throws(E)`, `rethrows` removed.
    private static func narrowedEffects(_ old: [String], _ new: [String]) -> String? {
        if new.contains("async") && !old.contains("async") { return nil }
        if new.contains("reasync") && !old.contains("reasync") && !old.contains("async") { return nil }
        let oldThrows = old.first { $0 == "throws" || $0 == "rethrows" || $0.hasPrefix("throws(") }
        let newThrows = new.first { $0 == "throws" || $0 == "rethrows" || $0.hasPrefix("throws(") }
        var dropped: [String] = []
        if old.contains("async") && !new.contains("async") { dropped.append("no longer async") }
        switch (oldThrows, newThrows) {
        case let (a, b) where a == b: break
        case (_?, nil): dropped.append("no longer throws")
        case ("throws"?, "rethrows"?): dropped.append("throws → rethrows")
        case ("throws"?, let typed?) where typed.hasPrefix("throws("): dropped.append("throws → \(typed)")
        default: return nil
        }
        return dropped.isEmpty ? nil : dropped.joined(separator: "; ")
    }

    /// Reads each breaking change again knowing the component's platforms: an availability narrowed only on
    /// a platform it does not support (tvOS, watchOS, visionOS) breaks none of its clients.
    /// A change seen only on such platforms is no change at all.
    /// `platforms`: those the changes were found on (one platform's view, or all of the context's).
    static func reviseForPlatforms(_ changes: inout [APIChange], context: APIContext, platforms: [String]? = nil) {
        var unseen: Set<Int> = []
        for index in changes.indices where changes[index].kind == .changed {
            guard let old = changes[index].old, let new = changes[index].new,
                let reason = compatibility(
                    old: old, new: new, platforms: platforms ?? context.platforms,
                    minimums: context.minimumVersions)
            else { continue }
            if Availability.isUnseen(reason) {
                unseen.insert(index)
            } else if changes[index].impact == .breaking {
                changes[index].impact = .additive
                changes[index].note = reason
            }
        }
        guard !unseen.isEmpty else { return }
        removeChanges(at: unseen, from: &changes)
    }

    /// Reads each breaking change of a type again knowing its members: a protocol or type with `async` members
    /// (`protocol AsyncCommand { func run() async }`) given an `@available` at or below where Swift concurrency
    /// starts narrows nothing, since no client could use it below that anyway.
    /// Only protocols and actors: a struct, class or enum with some `async` members is still a type name, and has
    /// synchronous members, that clients use below that version.
    static func reviseConcurrentTypes(_ changes: inout [APIChange], new: [String: APIDeclaration]) {
        let typeKinds: Set<DeclarationKind> = [.protocol, .actor]
        var unseen: Set<Int> = []
        for index in changes.indices where changes[index].kind == .changed && changes[index].impact == .breaking {
            guard let old = changes[index].old, let updated = changes[index].new, typeKinds.contains(updated.kind),
                let space = updated.key.firstIndex(of: " ")
            else { continue }
            let prefix = updated.key[updated.key.index(after: space)...] + "."
            let concurrent = new.values.contains { member in
                guard let memberSpace = member.key.firstIndex(of: " ") else { return false }
                return member.key[member.key.index(after: memberSpace)...].hasPrefix(prefix)
                    && Availability.usesConcurrency(member.signature)
            }
            guard concurrent, let reason = compatibility(old: old, new: updated, concurrency: true) else { continue }
            if Availability.isUnseen(reason) { unseen.insert(index); continue }
            changes[index].impact = .additive
            changes[index].note = reason
        }
        removeChanges(at: unseen, from: &changes)
    }

    /// An initializer of a class that is not `open` turned designated ↔ `convenience`: clients only call it
    /// (`Counter(label:)`); subclassing, the one use the difference affects, is impossible outside the module.
    static func reviseConvenience(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        func withoutConvenience(_ signature: String) -> String {
            signature.split(separator: " ", omittingEmptySubsequences: false).filter { $0 != "convenience" }.joined(
                separator: " ")
        }
        for index in changes.indices where changes[index].kind == .changed && changes[index].impact == .breaking {
            guard var before = changes[index].old, var after = changes[index].new, before.kind == .initializer,
                after.kind == .initializer,
                before.signature.contains("convenience") != after.signature.contains("convenience"),
                let open = changes[index].key.dropFirst("init ".count).firstIndex(of: "(")
            else { continue }
            let classKey = "class " + changes[index].key.dropFirst("init ".count)[..<open]
            // Only a class Lockstep sees in both surfaces, open in neither.
            guard let oldClass = old[classKey], let newClass = new[classKey],
                !oldClass.signature.split(separator: " ").contains("open"),
                !newClass.signature.split(separator: " ").contains("open")
            else { continue }
            before.signature = withoutConvenience(before.signature)
            after.signature = withoutConvenience(after.signature)
            let reason = "designated ↔ convenience in a class that is not open (no subclass outside the module)"
            if before.signature == after.signature {
                changes[index].impact = .additive
                changes[index].note = reason
            } else if let more = compatibility(old: before, new: after) {
                changes[index].impact = .additive
                changes[index].note = reason + "; " + more
            }
        }
    }

    /// Inside a struct or an enum, `Self`, the type's qualified name and (for a generic type) its bare name all
    /// mean the type with its own generic parameters: a member respelled so is no change. (A class's `Self` is the
    /// dynamic type, so classes are left alone.)
    static func reviseSelfSpelling(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        var dropped: Set<Int> = []
        for index in changes.indices where changes[index].kind == .changed && changes[index].impact == .breaking {
            guard var before = changes[index].old, var after = changes[index].new,
                let type = valueType(containing: changes[index].key, old: old, new: new)
            else { continue }
            before.signature = spelledOut(before.signature, type: type)
            after.signature = spelledOut(after.signature, type: type)
            if before.signature == after.signature {
                dropped.insert(index)
            } else if let reason = compatibility(old: before, new: after) {
                changes[index].impact = .additive
                changes[index].note = reason
            }
        }
        removeChanges(at: dropped, from: &changes)
    }

    /// The struct or enum (declared so in both surfaces) whose member `key` is: its qualified name and its
    /// generic parameters as signatures spell them (`Tagged`, `<τ0_0, τ0_1>`).
    private static func valueType(containing key: String, old: [String: APIDeclaration], new: [String: APIDeclaration])
        -> (name: String, generics: String)?
    {
        guard let space = key.firstIndex(of: " ") else { return nil }
        let rest = key[key.index(after: space)...]
        let name = rest.prefix { $0 != "(" && $0 != "[" && $0 != " " }
        // An initializer's or subscript's key names the type itself (`init TreeSet(_:)`); a member's its container.
        var candidates: [String] = key.hasPrefix("init") || key.hasPrefix("subscript") ? [String(name)] : []
        var end = name.endIndex
        while let dot = name[..<end].lastIndex(of: ".") {
            candidates.append(String(name[..<dot]))
            end = dot
        }
        for candidate in candidates {
            for kind in ["struct", "enum"] {
                if let declaration = old["\(kind) \(candidate)"], new["\(kind) \(candidate)"] != nil {
                    return (candidate, genericClause(of: declaration.signature, name: candidate))
                }
            }
        }
        return nil
    }

    /// `<τ0_0, τ0_1>` from `public struct Tagged<τ0_0, τ0_1: Hashable>`; empty for a type that is not generic.
    private static func genericClause(of signature: String, name: String) -> String {
        let short = name.split(separator: ".").last.map(String.init) ?? name
        guard let range = signature.range(of: " " + short + "<") else { return "" }
        var depth = 1, parameters: [String] = [], current = ""
        for character in signature[range.upperBound...] {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1; if depth == 0 { break } }
            if depth == 1, character == "," { parameters.append(current); current = ""; continue }
            current.append(character)
        }
        parameters.append(current)
        let names = parameters.map { String($0.split(separator: ":").first ?? "").filter { $0 != " " } }
        return "<" + names.joined(separator: ", ") + ">"
    }

    /// `signature` with `Self` and the type's bare or qualified name (not followed by `<` or `.`) written as the
    /// type with its generic parameters.
    private static func spelledOut(_ signature: String, type: (name: String, generics: String)) -> String {
        let full = type.name + type.generics
        var result = ""
        let characters = Array(signature)
        var index = 0
        let short = type.name.split(separator: ".").last.map(String.init) ?? type.name
        func isNamePart(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        while index < characters.count {
            let precededByName = index > 0 && (isNamePart(characters[index - 1]) || characters[index - 1] == ".")
            var matched: Int?
            if !precededByName {
                for word in ["Self", type.name, short]
                where index + word.count <= characters.count
                    && String(characters[index..<index + word.count]) == word
                {
                    let next = index + word.count < characters.count ? characters[index + word.count] : " "
                    if !isNamePart(next), next != ".", next != "<" { matched = word.count; break }
                }
            }
            if let matched {
                result += full
                index += matched
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    /// A struct clients could not create (no public initializer) turned into an enum without cases, the usual
    /// namespace for static members: every use (`Rainbow.enabled`) still compiles. One compatible change instead
    /// of a removal and an addition.
    static func reviseNamespaceEnums(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        var dropped: Set<Int> = []
        for (index, change) in changes.enumerated() where change.kind == .removed && change.old?.kind == .structure {
            let name = change.key.dropFirst("struct ".count)
            guard let added = changes.firstIndex(where: { $0.kind == .added && $0.key == "enum \(name)" }),
                !old.keys.contains(where: {
                    $0.hasPrefix("init \(name)(") || $0.hasPrefix("init? \(name)(") || $0.hasPrefix("init! \(name)(")
                }),
                !new.keys.contains(where: {
                    $0.hasPrefix("case \(name).") && !$0.dropFirst("case \(name).".count).contains(".")
                }),
                let before = change.old, let after = changes[added].new
            else { continue }
            changes[index] = APIChange(
                kind: .changed, key: change.key, old: before, new: after, impact: .additive,
                note:
                    """
                    a struct without a public initializer became an enum without cases (a namespace): every use \
                    still compiles
                    """
            )
            dropped.insert(added)
        }
        removeChanges(at: dropped, from: &changes)
    }

    /// Pairs a removed callable with an added one of the same name whose extra parameters all have
    /// default values (and whose other parameters still accept the old arguments): one compatible change,
    /// `f(a:)` → `f(a:b:)`, not a removal plus an addition.
    static func pairDefaultedParameters(_ changes: inout [APIChange]) {
        let callables: Set<DeclarationKind> = [.function, .initializer, .subscript, .macro]
        var addedByStem: [String: [Int]] = [:]
        for (index, change) in changes.enumerated() where change.kind == .added {
            guard let new = change.new, callables.contains(new.kind) else { continue }
            addedByStem[callableStem(new.baseKey), default: []].append(index)
        }
        guard !addedByStem.isEmpty else { return }
        var used: Set<Int> = []
        var merged: [Int: APIChange] = [:]
        for (index, change) in changes.enumerated() where change.kind == .removed {
            guard let old = change.old, callables.contains(old.kind), !old.isProtocolRequirement else { continue }
            for candidate in addedByStem[callableStem(old.baseKey)] ?? [] where !used.contains(candidate) {
                guard let new = changes[candidate].new, let reason = compatibility(old: old, new: new) else { continue }
                used.insert(candidate)
                merged[index] = APIChange(
                    kind: .changed, key: old.key, old: old, new: new, impact: .additive,
                    note: reason)
                break
            }
        }
        guard !merged.isEmpty else { return }
        var result: [APIChange] = []
        for (index, change) in changes.enumerated() where !used.contains(index) {
            result.append(merged[index] ?? change)
        }
        changes = result
    }

    /// `func Cart.add(item:)` → `func Cart.add|`, `subscript Grid[_:] (extension)` → `subscript Grid| (extension)`:
    /// the key with its labels left out.
    static func callableStem(_ key: String) -> String {
        guard let open = key.firstIndex(where: { $0 == "(" || $0 == "[" }) else { return key }
        let close: Character = key[open] == "(" ? ")" : "]"
        guard let end = key[open...].firstIndex(of: close) else { return key }
        return key[..<open] + "|" + key[key.index(after: end)...]
    }
}

/// How the parameters and generic clause of a callable changed, when every old call still compiles.
private struct ParameterEvolution {
    var reason: String?

    /// True when `new` is the function type `old` with some `Any` parameters replaced by other types, nothing else.
    static func narrowsClosureAny(_ old: String, _ new: String) -> Bool {
        guard let oldParts = functionParts(old), let newParts = functionParts(new), oldParts.prefix == newParts.prefix,
            oldParts.rest == newParts.rest, oldParts.parameters.count == newParts.parameters.count
        else { return false }
        var changed = false
        for (a, b) in zip(oldParts.parameters, newParts.parameters) where a != b {
            guard a == "Any" else { return false }
            changed = true
        }
        return changed
    }

    /// `@escaping (A, B) throws -> R` as its attributes, its top-level parameter types and what follows them.
    private static func functionParts(_ type: String) -> (prefix: Substring, parameters: [String], rest: Substring)? {
        guard let open = type.firstIndex(of: "(") else { return nil }
        var depth = 0, current = "", parameters: [String] = []
        var index = open
        while index < type.endIndex {
            let character = type[index]
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if depth == 0 { break }
            if depth == 1, character == "," {
                parameters.append(current.trimmingSpaces); current = ""
            } else if !(depth == 1 && character == "(" && index == open) {
                current.append(character)
            }
            index = type.index(after: index)
        }
        guard index < type.endIndex else { return nil }
        parameters.append(current.trimmingSpaces)
        let rest = type[type.index(after: index)...]
        guard rest.contains("->") else { return nil }
        return (type[..<open], parameters, rest)
    }

    static let sequenceFamily: Set<String> = [
        "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
        "RangeReplaceableCollection",
    ]

    init?(_ before: SignatureShape, _ after: SignatureShape) {
        guard let oldList = before.parameters, let newList = after.parameters else { return nil }
        let oldParameters = oldList.map(ShapeParameter.init)
        let newParameters = newList.map(ShapeParameter.init)
        let oldGenerics = Generics(before)
        var newGenerics = Generics(after)
        // Every old parameter, in order, must still be there under its label; the rest must be omittable.
        var pairs: [(old: ShapeParameter, new: ShapeParameter)] = []
        var extra = 0
        var next = 0
        for parameter in newParameters {
            if next < oldParameters.count, oldParameters[next].label == parameter.label {
                pairs.append((oldParameters[next], parameter))
                next += 1
            } else if parameter.isOmittable {
                extra += 1
            } else {
                return nil
            }
        }
        guard next == oldParameters.count else { return nil }
        // A default or variadic taken away breaks the calls that left the argument out.
        for pair in pairs
        where pair.old.hasDefault && !pair.new.hasDefault || pair.old.isVariadic != pair.new.isVariadic {
            return nil
        }
        var reasons: [String] = []
        if extra > 0 { reasons.append("added parameters have default values") }
        let declaredFresh = Generics(after).names.subtracting(Generics(before).names)

        // Old generic parameters may lose constraints, never gain them; losing a suppression (`~Copyable`) gains
        // the implicit requirement back.
        for (name, constraints) in oldGenerics.conformances where oldGenerics.names.contains(name) {
            for suppressed in constraints where suppressed.hasPrefix("~") {
                guard newGenerics.conformances[name]?.contains(suppressed) ?? false else { return nil }
            }
        }
        for (name, constraints) in newGenerics.conformances where oldGenerics.names.contains(name) {
            let old = oldGenerics.conformances[name] ?? []
            // A parameterized constraint (`Sequence<X>`, one the package's names left unspelled) fixes an associated
            // type as well: only the same one was there before.
            guard
                constraints.allSatisfy({ $0.contains("<") ? old.contains($0) : StandardConformances.implies(old, $0) })
            else { return nil }
            // `Sequence<X>` fixes the element: only the same one was there before.
            if let element = newGenerics.elements[name], element != oldGenerics.elements[name] { return nil }
        }
        if newGenerics.conformances.contains(where: {
            oldGenerics.names.contains($0.key) && $0.value != oldGenerics.conformances[$0.key]
        }) {
            reasons.append("a generic constraint loosened")
        }
        let allowed = oldGenerics.others.union(newGenerics.bindable(excluding: oldGenerics.names))
        for requirement in newGenerics.others where !allowed.contains(requirement) {
            // `Outer: AdditiveArithmetic` where it was `Outer: Numeric` (an enclosing type's parameter): implied by the
            // old requirements on the same subject, so every old use still qualifies.
            let parts = requirement.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
            guard parts.count == 2, !requirement.contains("=="), !parts[1].contains("<"),
                Generics.protocols(parts[1]).allSatisfy({
                    StandardConformances.implies(oldGenerics.conformances(of: parts[0]), $0)
                })
            else { return nil }
            reasons.append("a generic constraint loosened")
        }

        // Each changed parameter type must accept the old argument.
        var bound: [String: String] = [:]  // fresh generic parameter → the concrete type it replaces
        var generalized = false
        var sendable = false
        var narrowed = false
        var isolation = false
        for (index, pair) in pairs.enumerated() where pair.old.type != pair.new.type {
            let old = pair.old.type, new = pair.new.type
            guard !old.hasPrefix("inout "), !new.hasPrefix("inout ") else { return nil }
            // `isolated` added to or dropped from a parameter of an async function: callers pass the same actor
            // and await the call either way (the function runs on it, or hops to it).
            if before.effects.contains("async"), after.effects.contains("async"),
                new == "isolated " + old || old == "isolated " + new
            {
                isolation = true
                continue
            }
            // A constrained generic parameter that becomes `Any` loses what a call may rely on to find its argument
            // (`show(.plain)` through `extension Style where Self == Plain`); a subscript's, the `Hashable` its
            // key-path uses need.
            if new == "Any", oldGenerics.names.contains(old),
                before.keyword == "subscript"
                    || !(oldGenerics.conformances[old] ?? []).subtracting(["Sendable"]).isEmpty
            {
                return nil
            }
            if new == old + "?" || new == "Optional<\(old)>" || new == "(\(old))?" || new == "Any" {
                generalized = true
                continue
            }
            if let opaque = Self.opaque(new) {
                // `some P` is an anonymous generic parameter of its own.
                let name = "some#\(index)"
                newGenerics.addFresh(name, constraint: opaque.constraint, element: opaque.element)
                guard newGenerics.accepts(name, old) else { return nil }
                generalized = true
                continue
            }
            if newGenerics.names.contains(new), !oldGenerics.names.contains(new) {
                if let previous = bound[new], previous != old { return nil }
                bound[new] = old
                continue
            }
            if new.hasPrefix("any "), StandardConformances.satisfies(old, String(new.dropFirst(4))) {
                generalized = true
                continue
            }
            // `@Sendable` added to a closure parameter: a client in Swift 5 mode gets a warning at most
            // (an error only under strict concurrency checking, for a closure that captures non-Sendable state).
            if Self.addsSendable(old, new) {
                sendable = true
                continue
            }
            // A closure the client passes receives its arguments: one that took `Any` may now be handed something
            // narrower (`(Key, Any) -> Void` → `(Key, Sendable) -> Void`), and every closure still fits.
            if Self.narrowsClosureAny(old, new) {
                narrowed = true
                continue
            }
            if let widened = CallJudgement.widening(
                old: old, new: new, label: CallJudgement.argument(pair.new.label, at: index))
            {
                if !reasons.contains(widened.description) { reasons.append(widened.description) }
                continue
            }
            return nil
        }
        if sendable { reasons.append("@Sendable added to a closure parameter") }
        if narrowed { reasons.append("a closure parameter's `Any` argument narrowed (closures accept it as before)") }
        if isolation {
            reasons.append("an async function's actor parameter made `isolated` or not (calls are the same)")
        }
        // Fresh generic parameters: used only where the old concrete type stood, and satisfied by it.
        for name in declaredFresh {
            guard let concrete = bound[name], newGenerics.accepts(name, concrete) else { return nil }
            let elsewhere =
                newParameters.filter { $0.type != name }.map(\.type) + [after.result]
                + newGenerics.others.filter { !newGenerics.isBinding($0, of: name) }
            guard !elsewhere.contains(where: { Self.mentions($0, name) }) else { return nil }
            generalized = true
        }
        if generalized { reasons.append("a parameter generalized to accept what it accepted before") }
        reason = reasons.isEmpty ? nil : reasons.joined(separator: "; ")
        if reason == nil, before.requirements != after.requirements || before.generics != after.generics {
            reason = "a generic constraint loosened"
        }
        guard reason != nil else { return nil }
    }

    /// Whether `new` is `old` with `@Sendable` added to one or more function types and nothing else.
    static func addsSendable(_ old: String, _ new: String) -> Bool {
        let marker = "@Sendable "
        let plain = new.replacing(marker, with: "")
        return plain != new && plain == old.replacing(marker, with: "")
            && new.ranges(of: marker).count > old.ranges(of: marker).count
    }

    /// `some P`, `some P & Q`, `some Sequence<T>`: the constraint and the element it fixes.
    private static func opaque(_ type: String) -> (constraint: String, element: String?)? {
        guard type.hasPrefix("some ") else { return nil }
        let body = String(type.dropFirst(5))
        if let open = body.firstIndex(of: "<"), body.hasSuffix(">") {
            let base = String(body[..<open])
            guard sequenceFamily.contains(base) else { return nil }
            return (base, String(body[body.index(after: open)..<body.index(before: body.endIndex)]))
        }
        return (body, nil)
    }

    /// Whether `text` uses the identifier `name` (not as part of a longer identifier).
    static func mentions(_ text: String, _ name: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.firstRange(of: name) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isIdentifier) ?? false) && !(after.map(isIdentifier) ?? false) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    private static func isIdentifier(_ char: Character) -> Bool { char.isLetter || char.isNumber || char == "_" }

    /// The generic parameters of a declaration with what constrains them.
    struct Generics {
        var names: Set<String> = []
        /// `T: P & Q` (from the clause or the `where`), by parameter, protocols split.
        var conformances: [String: Set<String>] = [:]
        /// `T.Element == X`, by parameter.
        var elements: [String: String] = [:]
        /// Every other requirement (and the element ones), as written.
        var others: Set<String> = []

        init(_ shape: SignatureShape) {
            for parameter in shape.generics ?? [] {
                let parts = parameter.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
                let name = parts[0].hasPrefix("each ") ? String(parts[0].dropFirst(5)) : parts[0]
                names.insert(name)
                if parts.count == 2 { constrain(name, parts[1]) }
            }
            for requirement in shape.requirements {
                let conformance = requirement.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
                if conformance.count == 2, names.contains(conformance[0]), !requirement.contains("==") {
                    constrain(conformance[0], conformance[1])
                    continue
                }
                others.insert(requirement)
                let sides = requirement.split(separator: " == ").map(String.init)
                if sides.count == 2, sides[0].hasSuffix(".Element") {
                    elements[String(sides[0].dropLast(".Element".count))] = sides[1]
                }
            }
        }

        /// Adds `P & Q` to a parameter's conformances; `Sequence<X>` (a primary associated type) also fixes its
        /// element.
        private mutating func constrain(_ name: String, _ text: String) {
            for proto in Self.protocols(text) {
                if let open = proto.firstIndex(of: "<"), proto.hasSuffix(">"),
                    ParameterEvolution.sequenceFamily.contains(String(proto[..<open]))
                {
                    conformances[name, default: []].insert(String(proto[..<open]))
                    elements[name] = String(proto[proto.index(after: open)..<proto.index(before: proto.endIndex)])
                } else {
                    conformances[name, default: []].insert(proto)
                }
            }
        }

        /// What the requirements say `subject` conforms to: its own constraints, or the `subject: P & Q` requirements
        /// on it (an enclosing type's parameter).
        func conformances(of subject: String) -> Set<String> {
            var result = conformances[subject] ?? []
            for requirement in others where !requirement.contains("==") {
                let parts = requirement.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
                if parts.count == 2, parts[0] == subject { result.formUnion(Self.protocols(parts[1])) }
            }
            return result
        }

        static func protocols(_ text: String) -> Set<String> {
            Set(text.split(separator: "&").map { $0.trimmingSpaces() })
        }

        mutating func addFresh(_ name: String, constraint: String, element: String?) {
            names.insert(name)
            conformances[name] = Self.protocols(constraint)
            if let element { elements[name] = element }
        }

        /// The requirements a fresh parameter brings with it (its `Element == X`), which the old side cannot have.
        func bindable(excluding old: Set<String>) -> Set<String> {
            others.filter { requirement in names.subtracting(old).contains { isBinding(requirement, of: $0) } }
        }

        func isBinding(_ requirement: String, of name: String) -> Bool {
            requirement.hasPrefix(name + ".Element == ")
        }

        /// Whether a fresh parameter accepts `concrete`: every protocol it must conform to, and its element.
        func accepts(_ name: String, _ concrete: String) -> Bool {
            for constraint in conformances[name] ?? [] where !StandardConformances.satisfies(concrete, constraint) {
                return false
            }
            if let element = elements[name] {
                guard StandardConformances.element(of: concrete) == element else { return false }
                // `Element == X` needs a Sequence to mean anything; the conformance check above covers it.
                return !(conformances[name] ?? []).isEmpty
            }
            // `Element: P` and other requirements on a fresh parameter are not understood: stay breaking.
            return !others.contains { $0.hasPrefix(name + ".") && !isBinding($0, of: name) }
        }
    }
}

private extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
