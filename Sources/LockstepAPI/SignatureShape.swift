/// A normalized signature taken apart again, so that two versions of one declaration can be compared
/// piece by piece (parameters, effects, generic parameters, availability) rather than as whole text.
///
/// It reads the text `APICollector` writes, which is canonical: depth-0 spaces separate attributes,
/// modifiers and keywords; brackets, angle brackets and string literals nest.
struct SignatureShape: Equatable, Sendable {
    /// `@available(…)` attributes, each as written in the signature.
    var availability: [String] = []
    /// Every other attribute, access level and modifier before the keyword, in signature order.
    var modifiers: [String] = []
    /// `func`, `init`, `init?`, `subscript`, `var`, `let`, `case`, `struct`, … .
    var keyword = ""
    /// The name after a `func`, `macro`, `var`, …; empty for `init` and `subscript`.
    var name = ""
    /// The generic parameters, e.g. `["S: StringProtocol", "T"]`; nil without a clause.
    var generics: [String]?
    /// Parameters as `label: Type` (plus ` = default` or `...`); nil for declarations that take none.
    var parameters: [String]?
    /// `async`, `throws`, `throws(E)`, `rethrows` in order.
    var effects: [String] = []
    /// The text after the effects up to `where` (the return type with its arrow, a property's type, …).
    var result = ""
    /// The `where` requirements, sorted as written.
    var requirements: [String] = []
    /// A subscript's or property's `{ get set }`; empty otherwise.
    var accessors = ""

    private static let keywords: Set<String> = [
        "func", "init", "init?", "init!", "subscript", "macro", "var", "let", "case", "struct", "class", "enum",
        "actor", "protocol", "typealias", "associatedtype",
    ]
    private static let effectWords: Set<String> = ["async", "throws", "rethrows", "reasync"]

    private static let memo = ParseMemo<SignatureShape?>()

    /// Takes a signature apart; nil when it does not have the expected form. Remembered by the text: the judgements
    /// take the same signatures apart for every candidate pair (see `ParseMemo`).
    init?(_ signature: String) {
        guard let parsed = Self.memo.value(for: signature, Self.init(parsing:)) else { return nil }
        self = parsed
    }

