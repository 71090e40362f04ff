extension APIDiff {
    /// A callable whose old calls all still compile, through one or more declarations of the new surface with the
    /// same name in the same place (defaults moved to a new overload, `f(columns: Int? = nil)` kept as
    /// `f(columns: Int?)` beside `f(includeHidden: Bool = false, columns: Int? = nil)`), is compatible, not breaking.
    /// Every way of calling the old declaration (each set of defaulted arguments left out) must be taken by exactly
    /// one best new overload: the one that leaves out the fewest defaults (a tie would be ambiguous).
    static func reviseCallsKeptByOverloads(_ changes: inout [APIChange], new: [String: APIDeclaration]) {
        let callables: Set<DeclarationKind> = [.function, .initializer, .subscript]
        /// A change's old callable, when the change breaks it (changed or removed).
        func brokenCallable(_ change: APIChange) -> APIDeclaration? {
            guard change.impact == .breaking, change.kind == .changed || change.kind == .removed,
                let old = change.old, callables.contains(old.kind)
            else { return nil }
            return old
        }
        // Indexed only when a change may need it (most diffs break no call).
        guard changes.contains(where: { brokenCallable($0) != nil }) else { return }
        var byStem: [String: [APIDeclaration]] = [:]
        for declaration in new.values where callables.contains(declaration.kind) {
            byStem[callableStem(declaration.baseKey), default: []].append(declaration)
        }
        for index in changes.indices {
            let change = changes[index]
            guard let old = brokenCallable(change), !old.isProtocolRequirement,
                let shape = SignatureShape(old.signature), !shape.modifiers.contains("open"),
                !shape.modifiers.contains("required"),
                let parameters = shape.parameters?.map(ShapeParameter.init),
                let candidates = byStem[callableStem(old.baseKey)], !candidates.isEmpty
            else { continue }
            let shapes = candidates.compactMap { declaration in
                SignatureShape(declaration.signature).map { (declaration, $0) }
            }
            .filter { _, candidate in
                candidate.keyword == shape.keyword && candidate.name == shape.name && candidate.result == shape.result
                    && candidate.modifiers == shape.modifiers && candidate.accessors == shape.accessors
                    && candidate.generics == shape.generics && candidate.requirements == shape.requirements
                    && candidate.effects == shape.effects
                    && Availability.widening(from: shape.availability, to: candidate.availability) != nil
            }
            guard !shapes.isEmpty, let calls = callShapes(parameters) else { continue }
            var through: Set<String> = []
            let kept = calls.allSatisfy { call in
                let matches = shapes.compactMap { declaration, candidate -> (String, Int)? in
                    guard let list = candidate.parameters?.map(ShapeParameter.init), let skipped = accepts(list, call)
                    else { return nil }
                    return (declaration.key, skipped)
                }
                guard let fewest = matches.map(\.1).min(), matches.filter({ $0.1 == fewest }).count == 1,
                    let best = matches.first(where: { $0.1 == fewest })
                else { return false }
                through.insert(best.0)
                return true
            }
            guard kept else { continue }
            changes[index].impact = .additive
            changes[index].note =
                "every old call still compiles, through \(through.sorted().map { "`\($0)`" }.joined(separator: ", "))"
        }
    }

    /// The argument lists a caller can write for `parameters`: each subset of the omittable ones left out (nil when
    /// there are too many to enumerate).
    private static func callShapes(_ parameters: [ShapeParameter]) -> [[ShapeParameter]]? {
        let omittable = parameters.indices.filter { parameters[$0].hasDefault || parameters[$0].isVariadic }
        guard omittable.count <= 10 else { return nil }
        return (0..<(1 << omittable.count)).map { mask in
            let left = Set(omittable.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
            return parameters.indices.filter { !left.contains($0) }.map { parameters[$0] }
        }
    }

    /// How many defaulted parameters `list` fills in for the call `arguments` (labels and types in order), or nil
    /// when the call does not match it.
    private static func accepts(_ list: [ShapeParameter], _ arguments: [ShapeParameter]) -> Int? {
        var next = 0, skipped = 0
        for parameter in list {
            if next < arguments.count, arguments[next].label == parameter.label, arguments[next].type == parameter.type,
                arguments[next].isVariadic == parameter.isVariadic
            {
                next += 1
            } else if parameter.hasDefault || parameter.isVariadic {
                skipped += 1
            } else {
                return nil
            }
        }
        return next == arguments.count ? skipped : nil
    }
}
