import SwiftSyntax

/// The pieces signatures are built from: attributes, modifiers, parameters and accessors, each
/// rendered so that only what clients compile against survives.
enum SignatureParts {
    // MARK: Attributes

    /// Attributes with no effect on whether client code compiles: optimisation and inlining hints,
    /// the result-unused warning, ABI-only markers. Everything else (`@objc`, global actors,
    /// property wrappers, result builders (but see `APICollector.prefix`), `@available` restrictions, …) stays in the
    /// signature, and so does
    /// `@preconcurrency`, which alone changes nothing (the diff compares without it) but softens the `Sendable` a
    /// declaration demands (`DeclarationSignature.sendableUnderPreconcurrency`).
    private static let ignoredAttributes: Set<String> = [
        "discardableResult", "inlinable", "usableFromInline", "inline", "_optimize", "_semantics",
        // Swift 4's spellings of `@inlinable` and `@usableFromInline`.
        "_inlineable", "_versioned",
        "_effects", "_alwaysEmitIntoClient", "frozen", "warn_unqualified_access", "_transparent",
        "_specialize", "_implements", "_silgen_name",
        // Overload ranking, documentation, back-deployment and ABI/codegen markers: no call site changes.
        "_disfavoredOverload", "_documentation", "_fixed_layout", "_backDeploy", "backDeployed",
        "_predatesConcurrency", "_originallyDefinedIn", "_objcRuntimeName", "_nonoverride",
        "_hasMissingDesignatedInitializers", "_cdecl", "_expose", "_eagerMove", "_noEagerMove", "_lexicalLifetimes",
        "_assemblyVision", "_noAllocation", "_noLocks", "_noRuntime", "_noExistentials", "_noObjCBridging",
        "_specializeExtension", "_unsafeInheritExecutor", "_nonEphemeral", "_alwaysEmitConformanceMetadata",
        "_weakLinked", "_show_in_interface", "_staticInitializeObjCMetadata", "_restatedObjCConformance",
    ]

    /// The client-relevant attributes, normalized and sorted so that their order never matters.
    static func attributes(_ list: AttributeListSyntax) -> [String] {
        var result: [String] = []
        for element in list {
            guard case .attribute(let attribute) = element else { continue }
            if let text = attributeText(attribute) { result.append(text) }
        }
        result.sort()
        return result
    }

    private static func attributeText(_ attribute: AttributeSyntax) -> String? {
        let name = NormalizedText.of(attribute.attributeName)
        if ignoredAttributes.contains(name) { return nil }
        if name == "available" { return availabilityText(attribute) }
        return NormalizedText.of(attribute)
    }

    /// `@available` matters to clients only where it restricts use (a platform version, an
    /// `unavailable` or `obsoleted` marker). Deprecations, messages and renames are advice: adding
    /// one must not read as a breaking change, so those arguments are dropped.
    private static func availabilityText(_ attribute: AttributeSyntax) -> String? {
        guard case .availability(let arguments) = attribute.arguments else {
            return NormalizedText.of(attribute)
        }
        var kept: [String] = []
        var restricts = false
        for argument in arguments {
            switch argument.argument {
            case .token(let token):
                if token.text == "deprecated" || token.text == "noasync" { continue }
                if token.text == "unavailable" { restricts = true }
                kept.append(String(NormalizedText.name(of: token)))
            case .availabilityVersionRestriction(let platform):
                restricts = restricts || platform.version != nil
                kept.append(NormalizedText.of(platform))
            case .availabilityLabeledArgument(let labeled):
                switch labeled.label.text {
                case "message", "renamed", "deprecated":
                    continue
                case "introduced", "obsoleted", "unavailable":
                    restricts = true
                default:
                    break
                }
                kept.append(NormalizedText.of(labeled))
            }
        }
        guard restricts else { return nil }
        // `@available(macOS, unavailable)` is the declaration's absence on that platform, which the collector
        // records in its platforms (`APICollector.unavailablePlatforms`); for a platform the component is not
        // read for (Mac Catalyst, Windows), it changes nothing clients of those platforms see.
        if kept.count == 2, kept[1] == "unavailable", kept[0] != "*" { return nil }
        return "@available(" + kept.joined(separator: ", ") + ")"
    }

    // MARK: Modifiers

    /// Modifiers with no effect on clients: overriding, dispatch and storage details.
    private static let ignoredModifiers: Set<String> = [
        "override", "dynamic", "lazy", "indirect", "weak", "unowned",
        "internal", "package", "fileprivate", "private", "public", "open",
    ]

    /// The client-relevant modifiers (access levels excluded: they are rendered separately),
    /// sorted so that their order never matters.
    static func modifiers(_ list: DeclModifierListSyntax) -> [String] {
        var result: [String] = []
        for modifier in list where !ignoredModifiers.contains(modifier.name.text) {
            result.append(NormalizedText.of(modifier))
        }
        result.sort()
        return result
    }

