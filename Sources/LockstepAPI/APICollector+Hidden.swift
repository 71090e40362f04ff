import SwiftSyntax

/// Declarations that are `public` in the source yet not public API: clients cannot use them, or the
/// author says they must not (by convention or attribute). Adding or removing one changes nothing.
///
/// - `@_spi(…)`: visible only to clients that import the module with `@_spi`, who opt out of stability;
/// - `@available(*, unavailable)`: no client can use it (removing one is no change);
/// - `@_documentation(visibility: internal|private|fileprivate|package)`: hidden from documentation on purpose;
/// - a name starting with `_` (a type's members go with it), a conformance to a `_`-protocol.
///
/// Enum cases keep counting whatever their name: an exhaustive `switch` must still cover them.
extension APICollector {
    /// The `_`-name of a type declaration, or of the extended type of an extension (up to its last `_` component:
    /// `extension _Box.Inner` belongs to `_Box`, `extension _Box._Cache` to `_Box._Cache`); nil for any other
    /// declaration.
    ///
    /// Such a type is not API by itself, but it is when a public typealias names it (`public typealias Marker =
    /// _Marker`): its declarations are collected tagged with it (`CollectedDeclaration.underscoredOwner`) and kept
    /// or dropped once the whole file set shows whether an alias names it (`APISurface.Finisher`).
    static func underscoredType(_ decl: DeclSyntax) -> String? {
        let name: String
        switch decl.as(DeclSyntaxEnum.self) {
        case .structDecl(let node): name = node.name.text
        case .classDecl(let node): name = node.name.text
        case .actorDecl(let node): name = node.name.text
        case .enumDecl(let node): name = node.name.text
        case .protocolDecl(let node): name = node.name.text
        case .extensionDecl(let node):
            let components = NormalizedText.of(node.extendedType).prefix { $0 != "<" }.split(separator: ".")
            guard let index = components.lastIndex(where: { isUnderscored($0) }) else { return nil }
            return components[...index].joined(separator: ".")
        default: return nil
        }
        return isUnderscored(name) ? name : nil
    }

    /// Whether a recorded member's own name (or a conformance's protocol) starts with `_`. A protocol's
    /// `_`-parent still counts: its conformers must conform to it (`protocol P: _SendableAlias`).
    static func isUnderscored(
        kind: DeclarationKind, qualifiedName: String, conformedTo: String?, container: DeclarationKind?
    ) -> Bool {
        switch kind {
        case .conformance:
            // Decided once the whole file set is known (`APISurface.Finisher`): `_Name` may be a typealias of a
            // public protocol (`typealias _Sendable = Sendable`), which the conformance is really to.
            return false
        case .enumCase, .initializer, .subscript:
            return false
        default:
            let name = qualifiedName.prefix { $0 != "(" }
            return isUnderscored(lastComponent(name))
        }
    }

    /// Whether an attribute of a declaration (or extension) hides it, whatever its name.
    static func hides(_ attributes: AttributeListSyntax) -> Bool {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            let name = NormalizedText.of(attribute.attributeName)
            let arguments =
                attribute.arguments.map { SignatureShape.splitTopLevel(NormalizedText.of($0), at: ",") } ?? []
            switch name {
            case "_spi":
                return true
            case "available":
                if arguments.first == "*", arguments.contains("unavailable") { return true }
            case "_documentation":
                for argument in arguments where argument.hasPrefix("visibility:") {
                    let level = argument.dropFirst("visibility:".count).trimmingSpaces()
                    if level != "public" && level != "open" { return true }
                }
            default:
                continue
            }
        }
        return false
    }

    /// Whether a conformance to `conformed`, declared in a `container`, is hidden: a type's conformance to a
    /// `_`-protocol is; a protocol's `_`-parent still binds its conformers.
    static func hidesConformance(to conformed: String, container: DeclarationKind?) -> Bool {
        container != .protocol && isUnderscored(lastComponent(conformed))
    }

    static func isUnderscored(_ name: some StringProtocol) -> Bool {
        name.hasPrefix("_") || name.hasPrefix("`_")
    }

    /// The last component of a qualified name, its generic arguments left out (`A.B<C>` → `B`).
    static func lastComponent(_ name: String) -> String { lastComponent(name[...]) }

    static func lastComponent(_ name: Substring) -> String {
        // On UTF-8 (`<` and `.` are ASCII): a hot path of collecting and finishing.
        let utf8 = name.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "<")) ?? utf8.endIndex
        guard let dot = utf8[..<end].lastIndex(of: UInt8(ascii: ".")) else { return String(name[..<end]) }
        let start = utf8.index(after: dot)
        if start < end { return String(name[start..<end]) }
        let base = String(name[..<end])
        return base.split(separator: ".").last.map(String.init) ?? base
    }
}
