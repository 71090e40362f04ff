import Foundation

extension APIDiff {
    /// The diff between two file sets that share most files: `old` and `new` are the files that differ
    /// (by path or content), `shared` the files both sets have unchanged.
    ///
    /// Equal to `APIDiff(old: APISurface(combining: old + shared), new: APISurface(combining: new + shared))`,
    /// but only the declarations under the base keys the files that differ touch are compared (and the whole sets
    /// when that finds a break): a release that edits two files of a large component costs two files, not the
    /// component. When the files that differ change what the cross-file pass reads (which types are public, hidden
    /// or protocols, what names resolve to), an unchanged file's declaration can read differently on the two sides
    /// only if it names what changed (`CrossFileSets.namesReadingDifferently`): those are finished on each side and
    /// compared too.
    ///
    /// `oldSet` and `newSet`, when given, are the two whole file sets (`old + shared`, `new + shared`, in any order):
    /// what the whole set gives is then taken from them, computed once however many diffs read the set (a history's
    /// diffs each read the release before as its old side, and it was the new side of the diff before).
    public init(
        old: [APIFileSurface], new: [APIFileSurface], shared: [APIFileSurface], context: APIContext = .default,
        oldSet: APIFileSet? = nil, newSet: APIFileSet? = nil
    ) {
        let oldSets = oldSet?.crossFileSets ?? CrossFileSets(old + shared)
        let newSets = newSet?.crossFileSets ?? CrossFileSets(new + shared)
        func whole() -> APIDiff {
            APIDiff(
                old: oldSet?.combined(context: context) ?? APISurface(combining: old + shared, context: context),
                new: newSet?.combined(context: context) ?? APISurface(combining: new + shared, context: context),
                context: context)
        }
        guard let respelled = oldSets.namesReadingDifferently(from: newSets) else {
            self = whole()
            return
        }
        var oldFinisher = oldSets.finisher
        var newFinisher = newSets.finisher
        let oldChanged = oldFinisher.finish(old.flatMap(\.buildableDeclarations))
        let newChanged = newFinisher.finish(new.flatMap(\.buildableDeclarations))
        // The unchanged files' declarations that name something the two sets read differently, finished on each side.
        var respelledItems: [CollectedDeclaration] = []
        var respelledPositions: [Set<Int>] = Array(repeating: [], count: shared.count)
        if !respelled.isEmpty {
            for (number, file) in shared.enumerated() {
                var positions: Set<Int> = []
                if file.byName.count <= respelled.count {
                    for (name, indices) in file.byName where respelled.contains(name) { positions.formUnion(indices) }
                } else {
                    for name in respelled { positions.formUnion(file.byName[name] ?? []) }
                }
                for index in positions.sorted() {
                    if let item = APIFileSurface.buildable(file.declarations[index], file.unbuildable.bits) {
                        respelledItems.append(item)
                    }
                }
                respelledPositions[number] = positions
            }
        }
        let oldRespelled = oldFinisher.finish(respelledItems)
        let newRespelled = newFinisher.finish(respelledItems)
        let compared = oldChanged + newChanged + oldRespelled + newRespelled
        var touched = Set(compared.map(\.declaration.baseKey))
        // What the verdicts on those keys read besides them: a requirement's default implementation, the
        // conformance that synthesizes a member, whether a class's first inherited entry names protocols and which
        // conformances the class declares elsewhere. Equal on both sides, so they add no change themselves.
        for key in touched {
            touched.insert(key + Self.extensionSuffix)
            touched.formUnion(Self.synthesisKeys(for: key))
            touched.formUnion(Self.containerKeys(for: key))
        }
        for item in compared where item.declaration.kind == .class {
            guard let first = Self.classParts(item.declaration.signature)?.first else { continue }
            let type = item.declaration.key.dropFirst("class ".count)
            for name in Self.inheritedMembers(first) {
                touched.insert("protocol " + name)
                touched.insert("conformance \(type): \(name)")
            }
        }
        // The unchanged files' other declarations under those keys: overloads are keyed as a group.
        var sharedItems: [CollectedDeclaration] = []
        var rawKeys = touched
        for key in touched where key.hasSuffix(Self.extensionSuffix) {
            rawKeys.insert(String(key.dropLast(Self.extensionSuffix.count)))
        }
        // Walk whichever is smaller, the file's keys or the touched ones: a component of many small files asked
        // every file for every touched key (a hash lookup per pair), 5 % of a cold `check` on ci/bench-check.
        // The items are the same either way, and a base key's overloads stay in the file's order.
        for (number, file) in shared.enumerated() {
            let skipped = respelledPositions[number]
            func take(_ index: Int) {
                if !skipped.contains(index),
                    let item = APIFileSurface.buildable(file.declarations[index], file.unbuildable.bits)
                {
                    sharedItems.append(item)
                }
            }
            if file.byBaseKey.count <= rawKeys.count {
                for (key, indices) in file.byBaseKey where rawKeys.contains(key) {
                    for index in indices { take(index) }
                }
            } else {
                for key in rawKeys {
                    for index in file.byBaseKey[key] ?? [] { take(index) }
                }
            }
        }
        // These name nothing the sets read differently: they finish alike on both sides.
        let sharedFinished = oldFinisher.finish(sharedItems).filter { touched.contains($0.declaration.baseKey) }
        // Each side's platform masks index its own files' platform list (two revisions may support different ones).
        let oldPlatforms = (old + shared).first?.platforms ?? APIFileSurface.platforms(of: context)
        let newPlatforms = (new + shared).first?.platforms ?? APIFileSurface.platforms(of: context)
        var oldSurface = APISurface(
            finished: oldChanged + oldRespelled + sharedFinished, platforms: oldPlatforms,
            viewed: oldSets.differsByPlatform)
        var newSurface = APISurface(
            finished: newChanged + newRespelled + sharedFinished, platforms: newPlatforms,
            viewed: newSets.differsByPlatform)
        // Read from the whole sets, as `APISurface(combining:)` reads them.
        oldSurface.refinements = oldSets.names.refinements(of: oldSets.protocols)
        newSurface.refinements = newSets.names.refinements(of: newSets.protocols)
        self.init(old: oldSurface, new: newSurface, context: context)
        // What breaks may still compile through what the rest of the surface provides (the same member through a
        // protocol the type conforms to elsewhere, a more general overload, a superclass): a verdict that found a
        // break is taken on the whole sets. Most releases break nothing, and cost only what they changed.
        if impact == .breaking { self = whole() }
    }

