extension ObjCHeaderParser {
    /// Reads every top-level declaration.
    mutating func parse() {
        while let word = peek {
            let start = index
            switch word {
            case "@interface": parseContainer(isProtocol: false)
            case "@protocol": parseContainer(isProtocol: true)
            case "@implementation": skip(until: "@end")
            case "@class", "@compatibility_alias", "@import": skipStatement()
            case "@end": index += 1
            case "}": index += 1
            case "{": _ = skipBraces()
            default:
                if word.hasSuffix("ASSUME_NONNULL_BEGIN") || word == "NS_HEADER_AUDIT_BEGIN" {
                    assumeNonnull = true
                    index += 1
                    if peek == "(" { _ = balanced() }
                } else if word.hasSuffix("ASSUME_NONNULL_END") || word == "NS_HEADER_AUDIT_END" {
                    assumeNonnull = false
                    index += 1
                    if peek == "(" { _ = balanced() }
                } else if Self.isMacroName(word),
                    word.hasSuffix("_BEGIN") || word.hasSuffix("_END") || word.hasSuffix("_DECLS")
                {
                    index += 1
                    if peek == "(" { _ = balanced() }
                } else if word == "extern", peek(1) == "\"…\"", peek(2) == "{" {
                    index += 3
                } else {
                    parseStatement()
                }
            }
            if index == start { index += 1 }
        }
    }

    mutating func skip(until end: String) {
        while let word = peek, word != end { index += 1 }
        index += 1
    }

    /// Skips to the end of a statement: `;` at depth 0, or a closing `}` of a body.
    mutating func skipStatement() {
        var depth = 0
        while let word = peek {
            index += 1
            if word == "{" || word == "(" || word == "[" { depth += 1 }
            if word == "}" || word == ")" || word == "]" {
                depth -= 1; if depth == 0 && word == "}" && peek != ";" { return }
            }
            if word == ";" && depth <= 0 { return }
            if word.hasPrefix("@"), ["@interface", "@protocol", "@end", "@implementation"].contains(word), depth <= 0 {
                index -= 1
                return
            }
        }
    }

