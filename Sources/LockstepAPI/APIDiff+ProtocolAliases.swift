/// A protocol extension's typealias used through a generic parameter that conforms to the protocol: `K.Default`
/// with `extension SharedReaderKey { typealias Default = _SharedKeyDefault<Self> }` and `K: SharedKey` (which refines
/// it) is `_SharedKeyDefault<K>`, and `From.Children<To>` with `extension Model { typealias Children<T> =
/// ChildrenProperty<Self, T> }` is `ChildrenProperty<From, To>`: the same type in two spellings, as the compiler reads
/// them (swift-sharing 1.1.1, fluent-kit 1.41.0).
///
/// The name resolver leaves such aliases as written (one may name the protocol's associated types unqualified); this
/// pass expands them where that cannot be: the alias is the only declaration of its name in the file set (no type,
/// associated type or other alias of that name; a `where` clause of its own is read past), and its target names no
/// associated type of the protocol, no `Self.` member and no generic parameter but its own; the generic parameter is
/// declared to conform to
/// the protocol or to one refining it (in the declaration's `where` clause or its type's). An associated type with a
/// default (`associatedtype Default = …`) is not an alias: a conformer may bind it otherwise.
extension APIDiff {
    static func reviseProtocolAliases(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        var dropped: Set<Int> = []
        var oldAliases: ProtocolAliases?
        var newAliases: ProtocolAliases?
        for index in changes.indices where changes[index].kind == .changed && changes[index].impact == .breaking {
            guard let before = changes[index].old, let after = changes[index].new,
                before.signature.contains("τ") || after.signature.contains("τ")
            else { continue }
            if oldAliases == nil { oldAliases = ProtocolAliases(old) }
            if newAliases == nil { newAliases = ProtocolAliases(new) }
            let was = oldAliases!.expanding(before, in: old)
            let now = newAliases!.expanding(after, in: new)
            if (was != before.signature || now != after.signature) && was == now { dropped.insert(index) }
        }
        removeChanges(at: dropped, from: &changes)
    }
}

extension APIDiff {
    /// The type a member's key names (`func ChildrenProperty.load(_:)` → `struct ChildrenProperty`), when declared.
    static func enclosingType(of key: String, in declarations: [String: APIDeclaration]) -> APIDeclaration? {
        let subject = key.drop { $0 != " " }.dropFirst().prefix { $0 != "(" && $0 != "[" && $0 != " " }
        guard let dot = subject.lastIndex(of: ".") else { return nil }
        let type = subject[..<dot]
        for kind in ["struct", "class", "enum", "actor"] {
            if let found = declarations[kind + " " + type] { return found }
        }
        return nil
    }

    /// A global actor written on a member (or taken from its extension, `@MainActor extension VM`) that its type
    /// already gives it (`@MainActor final class VM`: the members of its body and extensions are isolated to it):
    /// written or not, the member is isolated alike.
    static func reviseInheritedIsolation(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        var dropped: Set<Int> = []
        for index in changes.indices where changes[index].kind == .changed && changes[index].impact == .breaking {
            guard let before = changes[index].old, let after = changes[index].new else { continue }
            let was = Set(SignatureShape.topLevelWords(before.signature).filter(APICollector.isGlobalActor))
            let now = Set(SignatureShape.topLevelWords(after.signature).filter(APICollector.isGlobalActor))
            let moved = was.symmetricDifference(now)
            guard !moved.isEmpty,
                let oldType = enclosingType(of: before.key, in: old),
                let newType = enclosingType(of: after.key, in: new)
            else { continue }
            let oldTypeWords = Set(SignatureShape.topLevelWords(oldType.signature))
            let newTypeWords = Set(SignatureShape.topLevelWords(newType.signature))
            guard moved.isSubset(of: oldTypeWords), moved.isSubset(of: newTypeWords) else { continue }
            func without(_ signature: String) -> String {
                moved.reduce(signature) { $0.replacingOccurrences(of: $1 + " ", with: "") }
            }
            if without(before.signature) == without(after.signature) { dropped.insert(index) }
        }
        removeChanges(at: dropped, from: &changes)
    }
}

