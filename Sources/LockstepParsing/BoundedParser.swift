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
}
