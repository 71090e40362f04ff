import Foundation

extension APIDiff {
    /// The diff between two file sets that share most files: `old` and `new` are the files that differ
    /// (by path or content), `shared` the files both sets have unchanged.
    ///
    /// Equal to `APIDiff(old: APISurface(combining: old + shared), new: APISurface(combining: new + shared))`,
    /// but when the files that differ do not change which types are public, hidden or protocols (the
    /// cross-file pass's inputs), only the declarations under the base keys they touch are compared:
    /// a release that edits two files of a large component costs two files, not the component. A verdict that finds
    /// a break, or that reasoned its way to a lower level (a change with a note: still served elsewhere, a namespace
    /// enum, a retroactive conformance), is taken again on the whole sets, whose other declarations can decide it;
    /// the notes on an added protocol requirement (`requirementNotes`) are decided from keys the comparison holds.
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
        guard oldSets == newSets else {
            self = whole()
            return
        }
        // One set of names on both sides: the set's finisher (set up once per revision) serves every list.
        var finisher = oldSets.finisher
        let oldChanged = finisher.finish(old.flatMap(\.buildableDeclarations))
        let newChanged = finisher.finish(new.flatMap(\.buildableDeclarations))
        let compared = oldChanged + newChanged
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
        // The unchanged files' declarations under those keys: overloads are keyed as a group.
        var sharedItems: [CollectedDeclaration] = []
        var rawKeys = touched
        for key in touched where key.hasSuffix(Self.extensionSuffix) {
            rawKeys.insert(String(key.dropLast(Self.extensionSuffix.count)))
        }
        // Walk whichever is smaller, the file's keys or the touched ones: a component of many small files asked
        // every file for every touched key (a hash lookup per pair), 5 % of a cold `check` on ci/bench-check.
        // The items are the same either way, and a base key's overloads stay in the file's order.
        // And those whose key the cross-file pass may rename into a touched one (`extension Alias`, `extension
        // Box<Int>`, `extension T: AliasOfP`): finished, then kept if their finished key is touched.
        let aliases = oldSets.aliasNames
        func renamable(_ name: String) -> Bool {
            if name.contains("<") || aliases.contains(name) { return true }
            var prefix = Substring(name)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if aliases.contains(String(prefix)) { return true }
            }
            return false
        }
        for file in shared {
            var taken: [Int] = []
            if file.byBaseKey.count <= rawKeys.count {
                for (key, indices) in file.byBaseKey where rawKeys.contains(key) { taken += indices }
            } else {
                for key in rawKeys { taken += file.byBaseKey[key] ?? [] }
            }
            for (name, indices) in file.byTypeName where renamable(name) {
                let more = indices.filter { !taken.contains($0) }
                taken += more
            }
            for index in taken {
                if let item = APIFileSurface.buildable(file.declarations[index], file.unbuildable.bits) {
                    sharedItems.append(item)
                }
            }
        }
        let sharedFinished = finisher.finish(sharedItems).filter { touched.contains($0.declaration.baseKey) }
        // Each side's platform masks index its own files' platform list (two revisions may support different ones).
        let oldPlatforms = (old + shared).first?.platforms ?? APIFileSurface.platforms(of: context)
        let newPlatforms = (new + shared).first?.platforms ?? APIFileSurface.platforms(of: context)
        var oldSurface = APISurface(finished: oldChanged + sharedFinished, platforms: oldPlatforms)
        var newSurface = APISurface(finished: newChanged + sharedFinished, platforms: newPlatforms)
        // Read from the whole sets, equal on both sides here, as `APISurface(combining:)` reads them.
        oldSurface.refinements = oldSets.names.refinements(of: oldSets.protocols)
        newSurface.refinements = oldSurface.refinements
        self.init(old: oldSurface, new: newSurface, context: context)
        // A break, or a level some judgement lowered by reading beyond these keys (a note other than an added
        // requirement's), is decided on the whole sets.
        let lowered = changes.contains { change in change.note.map { !Self.requirementNotes.contains($0) } ?? false }
        if impact == .breaking || lowered { self = whole() }
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

    /// What `APISurface.Finisher` appends to the key of a protocol extension's member.
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
        // As `APISurface(combining:)` does, with the names and finisher the set has already.
        let sets = crossFileSets
        let sorted = files.sorted { $0.path < $1.path }
        var finisher = sets.finisher
        let computed = APISurface(
            finishing: sorted.flatMap(\.buildableDeclarations), with: &finisher,
            refinements: sets.names.refinements(of: sets.protocols), platforms: sorted[0].platforms)
        lock.withLock { surface = computed }
        return computed
    }
}

/// The sets the cross-file pass reads; two file sets with equal sets finish every shared declaration alike. What is
/// derived from them (`finisher`, `aliasNames`) is not compared.
private struct CrossFileSets: Equatable {
    static func == (a: CrossFileSets, b: CrossFileSets) -> Bool {
        a.hidden == b.hidden && a.protocols == b.protocols && a.names == b.names
    }

    var hidden: Set<String>
    var protocols: Set<String>
    /// What names in signatures resolve to: a changed type, generic parameter or typealias may respell
    /// declarations in files that did not change.
    var names: TypeNames
    /// The cross-file pass (`APISurface.Finisher`) for these sets, set up once (each diff finishes with a copy).
    let finisher: APISurface.Finisher
    /// The names of every typealias, generic or not: a declaration extending or conforming through one is renamed.
    let aliasNames: Set<String>

    init(_ files: [APIFileSurface]) {
        names = TypeNames(files)
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
        aliasNames = Set(names.aliases.keys).union(names.genericAliases.keys)
    }
}
