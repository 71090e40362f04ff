/// The part of the C preprocessor a header's declarations need, for one Apple platform and without its SDK:
/// comments removed, `#if`/`#ifdef`/`#elif` evaluated against the platform's `TARGET_OS_*` and version macros
/// and the header set's own `#define`s, and those `#define`s collected (they are API, §7).
///
/// Unknown identifiers in a condition are 0, as in C; a condition it cannot parse is taken as true, so a
/// declaration is never lost to an expression this reader does not understand.
struct ObjCPreprocessor {
    /// One line of active code, with its 1-based line number in the header.
    struct Line {
        var number: Int
        var text: String
    }

    /// A `#define` in the header: name, parameters of a function-like macro, value tokens' text.
    struct Define {
        var name: String
        var parameters: String?
        var value: String
        var line: Int
    }

    var platform: String
    /// Macro values: the platform's and those the headers define (shared across a header set, so a header's
    /// configuration macros reach the headers read after it).
    var macros: [String: Int]
    /// Object-like macros whose value is one identifier (`MB_INSTANCETYPE` → `instancetype`): types spelled through
    /// them compare as the type.
    var aliases: [String: String] = [:]

    /// The macros a platform's SDK defines that headers test.
    static func platformMacros(_ platform: String) -> [String: Int] {
        var macros: [String: Int] = [
            "__OBJC__": 1, "__OBJC2__": 1, "__clang__": 1, "__clang_major__": 16, "__LP64__": 1, "__STDC__": 1,
            "TARGET_OS_MAC": 1, "TARGET_OS_IPHONE": 0, "TARGET_OS_IOS": 0, "TARGET_OS_OSX": 0, "TARGET_OS_TV": 0,
            "TARGET_OS_WATCH": 0, "TARGET_OS_VISION": 0, "TARGET_OS_MACCATALYST": 0, "TARGET_OS_SIMULATOR": 0,
            "TARGET_IPHONE_SIMULATOR": 0, "TARGET_OS_EMBEDDED": 0, "NS_BLOCKS_AVAILABLE": 1, "OBJC_BOOL_IS_BOOL": 1,
        ]
        switch platform {
        case "macOS":
            macros["TARGET_OS_OSX"] = 1
            macros["__MAC_OS_X_VERSION_MAX_ALLOWED"] = 150000
            macros["MAC_OS_X_VERSION_MAX_ALLOWED"] = 150000
            macros["__MAC_OS_X_VERSION_MIN_REQUIRED"] = 101300
            macros["MAC_OS_X_VERSION_MIN_REQUIRED"] = 101300
        case "tvOS":
            macros["TARGET_OS_IPHONE"] = 1
            macros["TARGET_OS_TV"] = 1
            macros["__TV_OS_VERSION_MAX_ALLOWED"] = 180000
            macros["__TV_OS_VERSION_MIN_REQUIRED"] = 120000
        case "watchOS":
            macros["TARGET_OS_IPHONE"] = 1
            macros["TARGET_OS_WATCH"] = 1
            macros["__WATCH_OS_VERSION_MAX_ALLOWED"] = 110000
            macros["__WATCH_OS_VERSION_MIN_REQUIRED"] = 40000
        default:
            macros["TARGET_OS_IPHONE"] = 1
            macros["TARGET_OS_IOS"] = 1
            macros["__IPHONE_OS_VERSION_MAX_ALLOWED"] = 180000
            macros["__IPHONE_OS_VERSION_MIN_REQUIRED"] = 120000
        }
        return macros
    }

    init(platform: String) {
        self.platform = platform
        self.macros = Self.platformMacros(platform)
    }

