import SwiftSyntax

/// Canonical source text of syntax nodes: tokens only, with spacing decided by the tokens
/// themselves, so that whitespace, line breaks and comments never reach a signature.
enum NormalizedText {
    /// The node's tokens joined with canonical spacing, e.g. `[String: Int]`, `(Int) async -> Void`.
    static func of(_ node: some SyntaxProtocol) -> String {
        var out = ""
        out.reserveCapacity(node.trimmedLength.utf8Length)
        var previous: (token: TokenSyntax, kind: Kind)?
        // Walking up from a token to find an attribute's end costs a little; only pay it when the
        // text has attributes at all.
        var sawAttribute = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            let tokenKind = token.tokenKind
            let kind = Kind(tokenKind)
            if kind == .atSign { sawAttribute = true }
            if let previous,
                needsSpace(between: previous.kind, and: kind, after: previous.token, attributes: sawAttribute)
            {
                out.append(" ")
            }
            // An identifier's kind already carries its text; reuse it rather than build it twice.
            if case .identifier(let text) = tokenKind {
                out.append(contentsOf: withoutBackticks(text))
            } else {
                out.append(contentsOf: token.text)
            }
            previous = (token, kind)
        }
        return out
    }

    /// A token's text with identifier backticks removed: `` `default` `` and `default` name the
    /// same thing for clients.
    static func name(of token: TokenSyntax) -> Substring {
        withoutBackticks(token.text)
    }

    private static func withoutBackticks(_ text: String) -> Substring {
        let utf8 = text.utf8
        if utf8.count > 2, utf8.first == UInt8(ascii: "`"), utf8.last == UInt8(ascii: "`") {
            return text.dropFirst().dropLast()
        }
        return Substring(text)
    }

    /// Whether a token is an operator name (`==`, `-`, `!`), whose parameters carry no labels.
    static func isOperator(_ token: TokenSyntax) -> Bool {
        switch Kind(token.tokenKind) {
        case .binaryOperator, .prefixOperator, .postfixOperator: return true
        default: return false
        }
    }

    /// Token classes that spacing depends on.
    private enum Kind: Equatable {
        case word, keyword(hugsParen: Bool), stringPart
        case comma, colon, arrow, equal, binaryOperator, prefixOperator, postfixOperator
        case leftParen, rightParen, leftSquare, rightSquare, leftAngle, rightAngle, leftBrace, rightBrace
        case period, atSign, postfixQuestionMark, exclamationMark, ellipsis, infixQuestionMark
        case prefixAmpersand, backslash, pound, semicolon, other

        init(_ kind: TokenKind) {
            switch kind {
            case .identifier, .dollarIdentifier, .wildcard, .integerLiteral, .floatLiteral,
                .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
                self = .word
            case .keyword(let keyword):
                // `throws(E)`, `init(`, `Self(`: keywords that take a parenthesis without a space.
                switch keyword {
                case .throws, .`init`, .subscript, .Self, .Any, .`self`, .super, .func, .get, .set:
                    self = .keyword(hugsParen: true)
                default: self = .keyword(hugsParen: false)
                }
            case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .stringSegment:
                self = .stringPart
            case .comma: self = .comma
            case .colon: self = .colon
            case .arrow: self = .arrow
            case .equal: self = .equal
            case .binaryOperator: self = .binaryOperator
            case .prefixOperator: self = .prefixOperator
            case .postfixOperator: self = .postfixOperator
            case .leftParen: self = .leftParen
            case .rightParen: self = .rightParen
            case .leftSquare: self = .leftSquare
            case .rightSquare: self = .rightSquare
            case .leftAngle: self = .leftAngle
            case .rightAngle: self = .rightAngle
            case .leftBrace: self = .leftBrace
            case .rightBrace: self = .rightBrace
            case .period: self = .period
            case .atSign: self = .atSign
            case .postfixQuestionMark: self = .postfixQuestionMark
            case .exclamationMark: self = .exclamationMark
            case .ellipsis: self = .ellipsis
            case .infixQuestionMark: self = .infixQuestionMark
            case .prefixAmpersand: self = .prefixAmpersand
            case .backslash: self = .backslash
            case .pound: self = .pound
            case .semicolon: self = .semicolon
            default: self = .other
            }
        }

        var isWordLike: Bool {
            switch self {
            case .word, .keyword, .stringPart: return true
            default: return false
            }
        }
    }

    // The rules produce conventional Swift spacing for the token sequences that occur in
    // declarations (types, generic clauses, attributes, literals); anything else still comes out
    // deterministic, which is all a comparison needs.
    private static func needsSpace(between a: Kind, and b: Kind, after token: TokenSyntax, attributes: Bool) -> Bool {
        if a == .stringPart && b == .stringPart { return false }
        if attributes && endsAttribute(token) { return true }
        switch b {
        case .comma, .colon, .rightParen, .rightSquare, .rightAngle, .period, .postfixQuestionMark,
            .exclamationMark, .ellipsis, .postfixOperator, .semicolon:
            return false
        default: break
        }
        switch a {
        case .leftParen, .leftSquare, .leftAngle, .period, .atSign, .prefixOperator, .prefixAmpersand,
            .backslash, .pound:
            return false
        case .comma, .colon, .arrow, .equal, .binaryOperator, .leftBrace, .infixQuestionMark:
            return true
        default: break
        }
        switch b {
        case .arrow, .equal, .binaryOperator, .rightBrace, .leftBrace, .infixQuestionMark:
            return true
        case .leftParen, .leftSquare, .leftAngle:
            // `inout [Int]`, `any (P & Q)` but `throws(E)`, `Array<Int>`, `@objc(name)`.
            return a == .keyword(hugsParen: false)
        default: break
        }
        if b.isWordLike {
            switch a {
            case .word, .keyword, .stringPart, .rightParen, .rightSquare, .rightAngle, .rightBrace,
                .postfixQuestionMark, .exclamationMark, .ellipsis:
                return true
            default:
                return false
            }
        }
        return false
    }

    /// True for the last token of an attribute, which is always followed by a space
    /// (`@Sendable (Int) -> Void`, `@convention(c) () -> Void`).
    private static func endsAttribute(_ token: TokenSyntax) -> Bool {
        var node = token.parent
        while let current = node, current.lastToken(viewMode: .sourceAccurate) == token {
            if current.is(AttributeSyntax.self) { return true }
            node = current.parent
        }
        return false
    }
}

extension String {
    /// Whether the text contains the ASCII `needle`, by a plain byte scan: Foundation's `contains` goes through
    /// NSString on Linux, and `utf8.firstRange(of:)` through the generic string-processing searcher, which cost a
    /// tenth of a cold `check` where it was asked of every finished signature.
    func containsASCII(_ needle: StaticString) -> Bool {
        var text = self
        return text.withUTF8 { haystack in
            needle.withUTF8Buffer { pattern in
                guard let first = pattern.first, pattern.count <= haystack.count else { return false }
                var index = 0
                let last = haystack.count - pattern.count
                while index <= last {
                    if haystack[index] == first {
                        var offset = 1
                        while offset < pattern.count, haystack[index + offset] == pattern[offset] { offset += 1 }
                        if offset == pattern.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
