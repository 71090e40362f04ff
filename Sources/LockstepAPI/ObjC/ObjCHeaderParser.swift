/// A declaration-level reader of Objective-C headers: it finds what a client can name (classes, protocols, methods,
/// properties, C functions, constants, enums and their cases, typedefs, macros) without a compiler or Apple's SDK.
///
/// Why not libclang (see docs/objc.md): without the SDK, libclang stops at the first `#import <UIKit/UIKit.h>` and
/// turns every `UIView`, `NS_ENUM` and `FOUNDATION_EXPORT` into an error; it would also add a system library to
/// build on Linux and macOS. Declarations in headers have a small grammar: an unknown name is simply a type or
/// an attribute macro here, which is what a header read without its SDK needs.
struct ObjCHeaderParser {
    struct Token {
        var text: String
        var line: Int
    }

    let file: String
    let platform: String
    let aliases: [String: String]
    var tokens: [Token] = []
    var index = 0
    var assumeNonnull = false
    var declarations: [ObjCDeclaration] = []
    /// Members marked unavailable (`- (instancetype)init NS_UNAVAILABLE;`): absent, but newly so when they were
    /// inherited.
    var unavailableKeys: [String] = []
    var problems: [ObjCHeaderProblem] = []

    init(file: String, platform: String, lines: [ObjCPreprocessor.Line], aliases: [String: String]) {
        self.file = file
        self.platform = platform
        self.aliases = aliases
        self.tokens = Self.tokenize(lines, aliases: aliases)
    }

    // MARK: - Tokens

    static func tokenize(_ lines: [ObjCPreprocessor.Line], aliases: [String: String]) -> [Token] {
        var tokens: [Token] = []
        for line in lines {
            let scalars = Array(line.text.unicodeScalars)
            var i = 0
            func isIdent(_ s: Unicode.Scalar) -> Bool {
                s.properties.isAlphabetic || s == "_" || s == "$" || ("0"..."9").contains(s)
            }
            while i < scalars.count {
                let s = scalars[i]
                if s.properties.isWhitespace { i += 1; continue }
                if s == "\"" || s == "'" || (s == "@" && i + 1 < scalars.count && scalars[i + 1] == "\"") {
                    var j = s == "@" ? i + 2 : i + 1
                    let quote = s == "@" ? "\"" : s
                    while j < scalars.count, scalars[j] != quote { if scalars[j] == "\\" { j += 1 }; j += 1 }
                    tokens.append(Token(text: "\"…\"", line: line.number))
                    i = j + 1
                    continue
                }
                if s == "@" || isIdent(s) {
                    var j = i + 1
                    while j < scalars.count, isIdent(scalars[j]) { j += 1 }
                    var text = String(String.UnicodeScalarView(scalars[i..<j]))
                    if let alias = aliases[text] { text = alias }
                    tokens.append(Token(text: text, line: line.number))
                    i = j
                    continue
                }
                if s == ".", i + 2 < scalars.count, scalars[i + 1] == ".", scalars[i + 2] == "." {
                    tokens.append(Token(text: "...", line: line.number))
                    i += 3
                    continue
                }
                tokens.append(Token(text: String(s), line: line.number))
                i += 1
            }
        }
        return tokens
    }

