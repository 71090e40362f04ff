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
        while !old.isEmpty, !new.isEmpty {
            var best = (score: -1, old: 0, new: 0)
            for (i, a) in old.enumerated() {
                let wordsA = words(a.signature)
                for (j, b) in new.enumerated() {
                    let score = commonCount(wordsA, words(b.signature))
                    if score > best.score { best = (score, i, j) }
                }
            }
            pairs.append((old.remove(at: best.old), new.remove(at: best.new)))
        }
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
