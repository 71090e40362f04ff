extension ObjCHeaderParser {
    static let enumMacros: Set<String> = [
        "NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "NS_ERROR_ENUM", "CF_ENUM", "CF_OPTIONS", "CF_CLOSED_ENUM",
        "NS_TYPED_ENUM",
    ]

    /// A top-level C statement: typedef, enum, extern constant or variable, function (prototype or inline body).
    mutating func parseStatement() {
        let startLine = line
        var words: [Token] = []
        var body: [Token]?
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0, token.text.hasPrefix("@"),
                ["@interface", "@protocol", "@end", "@implementation", "@class"].contains(token.text)
            {
                break
            }
            if token.text == "{" && depth == 0 {
                body = skipBraces()
                // `typedef enum { … } Name;` goes on to its name; a function body ends the statement.
                if words.contains(where: {
                    $0.text == "typedef" || $0.text == "enum" || $0.text == "struct" || $0.text == "union"
                        || Self.enumMacros.contains($0.text)
                }) {
                    continue
                }
                break
            }
            index += 1
            if token.text == "(" { depth += 1 }
            if token.text == ")" { depth -= 1 }
            if token.text == ";" && depth <= 0 { break }
            words.append(token)
        }
        guard let first = words.first?.text else { return }
        let texts = words.map(\.text)
        if let macro = texts.firstIndex(where: { Self.enumMacros.contains($0) }), texts.indices.contains(macro + 1),
            texts[macro + 1] == "("
        {
            parseEnumMacro(texts, at: macro, body: body ?? [], line: startLine)
            return
        }
        if texts.contains("enum") && body != nil {
            parsePlainEnum(texts, body: body ?? [], line: startLine)
            return
        }
        if first == "typedef" {
            parseTypedef(Array(texts.dropFirst()), hasBody: body != nil, line: startLine)
            return
        }
        parseExternal(texts, hasBody: body != nil, line: startLine)
    }

    // MARK: - Enums

    /// `typedef NS_ENUM(NSInteger, Name) { … };`
    mutating func parseEnumMacro(_ texts: [String], at macro: Int, body: [Token], line: Int) {
        var position = macro + 2
        var arguments: [[String]] = [[]]
        var depth = 1
        while position < texts.count {
            let word = texts[position]
            position += 1
            if word == "(" { depth += 1 }
            if word == ")" { depth -= 1; if depth == 0 { break } }
            if word == "," && depth == 1 { arguments.append([]); continue }
            arguments[arguments.count - 1].append(word)
        }
        let kind = texts[macro]
        var name: String
        var raw: String
        if kind == "NS_ERROR_ENUM" {
            raw = "NSInteger"
            name = arguments.last?.last ?? ""
        } else if arguments.count >= 2 {
            raw = Self.spell(arguments[0])
            name = arguments[1].last ?? ""
        } else {
            // NS_ENUM(NSInteger) { … } Name; (anonymous form) or a typed enum's name after the body.
            raw = Self.spell(arguments[0])
            name = texts[position...].last(where: { Self.isIdentifier($0) && !Self.isMacroName($0) }) ?? ""
        }
        var attributes = Attributes()
        for (offset, word) in texts.enumerated() where offset >= position && Self.isMacroName(word) {
            let argument =
                offset + 1 < texts.count && texts[offset + 1] == "("
                ? texts[(offset + 2)...].prefix { $0 != ")" }.joined() : ""
            record(word, argument, into: &attributes)
        }
        let style = kind.replacingOccurrences(of: "CF_", with: "NS_")
        emitEnum(name: name, raw: raw, style: style, body: body, attributes: attributes, line: line)
    }

    /// `typedef enum [Name] [: Type] { … } Name;` and `enum Name [: Type] { … };`
    mutating func parsePlainEnum(_ texts: [String], body: [Token], line: Int) {
        guard let enumIndex = texts.firstIndex(of: "enum") else { return }
        var raw = "int"
        var tag: String?
        var position = enumIndex + 1
        if position < texts.count, Self.isIdentifier(texts[position]), !Self.isMacroName(texts[position]) {
            tag = texts[position]; position += 1
        }
        if position < texts.count, texts[position] == ":" {
            raw = Self.spell(Array(texts[(position + 1)...].prefix { Self.isIdentifier($0) && !Self.isMacroName($0) }))
        }
        // After the body: the typedef's name.
        let trailing =
            texts.first == "typedef"
            ? texts.last(where: {
                Self.isIdentifier($0) && !Self.isMacroName($0) && $0 != raw && $0 != tag && $0 != "enum"
                    && $0 != "typedef"
            })
            : nil
        let name = trailing ?? tag ?? ""
        emitEnum(name: name, raw: raw, style: "enum", body: body, attributes: Attributes(), line: line)
    }

    mutating func emitEnum(name: String, raw: String, style: String, body: [Token], attributes: Attributes, line: Int) {
        guard !attributes.unavailable else { return }
        let enumName = name.isEmpty ? nil : name
        if let enumName, !enumName.hasPrefix("_") {
            var declaration = ObjCDeclaration(key: "enum \(enumName)", kind: .enum, file: file, line: line)
            declaration.type = ObjCType(spelling: raw)
            declaration.detail = style
            add(declaration, attributes)
        }
        // Cases: split at top-level commas; a case's name is its first identifier.
        var cases: [(name: String, line: Int, attributes: Attributes)] = []
        var current: [Token] = []
        var depth = 0
        func flush() {
            defer { current = [] }
            guard let first = current.first, Self.isIdentifier(first.text) else { return }
            var attributes = Attributes()
            var position = 1
            while position < current.count {
                let word = current[position].text
                if word == "=" { break }
                var argument = ""
                if position + 1 < current.count, current[position + 1].text == "(" {
                    var inner = 0
                    var parts: [String] = []
                    var j = position + 1
                    repeat {
                        let text = current[j].text
                        if text == "(" { inner += 1 } else if text == ")" { inner -= 1 }
                        parts.append(text)
                        j += 1
                    } while j < current.count && inner > 0
                    argument = parts.dropFirst().dropLast().joined(separator: " ")
                    position = j
                } else {
                    position += 1
                }
                record(word, argument, into: &attributes)
            }
            cases.append((first.text, first.line, attributes))
        }
        for token in body {
            if token.text == "(" { depth += 1 }
            if token.text == ")" { depth -= 1 }
            if token.text == "," && depth == 0 { flush(); continue }
            current.append(token)
        }
        flush()
        let visible = cases.filter { !$0.attributes.unavailable }
        let swiftNames =
            style == "enum" || enumName == nil
            ? [:]
            : ObjCSwiftNames.caseNames(visible.map(\.name), enumName: enumName ?? "", options: style == "NS_OPTIONS")
        for item in visible {
            var declaration = ObjCDeclaration(
                key: "case \(item.name)", kind: .case, owner: enumName, file: file, line: item.line)
            declaration.swiftName = item.attributes.swiftName
            declaration.swiftCaseName = item.attributes.swiftName ?? swiftNames[item.name]
            declaration.detail = style
            declarations.append(declaration)
        }
    }

    // MARK: - Typedefs

    mutating func parseTypedef(_ texts: [String], hasBody: Bool, line: Int) {
        var attributes = Attributes()
        var words = texts
        // Trailing attribute macros: NS_SWIFT_NAME(…), NS_STRING_ENUM, API_AVAILABLE(…).
        while let last = words.last {
            if last == ")", let open = Self.matchingOpen(words), open > 0,
                Self.isMacroName(words[open - 1]) || words[open - 1] == "__attribute__"
            {
                record(words[open - 1], words[(open + 1)..<(words.count - 1)].joined(separator: " "), into: &attributes)
                words.removeSubrange((open - 1)...)
            } else if Self.isMacroName(last), words.count > 1 {
                record(last, "", into: &attributes)
                words.removeLast()
            } else {
                break
            }
        }
        var name: String?
        if let caret = words.indices.first(where: {
            (words[$0] == "^" || words[$0] == "*") && $0 > 0 && words[$0 - 1] == "("
        }),
            caret + 1 < words.count, Self.isIdentifier(words[caret + 1])
        {
            name = words[caret + 1]
            words.remove(at: caret + 1)
        } else if let last = words.lastIndex(where: { Self.isIdentifier($0) && Self.nullabilityWords[$0] == nil }) {
            name = words[last]
            words.remove(at: last)
        }
        guard let name, !name.hasPrefix("_") else { return }
        var declaration = ObjCDeclaration(key: "typedef \(name)", kind: .typedef, file: file, line: line)
        declaration.type = hasBody ? ObjCType(spelling: Self.spell(words) + " {…}") : type(words, defaultNonnull: false)
        add(declaration, attributes)
    }

    /// The index of the `(` that the final `)` of `words` closes.
    static func matchingOpen(_ words: [String]) -> Int? {
        var depth = 0
        for index in words.indices.reversed() {
            if words[index] == ")" { depth += 1 }
            if words[index] == "(" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }

    // MARK: - Functions, constants, variables

    /// `extern NSString * const Name;`, `FOUNDATION_EXPORT void F(int);`, `static inline CGFloat F(…) { … }`.
    mutating func parseExternal(_ texts: [String], hasBody: Bool, line: Int) {
        var words = texts
        var attributes = Attributes()
        var isExternal = false
        // Leading storage words and export macros.
        while let first = words.first {
            if first == "extern" || first == "static" || first == "inline" || first == "__inline__"
                || first == "__inline"
                || first == "FOUNDATION_EXPORT" || first == "FOUNDATION_EXTERN" || first == "UIKIT_EXTERN"
                || first == "APPKIT_EXTERN"
                || (Self.isMacroName(first)
                    && (first.hasSuffix("EXTERN") || first.hasSuffix("EXPORT") || first.hasSuffix("_INLINE")
                        || first.hasSuffix("EXTERN_C")))
            {
                isExternal = true
                words.removeFirst()
                continue
            }
            if Self.isMacroName(first), words.count > 1 {
                words.removeFirst()
                var argument = ""
                if words.first == "(", let close = Self.closing(words, from: 0) {
                    argument = words[1..<close].joined(separator: " ")
                    words.removeSubrange(0...close)
                }
                record(first, argument, into: &attributes)
                continue
            }
            break
        }
        // Trailing attributes.
        while let last = words.last {
            if last == ")", let open = Self.matchingOpen(words), open > 0,
                Self.isMacroName(words[open - 1]) || words[open - 1] == "__attribute__"
            {
                record(words[open - 1], words[(open + 1)..<(words.count - 1)].joined(separator: " "), into: &attributes)
                words.removeSubrange((open - 1)...)
            } else if Self.isMacroName(last), words.count > 2 {
                record(last, "", into: &attributes)
                words.removeLast()
            } else {
                break
            }
        }
        if let equals = words.firstIndex(of: "=") { words = Array(words[..<equals]) }
        guard !words.isEmpty else { return }
        // A function: `type name ( parameters )`, the name not inside parentheses (that is a function pointer).
        if words.last == ")", let open = Self.matchingOpen(words), open >= 2, Self.isIdentifier(words[open - 1]),
            !Self.isMacroName(words[open - 1]) || isExternal, words[open - 2] != "("
        {
            let name = words[open - 1]
            guard !name.hasPrefix("_"), isExternal || hasBody || open >= 2 else { return }
            let parameterWords = Array(words[(open + 1)..<(words.count - 1)])
            var parameters: [ObjCType] = []
            var current: [String] = []
            var depth = 0
            for word in parameterWords + [","] {
                if word == "(" || word == "<" { depth += 1 }
                if word == ")" || word == ">" { depth -= 1 }
                if word == "," && depth == 0 {
                    // Drop the parameter's name (the last identifier, unless it is the only word).
                    if current.count > 1, let last = current.last, Self.isIdentifier(last),
                        Self.nullabilityWords[last] == nil,
                        !["int", "long", "short", "char", "float", "double", "unsigned", "signed", "void", "BOOL"]
                            .contains(last)
                    {
                        current.removeLast()
                    }
                    if !current.isEmpty, current != ["void"] { parameters.append(type(current)) }
                    current = []
                    continue
                }
                current.append(word)
            }
            if parameterWords == ["..."] { parameters = [] }
            var declaration = ObjCDeclaration(key: "func \(name)", kind: .function, file: file, line: line)
            declaration.type = type(Array(words[..<(open - 1)]))
            declaration.parameters = parameters
            add(declaration, attributes)
            return
        }
        guard isExternal, !hasBody else { return }
        // A variable or constant: the name is the last identifier (or a block/function pointer's declarator).
        var name: String?
        if let caret = words.indices.first(where: {
            (words[$0] == "^" || words[$0] == "*") && $0 > 0 && words[$0 - 1] == "("
        }),
            caret + 1 < words.count, Self.isIdentifier(words[caret + 1])
        {
            name = words[caret + 1]
            words.remove(at: caret + 1)
        } else {
            while words.last == "]" || words.last == "[" { words.removeLast() }
            if let last = words.lastIndex(where: {
                Self.isIdentifier($0) && Self.nullabilityWords[$0] == nil && $0 != "const"
            }) {
                name = words[last]
                words.remove(at: last)
            }
        }
        guard let name, !name.hasPrefix("_") else { return }
        var declaration = ObjCDeclaration(key: "extern \(name)", kind: .variable, file: file, line: line)
        declaration.type = type(words)
        add(declaration, attributes)
    }

    static func closing(_ words: [String], from open: Int) -> Int? {
        var depth = 0
        for index in words.indices where index >= open {
            if words[index] == "(" { depth += 1 }
            if words[index] == ")" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }
}

/// How Swift names imported Objective-C declarations, as far as the diff needs it.
enum ObjCSwiftNames {
    /// An `NS_ENUM`'s cases as Swift imports them: the words all case names share (and the enum's name, for a
    /// single case) dropped, the rest in lower camel case: `MBProgressHUDModeText` → `text`.
    static func caseNames(_ names: [String], enumName: String, options: Bool) -> [String: String] {
        guard !names.isEmpty else { return [:] }
        let split = names.map(words)
        var common = split[0]
        for other in (names.count == 1 ? [words(enumName)] : Array(split.dropFirst())) {
            var count = 0
            while count < common.count, count < other.count, common[count] == other[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        var result: [String: String] = [:]
        for (name, parts) in zip(names, split) {
            var rest = Array(parts.dropFirst(common.count))
            if rest.isEmpty { rest = [parts.last ?? name] }
            // A case starting with a digit keeps one more word of the prefix (Swift names cannot start with one).
            if rest.first?.first?.isNumber == true, common.count > 0 { rest.insert(common[common.count - 1], at: 0) }
            let head = rest[0]
            let lowered = head == head.uppercased() ? head.lowercased() : head.prefix(1).lowercased() + head.dropFirst()
            result[name] = ([lowered] + rest.dropFirst()).joined()
        }
        return result
    }

    /// Camel-case words: `URLSessionTaskState` → `URL`, `Session`, `Task`, `State`; `_` separates too.
    static func words(_ name: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(name)
        for (offset, character) in characters.enumerated() {
            if character == "_" {
                if !current.isEmpty { result.append(current) }
                current = ""
                continue
            }
            if !current.isEmpty, character.isUppercase {
                let previous = characters[offset - 1]
                let nextIsLower = offset + 1 < characters.count && characters[offset + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    result.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
