import SwiftSyntax

/// Collects `.package(...)` calls and `Package(name:)`; a `.package(...)` it cannot read is recorded with its
/// place and the others are still read.
final class DependencyVisitor: SyntaxVisitor {
    let file: ManifestFile
    let converter: SourceLocationConverter
    /// String constants of the file (`let v = "1.2.0"`), which arguments may name instead of a literal.
    let constants: [String: String]
    var dependencies: [PackageDependency] = []
    var packageName: String?
    /// `Package(...)` calls seen (several: `let package` declared in `#if` branches).
    var packageDeclarations = 0
    /// Every `.package(...)` that could not be read, in source order.
    var unreadable: [ManifestError] = []
    /// Readable `.package(...)` calls in `#if` branches the toolchain never takes.
    var inactive: [PackageDependency] = []

    /// The toolchain `swift(>=…)`/`compiler(>=…)` are decided against (nil: the newest).
    let toolchain: [Int]?
    /// The manifest's language mode (the major of its tools version).
    let languageMode: Int
    private var decided: [Int: ManifestConditions.Value] = [:]

    /// Reads Tuist's `Project.swift` DSL: `.remote(url:requirement:)` and `.local(path:)` besides `.package(...)`.
    let tuist: Bool

    init(
        file: ManifestFile, converter: SourceLocationConverter, constants: [String: String] = [:],
        toolchain: [Int]? = nil, languageMode: Int = 5,
        tuist: Bool = false
    ) {
        self.tuist = tuist
        self.file = file
        self.converter = converter
        self.constants = constants
        self.toolchain = toolchain
        self.languageMode = languageMode
        super.init(viewMode: .sourceAccurate)
    }

    /// The condition branches `node` sits in, outermost first; nil when one of them is never taken (a `#if`
    /// clause decided false, or one after a clause decided true).
    func branches(of node: some SyntaxProtocol) -> [ConditionBranch]? {
        var result: [ConditionBranch] = []
        var child = Syntax(node)
        while let parent = child.parent {
            defer { child = parent }
            if let clause = parent.as(IfConfigClauseSyntax.self),
                let list = clause.parent?.as(IfConfigClauseListSyntax.self),
                let declaration = list.parent?.as(IfConfigDeclSyntax.self)
            {
                let clauses = Array(list)
                guard let index = clauses.firstIndex(where: { $0.id == clause.id }) else { continue }
                var undecidedBefore = false
                for earlier in clauses[..<index] {
                    switch value(of: earlier) {
                    case .active: return nil
                    case .unknown: undecidedBefore = true
                    case .inactive: break
                    }
                }
                let own = value(of: clause)
                if own == .inactive { return nil }
                if undecidedBefore || own == .unknown {
                    let text = clause.poundKeyword.text + (clause.condition.map { " " + $0.trimmedDescription } ?? "")
                    result.append(ConditionBranch(id: declaration.position.utf8Offset, clause: index, text: text))
                }
            } else if let ifExpression = parent.as(IfExprSyntax.self) {
                // A runtime `if` (an environment lookup): its body and its `else` are alternatives.
                if child.id == ifExpression.body.id {
                    result.append(
                        ConditionBranch(
                            id: ifExpression.position.utf8Offset, clause: 0,
                            text: "if " + ifExpression.conditions.trimmedDescription))
                } else if let keyword = ifExpression.elseKeyword, child.position >= keyword.endPosition {
                    result.append(ConditionBranch(id: ifExpression.position.utf8Offset, clause: 1, text: "else"))
                }
            }
        }
        return result.reversed()
    }

    private func value(of clause: IfConfigClauseSyntax) -> ManifestConditions.Value {
        guard let condition = clause.condition else { return .active }  // #else
        let key = clause.position.utf8Offset
        if let known = decided[key] { return known }
        let value = ManifestConditions.evaluate(condition, toolchain: toolchain, languageMode: languageMode)
        decided[key] = value
        return value
    }

