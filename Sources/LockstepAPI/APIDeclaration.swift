/// One public declaration: what clients can name, with the normalized text they compile against.
public struct APIDeclaration: Hashable, Sendable, Codable {
    /// Unique within a surface: kind word, qualified name and, for callables, argument labels,
    /// e.g. `func CartService.add(item:quantity:)`. Overloads that share all of that get a
    /// disambiguating suffix; see `baseKey`.
    public var key: String
    /// The key before overload disambiguation; equal to `key` unless several declarations share it.
    public var baseKey: String
    /// Normalized signature: no trivia or comments, canonical spacing, sorted attributes and
    /// modifiers, parameter names and default-value text dropped.
    public var signature: String
    /// The declaration's kind: `func`, `var`, `let`, `init`, `subscript`, `case`, `struct`, ….
    public var kind: DeclarationKind
    /// The kind of the enclosing declaration (`protocol`, `enum`, `extension`, …), nil at top level.
    public var container: DeclarationKind?
    /// The path of the file that declares it.
    public var file: String
    /// The 1-based line of the declaration's name (or `init` / `subscript` keyword).
    public var line: Int

    /// Creates a declaration; `baseKey` defaults to `key`.
    public init(
        key: String, baseKey: String? = nil, signature: String, kind: DeclarationKind,
        container: DeclarationKind? = nil, file: String, line: Int
    ) {
        self.key = key
        self.baseKey = baseKey ?? key
        self.signature = signature
        self.kind = kind
        self.container = container
        self.file = file
        self.line = line
    }

    /// For a conformance (`conformance T: P`, keyed by its base key): the conforming type and the protocol.
    public var conformanceParts: (type: String, proto: String)? {
        guard kind == .conformance else { return nil }
        let subject = baseKey.dropFirst("conformance ".count)
        guard let colon = subject.range(of: ": ") else { return nil }
        return (String(subject[..<colon.lowerBound]), String(subject[colon.upperBound...]))
    }

    /// Whether clients must implement it: a member of a protocol's own body.
    public var isProtocolRequirement: Bool { container == .protocol }
}
