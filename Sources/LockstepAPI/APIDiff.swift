/// The differences between an old and a new API surface, and the largest impact among them.
public struct APIDiff: Sendable, Hashable {
    /// Every change, sorted by key.
    public var changes: [APIChange]
    /// The largest impact of any change; `.none` when there is no change.
    public var impact: APIImpact

    /// Compares two surfaces declaration by declaration.
    ///
    /// Declarations are matched by `baseKey`, so overloads are compared as a group: an overload
    /// added next to an existing one is an addition, not a change of the existing one. Compatible
    /// evolutions (see `compatibility(old:new:)`) are changes of additive impact; `context` says how an
    /// added protocol requirement without a default implementation counts.
    ///
    /// When `#if` makes either surface differ between platforms, each platform is compared on its own and the
    /// changes are merged: a change found on some platforms only says which.
    public init(old: APISurface, new: APISurface, context: APIContext = .default) {
        guard let platforms = Self.platformsToCompare(old, new) else {
            self.init(
                changes: Self.changes(
                    old: old.declarations, new: new.declarations, context: context,
                    platforms: context.platforms, refinements: new.refinements))
            return
        }
        var merged: [APIChange] = []
        var positions: [APIChange: Int] = [:]
        var found: [[String]] = []
        for platform in platforms {
            for change in Self.changes(
                old: old.declarations(onPlatform: platform), new: new.declarations(onPlatform: platform),
                context: context, platforms: [platform], refinements: new.refinements)
            {
                if let position = positions[change] {
                    found[position].append(platform)
                } else {
                    positions[change] = merged.count
                    merged.append(change)
                    found.append([platform])
                }
            }
        }
        for index in merged.indices where found[index].count < platforms.count {
            merged[index].platforms = found[index]
        }
        self.init(changes: merged)
    }

    /// The platforms to compare one by one, by name; nil when neither surface differs between platforms.
    ///
    /// The revisions may support different platforms (a release that adds `platforms: [.tvOS(…)]`): only those
    /// both support are compared, since no client used the old release on a platform it did not support. When
    /// they share none, the old revision's platforms are compared.
    static func platformsToCompare(_ old: APISurface, _ new: APISurface) -> [String]? {
        switch (old.platformViews?.platforms, new.platformViews?.platforms) {
        case (nil, nil): return nil
        case (let only?, nil), (nil, let only?): return only
        case (let before?, let after?):
            let shared = before.filter(after.contains)
            return shared.isEmpty ? before : shared
        }
    }

    /// A diff of `changes` already in a diff's order (another diff's `changes`, read back from a cache).
    public init(sortedChanges changes: [APIChange]) {
        self.changes = changes
        impact = changes.lazy.map(\.impact).max() ?? .none
    }

    /// Sorts the changes and takes the largest impact.
    private init(changes: [APIChange]) {
        self.changes = changes.sorted {
            ($0.key, $0.kind.rawValue, $0.platforms?.joined(separator: ",") ?? "")
                < ($1.key, $1.kind.rawValue, $1.platforms?.joined(separator: ",") ?? "")
        }
        self.impact = changes.lazy.map(\.impact).max() ?? .none
    }

