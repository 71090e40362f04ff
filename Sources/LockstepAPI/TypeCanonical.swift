import SwiftSyntax

/// Renders a type in one canonical spelling, so that spellings the compiler resolves to the same type compare
/// equal: `any P` → `P`, `Optional<T>` → `T?`, `Array<T>` → `[T]`, `Dictionary<K, V>` → `[K: V]`, `()` → `Void`,
/// redundant parentheses dropped, `Swift.` and known module prefixes stripped, composition members sorted,
/// generic parameters renamed, function-type labels dropped.
///
/// Names that only the whole file set can resolve (a nested type used by its short name, a typealias) are left
/// marked (`TypeCanonical.mark` before the name) for `NameResolver` in the cross-file pass.
struct TypeCanonical {
    /// Precedes a name the cross-file pass resolves by lexical scope; never occurs in Swift source.
    static let mark: Unicode.Scalar = "\u{1}"
    /// Precedes a name qualified from the top level (its module prefix dropped): only typealiases are followed.
    static let topLevelMark: Unicode.Scalar = "\u{5}"

    /// Module names whose qualification is dropped (`Logging.Logger` → `Logger`); `Swift` always is.
    let modules: Set<String>
    /// Generic parameters in scope by source name → canonical name (`Element` → `τ_0`).
    var generics: [String: String] = [:]
    /// Whether unresolved names get the mark; off for text that becomes part of a key.
    var marksNames = true
    /// When true, `some P` is an anonymous generic parameter (parameter position): it takes the next name of
    /// `opaqueNames` and adds its constraints to `opaqueRequirements`.
    var opaqueAsGeneric = false
    var opaqueNames: [String] = []
    var opaqueRequirements: [String] = []
    private var opaqueUsed = 0

    init(modules: Set<String>) {
        self.modules = modules
    }

    /// The canonical text of `type`.
    mutating func render(_ type: TypeSyntax) -> String {
        rendered(type).text
    }

    /// The canonical requirements a `where` entry (or an inline constraint) stands for: a conformance to a
    /// composition is one requirement per member, so `T: P & Q` ≡ `T: P, T: Q`.
    mutating func requirements(_ requirement: GenericRequirementSyntax.Requirement) -> [String] {
        switch requirement {
        case .conformanceRequirement(let node):
            return conformances(of: render(node.leftType), to: node.rightType)
        case .sameTypeRequirement(let node):
            return [side(Syntax(node.leftType)) + " == " + side(Syntax(node.rightType))]
        case .layoutRequirement(let node):
            var text = render(node.type) + ": " + node.layoutSpecifier.text
            if let size = node.size {
                text += "(" + size.text + (node.alignment.map { ", " + $0.text } ?? "") + ")"
            }
            return [text]
        }
    }

    /// `subject: member` for each member of the constraint's composition.
    mutating func conformances(of subject: String, to constraint: TypeSyntax) -> [String] {
        members(of: constraint).map { subject + ": " + $0 }
    }

