/// The names a file set declares, which only the whole set knows: every type (public or not), the generic
/// parameters of generic types and the public typealiases. Signatures resolve their short names against it.
struct TypeNames: Equatable, Sendable {
    /// Qualified names of every declared type.
    var types: Set<String> = []
    /// Generic parameter names of generic types, in declaration order.
    var generics: [String: [String]] = [:]
    /// Public non-generic typealiases.
    var aliases: [String: AliasTarget] = [:]

    init() {}

    init(_ files: [APIFileSurface]) {
        for file in files {
            types.formUnion(file.publicTypes)
            types.formUnion(file.hiddenTypes)
            generics.merge(file.typeGenerics) { first, _ in first }
            aliases.merge(file.aliases) { first, _ in first }
        }
    }
}

/// Finishes the text `TypeCanonical` left for the cross-file pass: resolves each marked name by lexical scope,
/// innermost first (`Level` inside `Logger` is `Logger.Level`; `T` inside `Box<T>` is `Box`'s first generic
/// parameter), follows typealiases (`Old` → `New`), and sorts the delimited `where` lists once their names read
/// as they finally will.
struct NameResolver {
    let names: TypeNames
    /// Followed alias targets; nil while one is being followed, so that a cycle reads as no alias.
    private var followed: [String: String?] = [:]

    init(_ names: TypeNames) {
        self.names = names
    }

    /// `text` with every mark resolved and every `where` list spelled out; `scope` is the qualified name of the
    /// innermost type (or extended type) the text was written in.
    mutating func finish(_ text: String, in scope: String?) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 5 }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case TypeCanonical.mark:
                var end = index + 1
                while end < scalars.count, Self.continues(scalars[end]) || scalars[end] == "."
                        && end + 1 < scalars.count && Self.continues(scalars[end + 1]) {
                    end += 1
                }
                var resolved = resolve(String(String.UnicodeScalarView(scalars[(index + 1)..<end])), in: scope)
                if end < scalars.count, "?!.".unicodeScalars.contains(scalars[end]), !Self.isAtomic(resolved) {
                    resolved = "(" + resolved + ")"
                }
                out.append(contentsOf: resolved.unicodeScalars)
                index = end
            case TypeCanonical.whereStart:
                var end = index + 1
                while end < scalars.count, scalars[end] != TypeCanonical.whereEnd { end += 1 }
                let entries = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                    .split(separator: Character(TypeCanonical.whereSeparator))
                    .map { finish(String($0), in: scope) }
                out.append(contentsOf: (" where " + Set(entries).sorted().joined(separator: ", ")).unicodeScalars)
                index = end + 1
            default:
                out.append(scalars[index])
                index += 1
            }
        }
        return Self.plainEffects(String(out))
    }

    /// Typed throws of the types that mean plain throwing or none, once names are resolved.
    private static func plainEffects(_ text: String) -> String {
        guard text.contains("throws(") else { return text }
        return text.replacing("throws(Error)", with: "throws").replacing(" throws(Never)", with: "")
    }

    /// A dotted name as the compiler resolves it from `scope`.
    private mutating func resolve(_ path: String, in scope: String?) -> String {
        let first = path.prefix { $0 != "." }
        let rest = path.dropFirst(first.count)
        var qualified = path
        var current = scope
        while let container = current {
            if let parameters = names.generics[container], let index = parameters.firstIndex(of: String(first)) {
                return TypeCanonical.typeParameter(depth: TypeCanonical.depth(of: container), index: index) + rest
            }
            let candidate = container + "." + first
            if names.types.contains(candidate) || names.aliases[candidate] != nil {
                qualified = container + "." + path
                break
            }
            current = container.lastIndex(of: ".").map { String(container[..<$0]) }
        }
        return followingAliases(qualified)
    }

    /// The name with any typealias among its prefixes replaced by what it stands for.
    private mutating func followingAliases(_ name: String) -> String {
        var current = name
        // Bounded: an alias chain longer than this is left where it stops.
        for _ in 0..<8 {
            let components = current.split(separator: ".", omittingEmptySubsequences: false)
            var replaced = false
            for count in stride(from: components.count, through: 1, by: -1) {
                guard let target = aliasTarget(components[..<count].joined(separator: ".")) else { continue }
                let rest = components[count...].map { "." + $0 }.joined()
                if rest.isEmpty {
                    current = target
                } else if Self.isPath(target) {
                    current = target + rest
                } else {
                    return (Self.isAtomic(target) ? target : "(" + target + ")") + rest
                }
                replaced = true
                break
            }
            if !replaced || !Self.isPath(current) { return current }
        }
        return current
    }

    /// The alias's target, finished in the alias's own scope; nil for no alias (or one naming a generic
    /// parameter, which means nothing outside its type).
    private mutating func aliasTarget(_ name: String) -> String? {
        if let known = followed[name] { return known }
        guard let alias = names.aliases[name] else { return nil }
        followed[name] = .some(nil)
        var target: String? = finish(alias.target, in: alias.scope)
        if target?.contains("τ") == true { target = nil }
        followed[name] = target
        return target
    }

    private static func continues(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isXIDContinue
    }

    /// A dotted name only: it can be extended with `.Member`.
    private static func isPath(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { continues($0) || $0 == "." }
    }

    /// Whether a postfix (`?`, `.Type`) applies to the whole text: no space outside brackets, so not a
    /// function type, composition or `some P`.
    static func isAtomic(_ text: String) -> Bool {
        var depth = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case " " where depth == 0: return false
            default: continue
            }
        }
        return true
    }
}
