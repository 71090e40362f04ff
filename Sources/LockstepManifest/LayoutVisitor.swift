import SwiftSyntax

/// Collects `products:`, `targets:` and `platforms:` wherever the manifest spells them as calls with literal
/// names (inside `Package(...)` or in variables appended to it); what is computed is not seen.
final class LayoutVisitor: SyntaxVisitor {
    var products: [ManifestProduct] = []
    var targets: [ManifestTarget] = []
    var platforms: [String] = []
    var platformVersions: [String: [Int]] = [:]

    /// The toolchain and language mode `#if swift(>=…)`/`compiler(>=…)` are decided with (nil: the newest).
    var toolchain: [Int]?
    var languageMode = 5

    init() { super.init(viewMode: .sourceAccurate) }

    /// Only the branch SwiftPM takes when it is decidable (custom flags are unset for a client's build; versions
    /// come from the toolchain): `#if COLLECTIONS_SINGLE_MODULE` products are not the package's. A branch that
    /// depends on the host (`os`, `arch`, `canImport`) keeps every clause, as before.
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for clause in node.clauses {
            let value =
                clause.condition.map {
                    ManifestConditions.evaluate(
                        $0, toolchain: toolchain, languageMode: languageMode, customFlagsUnset: true)
                } ?? .active
            switch value {
            case .inactive: continue
            case .active:
                if let elements = clause.elements { walk(elements) }
                return .skipChildren
            case .unknown:
                return .visitChildren
            }
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if DependencyVisitor.isPackageInitializer(node.calledExpression) {
            if let list = node.arguments.first(where: { $0.label?.text == "platforms" })?.expression.as(
                ArrayExprSyntax.self)
            {
                platforms = list.elements.compactMap { Self.memberCallName($0.expression) }
                for element in list.elements {
                    if let name = Self.memberCallName(element.expression),
                        let version = Self.platformVersion(element.expression)
                    {
                        platformVersions[name] = version
                    }
                }
            }
            return .visitChildren
        }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), Self.isDescriptionBase(member.base),
            let name = Self.argument("name", of: node).flatMap(stringLiteral)
        else {
            return .visitChildren
        }
        let call = member.declName.baseName.text
        let listedTargets = Self.argument("targets", of: node)
        // `.plugin(name:targets:)` is a product, `.plugin(name:capability:…)` a target.
        if call == "library" || call == "executable" || (call == "plugin" && listedTargets != nil) {
            // A product chosen at run time (`if defines.contains("SINGLE_MODULE") { products = [.library(…)] }`) is
            // one possibility, not the package's products: it is not counted.
            if Self.isInRuntimeBranch(node) { return .skipChildren }
            guard let list = listedTargets?.as(ArrayExprSyntax.self) else { return .skipChildren }
            let names = list.elements.compactMap { stringLiteral($0.expression) }
            products.append(
                ManifestProduct(name: name, kind: ManifestProduct.Kind(rawValue: call) ?? .library, targets: names))
            return .skipChildren
        }
        guard let kind = TargetKind(rawValue: call) else { return .visitChildren }
        // `.target(name:)` also names a dependency; those sit inside a target's call, whose children are skipped.
        guard !targets.contains(where: { $0.name == name }) else { return .skipChildren }
        let path = Self.argument("path", of: node).flatMap(stringLiteral)
        let dependencies =
            Self.argument("dependencies", of: node)?.as(ArrayExprSyntax.self)
            .map { $0.elements.compactMap { Self.dependencyName($0.expression) } } ?? []
        let selectsFiles = Self.argument("exclude", of: node) != nil || Self.argument("sources", of: node) != nil
        targets.append(
            ManifestTarget(name: name, kind: kind, path: path, dependencies: dependencies, selectsFiles: selectsFiles))
        return .skipChildren
    }

    /// `"Name"`, `.target(name: "Name")`, `.byName(name: "Name")`, `.product(name: "Name", package: …)`.
    static func dependencyName(_ expression: ExprSyntax) -> String? {
        if let literal = stringLiteral(expression) { return literal }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["target", "byName", "product"].contains(member.declName.baseName.text)
        else { return nil }
        return argument("name", of: call).flatMap(stringLiteral)
    }

    /// `.macOS(.v12)` → `macOS`; nil for anything else.
    static func memberCallName(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        return member.declName.baseName.text
    }

    /// The version of `.macOS(.v10_15)`, `.iOS(.v13)` or `.macOS("10.15")`; nil when computed.
    static func platformVersion(_ expression: ExprSyntax) -> [Int]? {
        guard let call = expression.as(FunctionCallExprSyntax.self), let argument = call.arguments.first?.expression
        else {
            return nil
        }
        let text: String
        if let member = argument.as(MemberAccessExprSyntax.self), member.base == nil {
            let name = member.declName.baseName.text
            guard name.hasPrefix("v") else { return nil }
            text = name.dropFirst().replacingOccurrences(of: "_", with: ".")
        } else if let literal = argument.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        {
            text = segment.content.text
        } else {
            return nil
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.map { $0! }
    }

    /// Whether the node sits in a body of a runtime `if`, `guard`, `switch` or `? :`.
    static func isInRuntimeBranch(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(IfExprSyntax.self) || parent.is(SwitchExprSyntax.self) || parent.is(TernaryExprSyntax.self)
                || parent.is(GuardStmtSyntax.self)
            {
                return true
            }
            current = parent.parent
        }
        return false
    }

    static func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// `.x(…)`, `Target.x(…)`, `Product.x(…)` and their `PackageDescription.` spellings.
    static func isDescriptionBase(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        // What `PackageDescription.` is taken from ends with `.`: cheap test first (see `isPackageInitializer`).
        guard DependencyVisitor.endsLike(base, ["Target", "Product", "."]) else { return false }
        let text = base.trimmedDescription.replacingOccurrences(of: "PackageDescription.", with: "")
        return text == "Target" || text == "Product"
    }
}