    /// The active lines of `text`, the `#define`s it makes on this platform, and what could not be read.
    mutating func run(_ text: String, file: String) -> (lines: [Line], defines: [Define], problems: [ObjCHeaderProblem])
    {
        var lines: [Line] = []
        var defines: [Define] = []
        var problems: [ObjCHeaderProblem] = []
        // Per open #if: whether this branch is active, whether some branch was taken, whether the parent is active.
        var stack: [(active: Bool, taken: Bool, parent: Bool, line: Int)] = []
        var active = true
        var lastIfndef: String?
        for (number, raw) in Self.logicalLines(Self.strippingComments(text)) {
            let trimmed = raw.drop { $0 == " " || $0 == "\t" }
            guard trimmed.first == "#" else {
                if active, trimmed.contains(where: { !$0.isWhitespace }) {
                    lines.append(Line(number: number, text: raw))
                }
                continue
            }
            let directive = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
            let word = String(directive.prefix { $0.isLetter })
            let rest = String(directive.dropFirst(word.count)).objcTrimmed
            switch word {
            case "if", "ifdef", "ifndef":
                var condition: Bool
                if word == "if" {
                    condition = evaluate(rest)
                } else {
                    let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    condition = (macros[name] != nil || aliases[name] != nil) == (word == "ifdef")
                    if word == "ifndef" { lastIfndef = name }
                }
                stack.append((active && condition, condition, active, number))
                active = active && condition
            case "elif", "elifdef", "elifndef":
                guard var top = stack.popLast() else {
                    problems.append(ObjCHeaderProblem(file: file, line: number, message: "#\(word) without #if"))
                    continue
                }
                let condition = word == "elif" ? evaluate(rest) : (macros[rest] != nil) == (word == "elifdef")
                top.active = top.parent && !top.taken && condition
                top.taken = top.taken || condition
                stack.append(top)
                active = top.active
            case "else":
                guard var top = stack.popLast() else {
                    problems.append(ObjCHeaderProblem(file: file, line: number, message: "#else without #if"))
                    continue
                }
                top.active = top.parent && !top.taken
                top.taken = true
                stack.append(top)
                active = top.active
            case "endif":
                guard let top = stack.popLast() else {
                    problems.append(ObjCHeaderProblem(file: file, line: number, message: "#endif without #if"))
                    continue
                }
                active = top.parent
            case "define" where active:
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                guard !name.isEmpty else { continue }
                var after = rest.dropFirst(name.count)
                var parameters: String?
                if after.first == "(" {
                    let close = after.firstIndex(of: ")") ?? after.endIndex
                    parameters = String(after[after.startIndex..<min(after.index(after: close), after.endIndex)])
                    after = after[min(after.index(after: close), after.endIndex)...]
                }
                let value = String(after).objcTrimmed
                if parameters == nil, let number = Int(value) {
                    macros[name] = number
                } else {
                    macros[name] = macros[name] ?? 1
                }
                if parameters == nil, !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                    !(value.first?.isNumber ?? true)
                {
                    aliases[name] = value
                }
                // `#define AF_API_UNAVAILABLE(x) API_UNAVAILABLE(x)`: a wrapper reads as the attribute it wraps.
                if parameters != nil, let open = value.firstIndex(of: "("),
                    case let callee = value[..<open].objcTrimmed, !callee.isEmpty,
                    callee.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                {
                    aliases[name] = callee
                }
                let guardMacro =
                    value.isEmpty && parameters == nil
                    && (name == lastIfndef || name.hasSuffix("_h") || name.hasSuffix("_H"))
                if !guardMacro {
                    defines.append(Define(name: name, parameters: parameters, value: value, line: number))
                }
            case "undef" where active:
                macros[rest] = nil
                aliases[rest] = nil
            default:
                continue
            }
        }
        if let open = stack.last {
            problems.append(ObjCHeaderProblem(file: file, line: open.line, message: "#if without #endif"))
        }
        return (lines, defines, problems)
    }

    // MARK: - Conditions

    /// `#if` expression: `defined(X)`, `!`, `&&`, `||`, comparisons, arithmetic, `__has_feature(…)` and friends.
    func evaluate(_ expression: String) -> Bool {
        var parser = ConditionParser(tokens: Self.conditionTokens(expression), macros: macros, platform: platform)
        guard let value = parser.parseOr(), parser.index == parser.tokens.count else { return true }
        return value != 0
    }

    static func conditionTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace { index = text.index(after: index); continue }
            if character.isLetter || character == "_" || character.isNumber {
                let end = text[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
                tokens.append(String(text[index..<end]))
                index = end
                continue
            }
            let two = text[index...].prefix(2)
            if ["&&", "||", "==", "!=", "<=", ">="].contains(String(two)) {
                tokens.append(String(two))
                index = text.index(index, offsetBy: 2)
                continue
            }
            tokens.append(String(character))
            index = text.index(after: index)
        }
        return tokens
    }

    // MARK: - Text

    /// The text with `//` and `/* */` comments replaced by spaces (newlines kept, so line numbers stay).
    static func strippingComments(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var chars = Array(text.unicodeScalars)[...]
        var inString: Character?
        while let scalar = chars.first {
            let next = chars.dropFirst().first
            if let quote = inString {
                out.unicodeScalars.append(scalar)
                chars = chars.dropFirst()
                if scalar == "\\", let next { out.unicodeScalars.append(next); chars = chars.dropFirst(); continue }
                if Character(scalar) == quote || scalar == "\n" { inString = nil }
                continue
            }
            if scalar == "/", next == "/" {
                while let c = chars.first, c != "\n" { chars = chars.dropFirst() }
                continue
            }
            if scalar == "/", next == "*" {
                chars = chars.dropFirst(2)
                while let c = chars.first {
                    if c == "*", chars.dropFirst().first == "/" { chars = chars.dropFirst(2); break }
                    if c == "\n" { out.append("\n") }
                    chars = chars.dropFirst()
                }
                out.append(" ")
                continue
            }
            if scalar == "\"" || scalar == "'" { inString = Character(scalar) }
            out.unicodeScalars.append(scalar)
            chars = chars.dropFirst()
        }
        return out
    }

    /// Lines with backslash continuations joined, each with the number of its first physical line.
    static func logicalLines(_ text: String) -> [(Int, String)] {
        var result: [(Int, String)] = []
        var pending: String?
        var start = 0
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var piece = String(line)
            if piece.hasSuffix("\r") { piece.removeLast() }
            if pending == nil { start = offset + 1 }
            if piece.hasSuffix("\\") {
                pending = (pending ?? "") + piece.dropLast() + " "
                continue
            }
            result.append((start, (pending ?? "") + piece))
            pending = nil
        }
        if let pending { result.append((start, pending)) }
        return result
    }
}

