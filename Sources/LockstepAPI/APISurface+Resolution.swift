/// The names a file set declares, which only the whole set knows: every type (public or not), the generic
/// parameters of generic types and the public typealiases. Signatures resolve their short names against it.
struct TypeNames: Equatable, Sendable {
    /// Qualified names of every declared type.
    var types: Set<String> = []
    /// Generic parameter names of generic types, in declaration order.
    var generics: [String: [String]] = [:]
    /// Public non-generic typealiases.
    var aliases: [String: AliasTarget] = [:]
    /// Public generic typealiases, expanded where used with arguments (`parameters` -1: never expanded).
    var genericAliases: [String: AliasTarget] = [:]
    /// The primary associated types of the file set's public protocols, in order.
    var primaryAssociatedTypes: [String: [String]] = [:]
    /// Those of them (and of the generic ones) that are API themselves (`APIFileSurface.exposingAliases`).
    var exposingAliases: Set<String> = []
    /// Typealiases declared for some platforms only, each with its platforms (`APIFileSurface.platformAliases`).
    var platformAliases: [String: [AliasTarget]] = [:]
    /// How many platforms the files were read for.
    var platformCount = 0
    /// The protocols each type is declared to conform to: a typealias in an extension of one of them
    /// (`extension P { typealias Key = SpanAttributeKey }`) is a name inside the type too.
    var conformances: [String: [String]] = [:]
    /// The names of the public protocols' associated types (`associatedtype Element`): a bare name in a protocol or
    /// its extensions may mean one of them, which `NameResolver.standardAliases` must not respell.
    var associatedTypes: Set<String> = []
    /// The only names that can resolve to anything but themselves: nested types' own names, generic
    /// parameters, and the parts of typealiases' names. Every other name is left as written, at no cost.
    private(set) var special: Set<String> = []

    init() {}

    /// The generic parameters and associated types of the standard library's types and protocols a package extends
    /// (`Key`, `Value` in `extension Dictionary`, `Wrapped`, `Element`, `Index`, …): a dependency's typealias of such a
    /// name is not followed, since inside those extensions the name means the standard one.
    static let standardNames: Set<String> = APIDiff.standardAssociatedTypes.values.reduce(
        ["Wrapped", "Key", "Value", "Element", "Bound", "Pointee", "Success", "Failure", "Base", "Elements"]
    ) { $0.union($1) }

    /// Whether the file set declares `name` (qualified) as a type or a typealias, generic or not.
    func declares(_ name: String) -> Bool {
        types.contains(name) || aliases[name] != nil || genericAliases[name] != nil
    }

    /// The names as platform `index` sees them: each platform-dependent typealias is the one declared there.
    func onPlatform(_ index: Int) -> TypeNames {
        var copy = self
        for (name, variants) in platformAliases {
            if let variant = variants.first(where: { $0.platforms.contains(index) }) {
                copy.aliases[name] = variant
            } else if let alias = aliases[name], variants.contains(where: { $0.target == alias.target }) {
                // Declared only on other platforms (the alias kept for all is one of theirs): no alias here.
                copy.aliases[name] = nil
            }
        }
        copy.platformAliases = [:]
        return copy
    }

    /// The declared parents of each of `protocols` (`protocol Model: Schema` is collected as a conformance).
    func refinements(of protocols: Set<String>) -> [String: [String]] {
        conformances.filter { protocols.contains($0.key) }
    }