    /// The members of a composition (`P & Q`, `any P & Q`), each rendered; one element for any other type.
    mutating func members(of constraint: TypeSyntax) -> [String] {
        var type = constraint
        while true {
            if let any = type.as(SomeOrAnyTypeSyntax.self), any.someOrAnySpecifier.tokenKind == .keyword(.any) {
                type = any.constraint
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first, only.firstName == nil, only.ellipsis == nil
            {
                type = only.type
            } else {
                break
            }
        }
        guard let composition = type.as(CompositionTypeSyntax.self) else { return [render(type)] }
        return composition.elements.map { render($0.type) }
    }

    private mutating func side(_ node: Syntax) -> String {
        if let type = node.as(TypeSyntax.self) { return render(type) }
        return NormalizedText.of(node)
    }

    // MARK: Rendering

    /// The text, and whether it can take a postfix (`?`, `!`, `.Type`) or stand in a composition
    /// without parentheses.
    private mutating func rendered(_ type: TypeSyntax) -> (text: String, atomic: Bool) {
        switch type.as(TypeSyntaxEnum.self) {
        case .identifierType(let node):
            return named(
                NormalizedText.name(of: node.name), node.genericArgumentClause,
                mark: marksNames && Self.isIdentifier(node.name), generic: true)
        case .memberType(let node):
            return member(node)
        case .arrayType(let node):
            return ("[" + render(node.element) + "]", true)
        case .dictionaryType(let node):
            return ("[" + render(node.key) + ": " + render(node.value) + "]", true)
        case .optionalType(let node):
            return (postfixable(node.wrappedType) + "?", true)
        case .implicitlyUnwrappedOptionalType(let node):
            return (postfixable(node.wrappedType) + "!", true)
        case .metatypeType(let node):
            return metatype(node)
        case .someOrAnyType(let node):
            return someOrAny(node)
        case .compositionType:
            let parts = members(of: type).sorted()
            return (parts.joined(separator: " & "), parts.count < 2)
        case .tupleType(let node):
            return tuple(node)
        case .functionType(let node):
            return (function(node), false)
        case .attributedType(let node):
            return (attributed(node), false)
        case .packExpansionType(let node):
            return ("repeat " + postfixable(node.repetitionPattern), false)
        case .packElementType(let node):
            return ("each " + postfixable(node.pack), false)
        case .suppressedType(let node):
            return ("~" + postfixable(node.type), true)
        case .classRestrictionType:
            // `protocol P: class` is the old spelling of `AnyObject`.
            return ("AnyObject", true)
        default:
            return (NormalizedText.of(type), true)
        }
    }

    /// `text`, parenthesized when a postfix would otherwise bind to part of it.
    private mutating func postfixable(_ type: TypeSyntax) -> String {
        let result = rendered(type)
        return result.atomic ? result.text : "(" + result.text + ")"
    }

    /// The standard library's C typealiases, as they resolve on Apple platforms and Linux x86_64: `CChar` is
    /// `Int8` at every call site there, so `UnsafePointer<CChar>` ≡ `UnsafePointer<Int8>`.
    static let cTypeAliases: [String: String] = [
        "CChar": "Int8", "CSignedChar": "Int8", "CUnsignedChar": "UInt8", "CShort": "Int16", "CUnsignedShort": "UInt16",
        "CInt": "Int32", "CUnsignedInt": "UInt32", "CLong": "Int", "CUnsignedLong": "UInt", "CLongLong": "Int64",
        "CUnsignedLongLong": "UInt64", "CFloat": "Float", "CDouble": "Double", "CBool": "Bool",
    ]

    private static func isIdentifier(_ token: TokenSyntax) -> Bool {
        if case .identifier = token.tokenKind { return true }
        return false
    }

    /// A single name with optional generic arguments: generic parameters renamed, standard sugar applied.
    private mutating func named(
        _ name: Substring, _ arguments: GenericArgumentClauseSyntax?, mark: Bool, generic: Bool
    ) -> (text: String, atomic: Bool) {
        guard let arguments else {
            if generic, let renamed = generics[String(name)] { return (renamed, true) }
            if name == "Void" { return ("Void", true) }
            if let standard = Self.cTypeAliases[String(name)] { return (standard, true) }
            return ((mark ? String(Character(Self.mark)) : "") + name, true)
        }
        var rendered: [String] = []
        var types: [TypeSyntax] = []
        for argument in arguments.arguments {
            switch argument.argument {
            case .type(let type):
                types.append(type)
                rendered.append(render(type))
            case .expr(let expression):
                rendered.append(NormalizedText.of(expression))
            }
        }
        if types.count == rendered.count, generics[String(name)] == nil {
            switch (name, types.count) {
            case ("Optional", 1): return (postfixable(types[0]) + "?", true)
            case ("Array", 1): return ("[" + rendered[0] + "]", true)
            case ("Dictionary", 2): return ("[" + rendered[0] + ": " + rendered[1] + "]", true)
            default: break
            }
        }
        let head = generic ? generics[String(name)] ?? String(name) : String(name)
        let marked = mark && generics[String(name)] == nil ? String(Character(Self.mark)) + head : head
        return (marked + "<" + rendered.joined(separator: ", ") + ">", true)
    }

    /// `A.B.C`: a leading `Swift.` or module qualification is dropped (the rest is then already resolved from
    /// the top level, so it is not marked), and so is a leading `Self.`.
    private mutating func member(_ node: MemberTypeSyntax) -> (text: String, atomic: Bool) {
        if let base = node.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil {
            if base.name.tokenKind == .keyword(.Self) {
                // `Self.Level` inside `Logger` (or `Self.Item` in a protocol) is what `Level` (`Item`) names there.
                return named(
                    NormalizedText.name(of: node.name), node.genericArgumentClause, mark: marksNames,
                    generic: false)
            }
            let module = String(NormalizedText.name(of: base.name))
            if module == "Swift" || modules.contains(module), generics[module] == nil {
                let name = NormalizedText.name(of: node.name)
                if marksNames, module != "Swift", node.genericArgumentClause == nil {
                    return (String(Character(Self.topLevelMark)) + name, true)
                }
                let plain = named(name, node.genericArgumentClause, mark: false, generic: false)
                // `Swift.Result` keeps its module where the file set declares a `Result` of its own (the cross-file
                // pass decides, `NameResolver`); sugar (`[T]`, `T?`) names no type of the package.
                if marksNames, module == "Swift", plain.text.hasPrefix(name) {
                    return (String(Character(Self.topLevelMark)) + "Swift." + plain.text, true)
                }
                return plain
            }
        }
        let base = postfixable(node.baseType)
        let name = NormalizedText.name(of: node.name)
        var text = base + "." + name
        if let arguments = node.genericArgumentClause {
            var rendered: [String] = []
            for argument in arguments.arguments {
                switch argument.argument {
                case .type(let type): rendered.append(render(type))
                case .expr(let expression): rendered.append(NormalizedText.of(expression))
                }
            }
            text += "<" + rendered.joined(separator: ", ") + ">"
        }
        return (text, true)
    }

    /// `any P.Type` is `P.Type`; `(any P).Type`, the metatype of the existential itself, is `P.Protocol`.
    private mutating func metatype(_ node: MetatypeTypeSyntax) -> (text: String, atomic: Bool) {
        if node.metatypeSpecifier.tokenKind == .keyword(.Type), let tuple = node.baseType.as(TupleTypeSyntax.self),
            tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil,
            let any = only.type.as(SomeOrAnyTypeSyntax.self), any.someOrAnySpecifier.tokenKind == .keyword(.any)
        {
            return (postfixable(any.constraint) + ".Protocol", true)
        }
        return (postfixable(node.baseType) + "." + node.metatypeSpecifier.text, true)
    }

    private mutating func someOrAny(_ node: SomeOrAnyTypeSyntax) -> (text: String, atomic: Bool) {
        if node.someOrAnySpecifier.tokenKind == .keyword(.any) { return rendered(node.constraint) }
        guard opaqueAsGeneric, opaqueUsed < opaqueNames.count else {
            return ("some " + render(node.constraint), false)
        }
        let name = opaqueNames[opaqueUsed]
        opaqueUsed += 1
        // The constraint is read outside parameter position: a `some` inside it is not another parameter.
        opaqueAsGeneric = false
        opaqueRequirements.append(contentsOf: conformances(of: name, to: node.constraint))
        opaqueAsGeneric = true
        return (name, true)
    }

    private mutating func tuple(_ node: TupleTypeSyntax) -> (text: String, atomic: Bool) {
        if node.elements.isEmpty { return ("Void", true) }
        if node.elements.count == 1, let only = node.elements.first, only.firstName == nil, only.ellipsis == nil {
            return rendered(only.type)
        }
        var parts: [String] = []
        for element in node.elements {
            var text = ""
            if let label = element.firstName, label.tokenKind != .wildcard {
                text += NormalizedText.name(of: label) + ": "
            }
            text += render(element.type)
            if element.ellipsis != nil { text += "..." }
            parts.append(text)
        }
        return ("(" + parts.joined(separator: ", ") + ")", true)
    }

    /// `(A, B) async throws -> R`: argument labels in a function type are documentation only, so they are dropped.
    private mutating func function(_ node: FunctionTypeSyntax) -> String {
        var parts: [String] = []
        for element in node.parameters {
            var text = element.inoutKeyword.map { $0.text + " " } ?? ""
            text += render(element.type)
            if element.ellipsis != nil { text += "..." }
            parts.append(text)
        }
        var text = "(" + parts.joined(separator: ", ") + ")"
        let effects = effects(async: node.effectSpecifiers?.asyncSpecifier, throws: node.effectSpecifiers?.throwsClause)
        if !effects.isEmpty { text += " " + effects }
        return text + " -> " + render(node.returnClause.type)
    }

    /// `async throws(E)`, with `throws(any Error)` spelled `throws` and `throws(Never)` dropped: the same
    /// effects for callers. A short `Error` or `Never` may still name a nested type; `NameResolver` decides.
    mutating func effects(async: TokenSyntax?, throws clause: ThrowsClauseSyntax?) -> String {
        var parts: [String] = []
        if let async { parts.append(async.text) }
        if let clause {
            if let type = clause.type {
                let thrown = render(type)
                switch thrown {
                case "Never": break
                case "Error": parts.append(clause.throwsSpecifier.text)
                default: parts.append(clause.throwsSpecifier.text + "(" + thrown + ")")
                }
            } else {
                parts.append(clause.throwsSpecifier.text)
            }
        }
        return parts.joined(separator: " ")
    }

    /// `inout`, `sending`, `@escaping`, `@Sendable`… before the type: specifiers in source order (they do
    /// not commute in meaning), attributes sorted.
    private mutating func attributed(_ node: AttributedTypeSyntax) -> String {
        var parts = node.specifiers.map { NormalizedText.of($0) }
        var attributes: [String] = []
        for element in node.attributes {
            if case .attribute(let attribute) = element { attributes.append(NormalizedText.of(attribute)) }
        }
        parts.append(contentsOf: attributes.sorted())
        parts.append(contentsOf: node.lateSpecifiers.map { NormalizedText.of($0) })
        parts.append(postfixableInAttributed(node.baseType))
        return parts.joined(separator: " ")
    }

    /// A function type after `@escaping` needs no parentheses; a composition does.
    private mutating func postfixableInAttributed(_ type: TypeSyntax) -> String {
        if type.is(FunctionTypeSyntax.self) { return render(type) }
        return postfixable(type)
    }
}
