import LockstepParsing
import SwiftSyntax

/// A type as a declaration's signature writes it, parsed once into its structure, so that two versions of a
/// parameter or a result can be compared part by part instead of as text.
///
/// Generic parameters appear as the collector numbers them (`τ_0`, `τ_1`, …); `genericParameter` tells them apart
/// from named types. A type swift-syntax reads with errors, or of a form not modelled, is `.other` with its text:
/// it equals only the same text.
indirect enum SwiftType: Hashable, Sendable, CustomStringConvertible {
    /// A named type with its generic arguments: `Int`, `Array<τ_0>`, `KeyPath<Root, Value>`; `base` for a member
    /// type (`Outer.Inner`).
    case named(base: SwiftType?, name: String, arguments: [SwiftType])
    /// `T?`.
    case optional(SwiftType)
    /// `T!`.
    case implicitlyUnwrapped(SwiftType)
    /// `[T]`.
    case array(SwiftType)
    /// `[K: V]`.
    case dictionary(SwiftType, SwiftType)
    /// `(a: A, B)`; one unlabeled element is a parenthesized type and is read as that type.
    case tuple([TupleElement])
    /// `(A, inout B) async throws -> R` with the attributes written before it (`@escaping`, `@Sendable`, …).
    case function(FunctionType)
    /// `A & B & C`, its members in the written order.
    case composition([SwiftType])
    /// `some P` or `any P`.
    case opaque(keyword: String, constraint: SwiftType)
    /// `T.Type` or `P.Protocol`.
    case metatype(SwiftType, keyword: String)
    /// A type with attributes or specifiers (`inout T`, `@autoclosure () -> T`) other than a function's.
    case attributed(attributes: [String], SwiftType)
    /// Text the model does not take apart.
    case other(String)

    /// One element of a tuple type.
    struct TupleElement: Hashable, Sendable {
        var label: String?
        var type: SwiftType
    }

    /// A function type.
    struct FunctionType: Hashable, Sendable {
        /// `@escaping`, `@Sendable`, `@MainActor`, …, sorted.
        var attributes: [String]
        var parameters: [SwiftType]
        var isAsync: Bool
        /// `throws`, `throws(E)` or nil.
        var throwing: String?
        var result: SwiftType
    }

    /// Parses `text`; `.other(text)` when swift-syntax finds an error in it. A dotted name (`Int`, `τ_0`,
    /// `Substring.UTF8View`) is read without swift-syntax, and every parse is remembered: the judgements compare
    /// the same few types across hundreds of overload pairs.
    init(parsing text: String) {
        self = Self.dottedName(text) ?? Self.memo.value(for: text, Self.init(parsingWithSyntax:))
    }

    private static let memo = ParseMemo<SwiftType>()

    /// `A.B.C` as nested named types, as swift-syntax reads it; nil for anything else (generic arguments, sugar,
    /// keywords, a metatype's `.Type`/`.Protocol`, backticks).
    private static func dottedName(_ text: String) -> SwiftType? {
        var result: SwiftType?
        for component in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard let first = component.unicodeScalars.first,
                first == "_" || first == "τ" || (first.isASCII && first.properties.isAlphabetic),
                component.unicodeScalars.allSatisfy({
                    $0 == "_" || $0 == "τ"
                        || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil))
                })
            else { return nil }
            let name = String(component)
            if result != nil, name == "Type" || name == "Protocol" { return nil }
            if result == nil, ["inout", "some", "any", "borrowing", "consuming", "each", "repeat"].contains(name) {
                return nil
            }
            result = .named(base: result, name: name, arguments: [])
        }
        return result
    }

    init(parsingWithSyntax text: String) {
        let parsed = try? BoundedParser.parse("typealias Ƭ = " + text) { file -> SwiftType? in
            guard !file.hasError, file.statements.count == 1,
                let alias = file.statements.first?.item.as(TypeAliasDeclSyntax.self)
            else { return nil }
            return SwiftType(alias.initializer.value)
        }
        self = (parsed ?? nil) ?? .other(text)
    }

    /// The model of a parsed type.
    init(_ syntax: TypeSyntax) {
        if let identifier = syntax.as(IdentifierTypeSyntax.self) {
            self = .named(
                base: nil, name: identifier.name.text, arguments: Self.arguments(identifier.genericArgumentClause))
        } else if let member = syntax.as(MemberTypeSyntax.self) {
            self = .named(
                base: SwiftType(member.baseType), name: member.name.text,
                arguments: Self.arguments(member.genericArgumentClause))
        } else if let optional = syntax.as(OptionalTypeSyntax.self) {
            self = .optional(SwiftType(optional.wrappedType))
        } else if let unwrapped = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .implicitlyUnwrapped(SwiftType(unwrapped.wrappedType))
        } else if let array = syntax.as(ArrayTypeSyntax.self) {
            self = .array(SwiftType(array.element))
        } else if let dictionary = syntax.as(DictionaryTypeSyntax.self) {
            self = .dictionary(SwiftType(dictionary.key), SwiftType(dictionary.value))
        } else if let tuple = syntax.as(TupleTypeSyntax.self) {
            let elements = tuple.elements.map { element in
                TupleElement(label: element.firstName?.text, type: Self.elementType(element))
            }
            self = elements.count == 1 && elements[0].label == nil ? elements[0].type : .tuple(elements)
        } else if let function = syntax.as(FunctionTypeSyntax.self) {
            self = .function(Self.function(function, attributes: []))
        } else if let composition = syntax.as(CompositionTypeSyntax.self) {
            self = .composition(composition.elements.map { SwiftType($0.type) })
        } else if let opaque = syntax.as(SomeOrAnyTypeSyntax.self) {
            self = .opaque(keyword: opaque.someOrAnySpecifier.text, constraint: SwiftType(opaque.constraint))
        } else if let metatype = syntax.as(MetatypeTypeSyntax.self) {
            self = .metatype(SwiftType(metatype.baseType), keyword: metatype.metatypeSpecifier.text)
        } else if let attributed = syntax.as(AttributedTypeSyntax.self) {
            var attributes = attributed.specifiers.map { NormalizedText.of($0) }
            attributes += attributed.attributes.map { NormalizedText.of($0) }
            if let function = attributed.baseType.as(FunctionTypeSyntax.self), attributed.specifiers.isEmpty {
                self = .function(Self.function(function, attributes: attributes.sorted()))
            } else {
                self = .attributed(attributes: attributes, SwiftType(attributed.baseType))
            }
        } else {
            self = .other(NormalizedText.of(syntax))
        }
    }

    private static func arguments(_ clause: GenericArgumentClauseSyntax?) -> [SwiftType] {
        guard let clause else { return [] }
        return clause.arguments.map { argument in
            switch argument.argument {
            case .type(let type): return SwiftType(type)
            default: return .other(NormalizedText.of(argument))
            }
        }
    }

    private static func elementType(_ element: TupleTypeElementSyntax) -> SwiftType {
        let type = SwiftType(element.type)
        return element.ellipsis == nil ? type : .attributed(attributes: ["..."], type)
    }

    private static func function(_ syntax: FunctionTypeSyntax, attributes: [String]) -> FunctionType {
        let effects = syntax.effectSpecifiers
        return FunctionType(
            attributes: attributes, parameters: syntax.parameters.map(elementType),
            isAsync: effects?.asyncSpecifier != nil,
            throwing: effects?.throwsClause.map { NormalizedText.of($0) },
            result: SwiftType(syntax.returnClause.type))
    }

    /// The generic parameter's number when the type is one (`τ_1` → 1), nil otherwise.
    var genericParameter: Int? {
        guard case .named(nil, let name, let arguments) = self, arguments.isEmpty, name.hasPrefix("τ_") else {
            return nil
        }
        return Int(name.dropFirst(2))
    }

    /// Whether the type is `Any` (or `any Any`).
    var isAny: Bool {
        switch self {
        case .named(nil, "Any", []): return true
        case .opaque("any", let constraint): return constraint.isAny
        default: return false
        }
    }

    /// Whether the type is the placeholder `_`: the reader could not spell it (a stored property's type inferred
    /// from its initial value).
    var isUnspelled: Bool { description == "_" }

    /// The generic parameters the type mentions, by number.
    var genericParameters: Set<Int> {
        if let number = genericParameter { return [number] }
        var found: Set<Int> = []
        for child in children { found.formUnion(child.genericParameters) }
        return found
    }

    /// The types directly inside this one.
    var children: [SwiftType] {
        switch self {
        case .named(let base, _, let arguments): return (base.map { [$0] } ?? []) + arguments
        case .optional(let wrapped), .implicitlyUnwrapped(let wrapped), .array(let wrapped): return [wrapped]
        case .dictionary(let key, let value): return [key, value]
        case .tuple(let elements): return elements.map(\.type)
        case .function(let function): return function.parameters + [function.result]
        case .composition(let members): return members
        case .opaque(_, let constraint): return [constraint]
        case .metatype(let base, _): return [base]
        case .attributed(_, let base): return [base]
        case .other: return []
        }
    }

    /// The type with generic parameter `n` written as `substitution[n]` wherever it appears.
    func substituting(_ substitution: [Int: SwiftType]) -> SwiftType {
        if let number = genericParameter { return substitution[number] ?? self }
        return mappingChildren { $0.substituting(substitution) }
    }

    /// Binds the generic parameters `variables` this type mentions so that it reads as `type`, adding to
    /// `binding`; false when no binding does (another structure, a parameter bound twice to different types).
    /// Every other name, generic parameters outside `variables` too, must be the same on both sides.
    func bind(_ variables: Set<Int>, toMatch type: SwiftType, _ binding: inout [Int: SwiftType]) -> Bool {
        if let number = genericParameter, variables.contains(number) {
            if let known = binding[number] { return known == type }
            binding[number] = type
            return true
        }
        let blank = SwiftType.other("")
        guard mappingChildren({ _ in blank }) == type.mappingChildren({ _ in blank }) else { return false }
        for (mine, theirs) in zip(children, type.children) where !mine.bind(variables, toMatch: theirs, &binding) {
            return false
        }
        return true
    }

    /// The type with each type directly inside it (`children`) replaced by `map` of it.
    func mappingChildren(_ map: (SwiftType) -> SwiftType) -> SwiftType {
        switch self {
        case .named(let base, let name, let arguments):
            return .named(base: base.map(map), name: name, arguments: arguments.map(map))
        case .optional(let wrapped): return .optional(map(wrapped))
        case .implicitlyUnwrapped(let wrapped): return .implicitlyUnwrapped(map(wrapped))
        case .array(let element): return .array(map(element))
        case .dictionary(let key, let value): return .dictionary(map(key), map(value))
        case .tuple(let elements): return .tuple(elements.map { TupleElement(label: $0.label, type: map($0.type)) })
        case .function(var function):
            function.parameters = function.parameters.map(map)
            function.result = map(function.result)
            return .function(function)
        case .composition(let members): return .composition(members.map(map))
        case .opaque(let keyword, let constraint): return .opaque(keyword: keyword, constraint: map(constraint))
        case .metatype(let base, let keyword): return .metatype(map(base), keyword: keyword)
        case .attributed(let attributes, let base): return .attributed(attributes: attributes, map(base))
        case .other: return self
        }
    }

    /// The type as Swift writes it (canonical spacing).
    var description: String {
        switch self {
        case .named(let base, let name, let arguments):
            let head = base.map { "\($0)." } ?? ""
            let tail = arguments.isEmpty ? "" : "<" + arguments.map(\.description).joined(separator: ", ") + ">"
            return head + name + tail
        case .optional(let wrapped): return "\(wrapped.parenthesizedForSuffix)?"
        case .implicitlyUnwrapped(let wrapped): return "\(wrapped.parenthesizedForSuffix)!"
        case .array(let element): return "[\(element)]"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .tuple(let elements):
            return "("
                + elements.map { ($0.label.map { "\($0): " } ?? "") + $0.type.description }
                .joined(separator: ", ") + ")"
        case .function(let function):
            let attributes = function.attributes.map { $0 + " " }.joined()
            let effects = (function.isAsync ? " async" : "") + (function.throwing.map { " " + $0 } ?? "")
            let parameters = function.parameters.map(\.description).joined(separator: ", ")
            return attributes + "(" + parameters + ")" + effects + " -> " + function.result.description
        case .composition(let members): return members.map(\.description).joined(separator: " & ")
        case .opaque(let keyword, let constraint): return keyword + " " + constraint.description
        case .metatype(let base, let keyword): return "\(base.parenthesizedForSuffix).\(keyword)"
        case .attributed(let attributes, let base):
            if attributes == ["..."] { return base.description + "..." }
            return attributes.joined(separator: " ") + " " + base.description
        case .other(let text): return text
        }
    }

    private var parenthesizedForSuffix: String {
        switch self {
        case .function, .composition, .opaque, .attributed: return "(\(description))"
        default: return description
        }
    }
}
