/// What the new surface says a type conforms to, for judging a removed conformance: a type that drops `Equatable`
/// from its list while gaining `Hashable` (which refines it) still conforms to `Equatable`, and every
/// `x == y` and `Set<T>` a client wrote still compiles.
struct ConformanceFacts {
    /// Each type's conformances in the new surface: the protocol and its `where` list ("" when unconditional). A
    /// protocol's are the protocols it refines (`protocol Q: P` is collected as `conformance Q: P`).
    private var conformances: [String: [(proto: String, condition: String)]] = [:]
    /// The new surface: a type or protocol it declares (a package's own `Clock` or `Hashable`) is not the standard one.
    private let new: [String: APIDeclaration]

    /// From the new surface's declarations, and the conformances `added` that the diff found besides them (a
    /// class's first inherited entry read as a protocol).
    init(new: [String: APIDeclaration], added: [APIDeclaration] = []) {
        self.new = new
        for declaration in Array(new.values) + added.filter({ new[$0.key] == nil }) {
            if let (type, proto) = declaration.conformanceParts {
                conformances[type, default: []].append((proto, Self.condition(of: declaration.signature)))
            } else if declaration.kind == .class, let first = APIDiff.classParts(declaration.signature)?.first {
                // A class's first inherited entry stays in its signature (one file cannot tell a superclass from a
                // protocol); here the whole surface can: a protocol it declares, or a standard one.
                let type = String(declaration.key.dropFirst("class ".count))
                for proto in APIDiff.inheritedMembers(first) {
                    guard
                        new["protocol " + proto] != nil
                            || StandardConformances.isProtocol(proto) && !APIDiff.declaresType(proto, in: new)
                    else { continue }
                    conformances[type, default: []].append((proto, ""))
                }
            }
        }
    }

    /// The protocols `type` conforms to unconditionally, as declared (not those they refine).
    func unconditional(of type: String) -> [String] {
        (conformances[type] ?? []).filter(\.condition.isEmpty).map(\.proto)
    }

    /// Why the type of a removed conformance (`conformance T: P`) still conforms to `P`: another conformance of the
    /// new surface, under the same condition or none, to a protocol that refines `P`, here or in the standard
    /// library (`Hashable` and `Comparable` refine `Equatable`). Nil when none does.
    func stillConforms(_ removed: APIDeclaration) -> String? {
        guard let (type, proto) = removed.conformanceParts else { return nil }
        let condition = Self.condition(of: removed.signature)
        for kept in (conformances[type] ?? []).sorted(by: { $0.proto < $1.proto })
        where kept.proto != proto && (kept.condition.isEmpty || kept.condition == condition) {
            if refines(kept.proto, proto) {
                return "still a conformance: `\(type)` conforms to `\(kept.proto)`, which refines `\(proto)`"
            }
        }
        return nil
    }

    /// Whether `child` is `proto` or refines it: through the surface's own protocols, then the standard library's.
    private func refines(_ child: String, _ proto: String) -> Bool {
        var seen: Set<String> = []
        var work = [child]
        while let next = work.popLast() {
            guard seen.insert(next).inserted else { continue }
            work += (conformances[next] ?? []).filter(\.condition.isEmpty).map(\.proto)
        }
        return seen.contains(proto)
            || StandardConformances.implies(seen.filter { !APIDiff.declaresType($0, in: new) }, proto)
    }

    /// `Box: P where τ0_0: Q` → `τ0_0: Q`; "" without a `where`.
    private static func condition(of signature: String) -> String {
        signature.range(of: " where ").map { String(signature[$0.upperBound...]) } ?? ""
    }
}

extension APIDiff {
    /// Drops a removed conformance the type still has through another one (`ConformanceFacts.stillConforms`): no
    /// client can tell, as with a conformance moved from the type's list into an extension.
    /// `facts` is nil when no change breaks.
    static func dropImpliedConformances(_ changes: inout [APIChange], facts: ConformanceFacts?) {
        guard let facts else { return }
        let implied = changes.indices.filter { index in
            changes[index].kind == .removed && changes[index].impact == .breaking
                && changes[index].old.map { facts.stillConforms($0) != nil } ?? false
        }
        removeChanges(at: Set(implied), from: &changes)
    }
}
