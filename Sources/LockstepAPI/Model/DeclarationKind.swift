/// What a declaration of a surface is: a Swift declaration's keyword, or an Objective-C or C header's kind of
/// declaration. The raw value is the word keys and JSON use (`func`, `@interface`, …).
public enum DeclarationKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    // Swift
    case function = "func"
    case initializer = "init"
    case `subscript`
    case variable = "var"
    case constant = "let"
    case enumCase = "case"
    case structure = "struct"
    case `class`
    case enumeration = "enum"
    case actor
    case `protocol`
    case `typealias`
    case `associatedtype`
    case macro
    /// `T: P`, declared where the type or an extension of it is.
    case conformance
    /// Only as a container: a member declared in an extension.
    case `extension`
    // The package
    /// A library product of the package manifest.
    case library
    /// A module (target) the products expose.
    case module
    // Objective-C and C
    case objcInterface = "@interface"
    case objcProtocol = "@protocol"
    case objcMethod = "method"
    case objcProperty = "@property"
    case cFunction = "function"
    case cVariable = "extern"
    case cTypedef = "typedef"
    case cMacro = "#define"

    /// The raw value: the word keys and JSON use.
    public var description: String { rawValue }

    /// A type declaration: struct, class, enum, actor or protocol.
    public var isType: Bool { [.structure, .class, .enumeration, .actor, .protocol].contains(self) }

    /// What clients call with arguments: functions, initializers, subscripts.
    public var isCallable: Bool { [.function, .initializer, .subscript].contains(self) }

    /// A stored or computed property (`var` or `let`).
    public var isProperty: Bool { self == .variable || self == .constant }
}
