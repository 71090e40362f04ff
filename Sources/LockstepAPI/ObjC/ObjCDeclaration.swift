/// How a pointer type may be nil, as Clang reads its annotation (or the `NS_ASSUME_NONNULL` region around it).
public enum ObjCNullability: String, Sendable, Hashable, Codable {
    /// `nonnull`, `_Nonnull`, or a pointer inside `NS_ASSUME_NONNULL_BEGIN … END`: Swift imports `T`.
    case nonnull
    /// `nullable`, `_Nullable`, `null_resettable` (for the getter's sake: the setter is what it loosens): `T?`.
    case nullable
    /// No annotation outside a region (`T!` in Swift), or not a pointer.
    case unspecified

    /// The Swift spelling's suffix: "", "?" or "!".
    var swiftMark: String {
        switch self {
        case .nonnull: return ""
        case .nullable: return "?"
        case .unspecified: return "!"
        }
    }
}

/// A C or Objective-C type as a client's call site sees it: its canonical spelling without nullability, and the
/// nullability apart (so that a change of one can be judged without re-reading the other).
public struct ObjCType: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Canonical tokens: `NSArray<NSString *> *`, `void (^)(BOOL)`, `NSInteger`.
    public var spelling: String
    /// The outermost pointer's nullability; `.unspecified` for a non-pointer.
    public var nullability: ObjCNullability

    /// Creates a type.
    public init(spelling: String, nullability: ObjCNullability = .unspecified) {
        self.spelling = spelling
        self.nullability = nullability
    }

    /// Objective-C spelling with the annotation, e.g. `NSString * _Nullable`.
    public var description: String {
        switch nullability {
        case .unspecified: return spelling
        case .nonnull: return spelling + " _Nonnull"
        case .nullable: return spelling + " _Nullable"
        }
    }
}

/// What kind of Objective-C or C declaration a header declares.
public enum ObjCKind: String, Sendable, Hashable, Codable {
    case `class` = "@interface"
    case `protocol` = "@protocol"
    case conformance
    case method
    case property = "@property"
    case function
    case variable = "extern"
    case `enum`
    case `case`
    case `typedef`
    case macro = "#define"
}

extension ObjCKind {
    /// The kind in the common API model.
    var declarationKind: DeclarationKind {
        switch self {
        case .class: return .objcInterface
        case .protocol: return .objcProtocol
        case .conformance: return .conformance
        case .method: return .objcMethod
        case .property: return .objcProperty
        case .function: return .cFunction
        case .variable: return .cVariable
        case .enum: return .enumeration
        case .case: return .enumCase
        case .typedef: return .cTypedef
        case .macro: return .cMacro
        }
    }
}

/// One public declaration of a header set, typed: what the Objective-C diff compares.
public struct ObjCDeclaration: Sendable, Hashable, Codable {
    /// Unique within a surface, in Objective-C spelling: `-[MBProgressHUD showAnimated:]`, `@property
    /// MBProgressHUD.label`,
    /// `@interface MBProgressHUD`, `@protocol MBProgressHUDDelegate`, `enum MBProgressHUDMode`, `case
    /// MBProgressHUDModeText`.
    public var key: String
    public var kind: ObjCKind
    /// The class or protocol it belongs to (the class for a category's members), nil at top level.
    public var owner: String?
    /// Whether the owner is a protocol (so the declaration is a requirement).
    public var inProtocol: Bool = false
    /// `@optional` in a protocol.
    public var optional: Bool = false
    /// The result (methods, functions), the property's, variable's or typedef's type, an enum's raw type.
    public var type: ObjCType?
    /// Parameter types of methods and functions, in order.
    public var parameters: [ObjCType] = []
    /// `readonly` for a property; `class` goes into the key.
    public var readonly: Bool = false
    /// `getter=`/`setter=` of a property, the superclass of a class, `NS_ENUM`/`NS_OPTIONS`/… of an enum, a macro's
    /// parameters.
    public var detail: String?
    /// `NS_SWIFT_NAME(…)`'s argument, or `__refined` for `NS_REFINED_FOR_SWIFT`.
    public var swiftName: String?
    /// For a case: its name as Swift imports it (prefix stripped), which a client's `switch` spells.
    public var swiftCaseName: String?
    /// The header (repository path) and the 1-based line of the declaration.
    public var file: String
    public var line: Int

    /// Creates a declaration.
    public init(key: String, kind: ObjCKind, owner: String? = nil, file: String, line: Int) {
        self.key = key
        self.kind = kind
        self.owner = owner
        self.file = file
        self.line = line
    }

    /// The declaration as Objective-C spells it, for people: `- (NSString * _Nullable)name:(id)`.
    public var signature: String {
        var text: String
        switch kind {
        case .method:
            let selector = key.split(separator: " ").last.map { String($0.dropLast()) } ?? key
            let marker = key.hasPrefix("+") ? "+" : "-"
            let pieces = selector.split(separator: ":", omittingEmptySubsequences: false)
            var body = "\(marker) (\(type?.description ?? "id"))"
            if parameters.isEmpty {
                body += selector
            } else {
                body += zip(pieces, parameters).map { "\($0):(\($1.description))" }.joined(separator: " ")
                if parameters.count > pieces.count - 1 { body += ", ..." }
            }
            text = body
        case .property:
            var attributes: [String] = []
            if key.hasPrefix("@property (class)") { attributes.append("class") }
            if readonly { attributes.append("readonly") }
            if let detail { attributes.append(detail) }
            let list = attributes.isEmpty ? "" : "(\(attributes.joined(separator: ", "))) "
            text = "@property \(list)\(type?.description ?? "id") \(key.split(separator: ".").last ?? "")"
        case .function:
            text =
                """
                \(type?.description ?? "void") \
                \(key.dropFirst("func ".count))(\(parameters.map(\.description).joined(separator: ", ")))
                """
        case .class:
            text = key + (detail.map { " : \($0)" } ?? "")
        case .enum:
            text = "\(detail ?? "enum")(\(type?.spelling ?? "int"), \(key.dropFirst("enum ".count)))"
        case .case:
            text = key + (swiftCaseName.map { " (Swift .\($0))" } ?? "")
        case .typedef, .variable:
            text = "\(key) : \(type?.description ?? "")"
        case .macro:
            text = key + (detail ?? "")
        case .protocol, .conformance:
            text = key
        }
        if optional { text = "@optional " + text }
        switch swiftName {
        case nil: break
        case "__refined": text += " NS_REFINED_FOR_SWIFT"
        case "__unavailable": text += " NS_SWIFT_UNAVAILABLE"
        case let name?: text += " NS_SWIFT_NAME(\(name))"
        }
        return text
    }

    /// The declaration in the common API model: key, Objective-C signature, place.
    public var apiDeclaration: APIDeclaration {
        APIDeclaration(
            key: key, signature: signature, kind: kind.declarationKind, container: inProtocol ? .protocol : nil,
            file: file, line: line)
    }
}

/// A header that could not be read (in part): where, and why. The core reports it as LS103; the rest is judged.
public struct ObjCHeaderProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    /// Creates a problem.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `Sources/X.h:12: @interface without @end`.
    public var description: String { "\(file):\(line): \(message)" }
}
