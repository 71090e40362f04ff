import SwiftSyntax

// Functions, initializers, subscripts, properties, cases, typealiases, associated types, macros.
extension APICollector {
    mutating func visitFunction(_ node: FunctionDeclSyntax, in scope: Scope) {
        guard let access = access(node.modifiers, in: scope) else { return }
        let name = String(NormalizedText.name(of: node.name))
        let isOperator = NormalizedText.isOperator(node.name)
        let style: SignatureParts.LabelStyle = isOperator ? .operator : .function
        let shape = callableShape(
            node.genericParameterClause, node.signature.parameterClause, style: style,
            result: node.signature.returnClause?.type, where: node.genericWhereClause,
            effects: node.signature.effectSpecifiers, in: scope)
        let parameters = shape.parameters
        var signature = prefix(node.attributes, node.modifiers, access: access, in: scope, isolatable: true)
        signature += "func " + name + (isOperator ? " " : "")
        signature += shape.generics
        signature += parameters.text
        signature += shape.effects
        signature += SignatureParts.returnClause(shape.result)
        signature += shape.constraints
        record(
            kind: .function, qualifiedName: scope.qualify(name + "(" + parameters.labels + ")"),
            signature: signature, at: node.name, in: scope, parameterTypes: parameters.types)
    }

    mutating func visitInitializer(_ node: InitializerDeclSyntax, in scope: Scope) {
        guard let access = access(node.modifiers, in: scope) else { return }
        let shape = callableShape(
            node.genericParameterClause, node.signature.parameterClause, style: .function,
            result: nil, where: node.genericWhereClause, effects: node.signature.effectSpecifiers, in: scope)
        let parameters = shape.parameters
        var signature = prefix(node.attributes, node.modifiers, access: access, in: scope, isolatable: true)
        signature += "init" + (node.optionalMark?.text ?? "")
        signature += shape.generics
        signature += parameters.text
        signature += shape.effects
        signature += shape.constraints
        // `init Cart(items:)`: the type stands where a function's name would.
        record(
            kind: .initializer, qualifiedName: (scope.name ?? "") + "(" + parameters.labels + ")",
            signature: signature, at: node.initKeyword, in: scope, parameterTypes: parameters.types)
    }

    mutating func visitSubscript(_ node: SubscriptDeclSyntax, in scope: Scope) {
        guard let access = access(node.modifiers, in: scope) else { return }
        let shape = callableShape(
            node.genericParameterClause, node.parameterClause, style: .subscript,
            result: node.returnClause.type, where: node.genericWhereClause, in: scope)
        let parameters = shape.parameters
        var accessors = Accessors(block: node.accessorBlock, storedIsSettable: false)
        if SignatureParts.hasRestrictedSetter(node.modifiers) { accessors.dropSetter() }
        var signature = prefix(node.attributes, node.modifiers, access: access, in: scope, isolatable: true)
        signature += "subscript"
        signature += shape.generics
        signature += parameters.text
        signature += " -> " + (shape.result ?? "")
        signature += shape.constraints
        signature += " " + accessors.text
        record(
            kind: .subscript, qualifiedName: (scope.name ?? "") + "[" + parameters.labels + "]",
            signature: signature, at: node.subscriptKeyword, in: scope, parameterTypes: parameters.types)
    }

