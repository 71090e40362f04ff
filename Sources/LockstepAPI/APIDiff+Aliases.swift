extension APIDiff {
    /// Both surfaces as clients see them through the new one's typealiases: a type renamed with
    /// `public typealias Old = New` left behind removes nothing, because every use of `Old` (and of its members,
    /// `Old.member`) still compiles. So the old type's declarations are read as `New`'s, and so are the new
    /// surface's extensions of and conformances to `Old`; what `New` no longer has still shows as removed, and
    /// the alias itself as added.
    ///
    /// A generic typealias replaced the same way (`typealias FailingSchedulerOf = UnimplementedSchedulerOf`, where the
    /// old `FailingSchedulerOf<S>` and the new `UnimplementedSchedulerOf<S>` are defined alike once the types renamed
    /// with them read as renamed) is followed too: `FailingSchedulerOf<X>` means what it meant, and the alias itself
    /// reads as unchanged.
    static func followingRenames(_ old: APISurface, _ new: APISurface) -> (old: APISurface, new: APISurface) {
        var renames = renamedTypes(old, new)
        let aliases = renamedAliases(old, new, typeRenames: renames)
        renames.merge(aliases) { first, _ in first }
        guard !renames.isEmpty else { return (old, new) }
        var before = renaming(old, renames)
        for name in aliases.keys {
            let key = "typealias " + name
            if before.declarations[key] != nil, let now = new.declarations[key] { before.declarations[key] = now }
        }
        return (before, renaming(new, renames))
    }

    /// Old name → new name, for each generic typealias of the old surface that the new one makes a non-generic alias
    /// of another generic typealias with the old one's definition (after `typeRenames`).
    private static func renamedAliases(_ old: APISurface, _ new: APISurface, typeRenames: [String: String])
        -> [String: String]
    {
        var renames: [String: String] = [:]
        // An alias both sides declare alike was not generic before and plain now.
        for alias in new.declarations.values
        where alias.kind == .typealias && old.declarations[alias.key]?.signature != alias.signature {
            guard let (name, short, target) = renamingAlias(alias),
                let before = old.declarations[alias.key], before.signature.contains("typealias " + short + "<"),
                let defined = new.declarations["typealias " + target]
            else { continue }
            var all = typeRenames
            all[name] = target
            let targetShort = target.split(separator: ".").last.map(String.init) ?? target
            let renamed = replacingName(renaming(before, all).signature, short, targetShort)
            if renamed == defined.signature { renames[name] = target }
        }
        return renames
    }

    private static func renaming(_ surface: APISurface, _ renames: [String: String]) -> APISurface {
        var kept: [String: APIDeclaration] = [:]
        var moved: [(original: APIDeclaration, renamed: APIDeclaration)] = []
        for declaration in surface.declarations.values {
            // The alias keeps its own name.
            if declaration.kind == .typealias, renames[String(declaration.key.dropFirst("typealias ".count))] != nil {
                kept[declaration.key] = declaration
                continue
            }
            let renamed = renaming(declaration, renames)
            if renamed == declaration {
                kept[declaration.key] = declaration
            } else {
                moved.append((declaration, renamed))
            }
        }
        for (original, renamed) in moved.sorted(by: { $0.renamed.key < $1.renamed.key }) {
            guard let existing = kept[renamed.key] else {
                kept[renamed.key] = renamed
                continue
            }
            // `New` already had it: the same declaration reads as one; a different one stays `Old`'s, reported
            // on its own.
            if existing.signature != renamed.signature { kept[original.key] = original }
        }
        return APISurface(declarations: kept)
    }

    /// Old name → new name, for each type the old surface declares that the new one replaces with a
    /// non-generic typealias naming another type.
    private static func renamedTypes(_ old: APISurface, _ new: APISurface) -> [String: String] {
        var renames: [String: String] = [:]
        // An alias both sides declare alike renames nothing (the old one was no type of its name).
        for alias in new.declarations.values
        where alias.kind == .typealias && old.declarations[alias.key]?.signature != alias.signature {
            guard let (name, _, target) = renamingAlias(alias),
                declaresType(name, in: old.declarations), !declaresType(name, in: new.declarations)
            else { continue }
            renames[name] = target
        }
        return renames
    }

    /// A typealias naming another name (`typealias Old = New`), or a generic one passing its parameters on in order
    /// (`typealias Old<T> = New<T>`): its qualified name, short name and target; nil for anything else.
    private static func renamingAlias(_ alias: APIDeclaration) -> (name: String, short: String, target: String)? {
        guard alias.kind == .typealias else { return nil }
        let name = String(alias.key.dropFirst("typealias ".count))
        let short = name.split(separator: ".").last.map(String.init) ?? name
        var target: String
        if let range = alias.signature.range(of: "typealias " + short + " = ") {
            target = String(alias.signature[range.upperBound...])
        } else if let range = alias.signature.range(of: "typealias " + short + "<"),
            let equals = alias.signature[range.upperBound...].range(of: "> = ")
        {
            // `<τ0_0, τ0_1>` on both sides, nothing after: the alias only renames.
            let parameters = "<" + alias.signature[range.upperBound..<equals.lowerBound] + ">"
            target = String(alias.signature[equals.upperBound...])
            guard target.hasSuffix(parameters) else { return nil }
            target.removeLast(parameters.count)
        } else {
            return nil
        }
        guard target != name, isPath(target) else { return nil }
        return (name, short, target)
    }

    /// The declaration with `Old` read as `New` in its key and signature.
    private static func renaming(_ declaration: APIDeclaration, _ renames: [String: String]) -> APIDeclaration {
        var result = declaration
        for (from, to) in renames {
            if result.kind == .conformance {
                // `conformance S: Old`: either side may be the renamed type.
                result.key = replacingName(result.key, from, to)
                result.baseKey = replacingName(result.baseKey, from, to)
            } else {
                result.key = renamingSubject(result.key, from, to)
                result.baseKey = renamingSubject(result.baseKey, from, to)
            }
            if result.kind.isType, result.key == result.kind.rawValue + " " + to {
                // The type's own signature names it by its short name.
                let fromShort = from.split(separator: ".").last.map(String.init) ?? from
                let toShort = to.split(separator: ".").last.map(String.init) ?? to
                result.signature = replacingName(
                    result.signature, result.kind.rawValue + " " + fromShort,
                    result.kind.rawValue + " " + toShort)
            }
            result.signature = replacingName(result.signature, from, to)
        }
        return result
    }

    /// `func Old.f()` → `func New.f()`: the qualified name after the key's kind word.
    static func renamingSubject(_ key: String, _ from: String, _ to: String) -> String {
        guard let space = key.firstIndex(of: " ") else { return key }
        let subject = key[key.index(after: space)...]
        guard subject.hasPrefix(from) else { return key }
        let after = subject.dropFirst(from.count)
        if let next = after.unicodeScalars.first, next.properties.isXIDContinue { return key }
        return String(key[...space]) + to + String(after)
    }

    /// `text` with every whole occurrence of the dotted name `from` (not part of a longer name) replaced.
    static func replacingName(_ text: String, _ from: String, _ to: String) -> String {
        guard text.contains(from) else { return text }
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: from) {
            let before = rest[..<range.lowerBound]
            let previous = before.unicodeScalars.last ?? out.unicodeScalars.last
            let next = rest[range.upperBound...].unicodeScalars.first
            let whole =
                !(previous.map { $0.properties.isXIDContinue || $0 == "." } ?? false)
                && !(next.map { $0.properties.isXIDContinue } ?? false)
            out += before
            out += whole ? to : String(rest[range])
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// A dotted name only (`Logger.Level`), nothing a type expression adds to one.
    static func isPath(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isXIDContinue || $0 == "." }
    }
}