    var peek: String? { index < tokens.count ? tokens[index].text : nil }
    func peek(_ offset: Int) -> String? { index + offset < tokens.count ? tokens[index + offset].text : nil }
    var line: Int { index < tokens.count ? tokens[index].line : (tokens.last?.line ?? 1) }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first.properties.isAlphabetic || first == "_"
    }

    /// An all-capitals name (`NS_SWIFT_NAME`, `UIKIT_EXTERN`, `API_AVAILABLE`, `MB_STRONG`): an attribute macro, not a
    /// type.
    static func isMacroName(_ text: String) -> Bool {
        guard text.count >= 3, !["BOOL", "SEL", "IMP", "NULL", "FILE", "UInt", "GLuint"].contains(text) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
            && text.unicodeScalars.contains { ("A"..."Z").contains($0) }
    }

    static let nullabilityWords: [String: ObjCNullability] = [
        "nullable": .nullable, "_Nullable": .nullable, "__nullable": .nullable, "null_resettable": .nullable,
        "nonnull": .nonnull, "_Nonnull": .nonnull, "__nonnull": .nonnull,
        "null_unspecified": .unspecified, "_Null_unspecified": .unspecified, "__null_unspecified": .unspecified,
    ]

    /// Words that change nothing a client compiles against.
    static let ignoredWords: Set<String> = [
        "__kindof", "__autoreleasing", "__strong", "__weak", "__unsafe_unretained", "__block", "__covariant",
        "__contravariant", "IBOutlet", "IBInspectable", "__unused", "_Nullable_result", "__deprecated", "__unavailable",
        "IBOutletCollection", "inline", "__inline", "__inline__", "static",
    ]

    // MARK: - Attributes

    struct Attributes {
        var swiftName: String?
        var unavailable = false
    }

    /// Consumes attribute macros at `index` (with their parenthesized arguments), returning what they say.
    mutating func skipAttributes(into attributes: inout Attributes) {
        while let word = peek {
            let isAttribute =
                Self.isMacroName(word) || word == "__attribute__" || word == "__deprecated_msg"
                || word == "__unavailable" || word == "__deprecated" || word.hasPrefix("__API_")
                || word.hasPrefix("__IOS_")
                || word.hasPrefix("__OSX_") || word.hasPrefix("__TVOS_") || word.hasPrefix("__WATCHOS_")
            guard isAttribute else { return }
            index += 1
            var argument = ""
            if peek == "(" { argument = balanced() }
            record(word, argument, into: &attributes)
        }
    }

    mutating func record(_ word: String, _ argument: String, into attributes: inout Attributes) {
        switch word {
        case "NS_SWIFT_NAME": attributes.swiftName = argument.filter { !$0.isWhitespace }
        case "NS_REFINED_FOR_SWIFT": attributes.swiftName = "__refined"
        case "NS_SWIFT_UNAVAILABLE": attributes.swiftName = "__unavailable"
        case "NS_UNAVAILABLE", "UNAVAILABLE_ATTRIBUTE", "__unavailable", "NS_AUTOMATED_REFCOUNT_UNAVAILABLE":
            attributes.unavailable = true
        case "__attribute__" where argument.contains("unavailable"):
            attributes.unavailable = true
        case "API_UNAVAILABLE", "__API_UNAVAILABLE":
            let names = argument.lowercased().split { !$0.isLetter }.map(String.init)
            let mine: Set<String>
            switch platform {
            case "macOS": mine = ["macos", "macosx", "osx"]
            case "tvOS": mine = ["tvos"]
            case "watchOS": mine = ["watchos"]
            default: mine = ["ios"]
            }
            if names.contains(where: mine.contains) { attributes.unavailable = true }
        default:
            if (word.hasPrefix("__IOS_UNAVAILABLE") || word.hasPrefix("__IOS_PROHIBITED")) && platform == "iOS" {
                attributes.unavailable = true
            }
            if (word.hasPrefix("__OSX_UNAVAILABLE") || word.hasPrefix("__OSX_PROHIBITED")) && platform == "macOS" {
                attributes.unavailable = true
            }
        }
    }

    /// The text of a balanced `( … )` group at `index`, without the outer parentheses; `index` moves past it.
    mutating func balanced() -> String {
        var depth = 0
        var parts: [String] = []
        while let word = peek {
            index += 1
            if word == "(" { depth += 1; if depth == 1 { continue } }
            if word == ")" { depth -= 1; if depth == 0 { break } }
            parts.append(word)
        }
        return parts.joined(separator: " ")
    }

    // MARK: - Types

    /// A type from its tokens: attribute macros and ownership words dropped, the outermost nullability kept apart.
    func type(_ words: [String], defaultNonnull: Bool? = nil) -> ObjCType {
        var kept: [String] = []
        var nullability: ObjCNullability?
        var depth = 0
        var i = 0
        while i < words.count {
            let word = words[i]
            if let value = Self.nullabilityWords[word] {
                if depth == 0 || (kept.last == "^" && depth == 1) {
                    nullability = nullability ?? value
                } else if value == .nullable {
                    // Inside a block's or generic's types: `NSError * _Nullable` is another Swift type than `NSError
                    // *`.
                    kept.append("_Nullable")
                }
                i += 1
                continue
            }
            if Self.ignoredWords.contains(word) || word == "__attribute__" || word == "NS_NOESCAPE"
                || Self.isMacroName(word)
            {
                i += 1
                if i < words.count, words[i] == "(" {
                    var inner = 0
                    repeat {
                        if words[i] == "(" { inner += 1 } else if words[i] == ")" { inner -= 1 }
                        i += 1
                    } while i < words.count && inner > 0
                }
                continue
            }
            if word == "(" || word == "<" || word == "[" { depth += 1 }
            if word == ")" || word == ">" || word == "]" { depth -= 1 }
            kept.append(word == "IBAction" ? "void" : word)
            i += 1
        }
        // `void (^)()` and `void (^)(void)` are one block type.
        var spelled: [String] = []
        for (offset, word) in kept.enumerated() {
            spelled.append(word)
            if word == "(", offset + 1 < kept.count, kept[offset + 1] == ")", offset > 0, kept[offset - 1] == ")" {
                spelled.append("void")
            }
        }
        spelled = Self.droppingParameterNames(spelled)
        // `NSInteger const` and `const NSInteger` are one type.
        if !spelled.contains("*"), !spelled.contains("^"), spelled.contains("const") {
            spelled = ["const"] + spelled.filter { $0 != "const" }
        }
        let spelling = Self.spell(spelled)
        let isPointer =
            spelled.contains("*") || spelled.contains("^")
            || ["id", "instancetype", "Class"].contains(spelled.first ?? "")
        let assumed: ObjCNullability = (defaultNonnull ?? assumeNonnull) && isPointer ? .nonnull : .unspecified
        return ObjCType(spelling: spelling, nullability: isPointer ? (nullability ?? assumed) : .unspecified)
    }

    static let typeKeywords: Set<String> = [
        "void", "int", "long", "short", "char", "float", "double", "unsigned", "signed", "BOOL", "bool", "const", "id",
        "instancetype", "Class", "SEL", "_Nullable", "volatile", "restrict", "__restrict", "struct", "enum", "union",
    ]

    /// Parameter names in a block's or function pointer's parameter list (`void (^)(NSError *error)`) are no part of
    /// its type.
    static func droppingParameterNames(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            // A parameter list: `(` right after the `)` that closes `(^)` or `(*)`.
            guard word == "(", index > 0, words[index - 1] == ")" else {
                result.append(word)
                index += 1
                continue
            }
            var depth = 0
            var end = index
            while end < words.count {
                if words[end] == "(" { depth += 1 }
                if words[end] == ")" { depth -= 1; if depth == 0 { break } }
                end += 1
            }
            let inner = Array(words[(index + 1)..<min(end, words.count)])
            var segments: [[String]] = [[]]
            var level = 0
            for token in inner {
                if token == "(" || token == "<" || token == "[" { level += 1 }
                if token == ")" || token == ">" || token == "]" { level -= 1 }
                if token == "," && level == 0 { segments.append([]); continue }
                segments[segments.count - 1].append(token)
            }
            let cleaned = segments.map { segment -> [String] in
                var segment = droppingParameterNames(segment)
                if segment.count >= 2, let last = segment.last, isIdentifier(last), !typeKeywords.contains(last),
                    !(segment.count == 2
                        && ["unsigned", "signed", "long", "short", "struct", "enum"].contains(segment[0]))
                {
                    segment.removeLast()
                }
                return segment
            }
            result.append("(")
            result.append(contentsOf: cleaned.enumerated().flatMap { $0.offset == 0 ? $0.element : [","] + $0.element })
            result.append(")")
            index = end + 1
        }
        return result
    }

    /// Canonical spacing: `NSArray<NSString *> *`, `void (^)(BOOL)`.
    static func spell(_ words: [String]) -> String {
        var text = ""
        var previous = ""
        for word in words {
            let tight =
                text.isEmpty || [",", ")", ">", "]"].contains(word) || ["(", "<", "[", "^"].contains(previous)
                || (word == "*" && previous == "*") || (word == "<" && isIdentifier(previous))
                || (word == "(" && previous == ")")
            if !tight { text += " " }
            if word == "," { text += ","; previous = word; continue }
            text += word
            previous = word
        }
        return text
    }
}
