import SwiftParser
import SwiftSyntax

/// A file's full parse, kept as the base of the next versions' incremental parses: swift-syntax reuses every
/// declaration and statement the edits between the base's text and a new one do not touch (most of a file between
/// two releases, function bodies included), and parses only the rest.
///
/// Always a full parse: swift-syntax 602 records too short a look-ahead for the nodes an incremental parse reused, so
/// a parse after an incremental one could reuse a node that a full parse would extend (a labelled trailing closure
/// after it); and an incremental tree keeps its base's memory alive, so chains of them would hold every version.
public final class ParsedText: Sendable {
    let bytes: [UInt8]
    let result: IncrementalParseResult
    /// The text's length in UTF-8 bytes.
    public var count: Int { bytes.count }

    init(bytes: [UInt8], result: IncrementalParseResult) {
        self.bytes = bytes
        self.result = result
    }

    /// The edits that turn this parse's text into `new`, in the old text's offsets, sorted and apart (swift-syntax's
    /// concurrent form); nil when the texts are equal.
    ///
    /// The common prefix and suffix are cut first; the lines between are compared with `keptLines` (Myers'
    /// algorithm), so that hunks far apart each cost only their own lines. When the two middles differ in more than
    /// `maximumDistance` lines, the whole middle is one edit: only the declarations before and after it are reused.
    func edits(to new: [UInt8]) -> ConcurrentEdits? {
        let old = bytes
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        if prefix == old.count, prefix == new.count { return nil }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        // The middle starts a line, so that its lines are the files' lines (its end may cut one: then that line is
        // part of the last hunk).
        while prefix > 0, old[prefix - 1] != UInt8(ascii: "\n") { prefix -= 1 }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        let from = AbsolutePosition(utf8Offset: oldMiddle.lowerBound)
        let to = AbsolutePosition(utf8Offset: oldMiddle.upperBound)
        let single = ConcurrentEdits(SourceEdit(range: from..<to, replacement: Array(new[newMiddle])))
        let oldLines = Self.lines(old, in: oldMiddle)
        let newLines = Self.lines(new, in: newMiddle)
        // Lines compared by hash; a collision could only make two different lines look the same, which the check of
        // the edits below catches.
        guard
            let kept = Self.keptLines(
                oldLines.map { Self.hash(old, $0) }, newLines.map { Self.hash(new, $0) },
                maximumDistance: Self.maximumDistance)
        else { return single }
        // Between two kept lines (and before the first, after the last), what is left of each side is one edit.
        var edits: [SourceEdit] = []
        var i = 0, j = 0
        for (keptOld, keptNew) in kept + [(oldLines.count, newLines.count)] {
            if keptOld > i || keptNew > j {
                let from = i < oldLines.count ? oldLines[i].lowerBound : oldMiddle.upperBound
                let to = keptOld < oldLines.count ? oldLines[keptOld].lowerBound : oldMiddle.upperBound
                let newFrom = j < newLines.count ? newLines[j].lowerBound : newMiddle.upperBound
                let newTo = keptNew < newLines.count ? newLines[keptNew].lowerBound : newMiddle.upperBound
                edits.append(
                    SourceEdit(
                        range: AbsolutePosition(utf8Offset: from)..<AbsolutePosition(utf8Offset: to),
                        replacement: Array(new[newFrom..<newTo])))
            }
            i = keptOld + 1
            j = keptNew + 1
        }
        guard Self.apply(edits, to: old) == new, let concurrent = try? ConcurrentEdits(concurrent: edits) else {
            return single
        }
        return concurrent
    }

    /// Lines removed plus lines inserted beyond which the middle is one edit.
    static let maximumDistance = 200

    /// The pairs of equal lines (old index, new index), ascending, of a shortest edit script between `old` and `new`
    /// (Myers' greedy algorithm), or nil when it needs more than `maximumDistance` removals and insertions.
    ///
    /// Written here because the standard library's `difference(from:)` has no bound: on a file rewritten between
    /// two releases it cost more than the parse it was to save, and its generic comparisons a third of that.
    static func keptLines(_ old: [Int], _ new: [Int], maximumDistance: Int) -> [(Int, Int)]? {
        let n = old.count, m = new.count
        let limit = min(maximumDistance, n + m)
        let offset = limit + 1
        // furthest[k + offset]: the furthest old index reached on diagonal k (old index - new index).
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            trace.append(furthest)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && furthest[k - 1 + offset] < furthest[k + 1 + offset]))
                    ? furthest[k + 1 + offset] : furthest[k - 1 + offset] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                furthest[k + offset] = x
                if x >= n, y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let distance = found else { return nil }
        // Back from the end: each step's diagonal run is kept lines.
        var kept: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: distance, to: 0, by: -1) {
            let before = trace[d]
            let k = x - y
            let previous =
                (k == -d || (k != d && before[k - 1 + offset] < before[k + 1 + offset])) ? k + 1 : k - 1
            let previousX = before[previous + offset]
            let previousY = previousX - previous
            let startX = previous == k + 1 ? previousX : previousX + 1
            while x > startX, y > startX - k {
                kept.append((x - 1, y - 1))
                x -= 1
                y -= 1
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            kept.append((x - 1, y - 1))
            x -= 1
            y -= 1
        }
        return kept.reversed()
    }

    private static func hash(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[range])) }
        return hasher.finalize()
    }

    /// `old` with `edits` (sorted, apart, in `old`'s offsets) applied.
    private static func apply(_ edits: [SourceEdit], to old: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(old.count)
        var offset = 0
        for edit in edits {
            result += old[offset..<edit.range.lowerBound.utf8Offset]
            result += edit.replacementBytes
            offset = edit.range.upperBound.utf8Offset
        }
        result += old[offset...]
        return result
    }

    /// The byte ranges of the lines of `bytes[range]`, each with its newline.
    private static func lines(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where bytes[index] == UInt8(ascii: "\n") {
            result.append(start..<(index + 1))
            start = index + 1
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result
    }
}