    /// The changes between two keyed declaration sets of one platform.
    private static func changes(
        old: [String: APIDeclaration], new: [String: APIDeclaration], context: APIContext, platforms: [String],
        refinements: [String: [String]] = [:]
    ) -> [APIChange] {
        let (old, new) = Self.followingRenames(APISurface(declarations: old), APISurface(declarations: new))
        // Only a base key whose declarations differ can change: the others are left ungrouped (two whole surfaces
        // of a large component share nearly every declaration).
        var differing: Set<String> = []
        for (key, declaration) in old.declarations where new.declarations[key]?.signature != declaration.signature {
            differing.insert(declaration.baseKey)
            if let now = new.declarations[key] { differing.insert(now.baseKey) }
        }
        for (key, declaration) in new.declarations where old.declarations[key] == nil {
            differing.insert(declaration.baseKey)
        }
        let oldGroups = Self.grouped(old.declarations, among: differing)
        let newGroups = Self.grouped(new.declarations, among: differing)
        var changes: [APIChange] = []
        for (baseKey, oldGroup) in oldGroups {
            Self.compare(baseKey, old: oldGroup, new: newGroups[baseKey] ?? [], into: &changes)
        }
        for (baseKey, newGroup) in newGroups where oldGroups[baseKey] == nil {
            Self.compare(baseKey, old: [], new: newGroup, into: &changes)
        }
        Self.dropSynthesized(&changes, old: old.declarations, new: new.declarations)
        Self.dropWitnessAliases(&changes, old: old.declarations, new: new.declarations)
        Self.reviseForeignSendable(&changes, old: old.declarations)
        Self.pairDefaultedParameters(&changes)
        Self.reviseConvenience(&changes, old: old.declarations, new: new.declarations)
        Self.reviseSelfSpelling(&changes, old: old.declarations, new: new.declarations)
        Self.reviseProtocolAliases(&changes, old: old.declarations, new: new.declarations)
        Self.reviseInheritedIsolation(&changes, old: old.declarations, new: new.declarations)
        Self.reviseNamespaceEnums(&changes, old: old.declarations, new: new.declarations)
        Self.reviseClassInheritance(&changes, old: old.declarations, new: new.declarations)
        // What the new surface says each type conforms to, read once for the two passes that judge breaking changes
        // by it (none of the passes before them makes a change breaking).
        let facts =
            changes.contains { $0.impact == .breaking && ($0.kind == .changed || $0.kind == .removed) }
            ? ConformanceFacts(
                new: new.declarations,
                added: changes.compactMap { $0.kind == .added && $0.new?.kind == .conformance ? $0.new : nil })
            : nil
        Self.dropImpliedConformances(&changes, facts: facts)
        Self.reviseCallsKeptByOverloads(&changes, new: new.declarations)
        Self.reviseCallsServedElsewhere(&changes, new: new.declarations, facts: facts)
        Self.reviseConcurrentTypes(&changes, new: new.declarations)
        Self.reviseLoosenedRequirements(
            &changes, old: old.declarations, new: new.declarations, refinements: refinements)
        Self.reviseForPlatforms(&changes, context: context, platforms: platforms)
        Self.reviseCTypedefs(&changes, platforms: platforms)
        // After every pass that may lower a callable's change.
        Self.reviseAmbiguousOverloads(&changes, old: old.declarations, new: new.declarations, refinements: refinements)
        Self.rateAddedRequirements(&changes, new: new.declarations, context: context)
        // A case added together with its enum cannot be in anyone's switch yet.
        let addedKeys = Set(changes.lazy.filter { $0.kind == .added }.map(\.key))
        for index in changes.indices where changes[index].kind == .added && changes[index].new?.kind == .enumCase {
            let enumKey = Self.enumKey(ofCase: changes[index].new?.baseKey ?? changes[index].key)
            changes[index].impact = addedKeys.contains(enumKey) ? .additive : .breaking
        }
        return changes
    }

    /// The changes with the given impact: the declarations behind a bump level.
    public func changes(with impact: APIImpact) -> [APIChange] {
        changes.filter { $0.impact == impact }
    }

    /// Whether the surfaces are the same for clients.
    public var isEmpty: Bool { changes.isEmpty }

    private static func grouped(_ declarations: [String: APIDeclaration], among baseKeys: Set<String>)
        -> [String: [APIDeclaration]]
    {
        var groups: [String: [APIDeclaration]] = [:]
        groups.reserveCapacity(baseKeys.count)
        for declaration in declarations.values where baseKeys.contains(declaration.baseKey) {
            groups[declaration.baseKey, default: []].append(declaration)
        }
        // Overloads are paired in key order, so that the result never depends on dictionary order.
        for key in groups.keys where groups[key]!.count > 1 { groups[key]!.sort { $0.key < $1.key } }
        return groups
    }

    private static func compare(
        _ baseKey: String, old: [APIDeclaration], new: [APIDeclaration], into changes: inout [APIChange]
    ) {
        if old.count == 1, new.count == 1 {
            changed(baseKey, old: old[0], new: new[0], into: &changes)
            return
        }
        // Overloads: pair up identical signatures, then read what is left.
        let newSignatures = Set(new.map(\.signature))
        let oldSignatures = Set(old.map(\.signature))
        var oldLeft = old.filter { !newSignatures.contains($0.signature) }
        var newLeft = new.filter { !oldSignatures.contains($0.signature) }
        // A surviving key is a change, never a removal plus an addition: pair what is left by best match.
        for (gone, added) in pairOverloads(&oldLeft, &newLeft) {
            changed(baseKey, old: gone, new: added, into: &changes)
        }
        for gone in oldLeft {
            changes.append(APIChange(kind: .removed, key: gone.key, old: gone, new: nil, impact: .breaking))
        }
        let kept = new.filter { oldSignatures.contains($0.signature) }
        for added in newLeft {
            if let reason = asyncOverloadShadows(added, kept: kept) {
                changes.append(
                    APIChange(kind: .added, key: added.key, old: nil, new: added, impact: .breaking, note: reason))
            } else {
                changes.append(APIChange(kind: .added, key: added.key, old: nil, new: added, impact: .additive))
            }
        }
    }