/// The typealiases declared in protocols and their extensions that `reviseProtocolAliases` may expand, by name.
private struct ProtocolAliases {
    struct Alias {
        var proto: String
        var parameters: [String]
        var target: String
    }

    private var aliases: [String: Alias] = [:]
    /// Each protocol's declared parents (`conformance Q: P`).
    private var parents = DeclaredParents()
    /// The protocols the file set declares.
    private var protocols: Set<String> = []

    init(_ declarations: [String: APIDeclaration]) {
        var counts: [String: Int] = [:]
        var associated: [String: Set<String>] = [:]
        var found: [String: Alias] = [:]
        for declaration in declarations.values {
            let key = declaration.key
            guard let space = key.firstIndex(of: " ") else { continue }
            var subject = key[key.index(after: space)...]
            if subject.hasSuffix(APIDiff.extensionSuffix) { subject = subject.dropLast(APIDiff.extensionSuffix.count) }
            let name = String(subject.split(separator: ".").last ?? subject)
            switch declaration.kind {
            case .conformance:
                parents.record(declaration)
                continue
            case .typealias, .associatedtype, .structure, .class, .enumeration, .protocol, .actor:
                counts[name, default: 0] += 1
            default:
                continue
            }
            if declaration.kind == .protocol { protocols.insert(String(subject)) }
            guard let dot = subject.lastIndex(of: ".") else { continue }
            let owner = String(subject[..<dot])
            if declaration.kind == .associatedtype { associated[owner, default: []].insert(name) }
            guard declaration.kind == .typealias, declarations["protocol " + owner] != nil,
                let alias = Self.alias(declaration.signature, name: name, proto: owner)
            else { continue }
            found[name] = alias
        }
        for (name, alias) in found where counts[name] == 1 {
            let names = associated[alias.proto] ?? []
            guard !alias.target.contains("Self."),
                !names.contains(where: { Self.containsWord(alias.target, $0) }),
                !Self.tokens(in: alias.target).contains(where: { $0.hasPrefix("τ") && !alias.parameters.contains($0) })
            else { continue }
            aliases[name] = alias
        }
    }

    /// `public typealias Children<τ1_0> = ChildrenProperty<Self, τ1_0>` → its parameters and target. A `where` clause
    /// (`where τ1_0: Model`, as fluent-kit writes it) only says where the alias may be used: the type it names is the
    /// same, so the target is read without it.
    private static func alias(_ signature: String, name: String, proto: String) -> Alias? {
        guard let equals = signature.range(of: " = ") else { return nil }
        var signature = Substring(signature)
        if let clause = signature.range(of: " where ", range: equals.upperBound..<signature.endIndex) {
            signature = signature[..<clause.lowerBound]
        }
        let head = signature[..<equals.lowerBound]
        var parameters: [String] = []
        if let open = head.firstIndex(of: "<"), head.hasSuffix(">") {
            parameters = SignatureShape.splitTopLevel(
                String(head[head.index(after: open)..<head.index(before: head.endIndex)]), at: ","
            )
            .map { $0.trimmingSpaces() }
        }
        return Alias(proto: proto, parameters: parameters, target: String(signature[equals.upperBound...]))
    }

