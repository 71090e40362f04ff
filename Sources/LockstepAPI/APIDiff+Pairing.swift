extension APIDiff {
    /// Pairs the overloads left on each side of a surviving key (no identical signature on the other side):
    /// compatible pairs first, then by similarity, as many pairs as the smaller side has. The pairs are
    /// removed from both lists; what stays is a true removal or addition.
    static func pairOverloads(
        _ old: inout [APIDeclaration], _ new: inout [APIDeclaration]
    ) -> [(APIDeclaration, APIDeclaration)] {
        guard !old.isEmpty, !new.isEmpty else { return [] }
        if old.count == 1, new.count == 1 {
            defer { old = []; new = [] }
            return [(old[0], new[0])]
        }
        var pairs: [(APIDeclaration, APIDeclaration)] = []
        var oldIndex = 0
        while oldIndex < old.count {
            if let match = new.firstIndex(where: { acceptsEveryUse(old: old[oldIndex], new: $0) != nil }) {
                pairs.append((old.remove(at: oldIndex), new.remove(at: match)))
            } else {
                oldIndex += 1
            }
        }
        guard !old.isEmpty, !new.isEmpty else { return pairs }
        // The most similar pair first, ties to the earliest old then new declaration; each scored once (a generated
        // overload family has hundreds on each side).
        let oldWords = old.map { words($0.signature) }
        let newWords = new.map { words($0.signature) }
        var scored: [(score: Int, old: Int, new: Int)] = []
        scored.reserveCapacity(old.count * new.count)
        for (i, a) in oldWords.enumerated() {
            for (j, b) in newWords.enumerated() { scored.append((commonCount(a, b), i, j)) }
        }
        scored.sort { ($0.score, $1.old, $1.new) > ($1.score, $0.old, $0.new) }
        var usedOld = Set<Int>()
        var usedNew = Set<Int>()
        for candidate in scored where !usedOld.contains(candidate.old) && !usedNew.contains(candidate.new) {
            usedOld.insert(candidate.old)
            usedNew.insert(candidate.new)
            pairs.append((old[candidate.old], new[candidate.new]))
            if usedOld.count == old.count || usedNew.count == new.count { break }
        }
        old = old.indices.filter { !usedOld.contains($0) }.map { old[$0] }
        new = new.indices.filter { !usedNew.contains($0) }.map { new[$0] }
        return pairs
    }

    /// The identifiers and symbols of a signature, counted.
    private static func words(_ signature: String) -> [Substring: Int] {
        var counts: [Substring: Int] = [:]
        for word in signature.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            counts[word, default: 0] += 1
        }
        return counts
    }

    private static func commonCount(_ a: [Substring: Int], _ b: [Substring: Int]) -> Int {
        a.reduce(0) { $0 + min($1.value, b[$1.key] ?? 0) }
    }
}