    /// Skips `{ … }` at `index`; returns its tokens' texts.
    mutating func skipBraces() -> [Token] {
        var depth = 0
        var inside: [Token] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token.text == "{" { depth += 1; if depth == 1 { continue } }
            if token.text == "}" { depth -= 1; if depth == 0 { return inside } }
            inside.append(token)
        }
        problems.append(ObjCHeaderProblem(file: file, line: tokens.last?.line ?? 1, message: "{ without }"))
        return inside
    }

    mutating func add(_ declaration: ObjCDeclaration, _ attributes: Attributes) {
        guard !attributes.unavailable else { return }
        var declaration = declaration
        declaration.swiftName = attributes.swiftName ?? declaration.swiftName
        declarations.append(declaration)
    }

    // MARK: - @interface and @protocol

    mutating func parseContainer(isProtocol: Bool) {
        let startLine = line
        index += 1
        guard let name = peek, Self.isIdentifier(name) else { skipStatement(); return }
        index += 1
        if isProtocol, peek == ";" || peek == "," { skipStatement(); return }
        var category: String?
        var superclass: String?
        var adopted: [String] = []
        var typeParameters: [String] = []
        if !isProtocol, peek == "<", genericParametersFollow() {
            // `<__covariant ObjectType>`, `<KeyType, ObjectType>`: the names.
            typeParameters = angle().split(separator: ",").compactMap {
                $0.split(separator: " ").first { !$0.hasPrefix("__") }.map(String.init)
            }
        }
        if peek == "(" { category = balanced() }
        if peek == ":" {
            index += 1
            superclass = peek
            index += 1
            if peek == "<", superclassArgumentsFollow(typeParameters: typeParameters) { _ = angle() }
        }
        if peek == "<" {
            adopted = angle().split(separator: ",").map { $0.filter { !$0.isWhitespace } }.filter { !$0.isEmpty }
        }
        var attributes = Attributes()
        skipAttributes(into: &attributes)
        if peek == "{" { _ = skipBraces() }
        let isClassDeclaration = !isProtocol && category == nil
        if !attributes.unavailable, !name.hasPrefix("_") {
            if isProtocol || isClassDeclaration {
                var declaration = ObjCDeclaration(
                    key: "\(isProtocol ? "@protocol" : "@interface") \(name)",
                    kind: isProtocol ? .protocol : .class, file: file, line: startLine)
                declaration.detail = superclass
                add(declaration, attributes)
            }
            for proto in adopted where !proto.hasPrefix("_") && proto != "NSObject" {
                var conformance = ObjCDeclaration(
                    key: "conformance \(name): \(proto)", kind: .conformance, owner: name,
                    file: file, line: startLine)
                conformance.inProtocol = isProtocol
                declarations.append(conformance)
            }
        }
        var optional = false
        let hidden = attributes.unavailable || name.hasPrefix("_")
        while let word = peek {
            switch word {
            case "@end":
                index += 1
                return
            case "@interface", "@protocol", "@implementation":
                problems.append(
                    ObjCHeaderProblem(
                        file: file, line: startLine,
                        message: "\(isProtocol ? "@protocol" : "@interface") \(name) without @end"))
                return
            case "@optional": optional = true; index += 1
            case "@required": optional = false; index += 1
            case "@property":
                if let declaration = parseProperty(owner: name, inProtocol: isProtocol, optional: optional), !hidden {
                    declarations.append(declaration)
                }
            case "-", "+":
                if let declaration = parseMethod(owner: name, inProtocol: isProtocol, optional: optional), !hidden {
                    declarations.append(declaration)
                }
            case "@public", "@private", "@protected", "@package": index += 1
            default:
                if word.hasSuffix("ASSUME_NONNULL_BEGIN") { assumeNonnull = true; index += 1; continue }
                if word.hasSuffix("ASSUME_NONNULL_END") { assumeNonnull = false; index += 1; continue }
                skipStatement()
            }
        }
        problems.append(
            ObjCHeaderProblem(
                file: file, line: startLine, message: "\(isProtocol ? "@protocol" : "@interface") \(name) without @end")
        )
    }

    /// `<ObjectType>` right after a class name, then `:`: generic parameters, not adopted protocols.
    func genericParametersFollow() -> Bool {
        var offset = 0
        while let word = peek(offset), word != ">" { offset += 1 }
        let after = peek(offset + 1)
        return after == ":" || after == "(" || after == "{"
    }

    /// `<…>` right after a superclass: its generic arguments (`NSArray<NSString *>`, `NSArray<ObjectType>` in
    /// `@interface X<ObjectType> : NSArray<ObjectType>`, one followed by the protocols `<P>`), not the protocols
    /// adopted — which an instance-variable block may follow as well (`@interface X : NSObject<P> { … }`).
    func superclassArgumentsFollow(typeParameters: [String]) -> Bool {
        var offset = 1
        var words: [String] = []
        while let word = peek(offset), word != ">" {
            words.append(word)
            offset += 1
        }
        if peek(offset + 1) == "<" || words.contains(where: { $0.contains("*") }) { return true }
        return words.contains { typeParameters.contains($0) || $0 == "id" || $0 == "Class" }
    }

    /// The text inside `< … >` at `index`.
    mutating func angle() -> String {
        var depth = 0
        var parts: [String] = []
        while let word = peek {
            index += 1
            if word == "<" { depth += 1; if depth == 1 { continue } }
            if word == ">" { depth -= 1; if depth == 0 { break } }
            parts.append(word)
        }
        return parts.joined(separator: " ")
    }

    // MARK: - Members

    /// `- (Type)piece:(Type)name piece:(Type)name, ... ATTRIBUTES;`
    mutating func parseMethod(owner: String, inProtocol: Bool, optional: Bool) -> ObjCDeclaration? {
        let startLine = line
        let marker = peek!
        index += 1
        var result = ObjCType(spelling: "id", nullability: assumeNonnull ? .nonnull : .unspecified)
        if peek == "(" {
            let inner = balanced()
            result = type(Self.words(inner))
        }
        var pieces: [String] = []
        var parameters: [ObjCType] = []
        var attributes = Attributes()
        var variadic = false
        loop: while let word = peek {
            if word == ";" || word == "{" { break }
            if Self.isIdentifier(word), peek(1) == ":" {
                pieces.append(word)
                index += 2
            } else if word == ":" {
                pieces.append("")
                index += 1
            } else if pieces.isEmpty, parameters.isEmpty, Self.isIdentifier(word),
                !Self.isMacroName(word) || peek(1) != "("
            {
                pieces.append(word)
                index += 1
                break loop
            } else if word == "," && peek(1) == "..." {
                variadic = true
                index += 2
                continue
            } else {
                break loop
            }
            // A parameter: `(Type)name`.
            var parameterType = ObjCType(spelling: "id", nullability: assumeNonnull ? .nonnull : .unspecified)
            if peek == "(" { parameterType = type(Self.words(balanced())) }
            parameters.append(parameterType)
            var ignored = Attributes()
            skipAttributes(into: &ignored)
            if let name = peek, Self.isIdentifier(name), peek(1) != ":" { index += 1 }
            skipAttributes(into: &attributes)
        }
        skipAttributes(into: &attributes)
        // Whatever is left up to `;` (or a body).
        while let word = peek, word != ";", word != "{", word != "@end", word != "-", word != "+" {
            index += 1
            var argument = ""
            if peek == "(" { argument = balanced() }
            record(word, argument, into: &attributes)
        }
        if peek == "{" { _ = skipBraces() } else if peek == ";" { index += 1 }
        guard !pieces.isEmpty else { return nil }
        let selector = parameters.isEmpty ? pieces[0] : pieces.map { $0 + ":" }.joined()
        guard !attributes.unavailable else {
            unavailableKeys.append("\(marker)[\(owner) \(selector)]")
            return nil
        }
        // `id` or the class's own type from an init or a factory reads as `instancetype`: every call compiles alike.
        if selector.hasPrefix("init") || (marker == "+" && (result.spelling == "\(owner) *")) {
            if result.spelling == "id" || result.spelling == "\(owner) *" { result.spelling = "instancetype" }
        }
        if result.spelling == "id", marker == "-", selector.hasPrefix("init") { result.spelling = "instancetype" }
        var declaration = ObjCDeclaration(
            key: "\(marker)[\(owner) \(selector)]", kind: .method, owner: owner, file: file, line: startLine)
        declaration.inProtocol = inProtocol
        declaration.optional = inProtocol && optional
        declaration.type = result
        declaration.parameters = parameters
        if variadic { declaration.detail = "..." }
        declaration.swiftName = attributes.swiftName
        return declaration
    }

    /// `@property (attributes) Type name ATTRIBUTES;` (also block and function-pointer properties).
    mutating func parseProperty(owner: String, inProtocol: Bool, optional: Bool) -> ObjCDeclaration? {
        let startLine = line
        index += 1
        var readonly = false
        var isClass = false
        var accessors: [String] = []
        var nullability: ObjCNullability?
        if peek == "(" {
            let list = balanced().split(separator: ",").map { $0.split(separator: " ").joined() }
            for item in list {
                switch item {
                case "readonly": readonly = true
                case "class": isClass = true
                default:
                    if item.hasPrefix("getter=") || item.hasPrefix("setter=") { accessors.append(item) }
                    if let value = Self.nullabilityWords[item] { nullability = value }
                }
            }
        }
        var words: [String] = []
        var depth = 0
        while let word = peek, !(word == ";" && depth == 0), word != "@end" {
            if word == "(" { depth += 1 }
            if word == ")" { depth -= 1 }
            words.append(word)
            index += 1
        }
        if peek == ";" { index += 1 }
        // Trailing attribute macros (NS_SWIFT_NAME(…), API_AVAILABLE(…)) and the name.
        var attributes = Attributes()
        var stripped: [String] = []
        var i = 0
        while i < words.count {
            if i > 0, Self.isMacroName(words[i]) || words[i] == "__attribute__" || words[i] == "__deprecated_msg",
                words[..<i].contains(where: { Self.isIdentifier($0) && !Self.isMacroName($0) }),
                i + 1 >= words.count || words[i + 1] == "(" || Self.isMacroName(words[i + 1]) || i == words.count - 1
            {
                var j = i + 1
                var argument: [String] = []
                if j < words.count, words[j] == "(" {
                    var inner = 0
                    repeat {
                        if words[j] == "(" { inner += 1 } else if words[j] == ")" { inner -= 1 }
                        argument.append(words[j])
                        j += 1
                    } while j < words.count && inner > 0
                    argument = Array(argument.dropFirst().dropLast())
                }
                // Only a trailing run of attributes counts; one inside the type (a nullability macro) is skipped too.
                record(words[i], argument.joined(separator: " "), into: &attributes)
                i = j
                continue
            }
            stripped.append(words[i])
            i += 1
        }
        var name: String?
        var typeWords = stripped
        if let caret = typeWords.indices.first(where: {
            ($0 > 0 && typeWords[$0 - 1] == "(") && (typeWords[$0] == "^" || typeWords[$0] == "*")
        }),
            caret + 1 < typeWords.count, Self.isIdentifier(typeWords[caret + 1])
        {
            // void (^name)(args): the name sits in the declarator.
            name = typeWords[caret + 1]
            typeWords.remove(at: caret + 1)
        } else if let last = typeWords.lastIndex(where: { Self.isIdentifier($0) && Self.nullabilityWords[$0] == nil }) {
            name = typeWords[last]
            typeWords.remove(at: last)
        }
        guard let name, !attributes.unavailable else { return nil }
        var propertyType = type(typeWords)
        if let nullability,
            propertyType.spelling.contains("*") || propertyType.spelling.contains("^")
                || propertyType.spelling.hasPrefix("id")
        {
            propertyType.nullability = nullability
        } else if let nullability, nullability != .unspecified {
            propertyType.nullability = nullability
        }
        let key = "@property \(isClass ? "(class) " : "")\(owner).\(name)"
        var declaration = ObjCDeclaration(key: key, kind: .property, owner: owner, file: file, line: startLine)
        declaration.inProtocol = inProtocol
        declaration.optional = inProtocol && optional
        declaration.type = propertyType
        declaration.readonly = readonly
        declaration.detail = accessors.isEmpty ? nil : accessors.sorted().joined(separator: ", ")
        declaration.swiftName = attributes.swiftName
        return declaration
    }

    /// Words of a type's text as `balanced()` joined them.
    static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }
}
