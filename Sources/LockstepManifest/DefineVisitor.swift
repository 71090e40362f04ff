import SwiftSyntax

/// A compilation condition a manifest's Swift settings define (`.define("SYSTEM_PACKAGE")`), with the
/// `.when(…)` that limits it.
public struct ManifestDefine: Sendable, Equatable {
    public var name: String
    /// The platforms `.when(platforms:)` names (PackageDescription's spelling; empty when the list cannot be read:
    /// set nowhere); nil: every platform.
    public var platforms: [String]?
    /// The traits `.when(traits:)` names; nil: no trait condition.
    public var traits: [String]?
    /// `.when(configuration: .debug)`: only in debug builds, which a client's release build is not.
    public var debugOnly: Bool

    public init(name: String, platforms: [String]? = nil, traits: [String]? = nil, debugOnly: Bool = false) {
        self.name = name
        self.platforms = platforms
        self.traits = traits
        self.debugOnly = debugOnly
    }
}

/// Collects the Swift features a manifest enables (`.enableExperimentalFeature("Lifetimes")`), and
/// `.define("NAME", .when(…))` calls it makes for Swift (not those under `cSettings:`,
/// `cxxSettings:` or in a `[CSetting]`, nor those in test targets or chosen at run time), and the traits
/// `.default(enabledTraits: [...])` enables, wherever they are spelled literally. A `.when(platforms:)` may name
/// a top-level `let` holding a literal list (`let darwin: [Platform] = [.macOS, .iOS]`).
final class DefineVisitor: SyntaxVisitor {
    private(set) var defines: [ManifestDefine] = []
    private(set) var defaultTraits: [String] = []
    private(set) var features: [String] = []
    /// `.trait(name: "A", enabledTraits: ["B"])`: the traits each trait enables.
    private var traitImplications: [String: [String]] = [:]
    private var platformLists: [String: [String]] = [:]
    private var pending: [(name: String, platforms: ExprSyntax?, traits: [String]?, debugOnly: Bool)] = []

    init() { super.init(viewMode: .sourceAccurate) }

    /// Walks `tree` and resolves platform lists named by constants.
    func collect(_ tree: SourceFileSyntax) {
        walk(tree)
        // A trait enabled by default enables the traits it names in turn (`.trait(name: "A", enabledTraits: ["B"])`).
        var enabled = Set(defaultTraits)
        var queue = defaultTraits
        while let trait = queue.popLast() {
            for implied in traitImplications[trait] ?? [] where enabled.insert(implied).inserted {
                defaultTraits.append(implied)
                queue.append(implied)
            }
        }
        defines = pending.map { item in
            ManifestDefine(
                name: item.name, platforms: item.platforms.flatMap(platforms(of:)), traits: item.traits,
                debugOnly: item.debugOnly)
        }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let list = binding.initializer?.value.as(ArrayExprSyntax.self)
            else { continue }
            let members = list.elements.compactMap {
                $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            }
            if members.count == list.elements.count, !members.isEmpty { platformLists[name] = members }
        }
        let type = node.bindings.first?.typeAnnotation.map { $0.type.trimmedDescription } ?? ""
        return type.contains("CSetting") || type.contains("CXXSetting") ? .skipChildren : .visitChildren
    }

    /// `darwin = [.macOS, .iOS]`, as `let darwin: [Platform]` followed by assignments in `#if` branches: every list
    /// assigned counts (the branches differ by toolchain only in practice).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text,
            elements[1].is(AssignmentExprSyntax.self), let list = elements[2].as(ArrayExprSyntax.self)
        {
            let members = list.elements.compactMap {
                $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            }
            if members.count == list.elements.count, !members.isEmpty {
                platformLists[name, default: []].append(
                    contentsOf: members.filter { !(platformLists[name] ?? []).contains($0) })
            }
        }
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        ["cSettings", "cxxSettings", "linkerSettings"].contains(node.label?.text ?? "") ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = LayoutVisitor.memberCallName(ExprSyntax(node)) else { return .visitChildren }
        switch name {
        case "testTarget":
            return .skipChildren
        case "trait":
            if let nameExpression = LayoutVisitor.argument("name", of: node), let name = stringLiteral(nameExpression),
                let enabled = LayoutVisitor.argument("enabledTraits", of: node)?.as(ArrayExprSyntax.self)
            {
                traitImplications[name, default: []] += enabled.elements.compactMap { stringLiteral($0.expression) }
            }
            return .skipChildren
        case "default":
            if let enabled = LayoutVisitor.argument("enabledTraits", of: node)?.as(ArrayExprSyntax.self) {
                defaultTraits += enabled.elements.compactMap { stringLiteral($0.expression) }
            }
            return .skipChildren
        case "enableExperimentalFeature", "enableUpcomingFeature":
            if let first = node.arguments.first, let name = stringLiteral(first.expression),
                !LayoutVisitor.isInRuntimeBranch(node),
                !name.contains("=")
            {
                features.append(name)
            }
            return .skipChildren
        case "define":
            guard let first = node.arguments.first, first.label == nil, let defined = stringLiteral(first.expression),
                !LayoutVisitor.isInRuntimeBranch(node)
            else { return .skipChildren }
            var platforms: ExprSyntax?
            var traits: [String]?
            var debugOnly = false
            if let condition = node.arguments.dropFirst().first?.expression.as(FunctionCallExprSyntax.self),
                LayoutVisitor.memberCallName(ExprSyntax(condition)) == "when"
            {
                platforms = LayoutVisitor.argument("platforms", of: condition)
                traits = LayoutVisitor.argument("traits", of: condition)?.as(ArrayExprSyntax.self)
                    .map { $0.elements.compactMap { stringLiteral($0.expression) } }
                if let configuration = LayoutVisitor.argument("configuration", of: condition)?.as(
                    MemberAccessExprSyntax.self)
                {
                    debugOnly = configuration.declName.baseName.text == "debug"
                }
            }
            pending.append((defined, platforms, traits, debugOnly))
            return .skipChildren
        default:
            return .visitChildren
        }
    }

    /// `[.macOS, .iOS]` or a constant naming such a list; empty (no platform: the condition is not set) when it
    /// cannot be read, since `.when(platforms:)` only ever narrows.
    private func platforms(of expression: ExprSyntax) -> [String] {
        if let list = expression.as(ArrayExprSyntax.self) {
            return list.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text }
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return platformLists[reference.baseName.text] ?? []
        }
        return []
    }
}