/// Precedence climbing over `#if` tokens.
private struct ConditionParser {
    var tokens: [String]
    var macros: [String: Int]
    var platform: String
    var index = 0

    private var peek: String? { index < tokens.count ? tokens[index] : nil }

    mutating func parseOr() -> Int? {
        guard var value = parseAnd() else { return nil }
        while peek == "||" {
            index += 1; guard let right = parseAnd() else { return nil }; value = (value != 0 || right != 0) ? 1 : 0
        }
        return value
    }

    mutating func parseAnd() -> Int? {
        guard var value = parseComparison() else { return nil }
        while peek == "&&" {
            index += 1; guard let right = parseComparison() else { return nil };
            value = (value != 0 && right != 0) ? 1 : 0
        }
        return value
    }

    mutating func parseComparison() -> Int? {
        guard var value = parseSum() else { return nil }
        while let op = peek, ["==", "!=", "<", ">", "<=", ">="].contains(op) {
            index += 1
            guard let right = parseSum() else { return nil }
            let result: Bool
            switch op {
            case "==": result = value == right
            case "!=": result = value != right
            case "<": result = value < right
            case ">": result = value > right
            case "<=": result = value <= right
            default: result = value >= right
            }
            value = result ? 1 : 0
        }
        return value
    }

    mutating func parseSum() -> Int? {
        guard var value = parseUnary() else { return nil }
        while let op = peek, op == "+" || op == "-" || op == "*" || op == "/" {
            index += 1
            guard let right = parseUnary() else { return nil }
            switch op {
            case "+": value += right
            case "-": value -= right
            case "*": value *= right
            default: value = right == 0 ? 0 : value / right
            }
        }
        return value
    }

    mutating func parseUnary() -> Int? {
        guard let token = peek else { return nil }
        index += 1
        switch token {
        case "!": return parseUnary().map { $0 == 0 ? 1 : 0 }
        case "-": return parseUnary().map { -$0 }
        case "(":
            let value = parseOr()
            guard peek == ")" else { return nil }
            index += 1
            return value
        case "defined":
            let parenthesized = peek == "("
            if parenthesized { index += 1 }
            guard let name = peek else { return nil }
            index += 1
            if parenthesized { guard peek == ")" else { return nil }; index += 1 }
            return macros[name] != nil ? 1 : 0
        default:
            if let first = token.first, first.isNumber {
                let digits = token.prefix {
                    $0.isNumber || $0 == "x" || $0 == "X" || ("a"..."f").contains($0) || ("A"..."F").contains($0)
                }
                if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return Int(digits.dropFirst(2), radix: 16) }
                return Int(token.prefix { $0.isNumber })
            }
            if peek == "(", token.hasPrefix("__has_") || token.hasPrefix("__is_") {
                // __has_feature(objc_arc), __has_include(<UIKit/UIKit.h>), __has_attribute(…): the modern answer.
                var depth = 0
                var argument = ""
                while let next = peek {
                    index += 1
                    if next == "(" { depth += 1; if depth == 1 { continue } }
                    if next == ")" { depth -= 1; if depth == 0 { break } }
                    argument += next
                }
                if token == "__has_include" || token == "__has_include_next" {
                    if argument.contains("UIKit") { return platform == "macOS" ? 0 : 1 }
                    if argument.contains("AppKit") { return platform == "macOS" ? 1 : 0 }
                }
                return 1
            }
            if let version = Self.versionConstant(token) { return version }
            return macros[token] ?? 0
        }
    }

    /// `__IPHONE_8_0` → 80000, `__MAC_10_10` → 101000, `__TVOS_9_0` → 90000.
    static func versionConstant(_ token: String) -> Int? {
        for prefix in ["__IPHONE_", "__MAC_", "__TVOS_", "__WATCHOS_", "__VISIONOS_"] where token.hasPrefix(prefix) {
            let parts = token.dropFirst(prefix.count).split(separator: "_").compactMap { Int($0) }
            guard !parts.isEmpty else { return nil }
            return parts[0] * 10000 + (parts.count > 1 ? parts[1] * 100 : 0) + (parts.count > 2 ? parts[2] : 0)
        }
        return nil
    }
}

extension StringProtocol {
    var objcTrimmed: String {
        let scalars = Array(unicodeScalars)
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
