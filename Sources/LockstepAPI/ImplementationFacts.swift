import LockstepParsing
import SwiftSyntax

/// What an implementation's sources say about the protocols its types adopt, at any access level (rule LS205):
/// Swift inheritance clauses (`final class X: P`, `extension T: P`), Objective-C `<P>` in any `@interface`
/// (a header, a category, a class extension in a `.m`), and the members each Objective-C class declares or defines.
///
/// ```swift
/// var facts = ImplementationFacts.swift(SourceFile(path: "Sources/Cart/CartManager.swift", text: text))
/// facts.merge(ImplementationFacts.objc(SourceFile(path: "Classes/XCart.m", text: objcText), platform: "iOS"))
/// facts.adopters(of: "CartService")   // [Adoption(type: "CartManager", proto: "CartService", …)]
/// ```
public struct ImplementationFacts: Sendable, Hashable, Codable {
    /// One type declaring a protocol: where, and whether in Objective-C (whose members the compiler does not check).
    public struct Adoption: Sendable, Hashable, Codable {
        public var type: String
        public var proto: String
        public var file: String
        public var line: Int
        public var isObjC: Bool

        public init(type: String, proto: String, file: String, line: Int, isObjC: Bool) {
            self.type = type
            self.proto = proto
            self.file = file
            self.line = line
            self.isObjC = isObjC
        }
    }

    /// Conformances declared by types (not protocols), in file order.
    public var adoptions: [Adoption] = []
    /// Protocols the implementation declares itself, with those they refine (`protocol Internal: CartService`).
    public var refinements: [String: Set<String>] = [:]
    /// Per Objective-C class: its members as `-sel`, `+sel`, `@name` (a property), `@@name` (a class property).
    public var members: [String: Set<String>] = [:]
    /// Per Objective-C class: its superclass as its `@interface` names it.
    public var superclasses: [String: String] = [:]

    public init() {}

    /// Adds what `other` found (another file of the same revision).
    public mutating func merge(_ other: ImplementationFacts) {
        adoptions += other.adoptions
        refinements.merge(other.refinements) { $0.union($1) }
        members.merge(other.members) { $0.union($1) }
        superclasses.merge(other.superclasses) { first, _ in first }
    }

    /// The adoptions of `proto`, directly or through a protocol refining it (`knownRefinements` adds the protocol
    /// set's own: `protocol LoginService: Service`).
    public func adopters(of proto: String, knownRefinements: [String: Set<String>] = [:]) -> [Adoption] {
        let all = refinements.merging(knownRefinements) { $0.union($1) }
        func refines(_ name: String, _ seen: inout Set<String>) -> Bool {
            if name == proto { return true }
            guard seen.insert(name).inserted else { return false }
            return (all[name] ?? []).contains { refines($0, &seen) }
        }
        return adoptions.filter { adoption in
            var seen = Set<String>()
            return refines(adoption.proto, &seen)
        }
    }

    /// The members of an Objective-C class with those of its superclasses the implementation declares, and what the
    /// last of them is known to inherit (`inheritedMembers(from:)`: NSObject's, a UIKit class's).
    public func allMembers(of type: String) -> Set<String> {
        var result = Set<String>()
        var seen = Set<String>()
        var current = type
        while seen.insert(current).inserted {
            result.formUnion(members[current] ?? [])
            guard let next = superclasses[current] else { break }
            current = next
        }
        // `current`: the last class of the chain, whose superclass the implementation does not name.
        return result.union(Self.inheritedMembers(from: current))
    }

    // MARK: - Swift

    /// The conformances a Swift file's classes, structs, enums, actors and extensions declare (every `#if` branch).
    /// A file that cannot be parsed in bounded time declares nothing.
    public static func swift(_ source: SourceFile) -> ImplementationFacts {
        (try? BoundedParser.parse(source.text) { tree in
            let visitor = SwiftConformanceVisitor(file: source.path, lines: LineTable(source.text))
            visitor.walk(tree)
            return visitor.facts
        }) ?? ImplementationFacts()
    }

    /// `P`, `Module.P`, `P & Q`, `@unchecked P`, `P<T>` → the protocol names (last component).
    static func names(of type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        if let member = type.as(MemberTypeSyntax.self) { return [member.name.text] }
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.flatMap { names(of: $0.type) }
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return names(of: attributed.baseType) }
        return []
    }
}

private final class SwiftConformanceVisitor: SyntaxVisitor {
    let file: String
    let lines: LineTable
    var facts = ImplementationFacts()

    init(file: String, lines: LineTable) {
        self.file = file
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    func record(_ type: String, _ clause: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
        let line = lines.line(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        for inherited in clause?.inheritedTypes ?? [] {
            for name in ImplementationFacts.names(of: inherited.type) {
                facts.adoptions.append(.init(type: type, proto: name, file: file, line: line, isObjC: false))
            }
        }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause, at: node.name)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause, at: node.name)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause, at: node.name)
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause, at: node.name)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = ImplementationFacts.names(of: node.extendedType).first ?? node.extendedType.trimmedDescription
        record(extended, node.inheritanceClause, at: node.extendedType)
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let clause = node.inheritanceClause?.inheritedTypes ?? []
        let inherited = clause.flatMap { ImplementationFacts.names(of: $0.type) }
        facts.refinements[node.name.text, default: []].formUnion(inherited)
        return .visitChildren
    }
}