    mutating func visitVariable(_ node: VariableDeclSyntax, in scope: Scope) {
        guard let access = access(node.modifiers, in: scope) else { return }
        let isLet = node.bindingSpecifier.text == "let"
        let restricted = SignatureParts.hasRestrictedSetter(node.modifiers)
        let head =
            prefix(node.attributes, node.modifiers, access: access, in: scope, isolatable: true)
            + (isLet ? "let " : "var ")
        let bindings = Array(node.bindings)
        // A property of a constrained extension (`extension P where Self: RawRepresentable`) exists only there: its
        // requirements are part of it, and tell it apart from the same property of an unconstrained extension.
        let constraints = whereClause(nil, in: scope)
        for (index, binding) in bindings.enumerated() {
            var types = canonical()
            let type = Self.type(of: binding, following: bindings[(index + 1)...], types: &types)
            var accessors = Accessors(block: binding.accessorBlock, storedIsSettable: !isLet)
            if restricted { accessors.dropSetter() }
            for identifier in Self.identifiers(in: binding.pattern) {
                let name = String(NormalizedText.name(of: identifier))
                var signature = head + name + ": " + type
                if !isLet { signature += " " + accessors.text }
                signature += constraints
                // `let` and `var` share the key word so that `let` → `var` reads as a change.
                record(
                    kind: isLet ? .constant : .variable, keyWord: "var", qualifiedName: scope.qualify(name),
                    signature: signature, at: identifier, in: scope, parameterTypes: constraints)
            }
        }
    }

    mutating func visitEnumCase(_ node: EnumCaseDeclSyntax, in scope: Scope) {
        // Cases carry no access modifier: they are exactly as visible as their enum.
        guard scope.kind == .enumeration, scope.isPublic else { return }
        let head = prefix(node.attributes, node.modifiers, access: nil, in: scope) + "case "
        var types = canonical()
        for element in node.elements {
            let name = String(NormalizedText.name(of: element.name))
            var signature = head + name
            signature += element.parameterClause.map { SignatureParts.associatedValues($0, types: &types) } ?? ""
            // Raw values are kept: clients persist and exchange them through `rawValue`.
            if let raw = element.rawValue { signature += " = " + NormalizedText.of(raw.value) }
            record(
                kind: .enumCase, qualifiedName: scope.qualify(name), signature: signature, at: element.name, in: scope)
        }
    }

    mutating func visitTypeAlias(_ node: TypeAliasDeclSyntax, in scope: Scope) {
        guard let access = access(node.modifiers, in: scope) else { return }
        let name = String(NormalizedText.name(of: node.name))
        var signature = prefix(node.attributes, node.modifiers, access: access, in: scope)
        signature += "typealias " + name
        let qualified = scope.qualify(name)
        let own = typeGenerics(
            node.genericParameterClause, qualified: qualified, where: node.genericWhereClause, in: scope)
        var types = own.types
        let target = types.render(node.initializer.value)
        signature += own.generics + " = " + target + own.constraints
        if own.names.isEmpty {
            recordAlias(qualified, target: target, in: scope)
        } else {
            recordGenericAlias(
                qualified, target: target, parameters: own.names.count, constrained: !own.constraints.isEmpty, in: scope
            )
        }
        record(kind: .typealias, qualifiedName: scope.qualify(name), signature: signature, at: node.name, in: scope)
    }

    mutating func visitAssociatedType(_ node: AssociatedTypeDeclSyntax, in scope: Scope) {
        guard scope.kind == .protocol, let access = access(node.modifiers, in: scope) else { return }
        let name = String(NormalizedText.name(of: node.name))
        var signature = prefix(node.attributes, node.modifiers, access: access, in: scope)
        signature += "associatedtype " + name
        var types = canonical()
        signature += SignatureParts.inheritance(node.inheritanceClause, keepFirst: false, types: &types)
        if let initializer = node.initializer { signature += " = " + types.render(initializer.value) }
        signature += whereClause(node.genericWhereClause, in: scope)
        record(
            kind: .associatedtype, qualifiedName: scope.qualify(name), signature: signature, at: node.name, in: scope)
    }

    mutating func visitMacro(_ node: MacroDeclSyntax, in scope: Scope) {
        guard let access = access(node.modifiers, in: scope) else { return }
        let name = String(NormalizedText.name(of: node.name))
        let shape = callableShape(
            node.genericParameterClause, node.signature.parameterClause, style: .function,
            result: node.signature.returnClause?.type, where: node.genericWhereClause, in: scope)
        let parameters = shape.parameters
        var signature = prefix(node.attributes, node.modifiers, access: access, in: scope)
        signature += "macro " + name
        signature += shape.generics
        signature += parameters.text
        signature += SignatureParts.returnClause(shape.result)
        signature += shape.constraints
        record(
            kind: .macro, qualifiedName: scope.qualify(name + "(" + parameters.labels + ")"),
            signature: signature, at: node.name, in: scope, parameterTypes: parameters.types)
    }