    /// The keys a member's enclosing type may have (`func BitSet.Counted.union(_:)` → `struct BitSet.Counted`,
    /// `class BitSet`, …): verdicts read the type's kind (a value type's `Self`, a class's openness).
    static func containerKeys(for key: String) -> [String] {
        guard let space = key.firstIndex(of: " ") else { return [] }
        let name = key[key.index(after: space)...].prefix { $0 != "(" && $0 != "[" && $0 != " " }
        var keys: [String] = []
        if key.hasPrefix("init") || key.hasPrefix("subscript") {
            for kind in ["struct", "enum", "class"] { keys.append("\(kind) \(name)") }
        }
        var end = name.endIndex
        while let dot = name[..<end].lastIndex(of: ".") {
            for kind in ["struct", "enum", "class"] { keys.append("\(kind) \(name[..<dot])") }
            end = dot
        }
        return keys
    }

    /// What `APISurface.finish` appends to the key of a protocol extension's member.
    static let extensionSuffix = " (extension)"
}

/// A revision's file surfaces, with what the whole set gives (`CrossFileSets`, the combined surface) computed the
/// first time a diff asks and kept with it: a release is the new side of one diff and the old side of the next.
public final class APIFileSet: @unchecked Sendable {
    public let files: [APIFileSurface]
    private let lock = NSLock()
    private var sets: CrossFileSets?
    private var surface: APISurface?

    public init(_ files: [APIFileSurface]) { self.files = files }

    fileprivate var crossFileSets: CrossFileSets {
        if let sets = lock.withLock({ sets }) { return sets }
        let computed = CrossFileSets(files)
        lock.withLock { sets = computed }
        return computed
    }

    /// `APISurface(combining: files, context: context)`; the context only supplies the platforms of an empty set.
    public func combined(context: APIContext) -> APISurface {
        guard !files.isEmpty else { return APISurface(combining: files, context: context) }
        if let surface = lock.withLock({ surface }) { return surface }
        let computed = APISurface(combining: files, context: context)
        lock.withLock { surface = computed }
        return computed
    }
}

/// The sets the cross-file pass reads; two file sets with equal sets finish every shared declaration alike, and two
/// with different ones every shared declaration that names none of `namesReadingDifferently`.
private struct CrossFileSets: Equatable {
    static func == (a: CrossFileSets, b: CrossFileSets) -> Bool {
        a.hidden == b.hidden && a.protocols == b.protocols && a.names == b.names
            && a.differsByPlatform == b.differsByPlatform
    }

    var hidden: Set<String>
    var protocols: Set<String>
    /// What names in signatures resolve to: a changed type, generic parameter or typealias may respell
    /// declarations in files that did not change.
    var names: TypeNames
    /// Whether `#if` makes the whole set's surface differ between platforms (as `APISurface(combining:)` would find):
    /// a declaration exists on some of them only, or a typealias is declared per platform.
    var differsByPlatform: Bool
    /// `APISurface.finish` against these sets, set up once per set (each diff finishes with a copy).
    let finisher: APISurface.Finisher