    /// A string literal, or the name of a string constant of the file; nil for anything computed.
    func stringValue(_ expression: ExprSyntax) -> String? {
        if let literal = stringLiteral(expression) { return literal }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return constants[reference.baseName.text]
        }
        return nil
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isPackageInitializer(node.calledExpression) {
            packageDeclarations += 1
            if packageName == nil {
                packageName = node.arguments.first { $0.label?.text == "name" }.flatMap { stringLiteral($0.expression) }
            }
            return .visitChildren
        }
        let names: Set<String> = tuist ? ["package", "remote", "local"] : ["package"]
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            names.contains(member.declName.baseName.text), tuist || isDependencyBase(member.base)
        else {
            return .visitChildren
        }
        // In Project.swift only the `packages:` list declares packages (`.package(product:)` in a target's
        // dependencies names one).
        if tuist, !Self.isInPackagesArgument(node) { return .visitChildren }
        // A `.package(...)` in a branch this toolchain never takes is not part of the graph; kept aside for pins.
        guard let branches = branches(of: node) else {
            if let dependency = try? readDependency(node) { inactive.append(dependency) }
            return .skipChildren
        }
        do {
            var dependency = try readDependency(node)
            dependency.branches = branches
            dependencies.append(dependency)
        } catch let failure as ManifestError {
            unreadable.append(failure)
        } catch {}
        return .skipChildren
    }

    /// True when the innermost labeled argument around `node` is `packages:`.
    static func isInPackagesArgument(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let parent = current {
            if let labeled = parent.as(LabeledExprSyntax.self), let label = labeled.label?.text {
                return label == "packages"
            }
            current = parent.parent
        }
        return false
    }

    /// `Package(`, `PackageDescription.Package(`, `Package.init(` and `PackageDescription.Package.init(`.
    static func isPackageInitializer(_ called: ExprSyntax) -> Bool {
        // Every call of the manifest is asked: its last token rules out almost all of them without `trimmed`, which
        // builds a new tree (a third of a warm `check` on the swift-nio family, whose 724 tags' manifests it reads).
        guard endsLike(called, ["Package", "init"], ignoringWhitespace: true) else { return false }
        let text = String(called.trimmedDescription.filter { !$0.isWhitespace })
        return ["Package", "PackageDescription.Package", "Package.init", "PackageDescription.Package.init"].contains(
            text)
    }

    /// False only when `node`'s text (trailing trivia trimmed, whitespace dropped when `ignoringWhitespace`) cannot
    /// end with any of `endings`, judged from its last token alone: a cheap test before `trimmedDescription`.
    static func endsLike(_ node: some SyntaxProtocol, _ endings: [String], ignoringWhitespace: Bool = false) -> Bool {
        guard let token = node.lastToken(viewMode: .sourceAccurate) else { return true }
        let text = ignoringWhitespace ? String(token.text.filter { !$0.isWhitespace }) : token.text
        // The token's text is the end of the node's: either it ends with an ending, or it is the end of one.
        return endings.contains { text.hasSuffix($0) || $0.hasSuffix(text) }
    }

    private func isDependencyBase(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        let text = base.trimmedDescription
        return text == "Package.Dependency" || text == "Dependency"
    }

    private func fail(_ node: some SyntaxProtocol, _ reason: String) -> ManifestError {
        let location = node.startLocation(converter: converter)
        return ManifestError(file: file, line: location.line, column: location.column, reason: reason)
    }

    private func readDependency(_ call: FunctionCallExprSyntax) throws -> PackageDependency {
        var url: String?
        var name: String?
        var registryID: String?
        var requirement: Requirement?
        var requirementStart: AbsolutePosition?
        var requirementEnd: AbsolutePosition?
        for argument in call.arguments {
            let label = argument.label?.text
            let expression = argument.expression
            func literal() throws -> String {
                guard let value = stringValue(expression) else {
                    throw fail(
                        expression,
                        """
                        expected a string literal (or a `let` string constant of this file) for \
                        `\(label ?? "_"):` in .package(...), found `\(expression.trimmedDescription)`; Lockstep \
                        reads manifests statically
                        """
                    )
                }
                return value
            }
            func markRequirement() {
                if requirementStart == nil { requirementStart = argument.positionAfterSkippingLeadingTrivia }
                requirementEnd = expression.endPositionBeforeTrailingTrivia
            }
            switch label {
            case "url", "location": url = try literal()
            case "name": name = try literal()
            case "id": registryID = try literal()
            case "path":
                requirement = .path(try literal()); markRequirement()
            case "from": requirement = .upToNextMajor(try literal()); markRequirement()
            case "exact": requirement = .exact(try literal()); markRequirement()
            case "branch": requirement = .branch(try literal()); markRequirement()
            case "revision": requirement = .revision(try literal()); markRequirement()
            // Unlabeled always; `requirement:` only in Tuist's `.remote(url:requirement:)`.
            case nil,
                "requirement" where tuist:
                requirement = try readUnlabeledRequirement(expression); markRequirement()
            default:
                // Traits and other future arguments do not affect the version; leave them be.
                continue
            }
        }
        guard let requirement, let requirementStart, let requirementEnd else {
            throw fail(
                call,
                """
                this .package(...) has no version requirement Lockstep understands (expected exact:, from:, a \
                range, branch:, revision: or path:)
                """
            )
        }
        if url == nil, case .path = requirement {
        } else if url == nil && registryID == nil {
            throw fail(call, "this .package(...) names no url:, path: or id:")
        }
        let location = call.startLocation(converter: converter)
        return PackageDependency(
            url: url, explicitName: name, registryID: registryID, requirement: requirement,
            line: location.line, column: location.column,
            requirementRange: requirementStart.utf8Offset..<requirementEnd.utf8Offset)
    }

    private func readUnlabeledRequirement(_ expression: ExprSyntax) throws -> Requirement {
        // "1.0.0"..<"2.0.0" and "1.0.0"..."1.9.0" parse as a sequence (unfolded) of three elements.
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let lower = stringValue(elements[0]), let upper = stringValue(elements[2]),
                let op = elements[1].as(BinaryOperatorExprSyntax.self)
            {
                switch op.operator.text {
                case "..<": return .range(lower, upper)
                case "...": return .closedRange(lower, upper)
                default: break
                }
            }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let lower = stringValue(infix.leftOperand), let upper = stringValue(infix.rightOperand)
        {
            switch infix.operator.trimmedDescription {
            case "..<": return .range(lower, upper)
            case "...": return .closedRange(lower, upper)
            default: break
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let argument = call.arguments.first, let value = stringValue(argument.expression)
        {
            switch (member.declName.baseName.text, argument.label?.text) {
            case ("upToNextMajor", "from"): return .upToNextMajor(value)
            case ("upToNextMinor", "from"): return .upToNextMinor(value)
            case ("range", "from") where tuist:
                // Tuist's `.range(from: "1.0.0", to: "2.0.0")`.
                if let upper = call.arguments.dropFirst().first, upper.label?.text == "to",
                    let to = stringValue(upper.expression)
                {
                    return .range(value, to)
                }
            case ("exact", nil): return .exact(value)
            case ("branch", nil): return .branch(value)
            case ("revision", nil): return .revision(value)
            default: break
            }
        }
        throw fail(
            expression,
            """
            cannot read the version requirement `\(expression.trimmedDescription)`; use exact:, from:, \
            .upToNextMinor(from:), a \"a\"..<\"b\" range, branch: or revision:
            """
        )
    }
}

/// The value of a plain string literal (no interpolation), else nil.
func stringLiteral(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var value = ""
    for segment in literal.segments {
        guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
        value += text.content.text
    }
    return value
}

/// Collects the file's top-level `let NAME = "text"` (or `let NAME: Version = "text"`) constants. Constants
/// declared under `#if`, in a type or a function are not collected: which value applies is not fixed by the text.
enum ConstantCollector {
    /// Name → value; a name bound twice is dropped.
    static func constants(in tree: SourceFileSyntax) -> [String: String] {
        var values: [String: String] = [:]
        var twice = Set<String>()
        for item in tree.statements {
            guard let declaration = item.item.as(VariableDeclSyntax.self),
                declaration.bindingSpecifier.tokenKind == .keyword(.let)
            else { continue }
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if values[name] != nil || twice.contains(name) { values[name] = nil; twice.insert(name); continue }
                if let value = binding.initializer.flatMap({ stringLiteral($0.value) }) { values[name] = value }
            }
        }
        return values
    }
}