    // MARK: Helpers

    /// The binding's declared type; in `var a, b: Int` a takes b's; otherwise a guess from a
    /// literal or constructor call, `_` when the initializer does not say.
    private static func type(
        of binding: PatternBindingSyntax, following: ArraySlice<PatternBindingSyntax>, types: inout TypeCanonical
    ) -> String {
        if let annotation = binding.typeAnnotation { return types.render(annotation.type) }
        if binding.initializer == nil, let later = following.first(where: { $0.typeAnnotation != nil }),
            let annotation = later.typeAnnotation
        {
            return types.render(annotation.type)
        }
        guard let value = binding.initializer?.value else { return "_" }
        return inferredType(of: value)
    }

    private static func inferredType(of value: ExprSyntax) -> String {
        switch value.as(ExprSyntaxEnum.self) {
        case .integerLiteralExpr: return "Int"
        case .floatLiteralExpr: return "Double"
        case .stringLiteralExpr: return "String"
        case .booleanLiteralExpr: return "Bool"
        case .prefixOperatorExpr(let prefix) where prefix.operator.text == "!": return "Bool"
        case .sequenceExpr(let sequence):
            // `env["NO_COLOR"] == nil`, `a < b && c`: a comparison or logical operator at the top (no ternary or
            // assignment, which bind looser) makes the whole expression a Bool.
            var operators: [String] = []
            var onlyIntegers = true
            for element in sequence.elements {
                if element.is(UnresolvedTernaryExprSyntax.self) || element.is(AssignmentExprSyntax.self) { return "_" }
                if let binary = element.as(BinaryOperatorExprSyntax.self) {
                    operators.append(binary.operator.text)
                } else if !element.is(IntegerLiteralExprSyntax.self) {
                    onlyIntegers = false
                }
            }
            if operators.contains(where: booleanOperators.contains) { return "Bool" }
            // `128 * 1024`, `1 << 4`: integer literals under integer operators are an Int, as `128` alone is.
            return onlyIntegers && operators.allSatisfy(integerOperators.contains) ? "Int" : "_"
        case .functionCallExpr(let call):
            // `Foo(…)` and `Foo<T>(…)` construct a Foo; `foo(…)` could return anything.
            let callee = call.calledExpression
            let text = NormalizedText.of(callee)
            if let first = text.first, first.isUppercase, callee.is(DeclReferenceExprSyntax.self) {
                // A type's short name, resolved by scope like any written type.
                return String(Character(TypeCanonical.mark)) + text
            }
            if let first = text.first, first.isUppercase, callee.is(GenericSpecializationExprSyntax.self) {
                return text
            }
            // Not `Outer.Option(rawValue: 1)`: the path may end in an enum case (`Method.RAW(value:)`) or start with
            // `Self` or a module; only the resolver could tell, and it runs later.
            return "_"
        default:
            return "_"
        }
    }

    /// The standard library's operators that take two `Int`s and give an `Int`.
    private static let integerOperators: Set<String> = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"]

    /// Operators whose result is always `Bool` and that bind looser than every other non-assigning operator.
    private static let booleanOperators: Set<String> = [
        "==", "!=", "<", ">", "<=", ">=", "===", "!==", "&&", "||", "~=",
    ]

    /// The names a pattern binds: `x`, or each name in `(x, y)`.
    private static func identifiers(in pattern: PatternSyntax) -> [TokenSyntax] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return [identifier.identifier] }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            return tuple.elements.flatMap { identifiers(in: $0.pattern) }
        }
        return []
    }
}