    private static func changed(
        _ baseKey: String, old: APIDeclaration, new: APIDeclaration, into changes: inout [APIChange]
    ) {
        guard old.signature != new.signature else { return }
        let key = old.key == new.key ? old.key : baseKey
        guard withoutFinal(withoutPreconcurrency(old.signature)) != withoutFinal(withoutPreconcurrency(new.signature))
        else {
            if dropsPreconcurrency(old, new) {
                changes.append(
                    APIChange(
                        kind: .changed, key: key, old: old, new: new, impact: .breaking,
                        note: Breakage.preconcurrencyDropped.description))
            }
            return
        }
        if old.kind == .typealias, new.kind == .typealias, isSameGenericAlias(old.signature, new.signature) { return }
        // A stored property whose type one side states (or Lockstep infers) and the other leaves to an initializer
        // Lockstep cannot type: nothing is known to have changed.
        if [.variable, .constant].contains(old.kind), old.kind == new.kind,
            differsOnlyByUnknownType(old.signature, new.signature)
        {
            return
        }
        // `wrappedValue: Value … where Value == [E]` and `wrappedValue: [E] … where Value == [E]` are one signature.
        if substitutingSameTypes(old.signature) == substitutingSameTypes(new.signature) { return }
        if isWidenedToOpen(old.signature, new.signature) {
            changes.append(APIChange(kind: .changed, key: key, old: old, new: new, impact: .additive))
        } else if let reason = acceptsEveryUse(old: old, new: new) {
            changes.append(APIChange(kind: .changed, key: key, old: old, new: new, impact: .additive, note: reason))
        } else if old.kind == .enumeration, new.kind == .enumeration, addsRawType(old.signature, new.signature) {
            changes.append(
                APIChange(
                    kind: .changed, key: key, old: old, new: new, impact: .additive,
                    note: "a raw type added: `rawValue` and `init?(rawValue:)` only add to what clients can write"))
        } else {
            changes.append(
                APIChange(
                    kind: .changed, key: key, old: old, new: new, impact: .breaking,
                    note: CallJudgement.breakage(old, new)))
        }
    }

    /// Why `new` accepts every use of `old` (one declaration's two versions, or an overload that may serve the old
    /// one's calls): the text-based judgements (`compatibility`, typed throws), then the typed model's
    /// (`CallJudgement`); nil when some use may stop compiling.
    static func acceptsEveryUse(old: APIDeclaration, new: APIDeclaration) -> String? {
        if let reason = CallJudgement.preconcurrencyReason(old, new) { return reason }
        // `@preconcurrency` taken away where it softened something: whatever else changed, calls that warned break.
        if dropsPreconcurrency(old, new) { return nil }
        return compatibility(old: old, new: new) ?? typedThrowsGeneralization(withoutPreconcurrency(old), new)
            ?? CallJudgement.reasons(old, new)
    }

    /// Whether clients implement `declaration` (its signature's `modifiers` given): a protocol requirement, a
    /// `required` initializer, an `open` member that is not `final`. A witness or override must match it exactly.
    static func clientsImplement(_ declaration: APIDeclaration, modifiers: [String]) -> Bool {
        declaration.isProtocolRequirement || modifiers.contains("required")
            || modifiers.contains("open") && !modifiers.contains("final")
    }

    /// Whether `declarations` declare a type (struct, class, enum, actor or protocol) of this qualified name.
    static func declaresType(_ name: String, in declarations: [String: APIDeclaration]) -> Bool {
        typeKinds.contains { declarations[$0.rawValue + " " + name] != nil }
    }

    private static let typeKinds = DeclarationKind.allCases.filter(\.isType)

    /// Removes the changes at `positions` (indices into `changes`), keeping the others in order.
    static func removeChanges(at positions: Set<Int>, from changes: inout [APIChange]) {
        guard !positions.isEmpty else { return }
        changes = changes.indices.filter { !positions.contains($0) }.map { changes[$0] }
    }

