extension APIDiff {
    /// The diff between two file sets that share most files: `old` and `new` are the files that differ
    /// (by path or content), `shared` the files both sets have unchanged.
    ///
    /// Equal to `APIDiff(old: APISurface(combining: old + shared), new: APISurface(combining: new + shared))`,
    /// but when the files that differ do not change which types are public, hidden or protocols (the
    /// cross-file pass's inputs), only the declarations under the base keys they touch are compared:
    /// a release that edits two files of a large component costs two files, not the component.
    public init(old: [APIFileSurface], new: [APIFileSurface], shared: [APIFileSurface], context: APIContext = .default)
    {
        let oldSets = CrossFileSets(old + shared)
        let newSets = CrossFileSets(new + shared)
        guard oldSets == newSets else {
            self.init(
                old: APISurface(combining: old + shared, context: context),
                new: APISurface(combining: new + shared, context: context), context: context)
            return
        }
        let hidden = oldSets.hidden
        let protocols = oldSets.protocols
        let names = oldSets.names
        let oldChanged = APISurface.finish(
            old.flatMap(\.declarations), hidden: hidden, protocols: protocols, names: names)
        let newChanged = APISurface.finish(
            new.flatMap(\.declarations), hidden: hidden, protocols: protocols, names: names)
        var touched = Set((oldChanged + newChanged).map(\.declaration.baseKey))
        // What the verdicts on those keys read besides them: a requirement's default implementation, the
        // conformance that synthesizes a member. Equal on both sides, so they add no change themselves.
        for key in touched {
            touched.insert(key + Self.extensionSuffix)
            touched.formUnion(Self.synthesisKeys(for: key))
            touched.formUnion(Self.containerKeys(for: key))
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
        for file in shared {
            if file.byBaseKey.count <= rawKeys.count {
                for (key, indices) in file.byBaseKey where rawKeys.contains(key) {
                    for index in indices { sharedItems.append(file.declarations[index]) }
                }
            } else {
                for key in rawKeys {
                    for index in file.byBaseKey[key] ?? [] { sharedItems.append(file.declarations[index]) }
                }
            }
        }
        let sharedFinished = APISurface.finish(sharedItems, hidden: hidden, protocols: protocols, names: names)
            .filter { touched.contains($0.declaration.baseKey) }
        // Each side's platform masks index its own files' platform list (two revisions may support different ones).
        let oldPlatforms = (old + shared).first?.platforms ?? APIFileSurface.platforms(of: context)
        let newPlatforms = (new + shared).first?.platforms ?? APIFileSurface.platforms(of: context)
        self.init(
            old: APISurface(finished: oldChanged + sharedFinished, platforms: oldPlatforms),
            new: APISurface(finished: newChanged + sharedFinished, platforms: newPlatforms), context: context)
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

/// The sets the cross-file pass reads; two file sets with equal sets finish every shared declaration alike.
private struct CrossFileSets: Equatable {
    var hidden: Set<String>
    var protocols: Set<String>
    /// What names in signatures resolve to: a changed type, generic parameter or typealias may respell
    /// declarations in files that did not change.
    var names: TypeNames

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
    }
}
