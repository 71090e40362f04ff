/// A declaration's signature parsed into types: what `SignatureShape` splits as text, with each parameter,
/// generic parameter, requirement and result held as a `SwiftType`. Parsed once for a pair of declarations whose
/// text differs, and compared by structure (generic parameters by their role, not by their number).
struct DeclarationSignature: Equatable, Sendable {
    /// `@available` attributes, as written.
    var availability: [String]
    /// Every other attribute, access level and modifier, in signature order.
    var modifiers: [String]
    /// `func`, `init`, `subscript`, `var`, … .
    var keyword: String
    /// The name (empty for `init` and `subscript`).
    var name: String
    /// The generic parameters in order; nil without a clause.
    var genericParameters: [GenericParameter]?
    /// The parameters; nil for a declaration that takes none.
    var parameters: [Parameter]?
    /// Whether it is `async`.
    var isAsync: Bool
    /// `throws`, `rethrows`, `throws(E)`, or nil.
    var throwing: String?
    /// The result (after `->`) or a property's type; nil when there is none.
    var result: SwiftType?
    /// The `where` requirements and the generic clause's constraints, as one set.
    var requirements: Set<Requirement>
    /// `{ get }`, `{ get set }` or empty.
    var accessors: String

    /// One parameter.
    struct Parameter: Equatable, Sendable {
        /// The argument label, `_` for none.
        var label: String
        /// The type, with `inout` or `@autoclosure` as attributes.
        var type: SwiftType
        var hasDefault: Bool
        var isVariadic: Bool

        /// Whether calls written for `old` still pass their argument here as written: the same label and
        /// variadic form, and a default wherever `old` had one (calls may leave it out). The type is judged apart.
        func takesCalls(of old: Parameter) -> Bool {
            label == old.label && isVariadic == old.isVariadic && (!old.hasDefault || hasDefault)
        }
    }

    /// One generic parameter: `τ_0`, or a parameter pack `each τ_0`.
    struct GenericParameter: Equatable, Sendable {
        var number: Int
        var isPack: Bool
    }

    /// A requirement on generic parameters.
    struct Requirement: Hashable, Sendable {
        /// `:` (conformance, superclass or layout) or `==` (same type).
        var relation: String
        var subject: SwiftType
        var constraint: SwiftType

        /// As a `where` clause writes it: `τ_0: P`, `τ_0.Element == Int`.
        var text: String { "\(subject)\(relation == ":" ? ":" : " ==") \(constraint)" }

        /// The requirement with generic parameters substituted.
        func substituting(_ substitution: [Int: SwiftType]) -> Requirement {
            Requirement(
                relation: relation, subject: subject.substituting(substitution),
                constraint: constraint.substituting(substitution))
        }
    }

    private static let memo = ParseMemo<DeclarationSignature?>()

    /// `init?(_:)` remembered by the signature's text (see `ParseMemo`).
    static func parsed(_ signature: String) -> DeclarationSignature? {
        memo.value(for: signature, DeclarationSignature.init)
    }

    /// Parses a normalized signature; nil when it does not have the expected form or uses generic parameters the
    /// model does not number.
    init?(_ signature: String) {
        guard let shape = SignatureShape(signature) else { return nil }
        availability = shape.availability
        modifiers = shape.modifiers
        keyword = shape.keyword
        name = shape.name
        isAsync = shape.effects.contains("async")
        throwing = shape.effects.first { $0 != "async" }
        accessors = shape.accessors
        // A `let` is read like a `var { get }`.
        if keyword == "let" {
            keyword = "var"
            if accessors.isEmpty { accessors = "{ get }" }
        }
        var requirements: Set<Requirement> = []
        if let generics = shape.generics {
            var parameters: [GenericParameter] = []
            for text in generics {
                var name = Substring(text)
                let isPack = name.hasPrefix("each ")
                if isPack { name = name.dropFirst(5) }
                var constraint: Substring?
                if let colon = name.range(of: ": ") {
                    constraint = name[colon.upperBound...]
                    name = name[..<colon.lowerBound]
                }
                guard name.hasPrefix("τ_"), let number = Int(name.dropFirst(2)) else { return nil }
                parameters.append(GenericParameter(number: number, isPack: isPack))
                if let constraint {
                    requirements.insert(
                        Requirement(
                            relation: ":", subject: SwiftType(parsing: String(name)),
                            constraint: SwiftType(parsing: String(constraint))))
                }
            }
            genericParameters = parameters
        } else {
            genericParameters = nil
        }
        for text in shape.requirements {
            guard let requirement = Self.requirement(text) else { return nil }
            requirements.insert(requirement)
        }
        self.requirements = requirements
        parameters = shape.parameters.map { texts in
            texts.map { text in
                let parameter = ShapeParameter(text)
                return Parameter(
                    label: parameter.label, type: SwiftType(parsing: parameter.type), hasDefault: parameter.hasDefault,
                    isVariadic: parameter.isVariadic)
            }
        }
        var resultText = Substring(shape.result)
        for prefix in ["-> ", ": ", ":"] where resultText.hasPrefix(prefix) {
            resultText = resultText.dropFirst(prefix.count)
            break
        }
        result = resultText.isEmpty ? nil : SwiftType(parsing: String(resultText))
    }

    /// `τ_0: P` or `τ_0.Element == Int`.
    private static func requirement(_ text: String) -> Requirement? {
        for relation in [" == ", ": "] {
            guard let range = text.range(of: relation) else { continue }
            return Requirement(
                relation: relation.trimmingSpaces(), subject: SwiftType(parsing: String(text[..<range.lowerBound])),
                constraint: SwiftType(parsing: String(text[range.upperBound...])))
        }
        return nil
    }
}
