/// The changes between two Objective-C surfaces as the common model's `APIChange`s, with the levels of §7 for an
/// Objective-C caller and a Swift caller of the imported API: a change that breaks either is breaking.
public struct ObjCDiff: Sendable {
    /// The changes, sorted by key; a change confined to some platforms names them.
    public var changes: [APIChange]
    /// The highest impact.
    public var impact: APIImpact { changes.map(\.impact).max() ?? .none }

    /// Compares platform by platform; `addedRequirementImpact` is what a `@required` member added to an existing
    /// protocol means (minor for a `protocols` component, breaking otherwise), as `APIContext` says.
    public init(old: ObjCSurface, new: ObjCSurface, addedRequirementImpact: APIImpact = .breaking) {
        let platforms = Set(old.platforms.keys).union(new.platforms.keys).sorted()
        var byChange: [String: (change: APIChange, platforms: [String])] = [:]
        for platform in platforms {
            let before = old.platforms[platform] ?? [:]
            let after = new.platforms[platform] ?? [:]
            var found = Self.changes(before, after, addedRequirementImpact: addedRequirementImpact)
            // An inherited member (NSObject's -init) newly marked unavailable on a class that existed: clients lose it.
            let wasUnavailable = old.unavailable[platform] ?? []
            for key in (new.unavailable[platform] ?? []).subtracting(wasUnavailable) where before[key] == nil {
                guard let owner = key.split(separator: " ").first.map({ String($0.dropFirst(2)) }),
                    before["@interface \(owner)"] != nil, after["@interface \(owner)"] != nil
                else { continue }
                let gone = APIDeclaration(
                    key: key, signature: key, kind: .objcMethod, file: after["@interface \(owner)"]!.file,
                    line: after["@interface \(owner)"]!.line)
                found.append(
                    APIChange(
                        kind: .removed, key: key, old: gone, new: nil, impact: .breaking,
                        note: "marked NS_UNAVAILABLE: the inherited member is no longer available"))
            }
            for change in found {
                let id = "\(change.kind.rawValue) \(change.key)"
                if var existing = byChange[id] {
                    if change.impact > existing.change.impact { existing.change = change }
                    existing.platforms.append(platform)
                    byChange[id] = existing
                } else {
                    byChange[id] = (change, [platform])
                }
            }
        }
        changes = byChange.values.map { entry in
            var change = entry.change
            change.platforms = entry.platforms.count == platforms.count ? nil : entry.platforms.sorted()
            return change
        }.sorted { ($0.key, $0.kind.rawValue) < ($1.key, $1.kind.rawValue) }
    }

    static func changes(
        _ old: [String: ObjCDeclaration], _ new: [String: ObjCDeclaration], addedRequirementImpact: APIImpact
    ) -> [APIChange] {
        var result: [APIChange] = []
        // Names a client spells: a macro that becomes a typedef, constant or class of the same name removes nothing.
        let newNames = Set(new.keys.compactMap { key in key.split(separator: " ").last.map(String.init) })
        for (key, declaration) in old where new[key] == nil {
            if declaration.kind == .macro, declaration.detail == nil,
                newNames.contains(String(key.dropFirst("#define ".count)))
            {
                continue
            }
            result.append(
                APIChange(kind: .removed, key: key, old: declaration.apiDeclaration, new: nil, impact: .breaking))
        }
        for (key, declaration) in new {
            guard let before = old[key] else {
                let (impact, note) = addedImpact(declaration, old: old, addedRequirementImpact: addedRequirementImpact)
                result.append(
                    APIChange(
                        kind: .added, key: key, old: nil, new: declaration.apiDeclaration, impact: impact, note: note))
                continue
            }
            if let (impact, note) = compare(before, declaration, addedRequirementImpact: addedRequirementImpact) {
                result.append(
                    APIChange(
                        kind: .changed, key: key, old: before.apiDeclaration, new: declaration.apiDeclaration,
                        impact: impact, note: note))
            }
        }
        return result
    }

    /// An addition is minor, except a `@required` member or a parent added to a protocol that existed (every conformer
    /// must now implement it) and a case added to an `NS_CLOSED_ENUM` (exhaustive switches stop compiling).
    static func addedImpact(
        _ declaration: ObjCDeclaration, old: [String: ObjCDeclaration], addedRequirementImpact: APIImpact
    ) -> (APIImpact, String?) {
        switch declaration.kind {
        case .method where declaration.inProtocol && !declaration.optional,
            .property where declaration.inProtocol && !declaration.optional,
            .conformance where declaration.inProtocol:
            guard let owner = declaration.owner, old["@protocol \(owner)"] != nil else { return (.additive, nil) }
            return (
                addedRequirementImpact,
                addedRequirementImpact == .breaking
                    ? "a @required member of an existing protocol: every conformer must implement it"
                    : "a @required member of a protocol set: the tie moves its implementation"
            )
        case .case where declaration.detail == "NS_CLOSED_ENUM":
            guard let owner = declaration.owner, old["enum \(owner)"] != nil else { return (.additive, nil) }
            return (.breaking, "a case of a closed enum: exhaustive switches stop compiling")
        default:
            return (.additive, nil)
        }
    }

