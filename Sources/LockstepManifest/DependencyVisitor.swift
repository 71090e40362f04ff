import SwiftSyntax

/// Collects `.package(...)` calls and `Package(name:)`, recording the first unreadable one as an error.
final class DependencyVisitor: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var dependencies: [PackageDependency] = []
    var packageName: String?
    /// `Package(...)` calls seen (several: `let package` declared in `#if` branches).
    var packageDeclarations = 0
    var error: ManifestError?

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isPackageInitializer(node.calledExpression) {
            packageDeclarations += 1
            if packageName == nil {
                packageName = node.arguments.first { $0.label?.text == "name" }.flatMap { stringLiteral($0.expression) }
            }
            return .visitChildren
        }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "package", isDependencyBase(member.base) else {
            return .visitChildren
        }
        do {
            dependencies.append(try readDependency(node))
        } catch let failure as ManifestError {
            if error == nil { error = failure }
        } catch {}
        return .skipChildren
    }

    /// `Package(`, `PackageDescription.Package(`, `Package.init(` and `PackageDescription.Package.init(`.
    static func isPackageInitializer(_ called: ExprSyntax) -> Bool {
        let text = String(called.trimmedDescription.filter { !$0.isWhitespace })
        return ["Package", "PackageDescription.Package", "Package.init", "PackageDescription.Package.init"].contains(text)
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
                guard let value = stringLiteral(expression) else {
                    throw fail(expression, "expected a string literal for `\(label ?? "_"):` in .package(...); Lockstep reads manifests statically")
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
            case nil:
                requirement = try readUnlabeledRequirement(expression); markRequirement()
            default:
                // Traits and other future arguments do not affect the version; leave them be.
                continue
            }
        }
        guard let requirement, let requirementStart, let requirementEnd else {
            throw fail(call, "this .package(...) has no version requirement Lockstep understands (expected exact:, from:, a range, branch:, revision: or path:)")
        }
        if url == nil, case .path = requirement {} else if url == nil && registryID == nil {
            throw fail(call, "this .package(...) names no url:, path: or id:")
        }
        let location = call.startLocation(converter: converter)
        return PackageDependency(url: url, explicitName: name, registryID: registryID, requirement: requirement,
                                 line: location.line, column: location.column,
                                 requirementRange: requirementStart.utf8Offset..<requirementEnd.utf8Offset)
    }

    private func readUnlabeledRequirement(_ expression: ExprSyntax) throws -> Requirement {
        // "1.0.0"..<"2.0.0" and "1.0.0"..."1.9.0" parse as a sequence (unfolded) of three elements.
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let lower = stringLiteral(elements[0]), let upper = stringLiteral(elements[2]),
               let op = elements[1].as(BinaryOperatorExprSyntax.self) {
                switch op.operator.text {
                case "..<": return .range(lower, upper)
                case "...": return .closedRange(lower, upper)
                default: break
                }
            }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
           let lower = stringLiteral(infix.leftOperand), let upper = stringLiteral(infix.rightOperand) {
            switch infix.operator.trimmedDescription {
            case "..<": return .range(lower, upper)
            case "...": return .closedRange(lower, upper)
            default: break
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let argument = call.arguments.first, let value = stringLiteral(argument.expression) {
            switch (member.declName.baseName.text, argument.label?.text) {
            case ("upToNextMajor", "from"): return .upToNextMajor(value)
            case ("upToNextMinor", "from"): return .upToNextMinor(value)
            case ("exact", nil): return .exact(value)
            case ("branch", nil): return .branch(value)
            case ("revision", nil): return .revision(value)
            default: break
            }
        }
        throw fail(expression, "cannot read the version requirement `\(expression.trimmedDescription)`; use exact:, from:, .upToNextMinor(from:), a \"a\"..<\"b\" range, branch: or revision:")
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