    /// `declaration`'s signature with each `τ.Name` and `τ.Name<…>` of these aliases spelled out, where the generic
    /// parameter is declared to conform to the alias's protocol.
    func expanding(_ declaration: APIDeclaration, in declarations: [String: APIDeclaration]) -> String {
        let signature = declaration.signature
        guard !aliases.isEmpty, signature.contains("τ") else { return signature }
        var requirements = SignatureShape(signature)?.requirements ?? []
        if let type = APIDiff.enclosingType(of: declaration.key, in: declarations) {
            requirements += SignatureShape(type.signature)?.requirements ?? []
        }
        let characters = Array(signature)
        var out = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "τ", index == 0 || !Self.continues(characters[index - 1]) else {
                out.append(characters[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, characters[end] == "_" || characters[end].isNumber { end += 1 }
            let base = String(characters[index..<end])
            guard end < characters.count, characters[end] == "." else {
                out += base
                index = end
                continue
            }
            var nameEnd = end + 1
            while nameEnd < characters.count, Self.continues(characters[nameEnd]) { nameEnd += 1 }
            let name = String(characters[(end + 1)..<nameEnd])
            guard let alias = aliases[name], nameEnd >= characters.count || characters[nameEnd] != ".",
                conforms(base, to: alias.proto, requirements)
            else {
                out += base
                index = end
                continue
            }
            var arguments: [String] = []
            var next = nameEnd
            if !alias.parameters.isEmpty {
                guard nameEnd < characters.count, characters[nameEnd] == "<",
                    let close = Self.closingAngle(characters, from: nameEnd)
                else {
                    out += base
                    index = end
                    continue
                }
                arguments = SignatureShape.splitTopLevel(String(characters[(nameEnd + 1)..<close]), at: ",")
                    .map { $0.trimmingSpaces() }
                next = close + 1
            }
            guard arguments.count == alias.parameters.count else {
                out += base
                index = end
                continue
            }
            // All at once: an argument may name another of the alias's parameters (`τ1_1` for `τ1_0`).
            var substitution = Dictionary(uniqueKeysWithValues: zip(alias.parameters, arguments))
            substitution["Self"] = base
            out += Self.substituting(substitution, in: alias.target)
            index = next
        }
        return out
    }

    /// Whether `requirements` declare `base` to conform to `proto` or a protocol refining it, and to no protocol the
    /// file set does not declare: another module's protocol may have an associated type of the alias's name
    /// (`K: P & Collection` with `typealias Index = Int` in `extension P`: `K.Index` is `Collection`'s).
    private func conforms(_ base: String, to proto: String, _ requirements: [String]) -> Bool {
        let declared = requirements.compactMap { requirement -> String? in
            guard requirement.hasPrefix(base + ": ") else { return nil }
            return String(requirement.dropFirst(base.count + 2))
        }
        .flatMap { $0.split(separator: "&").map { $0.trimmingSpaces() } }
        guard declared.allSatisfy(protocols.contains) else { return false }
        return declared.contains { parents.lineage(of: $0).contains(proto) }
    }

    private static func continues(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The index of the `>` closing the `<` at `open` (an arrow's `>` closes nothing).
    private static func closingAngle(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        for index in open..<characters.count {
            switch characters[index] {
            case "<", "(", "[": depth += 1
            case ">" where index > 0 && characters[index - 1] == "-": break
            case ">", ")", "]":
                depth -= 1
                if depth == 0 { return characters[index] == ">" ? index : nil }
            default: break
            }
        }
        return nil
    }

    /// `text` with each whole name that `substitution` maps replaced, in one pass.
    private static func substituting(_ substitution: [String: String], in text: String) -> String {
        var out = ""
        var name = ""
        var afterDot = false
        func flush() {
            out += afterDot ? name : substitution[name] ?? name
            name = ""
        }
        for character in text {
            if continues(character) {
                name.append(character)
                continue
            }
            if !name.isEmpty {
                flush()
            }
            afterDot = character == "."
            out.append(character)
        }
        if !name.isEmpty { flush() }
        return out
    }

    /// Whether `word` occurs in `text` not as part of a longer name.
    private static func containsWord(_ text: String, _ word: String) -> Bool {
        APIDiff.replacingName(text, word, "\u{0}") != text
    }

    /// The names in `text`.
    private static func tokens(in text: String) -> [String] {
        text.split { !continues($0) && $0 != "τ" }.map(String.init)
    }
}