    /// The explicit access level written on a declaration (`private(set)` and the like excluded).
    static func accessLevel(_ list: DeclModifierListSyntax) -> String? {
        for modifier in list where modifier.detail == nil {
            switch modifier.name.text {
            case "open", "public", "package", "internal", "fileprivate", "private":
                return modifier.name.text
            default:
                continue
            }
        }
        return nil
    }

    /// True when the setter is narrowed below public (`public private(set) var`).
    static func hasRestrictedSetter(_ list: DeclModifierListSyntax) -> Bool {
        for modifier in list {
            guard let detail = modifier.detail, detail.detail.text == "set" else { continue }
            switch modifier.name.text {
            case "public", "open": return false
            default: return true
            }
        }
        return false
    }

    /// Whether a modifier list contains `name`.
    static func has(_ name: String, in list: DeclModifierListSyntax) -> Bool {
        list.contains { $0.name.text == name }
    }

    // MARK: Parameters

    /// How argument labels are spelled for a parameter list.
    enum LabelStyle {
        /// Functions, initializers, macros: the first name is the label.
        case function
        /// Subscripts: a single name is internal only; a label needs two names.
        case `subscript`
        /// Operators: parameters never carry labels.
        case `operator`
    }

    /// A parameter clause read once for everything a declaration needs from it.
    struct Parameters {
        /// `item:quantity:`, to be wrapped in `()` or `[]` for the key.
        var labels = ""
        /// `(item: String, quantity: Int = default)`: labels and types, never internal names or
        /// default-value text.
        var text = "("
        /// `(String, Int)`: the overload disambiguator.
        var types = "("

        /// Reads the clause with plain canonical types (no generic parameters in scope, no module names).
        init(_ clause: FunctionParameterClauseSyntax, style: LabelStyle) {
            var types = TypeCanonical(modules: [])
            self.init(clause, style: style, types: &types)
        }

        /// Reads the clause, spelling each type with `types` (which renames generic parameters).
        init(_ clause: FunctionParameterClauseSyntax, style: LabelStyle, types canonical: inout TypeCanonical) {
            var first = true
            for parameter in clause.parameters {
                if !first {
                    text.append(", ")
                    types.append(", ")
                }
                first = false
                let label = SignatureParts.label(of: parameter, style: style)
                labels.append(contentsOf: label)
                labels.append(":")
                text.append(contentsOf: label)
                text.append(": ")
                for attribute in attributes(parameter.attributes) {
                    text.append(attribute)
                    text.append(" ")
                }
                for modifier in parameter.modifiers {
                    text.append(NormalizedText.of(modifier))
                    text.append(" ")
                }
                let type = canonical.render(parameter.type)
                text.append(type)
                types.append(type)
                if parameter.ellipsis != nil { text.append("...") }
                if parameter.defaultValue != nil { text.append(" = default") }
            }
            text.append(")")
            types.append(")")
        }
    }

    private static func label(of parameter: FunctionParameterSyntax, style: LabelStyle) -> Substring {
        switch style {
        case .function: return NormalizedText.name(of: parameter.firstName)
        case .subscript: return parameter.secondName == nil ? "_" : NormalizedText.name(of: parameter.firstName)
        case .operator: return "_"
        }
    }

    /// Associated values of an enum case: `(number: String, Int)`; unlabeled and `_` read alike.
    static func associatedValues(_ clause: EnumCaseParameterClauseSyntax, types: inout TypeCanonical) -> String {
        var parts: [String] = []
        for parameter in clause.parameters {
            var text = ""
            if let label = parameter.firstName, label.tokenKind != .wildcard {
                text.append(contentsOf: NormalizedText.name(of: label))
                text.append(": ")
            }
            text.append(types.render(parameter.type))
            if parameter.defaultValue != nil { text.append(" = default") }
            parts.append(text)
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// `-> T`, or nothing when the result is `Void` / `()`, which clients cannot tell apart.
    /// Takes the canonical result type (`TypeCanonical` spells `()` as `Void`).
    static func returnClause(_ canonical: String?) -> String {
        guard let canonical, canonical != "Void" else { return "" }
        return " -> " + canonical
    }

    // MARK: Inheritance

    /// `: A, B` with the list sorted, except that a class keeps its first entry (the superclass
    /// position) in place.
    static func inheritance(
        _ clause: InheritanceClauseSyntax?, keepFirst: Bool, types canonical: inout TypeCanonical
    ) -> String {
        guard let clause else { return "" }
        var types = clause.inheritedTypes.flatMap { canonical.members(of: $0.type) }
        if keepFirst, types.count > 1 {
            types = [types[0]] + types.dropFirst().sorted()
        } else {
            types.sort()
        }
        return ": " + types.joined(separator: ", ")
    }
}
