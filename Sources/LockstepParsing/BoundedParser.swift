import SwiftParser
import SwiftSyntax

/// Parses Swift text with swift-syntax in bounded time and stack: hostile nesting is refused, never crashed on.
public enum BoundedParser {
    /// The nesting the parser accepts; the same in debug and release builds (swift-syntax's defaults differ)
    /// because the parse runs on a large stack.
    public static let maximumNestingLevel = NestingScan.maximumDepth

    /// Parses `text` and hands the tree to `body`, both on a large-stack thread (the tree never leaves it).
    /// Throws `NestingScan.Problem` for text nested beyond the scan's limits, or what `body` throws.
    public static func parse<T>(_ text: String, _ body: @escaping (SourceFileSyntax) throws -> T) throws -> T {
        if let problem = NestingScan.check(text) { throw problem }
        return try LargeStack.run {
            var source = text
            // The buffer is copied into the tree's arena, so the tree outlives it.
            let tree = source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: maximumNestingLevel) }
            return Result { try body(tree) }
        }.get()
    }

    /// Parses `text` like `parse(_:_:)`, reusing what `base` (a full parse of an earlier version of the same file)
    /// parsed where the two texts agree. Returns `body`'s result, the base for the next version (`base` again after
    /// an incremental parse; this parse when it was a full one), and how many bytes of the text came from `base`.
    ///
    /// A text that differs from the base's in more than half its bytes is parsed in full and becomes the next base:
    /// the base then follows the file's history without ever being an incremental parse.
    ///
    /// With `blankingBodies`, the text inside function, initializer and deinitializer bodies is parsed as blank
    /// (`NestingScan.blankingBodies(_:)`): the tree's bodies are empty, every other node is where it was. The base
    /// holds the blanked text, so a version that changed only bodies is the same text again.
    public static func parse<T>(
        _ text: String, after base: ParsedText?, blankingBodies: Bool = false,
        _ body: @escaping (SourceFileSyntax) throws -> T
    ) throws -> (value: T, base: ParsedText, reused: Int) {
        let bytes: [UInt8]
        if blankingBodies {
            bytes = try NestingScan.blankingBodies(Array(text.utf8)).get()
        } else {
            if let problem = NestingScan.check(text) { throw problem }
            bytes = Array(text.utf8)
        }
        return try LargeStack.run { () -> Result<(value: T, base: ParsedText, reused: Int), any Error> in
            // The same text again (read under another build context): the tree is the same.
            if let base, base.bytes == bytes { return Result { (try body(base.result.tree), base, bytes.count) } }
            if let base, let edits = base.edits(to: bytes),
                edits.edits.reduce(0, { $0 + max($1.length, $1.replacementBytes.count) }) <= bytes.count / 2
            {
                let reused = Counter()
                let transition = IncrementalParseTransition(
                    previousIncrementalParseResult: base.result, edits: edits,
                    reusedNodeCallback: { reused.value += $0.totalLength.utf8Length })
                let result = bytes.withUnsafeBufferPointer {
                    Parser.parseIncrementally(
                        source: $0, maximumNestingLevel: maximumNestingLevel, parseTransition: transition)
                }
                return Result { (try body(result.tree), base, reused.value) }
            }
            // A full parse, through the incremental entry point: it records the look-ahead a later reuse needs.
            let result = bytes.withUnsafeBufferPointer {
                Parser.parseIncrementally(source: $0, maximumNestingLevel: maximumNestingLevel, parseTransition: nil)
            }
            let parsed = ParsedText(bytes: bytes, result: result)
            return Result { (try body(result.tree), parsed, 0) }
        }.get()
    }
}

/// Counts what the parser's reuse callback reports (called on the parsing thread only).
private final class Counter {
    var value = 0
}