    private init?(parsing signature: String) {
        let words = Self.topLevelWords(signature)
        // `class` is also a modifier (`class func`): the keyword after it wins.
        guard
            let keywordIndex = words.firstIndex(where: { $0 != "class" && Self.keywords.contains(Self.keywordPart($0)) }
            )
                ?? words.firstIndex(of: "class")
        else { return nil }
        for word in words[..<keywordIndex] {
            if word.hasPrefix("@available(") { availability.append(word) } else { modifiers.append(word) }
        }
        // `init?<T>(x: T)` is one word; so is `func f<T>(x: T)` after the keyword.
        let head = words[keywordIndex]
        keyword = Self.keywordPart(head)
        var rest = String(head.dropFirst(keyword.count))
        var index = keywordIndex + 1
        if rest.isEmpty, keyword != "init", keyword != "init?", keyword != "init!", keyword != "subscript",
            index < words.count
        {
            rest = words[index]
            index += 1
            // An operator's name is followed by a space: `func == (_: A, _: A)`, `func < <T>(…)`.
            if keyword == "func", !rest.contains("("), index < words.count,
                words[index].hasPrefix("(") || words[index].hasPrefix("<")
            {
                let operatorName = rest
                rest = words[index]
                index += 1
                guard parseHead(rest) else { return nil }
                name = operatorName
                rest = ""
            }
        }
        if !rest.isEmpty { guard parseHead(rest) else { return nil } }
        var tail = Array(words[index...])
        while let first = tail.first, Self.effectWords.contains(first) || first.hasPrefix("throws(") {
            effects.append(first)
            tail.removeFirst()
        }
        if let braceIndex = tail.firstIndex(where: { $0.hasPrefix("{") }) {
            accessors = tail[braceIndex...].joined(separator: " ")
            tail = Array(tail[..<braceIndex])
        }
        if let whereIndex = tail.firstIndex(of: "where") {
            requirements = Self.splitTopLevel(tail[(whereIndex + 1)...].joined(separator: " "), at: ",")
            tail = Array(tail[..<whereIndex])
        }
        result = ([result] + tail).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Reads `name<Generics>(parameters)` (each part optional) from the word after the keyword.
    private mutating func parseHead(_ text: String) -> Bool {
        var chars = Substring(text)
        let nameEnd = chars.firstIndex { $0 == "<" || $0 == "(" || $0 == ":" } ?? chars.endIndex
        name = String(chars[..<nameEnd])
        chars = chars[nameEnd...]
        if chars.first == "<" {
            guard let end = Self.closingIndex(of: chars) else { return false }
            generics = Self.splitTopLevel(String(chars[chars.index(after: chars.startIndex)..<end]), at: ",")
            chars = chars[chars.index(after: end)...]
        }
        if chars.first == "(" {
            guard let end = Self.closingIndex(of: chars) else { return false }
            let inside = String(chars[chars.index(after: chars.startIndex)..<end])
            parameters = inside.isEmpty ? [] : Self.splitTopLevel(inside, at: ",")
            chars = chars[chars.index(after: end)...]
        }
        // Whatever follows without a space (`: Int` of a property) belongs to the result.
        if !chars.isEmpty { result = String(chars) }
        return true
    }

    private static func keywordPart(_ word: String) -> String {
        for keyword in ["init?", "init!", "init", "subscript"] where word.hasPrefix(keyword) {
            let after = word.dropFirst(keyword.count)
            if after.isEmpty || after.first == "(" || after.first == "<" { return keyword }
        }
        return word
    }

    // MARK: Lexing

    /// Splits at depth-0 spaces, keeping bracketed and quoted text together.
    static func topLevelWords(_ text: String) -> [String] {
        splitTopLevel(text, at: " ")
    }

    /// Splits at a separator found outside brackets and string literals; pieces are trimmed, empty ones dropped.
    static func splitTopLevel(_ text: String, at separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var nesting = Nesting()
        let chars = Array(text)
        for (index, char) in chars.enumerated() {
            nesting.read(char, at: index, in: chars)
            if char == separator, nesting.isTopLevel {
                let piece = current.trimmingSpaces()
                if !piece.isEmpty { pieces.append(piece) }
                current = ""
            } else {
                current.append(char)
            }
        }
        let piece = current.trimmingSpaces()
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// `Box<Int, [String]>` as `Box` and its arguments; nil unless the text is a name with one generic argument list
    /// that closes at its end (not `Outer<A>.Inner<B>`).
    static func genericApplication(_ text: String) -> (name: String, arguments: [String])? {
        guard text.hasSuffix(">"), let open = text.firstIndex(of: "<"),
            let close = closingIndex(of: text[open...]), text.index(after: close) == text.endIndex
        else { return nil }
        return (String(text[..<open]), splitTopLevel(String(text[text.index(after: open)..<close]), at: ","))
    }

    /// The index of the bracket closing the one `text` starts with.
    private static func closingIndex(of text: Substring) -> Substring.Index? {
        var nesting = Nesting()
        let chars = Array(text)
        for (offset, char) in chars.enumerated() {
            nesting.read(char, at: offset, in: chars)
            if nesting.isTopLevel, !nesting.inString, "([<{".contains(chars[0]) {
                return text.index(text.startIndex, offsetBy: offset)
            }
        }
        return nil
    }

    /// Bracket depth while reading a signature left to right. `<` opens a generic clause only when an
    /// identifier, a bracket or a literal follows it (an operator name such as `<` or `<=` is followed by a
    /// space or another operator character); `>` closes one only when one is open and it is not in `->`.
    private struct Nesting {
        var depth = 0
        var angles = 0
        var inString = false
        private var previous: Character = " "

        var isTopLevel: Bool { depth == 0 && angles == 0 && !inString }

        mutating func read(_ char: Character, at index: Int, in chars: [Character]) {
            defer { previous = char }
            if inString {
                if char == "\"" && previous != "\\" { inString = false }
                return
            }
            switch char {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "<":
                guard index + 1 < chars.count else { break }
                let next = chars[index + 1]
                if next.isLetter || next == "_" || next == "(" || next == "[" || next == "`" { angles += 1 }
            case ">" where previous != "-" && angles > 0: angles -= 1
            default: break
            }
        }
    }
}

/// One parameter of a `SignatureShape`.
struct ShapeParameter: Equatable {
    /// The argument label (`_` for none).
    var label: String
    /// The type with its attributes and modifiers (`inout`, `@escaping`), without `...` or the default.
    var type: String
    /// Whether callers may leave it out: it has a default value.
    var hasDefault: Bool
    /// Whether it is variadic, which callers may also leave out.
    var isVariadic: Bool

    init(_ text: String) {
        var body = Substring(text)
        hasDefault = body.hasSuffix(" = default")
        if hasDefault { body = body.dropLast(" = default".count) }
        isVariadic = body.hasSuffix("...")
        if isVariadic { body = body.dropLast(3) }
        if let colon = body.firstIndex(of: ":") {
            label = String(body[..<colon])
            type = String(body[body.index(after: colon)...]).trimmingSpaces()
        } else {
            label = "_"
            type = String(body)
        }
    }

    /// Callers may leave it out of a call.
    var isOmittable: Bool { hasDefault || isVariadic }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        guard let start = firstIndex(where: { $0 != " " }), let end = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[start...end])
    }
}