    /// The names of `files`, whatever order they come in: where two files declare one name differently (two modules
    /// of a package, each with its `typealias Handle`), the file first by path gives a type's generic parameters, and
    /// a typealias declared with two targets is not followed (which module a use means is not known here).
    init(_ files: [APIFileSurface]) {
        var conflicting: Set<String> = []
        var dependencies: [APIFileSurface] = []
        var publicTypes: Set<String> = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            if file.path == DependencyNames.path {
                dependencies.append(file)
                continue
            }
            types.formUnion(file.publicTypes)
            publicTypes.formUnion(file.publicTypes)
            types.formUnion(file.hiddenTypes)
            generics.merge(file.typeGenerics) { first, _ in first }
            for (name, alias) in file.aliases {
                guard let first = aliases[name] else {
                    aliases[name] = alias
                    continue
                }
                if first.target != alias.target || first.scope != alias.scope { conflicting.insert(name) }
            }
            genericAliases.merge(file.genericAliases) { $0.merging($1) }
            primaryAssociatedTypes.merge(file.primaryAssociatedTypes) { first, _ in first }
            exposingAliases.formUnion(file.exposingAliases)
            for (name, variants) in file.platformAliases { platformAliases[name, default: []] += variants }
            platformCount = max(platformCount, file.platforms.count)
            for item in file.declarations {
                switch item.declaration.kind {
                case .conformance:
                    guard let type = item.lookupScope, let proto = item.conformedTo else { continue }
                    conformances[type, default: []].append(proto)
                case .associatedtype:
                    associatedTypes.insert(APICollector.lastComponent(item.declaration.baseKey))
                default: continue
                }
            }
        }
        for name in conflicting { aliases[name] = nil }
        for type in types {
            if let dot = type.lastIndex(of: ".") { special.insert(String(type[type.index(after: dot)...])) }
        }
        for parameters in generics.values { special.formUnion(parameters) }
        for alias in aliases.keys { special.formUnion(alias.split(separator: ".").map(String.init)) }
        for alias in genericAliases.keys { special.formUnion(alias.split(separator: ".").map(String.init)) }
        // A dependency's typealias names what it names where the file set declares nothing public of that name (its
        // own public type, typealias, public type's generic parameter or public protocol's associated type means
        // itself), and where the name is no generic parameter or associated type of a standard type or protocol
        // (`Value` in `extension Dictionary`); it is no API of the file set. Its target is read in the file set's
        // scope, so one that mentions such a name (`typealias Handler = Callback` beside the file set's own public
        // `Callback`) could be misread and is not followed. Only public names: an internal one never appears in a
        // public signature, and counting it would make an internal type added in a release change how an unchanged
        // signature reads.
        var publicNames = Set(publicTypes.map { String($0.split(separator: ".").last ?? Substring($0)) })
        for type in publicTypes { publicNames.formUnion(generics[type] ?? []) }
        for name in Array(aliases.keys) + Array(genericAliases.keys) {
            publicNames.formUnion(name.split(separator: ".").map(String.init))
        }
        func own(_ word: String) -> Bool {
            publicNames.contains(word) || associatedTypes.contains(word) || Self.standardNames.contains(word)
        }
        for file in dependencies {
            for (name, alias) in file.aliases.merging(file.genericAliases, uniquingKeysWith: { first, _ in first })
            where !own(name) && !conflicting.contains(name) && !NameResolver.mentions(alias.target, where: own) {
                if alias.parameters == 0 { aliases[name] = alias } else { genericAliases[name] = alias }
                special.insert(name)
            }
        }
        // A generic alias declared for some platforms only, beside a type of the same name on the others
        // (`#if os(Linux) typealias Box<T> = [T] #else struct Box<T> #endif`): which one a use names depends on the
        // platform, so it is not expanded.
        // One declared in a protocol or its extension may name the protocol's associated types unqualified, which
        // scope resolution does not know (it would read a type of the same name outside): not expanded either.
        let all = PlatformMask.all(platformCount)
        let protocols = Set(files.flatMap(\.protocols))
        for (name, alias) in genericAliases
        where types.contains(name) && alias.platforms.bits & all.bits != all.bits
            || alias.scope.map(protocols.contains) ?? false
        {
            genericAliases[name]?.parameters = -1
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
    /// Finished targets of generic aliases, their parameters still `τ<depth>_<i>`; nil for one that cannot be
    /// expanded (it names `Self`, or it is part of a cycle).
    private var genericTargets: [String: String?] = [:]
    /// The generic aliases being finished, innermost last: a cycle makes every alias in it unexpandable, whichever
    /// of them was reached first.
    private var finishing: [String] = []
    private var cyclic: Set<String> = []
    /// Resolved names by scope and name.
    private var resolutions: [String: String] = [:]
    /// `following(_:)`'s answers: extensions and conformances name the same few types again and again.
    private var followedNames: [String: String] = [:]

    init(_ names: TypeNames) {
        self.names = names
    }

    /// `text` with every mark resolved and every `where` list spelled out; `scope` is the qualified name of the
    /// innermost type (or extended type) the text was written in.
    mutating func finish(_ text: String, in scope: String?) -> String {
        var text = text
        return text.withUTF8 { finish($0, in: scope) } ?? text
    }

    /// Works on UTF-8: the marks are ASCII control bytes, and every byte of a non-ASCII scalar can only be part
    /// of an identifier here. Nil when there is nothing to finish.
    private mutating func finish(_ bytes: UnsafeBufferPointer<UInt8>, in scope: String?) -> String? {
        guard bytes.contains(where: { $0 < 6 }) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var typedThrows = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 1, 5:
                // A module-qualified name (5) is already resolved from the top level.
                let lookup = bytes[index] == 1 ? scope : nil
                var end = index + 1
                var firstEnd: Int?
                while end < bytes.count,
                    Self.continues(bytes[end])
                        || bytes[end] == UInt8(ascii: ".")
                            && end + 1 < bytes.count && Self.continues(bytes[end + 1])
                {
                    if firstEnd == nil, bytes[end] == UInt8(ascii: ".") { firstEnd = end }
                    end += 1
                }
                typedThrows = typedThrows || out.last == UInt8(ascii: "(")
                let first = String(decoding: bytes[(index + 1)..<(firstEnd ?? end)], as: UTF8.self)
                if bytes[index] == 5, first == "Swift", let firstEnd {
                    // `Swift.X`: `X` unless the file set declares a top-level `X`, which `X` alone would name.
                    let rest = bytes[(firstEnd + 1)..<end]
                    let name = String(decoding: rest.prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self)
                    if names.declares(name) {
                        out.append(contentsOf: bytes[(index + 1)..<end])
                    } else if rest.count == name.utf8.count, let standard = standardAlias(name, qualified: true) {
                        out.append(contentsOf: standard.utf8)
                    } else {
                        out.append(contentsOf: rest)
                    }
                    index = end
                    continue
                }
                guard names.special.contains(first) else {
                    if firstEnd == nil, let standard = standardAlias(first, qualified: false) {
                        out.append(contentsOf: standard.utf8)
                    } else {
                        out.append(contentsOf: bytes[(index + 1)..<end])
                    }
                    index = end
                    continue
                }
                var resolved = resolved(String(decoding: bytes[(index + 1)..<end], as: UTF8.self), in: lookup)
                if end < bytes.count, bytes[end] == UInt8(ascii: "<"), names.genericAliases[resolved] != nil,
                    let close = Self.closingAngle(bytes, from: end)
                {
                    let arguments = finish(String(decoding: bytes[(end + 1)..<close], as: UTF8.self), in: scope)
                    if let expanded = expanded(resolved, SignatureShape.splitTopLevel(arguments, at: ","), from: scope)
                    {
                        resolved = expanded
                        end = close + 1
                    }
                }
                if end < bytes.count, Self.isPostfix(bytes[end]), !Self.isAtomic(resolved) {
                    resolved = "(" + resolved + ")"
                }
                out.append(contentsOf: resolved.utf8)
                index = end
            case 2:
                var end = index + 1
                while end < bytes.count, bytes[end] != 4 { end += 1 }
                let entries = bytes[(index + 1)..<end].split(separator: 3)
                    .flatMap {
                        Self.primaryAssociatedTypesSpelledOut(
                            finish(String(decoding: $0, as: UTF8.self), in: scope), declared: names)
                    }
                out.append(contentsOf: (" where " + Set(entries).sorted().joined(separator: ", ")).utf8)
                index = end + 1
            default:
                out.append(bytes[index])
                index += 1
            }
        }
        let finished = String(decoding: out, as: UTF8.self)
        return typedThrows ? Self.plainEffects(finished) : finished
    }

    /// The standard library's typealiases that only rename a type: `CountableRange<Int>` is `Range<Int>` since Swift
    /// 4.2 (the generic parameters passed on in order, so only the name changes). Deliberately few: a name that a
    /// dependency, an internal protocol's associated type or a nested type could also declare (`TimeInterval`,
    /// `UTF8`, `Float64`) is left as written, since which one a use means is not known here (the safe side: a
    /// respelling reads as a change).
    static let standardAliases: [String: String] = [
        "CountableRange": "Range", "CountableClosedRange": "ClosedRange",
        "CountablePartialRangeFrom": "PartialRangeFrom",
    ]

    /// The standard type a standard typealias stands for, spelled `Swift.Range` where the file set declares a `Range`
    /// of its own (as `Swift.X` is kept then); nil for any other name, and for one the file set declares as a type,
    /// typealias or public associated type (written unqualified, `qualified` false: nested names are `special` and
    /// never get here).
    private func standardAlias(_ name: String, qualified: Bool) -> String? {
        guard let standard = Self.standardAliases[name] else { return nil }
        if !qualified {
            guard !names.declares(name), !names.associatedTypes.contains(name) else { return nil }
        }
        return names.declares(standard) ? "Swift." + standard : standard
    }

    /// The primary associated types of Combine's protocols, whose module prefix is kept when written (`Combine.`).
    private static let combinePrimaryAssociatedTypes: [String: [String]] = [
        "Publisher": ["Output", "Failure"], "Subject": ["Output", "Failure"], "Scheduler": ["SchedulerTimeType"],
    ]

    /// The primary associated types of the standard library's protocols, in order (`Collection<Int>` is `Collection`
    /// with `Element == Int`).
    private static let primaryAssociatedTypes: [String: [String]] = [
        "Sequence": ["Element"], "Collection": ["Element"], "BidirectionalCollection": ["Element"],
        "RandomAccessCollection": ["Element"], "MutableCollection": ["Element"],
        "RangeReplaceableCollection": ["Element"],
        "IteratorProtocol": ["Element"], "SetAlgebra": ["Element"], "RangeExpression": ["Bound"],
        "Identifiable": ["ID"],
        "RawRepresentable": ["RawValue"], "Strideable": ["Stride"], "AsyncSequence": ["Element", "Failure"],
        "AsyncIteratorProtocol": ["Element", "Failure"], "Clock": ["Duration"], "InstantProtocol": ["Duration"],
    ]

    /// `T: Collection<E>` as `T: Collection` and `T.Element == E`: one requirement, two spellings. The protocol's
    /// primary associated types are the file set's own (`declared`) when it declares a type of that name, else the
    /// standard library's or Combine's. A name both the file set and the standard library declare is left as written:
    /// the canonical spelling drops `Swift.`, so which of the two it names is not known here.
    static func primaryAssociatedTypesSpelledOut(_ entry: String, declared: TypeNames) -> [String] {
        guard entry.hasSuffix(">"), let colon = entry.range(of: ": "), !entry.contains(" == "), !entry.contains(" & ")
        else {
            return [entry]
        }
        let subject = entry[..<colon.lowerBound]
        let constraint = entry[colon.upperBound...]
        guard let open = constraint.firstIndex(of: "<") else { return [entry] }
        let name = String(constraint[..<open])
        let standard = primaryAssociatedTypes[name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name]
        if declared.types.contains(name), standard != nil { return [entry] }
        let names =
            declared.types.contains(name)
            ? declared.primaryAssociatedTypes[name]
            : standard ?? combinePrimaryAssociatedTypes[name.replacingOccurrences(of: "Combine.", with: "")]
        guard let names else { return [entry] }
        let arguments = SignatureShape.splitTopLevel(
            String(constraint[constraint.index(after: open)..<constraint.index(before: constraint.endIndex)]), at: ",")
        guard arguments.count <= names.count else { return [entry] }
        var result = [String(subject) + ": " + String(constraint[..<open])]
        for (name, argument) in zip(names, arguments) {
            result.append(String(subject) + "." + name + " == " + argument)
        }
        return result
    }

    /// Typed throws of the types that mean plain throwing or none, once names are resolved.
    private static func plainEffects(_ text: String) -> String {
        // Compared as bytes: no other text is canonically equivalent to these ASCII characters.
        guard text.containsASCII("throws(") else { return text }
        return text.replacing("throws(Error)", with: "throws").replacing(" throws(Never)", with: "")
    }

    /// `resolve`, remembered: signatures repeat the same few names in the same few scopes.
    private mutating func resolved(_ path: String, in scope: String?) -> String {
        let key = (scope ?? "") + "\u{0}" + path
        if let known = resolutions[key] { return known }
        let result = resolve(path, in: scope)
        resolutions[key] = result
        return result
    }

    /// A qualified name with typealiases followed: `extension Old` extends what `Old` stands for, and `extension Box`
    /// where `typealias Box<T> = _Box<T>` extends `_Box`.
    mutating func following(_ name: String) -> String {
        if names.genericAliases[name] != nil, let nominal = renamedNominal(name) { return nominal }
        guard !names.aliases.isEmpty else { return name }
        if let known = followedNames[name] { return known }
        let result = followingAliases(name)
        followedNames[name] = result
        return result
    }

    /// The type a typealias names, without generic arguments: `_Box` for `typealias IntBox = _Box<Int>` and for
    /// `typealias Pair<T> = _Box<T, T>`.
    mutating func aliasedType(_ alias: String) -> String {
        let target = names.genericAliases[alias] != nil ? genericTarget(alias) ?? alias : following(alias)
        return String(target.prefix { $0 != "<" })
    }

    /// `_Box` for `typealias Box<T> = _Box<T>`: the generic type a generic alias only renames (its parameters passed
    /// on in order, nothing else); nil for any other alias.
    mutating func renamedNominal(_ name: String) -> String? {
        guard let alias = names.genericAliases[name], alias.parameters > 0, let target = genericTarget(name) else {
            return nil
        }
        let depth = TypeCanonical.depth(of: name)
        let parameters = (0..<alias.parameters).map { TypeCanonical.typeParameter(depth: depth, index: $0) }
        guard let (nominal, arguments) = SignatureShape.genericApplication(target), Self.isPath(nominal),
            arguments == parameters
        else { return nil }
        return nominal
    }

    /// A generic alias used with `arguments` (already finished), expanded: its target with each parameter replaced by
    /// its argument. Nil when it cannot be: another number of arguments, a cycle, a target naming `Self` or a
    /// parameter's metatype (`T.Type` with `T` = `P` is `(any P).Type`, not `P.Type`), one naming its owner's generic
    /// parameters used from outside the owner, generic arguments for an alias with requirements (`typealias H<T:
    /// Hashable> = Box<T>`: `f<T>(_: H<T>)` requires `T: Hashable`, `f<T>(_: Box<T>)` does not), or an expansion
    /// past `Self.expansionLimit` (aliases nested in each other double at each level).
    mutating func expanded(_ name: String, _ arguments: [String], from scope: String?) -> String? {
        guard let alias = names.genericAliases[name], arguments.count == alias.parameters,
            !alias.constrained || !arguments.contains(where: { $0.contains("τ") }),
            let target = genericTarget(name)
        else { return nil }
        let depth = TypeCanonical.depth(of: name)
        let own = "τ\(depth)_"
        var foreign = false
        var out = ""
        var rest = Substring(target)
        while let range = rest.range(of: "τ") {
            out += rest[..<range.lowerBound]
            let token = rest[range.lowerBound...].prefix { $0 == "τ" || $0 == "_" || $0.isASCII && $0.isNumber }
            rest = rest[token.endIndex...]
            guard token.hasPrefix(own), let index = Int(token.dropFirst(own.count)), arguments.indices.contains(index)
            else {
                foreign = true
                out += token
                continue
            }
            let argument = arguments[index]
            if rest.hasPrefix(".Type") || rest.hasPrefix(".Protocol") { return nil }
            if rest.first == ".", Self.isPath(argument) {
                // `S.T` with `S` = `Q`: `Q.T`, followed if it is an alias (`Q.T` = `Int`).
                let member = rest.prefix {
                    $0 == "." || $0 != "τ" && $0.unicodeScalars.allSatisfy { Self.continues($0) }
                }
                out += followingAliases(argument + member)
                rest = rest[member.endIndex...]
                continue
            }
            let postfix = rest.first.map { $0 == "." || $0 == "?" || $0 == "!" } ?? false
            out += postfix && !Self.isAtomic(argument) ? "(" + argument + ")" : argument
        }
        out += rest
        if foreign {
            guard let owner = alias.scope, let scope, scope == owner || scope.hasPrefix(owner + ".") else { return nil }
        }
        return out.utf8.count <= Self.expansionLimit ? out : nil
    }

    /// The longest expansion of a generic alias kept, in UTF-8 bytes: longer ones stay as written.
    static let expansionLimit = 2_000

    /// The generic alias's target finished in its own scope (its own parameters left as they are), remembered.
    private mutating func genericTarget(_ name: String) -> String? {
        if let known = genericTargets[name] { return known }
        guard let alias = names.genericAliases[name] else { return nil }
        if let start = finishing.firstIndex(of: name) {
            for member in finishing[start...] { cyclic.insert(member) }
            return nil
        }
        finishing.append(name)
        let target = finish(alias.target, in: alias.scope)
        finishing.removeLast()
        let result = cyclic.contains(name) || Self.namesSelf(target) ? nil : target
        // Inside a cycle nothing is remembered but the verdict: what its members expanded to depends on where
        // it was entered.
        if finishing.contains(where: cyclic.contains) { return result }
        genericTargets[name] = result
        return result
    }

    /// Whether `Self` occurs in the text as a name of its own.
    private static func namesSelf(_ text: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: "Self") {
            let before = rest[..<range.lowerBound].unicodeScalars.last
            let after = rest[range.upperBound...].unicodeScalars.first
            if !(before.map { $0.properties.isXIDContinue || $0 == "." } ?? false),
                !(after.map { $0.properties.isXIDContinue } ?? false)
            {
                return true
            }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// The index of the `>` closing the generic argument list that opens at `open`; nil when it does not close. An
    /// arrow's `>` (`(A) -> B`) closes nothing.
    private static func closingAngle(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">") where index > 0 && bytes[index - 1] == UInt8(ascii: "-"): break
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return bytes[index] == UInt8(ascii: ">") ? index : nil }
            default: break
            }
            index += 1
        }
        return nil
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
            if names.declares(candidate) {
                qualified = container + "." + path
                break
            }
            if let inherited = names.conformances[container]?.first(where: { names.aliases[$0 + "." + first] != nil }) {
                qualified = inherited + "." + path
                break
            }
            current = container.lastIndex(of: ".").map { String(container[..<$0]) }
        }
        return followingAliases(qualified, from: scope)
    }

    /// The name with any typealias among its prefixes replaced by what it stands for.
    private mutating func followingAliases(_ name: String, from scope: String? = nil) -> String {
        var current = name
        // Bounded: an alias chain longer than this is left where it stops.
        for _ in 0..<8 {
            let components = current.split(separator: ".", omittingEmptySubsequences: false)
            var replaced = false
            for count in stride(from: components.count, through: 1, by: -1) {
                guard let target = aliasTarget(components[..<count].joined(separator: "."), from: scope) else {
                    continue
                }
                let rest = components[count...].map { "." + $0 }.joined()
                if rest.isEmpty {
                    current = target
                } else if Self.isPath(target) {
                    current = target + rest
                } else if let member = Self.standardMember(of: target, rest) {
                    return member
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

    /// The alias's target, finished in the alias's own scope; nil for no alias. One naming a generic parameter of
    /// its type (`typealias Upstream = Element` in `Many<Element>`) is followed only where that parameter means the
    /// same: used from inside the type (`scope` is the type or nested in it, or an extension of it).
    private mutating func aliasTarget(_ name: String, from scope: String?) -> String? {
        let target: String?
        if let known = followed[name] {
            target = known
        } else {
            guard let alias = names.aliases[name] else { return nil }
            followed[name] = .some(nil)
            target = finish(alias.target, in: alias.scope)
            followed[name] = target
        }
        guard let target, target.contains("τ") else { return target }
        guard let owner = names.aliases[name]?.scope, let scope, scope == owner || scope.hasPrefix(owner + ".") else {
            return nil
        }
        return target
    }

    /// `[K: V].Key` is `K`, `.Value` `V`; `[T].Element`, `Set<T>.Element` and `T?.Wrapped` are `T`: a member type
    /// of the standard library's generic types, spelled through a typealias of one (`Logger.Metadata.Key`).
    static func standardMember(of target: String, _ rest: String) -> String? {
        let member = rest.dropFirst().prefix { $0 != "." }
        guard rest.hasPrefix("."), rest.count == member.count + 1 else { return nil }
        if target.hasPrefix("["), target.hasSuffix("]") {
            let inner = String(target.dropFirst().dropLast())
            let parts = SignatureShape.splitTopLevel(inner, at: ":")
            if parts.count == 2 {
                switch member {
                case "Key": return parts[0]
                case "Value": return parts[1]
                default: return nil
                }
            }
            return member == "Element" ? inner : nil
        }
        if target.hasPrefix("Set<"), target.hasSuffix(">"), member == "Element" {
            return String(target.dropFirst(4).dropLast())
        }
        if target.hasSuffix("?"), member == "Wrapped" { return String(target.dropLast()) }
        return nil
    }

    /// An identifier scalar (ASCII letters, digits, `_`, any non-ASCII scalar), as `continues` reads bytes.
    private static func continues(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? continues(UInt8(scalar.value)) : true
    }

    /// Whether a name in `text` (a run of identifier bytes: each component of a dotted name apart) passes `test`.
    static func mentions(_ text: String, where test: (String) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var start: Int?
            for position in 0...bytes.count {
                if position < bytes.count, continues(bytes[position]) {
                    if start == nil { start = position }
                } else if let first = start {
                    if test(String(decoding: bytes[first..<position], as: UTF8.self)) { return true }
                    start = nil
                }
            }
            return false
        }
    }

    /// An identifier byte: ASCII letters, digits, `_`, and any byte of a non-ASCII scalar.
    private static func continues(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            return true
        default:
            return false
        }
    }

    private static func isPostfix(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: ".")
    }

    /// A dotted name only: it can be extended with `.Member`.
    private static func isPath(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { continues($0) || $0 == UInt8(ascii: ".") }
    }

    /// Whether a postfix (`?`, `.Type`) applies to the whole text: no space outside brackets, so not a
    /// function type, composition or `some P`.
    static func isAtomic(_ text: String) -> Bool {
        var depth = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): depth -= 1
            case UInt8(ascii: " ") where depth == 0: return false
            default: continue
            }
        }
        return true
    }
}