    init(_ files: [APIFileSurface]) {
        names = TypeNames(files)
        differsByPlatform =
            !names.platformAliases.isEmpty
            || files.contains { file in
                let all = PlatformMask.all(file.platforms.count).bits
                return file.declarations.contains {
                    let bits = $0.platforms.bits & ~file.unbuildable.bits & all
                    return bits != 0 && bits != all
                }
            }
        var publicTypes: Set<String> = []
        var hiddenTypes: Set<String> = []
        protocols = []
        for file in files {
            publicTypes.formUnion(file.publicTypes)
            protocols.formUnion(file.protocols)
            hiddenTypes.formUnion(file.hiddenTypes)
        }
        hidden = hiddenTypes.subtracting(publicTypes)
        finisher = APISurface.Finisher(hidden: hidden, protocols: protocols, names: names)
    }

    /// The names a declaration must mention to be finished differently against `other` than against `self`: the last
    /// component of every type, protocol or typealias one set has and the other has not or has otherwise (hidden or
    /// not, its generic parameters, its target, its conformances where a protocol declares typealiases), and of every
    /// typealias whose target or scope names one of those, until none is added; and what a public typealias among
    /// them names (a `_`-type is API under it). Empty when the sets are equal; nil when any declaration may read
    /// differently (the sets were read for different numbers of platforms).
    func namesReadingDifferently(from other: CrossFileSets) -> Set<String>? {
        if self == other { return [] }
        let (mine, theirs) = (names, other.names)
        guard mine.platformCount == theirs.platformCount else { return nil }
        var changed: Set<String> = []
        // A declaration names a type by its last component, however qualified (`Item` in `Outer`, `Outer.Item`).
        func add<S: Sequence>(_ qualified: S) where S.Element == String {
            for name in qualified {
                changed.insert(String(name[(name.lastIndex(of: ".").map(name.index(after:)) ?? name.startIndex)...]))
            }
        }
        func differing<V: Equatable>(_ a: [String: V], _ b: [String: V]) -> [String] {
            a.keys.filter { b[$0] != a[$0] } + b.keys.filter { a[$0] == nil }
        }
        add(hidden.symmetricDifference(other.hidden))
        add(protocols.symmetricDifference(other.protocols))
        add(mine.types.symmetricDifference(theirs.types))
        add(differing(mine.generics, theirs.generics))
        add(differing(mine.primaryAssociatedTypes, theirs.primaryAssociatedTypes))
        // A type's conformances matter to names only through the typealiases its protocols declare (`extension Keyed
        // { typealias Key = String }` makes `Key` inside a conformer `String`).
        let aliasOwners = Set(
            (Array(mine.aliases.keys) + Array(theirs.aliases.keys)).compactMap { key in
                key.lastIndex(of: ".").map { String(key[..<$0]) }
            })
        for type in differing(mine.conformances, theirs.conformances)
        where ((mine.conformances[type] ?? []) + (theirs.conformances[type] ?? [])).contains(
            where: aliasOwners.contains)
        {
            add([type])
        }
        // An alias reads differently where what its target or scope names does; a `_`-type a public one names is API
        // under it (`APISurface.finish`), so what such an alias names changes with it.
        var aliases: [(name: String, alias: AliasTarget)] = []
        for names in [mine, theirs] {
            for (name, alias) in names.aliases { aliases.append((name, alias)) }
            for (name, alias) in names.genericAliases { aliases.append((name, alias)) }
            for (name, variants) in names.platformAliases { aliases += variants.map { (name, $0) } }
        }
        let exposing = mine.exposingAliases.union(theirs.exposingAliases)
        var changedAliases: Set<String> = []
        func aliasChanged(_ name: String) {
            guard changedAliases.insert(name).inserted else { return }
            add([name])
            if exposing.contains(name) {
                for entry in aliases where entry.name == name {
                    APIFileSurface.names(in: entry.alias.target, into: &changed)
                }
            }
        }
        let differingAliases =
            differing(mine.aliases, theirs.aliases) + differing(mine.genericAliases, theirs.genericAliases)
            + differing(mine.platformAliases, theirs.platformAliases)
        for name in differingAliases + mine.exposingAliases.symmetricDifference(theirs.exposingAliases) {
            aliasChanged(name)
        }
        var grew = true
        while grew {
            grew = false
            for (name, alias) in aliases where !changedAliases.contains(name) {
                var mentioned: Set<String> = []
                APIFileSurface.names(in: alias.target, into: &mentioned)
                if let scope = alias.scope { APIFileSurface.names(in: scope, into: &mentioned) }
                guard !mentioned.isDisjoint(with: changed) else { continue }
                aliasChanged(name)
                grew = true
            }
        }
        return changed
    }
}