    /// Nil when a client sees no difference; else the impact and why.
    static func compare(_ old: ObjCDeclaration, _ new: ObjCDeclaration, addedRequirementImpact: APIImpact) -> (
        APIImpact, String?
    )? {
        var impact = APIImpact.none
        var notes: [String] = []
        func note(_ level: APIImpact, _ text: String) {
            impact = max(impact, level)
            notes.append(text)
        }
        if old.swiftName != new.swiftName {
            note(.breaking, "the Swift name changed from \(swiftSpelling(old)) to \(swiftSpelling(new))")
        }
        switch new.kind {
        case .class:
            if old.detail != new.detail { note(.breaking, "the superclass changed") }
        case .method, .function:
            compareCallable(old, new, note: note)
            if old.inProtocol, old.optional != new.optional {
                if old.optional {
                    note(addedRequirementImpact, "@optional became @required")
                } else {
                    note(.additive, "@required became @optional")
                }
            }
        case .property:
            if let a = old.type, let b = new.type {
                if a.spelling != b.spelling { note(.breaking, "the type changed") }
                if a.nullability != b.nullability {
                    note(
                        .breaking,
                        """
                        the nullability changed (\(a.nullability.rawValue) → \(b.nullability.rawValue)): Swift \
                        imports another type
                        """
                    )
                }
            }
            if old.readonly != new.readonly {
                if old.readonly {
                    note(
                        new.inProtocol && !new.optional ? addedRequirementImpact : .additive,
                        "readonly became readwrite")
                } else {
                    note(.breaking, "readwrite became readonly")
                }
            }
            if old.detail != new.detail { note(.breaking, "getter= or setter= changed") }
            if old.inProtocol, old.optional != new.optional {
                if old.optional {
                    note(addedRequirementImpact, "@optional became @required")
                } else {
                    note(.additive, "@required became @optional")
                }
            }
        case .enum:
            if old.detail != new.detail {
                note(.breaking, "\(old.detail ?? "enum") became \(new.detail ?? "enum"): Swift imports another type")
            }
            if old.type?.spelling != new.type?.spelling { note(.breaking, "the raw type changed") }
        case .case:
            if old.owner != new.owner { note(.breaking, "moved to another enum") }
            if old.swiftCaseName != new.swiftCaseName, old.swiftName == new.swiftName {
                note(
                    .breaking,
                    "Swift's case name changed from .\(old.swiftCaseName ?? "?") to .\(new.swiftCaseName ?? "?")")
            }
        case .typedef, .variable:
            if old.type?.spelling != new.type?.spelling {
                note(.breaking, "the type changed")
            } else if old.type?.nullability != new.type?.nullability {
                note(.breaking, "the nullability changed")
            }
        case .macro:
            // Parameters are positional: renaming one changes no use of the macro, adding or removing one does.
            let arity = { (detail: String?) in detail.map { $0.split(separator: ",").count } }
            if arity(old.detail) != arity(new.detail) || (old.detail?.contains("...") != new.detail?.contains("...")) {
                note(.breaking, "the macro's parameters changed")
            }
        case .protocol, .conformance:
            break
        }
        guard impact != .none || !notes.isEmpty else { return nil }
        // The common summary reads a changed declaration's note as why it is compatible; a break shows both signatures.
        return (impact, impact == .breaking ? nil : notes.joined(separator: "; "))
    }

    static func compareCallable(_ old: ObjCDeclaration, _ new: ObjCDeclaration, note: (APIImpact, String) -> Void) {
        if let a = old.type, let b = new.type {
            if a.spelling == "id", b.spelling == "instancetype" {
                // A more precise result: every call compiles, and an override returning id still does.
                note(.additive, "the result becomes instancetype")
            } else if a.spelling != b.spelling {
                note(.breaking, "the result type changed")
            } else if a.nullability != b.nullability {
                note(
                    .breaking,
                    "the result's nullability changed (\(a.nullability.rawValue) → \(b.nullability.rawValue))")
            }
        }
        if old.detail != new.detail { note(.breaking, "variadic changed") }
        guard old.parameters.count == new.parameters.count else {
            note(.breaking, "the parameters changed")
            return
        }
        for (offset, (a, b)) in zip(old.parameters, new.parameters).enumerated() {
            if a.spelling != b.spelling {
                note(.breaking, "parameter \(offset + 1)'s type changed")
            } else if a.nullability != b.nullability {
                // Tightened (to nonnull) breaks a caller passing an optional; loosened accepts every old argument.
                if b.nullability == .nonnull {
                    note(
                        .breaking,
                        "parameter \(offset + 1)'s nullability tightened (\(a.nullability.rawValue) → nonnull)")
                } else {
                    note(
                        .additive,
                        """
                        parameter \(offset + 1)'s nullability loosened (\(a.nullability.rawValue) → \
                        \(b.nullability.rawValue))
                        """
                    )
                }
            }
        }
    }

    static func swiftSpelling(_ declaration: ObjCDeclaration) -> String {
        switch declaration.swiftName {
        case nil: return "the default"
        case "__refined": return "NS_REFINED_FOR_SWIFT"
        case "__unavailable": return "NS_SWIFT_UNAVAILABLE"
        case let name?: return name
        }
    }
}