    /// `typealias Deque = Deque` → `typealias Deque<T> = Deque<T>`: a generic type re-exported without and then with
    /// its own parameters names the same type at every use.
    static func isSameGenericAlias(_ old: String, _ new: String) -> Bool {
        guard let equals = new.range(of: " = "), let oldEquals = old.range(of: " = ") else { return false }
        // A `where` clause restating the type's own requirements (`Heap<T> = Heap<T> where T: Comparable`) is
        // kept by the alias as by the type; the rest must match.
        let head = new[..<equals.lowerBound]
        let target =
            new.range(of: " where ", range: equals.upperBound..<new.endIndex).map {
                new[equals.upperBound..<$0.lowerBound]
            }
            ?? new[equals.upperBound...]
        guard let open = head.firstIndex(of: "<"), head.hasSuffix(">") else { return false }
        let parameters = head[open...]
        guard target.hasSuffix(parameters) else { return false }
        return old[..<oldEquals.lowerBound] == head[..<open]
            && old[oldEquals.upperBound...] == target.dropLast(parameters.count)
    }

    /// The signature with each generic parameter that a `where` requirement makes equal to a type (`τ0_0 == [τ_0]`)
    /// written as that type before the `where`: the spelling the compiler treats as the same.
    static func substitutingSameTypes(_ signature: String) -> String {
        guard signature.contains(" == "), let whereRange = signature.range(of: " where ", options: .backwards) else {
            return signature
        }
        var head = String(signature[..<whereRange.lowerBound])
        let list = signature[whereRange.upperBound...]
        for requirement in SignatureShape.splitTopLevel(String(list), at: ",") {
            let sides = requirement.components(separatedBy: " == ")
            guard sides.count == 2, sides[0].hasPrefix("τ"), !sides[1].contains(sides[0]),
                sides[0].dropFirst().allSatisfy({ $0.isNumber || $0 == "_" })
            else { continue }
            head = replacingParameter(sides[0], with: sides[1], in: head)
        }
        return head + signature[whereRange.lowerBound...]
    }

    /// `text` with every whole occurrence of the generic parameter `name` (`τ0_0`, not `τ0_01`) replaced.
    private static func replacingParameter(_ name: String, with type: String, in text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: name) {
            out += rest[..<range.lowerBound]
            let next = rest[range.upperBound...].first
            out += next.map { $0.isNumber || $0 == "_" } ?? false ? name : type
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// `var x: Bool { get set }` against `var x: _ { get set }` (`_`: a type Lockstep could not infer).
    static func differsOnlyByUnknownType(_ old: String, _ new: String) -> Bool {
        func parts(_ signature: String) -> (head: Substring, type: Substring, tail: Substring)? {
            // The binding's name ends at the first `: ` after the last `var `/`let ` (attributes come before it).
            let words = signature.split(separator: " ", omittingEmptySubsequences: false)
            guard let binding = words.lastIndex(where: { $0 == "var" || $0 == "let" }), binding + 1 < words.count,
                words[binding + 1].hasSuffix(":")
            else { return nil }
            let headCount = words[...(binding + 1)].map(\.count).reduce(0, +) + binding + 2
            let head = signature.prefix(headCount)
            let rest = signature.dropFirst(headCount)
            let type = rest.prefix { $0 != "{" }
            return (
                head, Substring(type.hasSuffix(" ") ? String(type.dropLast()) : String(type)),
                rest.dropFirst(type.count)
            )
        }
        guard let before = parts(old), let after = parts(new), before.head == after.head, before.tail == after.tail
        else { return false }
        return (before.type == "_") != (after.type == "_")
    }

    /// `public enum Level` → `public enum Level: String`: an enum without raw type gaining one, nothing else changed.
    static func addsRawType(_ old: String, _ new: String) -> Bool {
        guard new.hasPrefix(old + ": ") else { return false }
        let added = new.dropFirst(old.count + 2)
        return [
            "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "Character",
            "Double", "Float",
        ].contains(String(added))
    }

    /// True when the only difference is `public` becoming `open`: clients may now subclass or
    /// override, and lose nothing.
    static func isWidenedToOpen(_ old: String, _ new: String) -> Bool {
        let oldWords = old.split(separator: " ", omittingEmptySubsequences: false)
        let newWords = new.split(separator: " ", omittingEmptySubsequences: false)
        guard oldWords.count == newWords.count else { return false }
        var widened = false
        for (a, b) in zip(oldWords, newWords) where a != b {
            guard !widened, a == "public", b == "open" else { return false }
            widened = true
        }
        return widened
    }

    /// `case Outer.Kind.card` → `enum Outer.Kind`.
    private static func enumKey(ofCase key: String) -> String {
        let name = key.dropFirst("case ".count)
        guard let dot = name.lastIndex(of: ".") else { return "enum " + name }
        return "enum " + name[..<dot]
    }
}
