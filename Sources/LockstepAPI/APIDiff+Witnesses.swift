extension APIDiff {
    /// A typealias that only names an associated type's witness (`typealias Element = Int` in a `Sequence`
    /// conformer, `typealias Magnitude = RawValue.Magnitude` in a `Numeric` one), added or removed: `T.Element`
    /// resolves either way, through the compiler's inference of the witness, so clients see no change. The
    /// protocol's associated type comes from the surface (`associatedtype P.X`) or, for the standard library's
    /// protocols, from `standardAssociatedTypes`.
    static func dropWitnessAliases(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration]
    ) {
        let candidates = changes.indices.filter {
            (changes[$0].kind == .added || changes[$0].kind == .removed)
                && (changes[$0].new ?? changes[$0].old)?.kind == .typealias
        }
        guard !candidates.isEmpty else { return }
        var conformances: [String: Set<String>] = [:]
        var associated: Set<String> = []
        for declaration in Array(old.values) + Array(new.values) {
            if let (type, proto) = declaration.conformanceParts {
                conformances[type, default: []].insert(proto)
            } else if declaration.kind == .associatedtype {
                associated.insert(String(declaration.baseKey.dropFirst("associatedtype ".count)))
            }
        }
        var dropped: Set<Int> = []
        for index in candidates {
            let name = changes[index].key.dropFirst("typealias ".count)
            guard let dot = name.lastIndex(of: ".") else { continue }
            let type = String(name[..<dot]), member = String(name[name.index(after: dot)...])
            let protocols = conformances[type] ?? []
            if protocols.contains(where: {
                associated.contains($0 + "." + member) || standardAssociatedTypes[$0]?.contains(member) == true
            }) {
                dropped.insert(index)
            }
        }
        removeChanges(at: dropped, from: &changes)
    }

    /// The associated types of the standard library's protocols a package's types commonly conform to, with
    /// those they inherit.
    static let standardAssociatedTypes: [String: Set<String>] = {
        let sequence: Set<String> = ["Element", "Iterator"]
        let collection = sequence.union(["Index", "Indices", "SubSequence"])
        let literals: [String: Set<String>] = [
            "ExpressibleByArrayLiteral": ["ArrayLiteralElement"], "ExpressibleByDictionaryLiteral": ["Key", "Value"],
            "ExpressibleByIntegerLiteral": ["IntegerLiteralType"], "ExpressibleByFloatLiteral": ["FloatLiteralType"],
            "ExpressibleByBooleanLiteral": ["BooleanLiteralType"],
            "ExpressibleByStringLiteral": [
                "StringLiteralType", "ExtendedGraphemeClusterLiteralType", "UnicodeScalarLiteralType",
            ],
            "ExpressibleByExtendedGraphemeClusterLiteral": [
                "ExtendedGraphemeClusterLiteralType", "UnicodeScalarLiteralType",
            ],
            "ExpressibleByUnicodeScalarLiteral": ["UnicodeScalarLiteralType"],
            "ExpressibleByStringInterpolation": [
                "StringInterpolation", "StringLiteralType", "ExtendedGraphemeClusterLiteralType",
                "UnicodeScalarLiteralType",
            ],
        ]
        var table: [String: Set<String>] = [
            "Sequence": sequence, "IteratorProtocol": ["Element"], "Collection": collection,
            "BidirectionalCollection": collection, "RandomAccessCollection": collection,
            "MutableCollection": collection, "RangeReplaceableCollection": collection,
            "LazySequenceProtocol": sequence.union(["Elements"]),
            "LazyCollectionProtocol": collection.union(["Elements"]),
            "SetAlgebra": ["Element", "ArrayLiteralElement"],
            "OptionSet": ["Element", "ArrayLiteralElement", "RawValue"],
            "RawRepresentable": ["RawValue"], "CaseIterable": ["AllCases"], "Identifiable": ["ID"],
            "Strideable": ["Stride"], "Numeric": ["Magnitude", "IntegerLiteralType"],
            "SignedNumeric": ["Magnitude", "IntegerLiteralType"],
            "BinaryInteger": ["Magnitude", "IntegerLiteralType", "Stride", "Words"],
            "FixedWidthInteger": ["Magnitude", "IntegerLiteralType", "Stride", "Words"],
            "FloatingPoint": ["Exponent", "Magnitude", "IntegerLiteralType", "Stride"],
            "BinaryFloatingPoint": [
                "Exponent", "Magnitude", "IntegerLiteralType", "Stride", "RawSignificand", "RawExponent",
                "FloatLiteralType",
            ],
            "AsyncSequence": ["Element", "AsyncIterator", "Failure"], "AsyncIteratorProtocol": ["Element", "Failure"],
            "SIMD": ["Scalar", "MaskStorage", "ArrayLiteralElement"],
        ]
        table.merge(literals) { $0.union($1) }
        return table
    }()
}

extension APIDiff {
    /// A type's or conditional conformance's `where` list loosened: `struct Box<T> where T: Numeric` →
    /// `where T: AdditiveArithmetic`, `Box: Sendable` (with `T: Sendable` required by the type) → `Box: Sendable where
    /// T: Sendable` (the type no longer requires it). Every type that qualified before still does. A conformance's
    /// requirements are read together with the old type's own (`Box<T: Sendable>`).
    ///
    /// A callable's too, when clients only call it (not a requirement, not overridable), the loosened generic
    /// parameter appears in its parameters only inside key path types, and no other overload has the same parameters:
    /// `func == <T, V>(_: KeyPath<T, V>, _: V) where T: Model` → `where T: Schema` when the package's `protocol Model:
    /// Schema` (`refinements`). Not `func show<S: Style>(_ s: [S])` → `S: Base`: `show([.plain])` finds `.plain`
    /// through `extension Style where Self == Plain` only (SE-0299), wherever the argument's type is `S` (an element,
    /// a tuple member, an autoclosure's result); a key path literal is never found through a constraint. Not
    /// beside an overload with the same parameters: a type meeting both requirements makes calls ambiguous.
    static func reviseLoosenedRequirements(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration] = [:],
        refinements: [String: [String]] = [:]
    ) {
        // Properties of constrained extensions too (`extension Tagged where RawValue == Int` → `where RawValue:
        // BinaryInteger`), when clients only read them: not requirements.
        let kinds: Set<DeclarationKind> = [
            .structure, .enumeration, .class, .actor, .conformance, .variable, .constant, .function, .initializer,
            .subscript,
        ]
        let conformances = declaredConformances(in: old)
        var dropped: Set<Int> = []
        for index in changes.indices where changes[index].kind == .changed && changes[index].impact == .breaking {
            guard let before = changes[index].old, let after = changes[index].new, before.kind == after.kind,
                kinds.contains(before.kind), !before.isProtocolRequirement
            else { continue }
            let (oldHead, oldList) = whereSplit(before.signature)
            let (newHead, newList) = whereSplit(after.signature)
            guard oldHead == newHead else { continue }
            // `T: ~Copyable` dropped puts the implicit `Copyable` requirement back: tighter, not looser.
            guard !oldList.contains(where: { $0.contains("~") && !newList.contains($0) }) else { continue }
            if [.function, .initializer, .subscript].contains(before.kind) {
                guard let signature = DeclarationSignature.parsed(before.signature),
                    !clientsImplement(before, modifiers: signature.modifiers)
                else { continue }
                // The generic parameters whose requirements changed: only inside key path types among the parameters.
                let loosened = Set(oldList).symmetricDifference(newList).map {
                    String($0.prefix { $0 != ":" && $0 != " " && $0 != "." })
                }
                guard
                    loosened.allSatisfy({ name in
                        (signature.parameters ?? []).allSatisfy { onlyInKeyPaths($0.type, name) }
                    }),
                    overloadsKeepApart(
                        after, changes: changes, old: old, new: new, conformances: conformances,
                        refinements: refinements)
                else { continue }
            }
            var context: [String] = []
            if before.kind == .conformance {
                let subject = before.baseKey.dropFirst("conformance ".count).prefix { $0 != ":" }
                for kind in ["struct", "enum", "class", "actor"] {
                    guard let type = old[kind + " " + subject] else { continue }
                    context = typeRequirements(type.signature)
                    break
                }
            }
            guard implied(newList, by: oldList + context, conformances: conformances, refinements: refinements) else {
                continue
            }
            if implied(oldList, by: newList + context, conformances: conformances, refinements: refinements) {
                dropped.insert(index)
            } else {
                changes[index].impact = .additive
                changes[index].note = "a generic constraint loosened (every type that qualified still does)"
            }
        }
        removeChanges(at: dropped, from: &changes)
    }

    /// A callable judged compatible whose `where` list changed (a requirement dropped or loosened, by whichever
    /// judgement) beside overloads with the same parameters: compatible only while those overloads are told apart as
    /// before (`overloadsKeepApart`); else a call that picked one may now find two, and is ambiguous. Runs after every
    /// judgement that lowers a callable's change.
    static func reviseAmbiguousOverloads(
        _ changes: inout [APIChange], old: [String: APIDeclaration], new: [String: APIDeclaration],
        refinements: [String: [String]] = [:]
    ) {
        var conformances: Set<String>?
        for index in changes.indices where changes[index].kind == .changed && changes[index].impact != .breaking {
            guard let before = changes[index].old, let after = changes[index].new,
                [.function, .initializer, .subscript].contains(after.kind)
            else { continue }
            let (oldHead, oldList) = whereSplit(before.signature)
            let (newHead, newList) = whereSplit(after.signature)
            guard oldHead == newHead, oldList != newList,
                new.values.contains(where: { $0.baseKey == after.baseKey && $0.key != after.key })
            else { continue }
            if conformances == nil { conformances = declaredConformances(in: old) }
            guard
                !overloadsKeepApart(
                    after, changes: changes, old: old, new: new, conformances: conformances ?? [],
                    refinements: refinements)
            else { continue }
            changes[index].impact = .breaking
            changes[index].note =
                "calls that meet the requirements of another overload with the same parameters may become ambiguous"
        }
    }

    /// The conformances `declarations` declare, as `Type: Protocol` (what `implied` reads a fixed type's by).
    private static func declaredConformances(in declarations: [String: APIDeclaration]) -> Set<String> {
        var conformances: Set<String> = []
        for declaration in declarations.values where declaration.kind == .conformance {
            conformances.insert(String(declaration.baseKey.dropFirst("conformance ".count)))
        }
        return conformances
    }

    /// Whether the overloads of `declaration`'s name and labels still resolve every old call without a new tie. Where
    /// a call meets the requirements of two overloads with the same parameters, the compiler takes the one whose
    /// requirements imply the other's (`where T: Schema, V: Wrapped` over `where T: Schema`; checked with swiftc), and
    /// two that neither implies tie unless a third applies wherever both do and outranks both (`where T:
    /// TextOutputStreamable, T: CustomStringConvertible` beside each alone). So a pair the new requirements leave
    /// unranked and unsettled must have been a tie already: neither ranked, no third settling them, and every type
    /// meeting both new lists met both old ones. Which overload a call takes may change (a behaviour change, not a
    /// compile error). Overloads with other parameter types or results weigh types and requirements together, so
    /// their requirements' order must stay as it was. `where T: Model, T: Timestamped` → `where T: Timestamped` beside
    /// `where T: Model` ties a type that is both; `where T: P, T: Q` → `where T: Base` beside `where T: P` and `where
    /// T:
    /// Q` leaves those two unsettled; fluent-kit's `T: Model` → `T: Schema` on all of its operators keeps every pair.
    /// An added overload (no old form) counts for settling, never for an old tie.
    private static func overloadsKeepApart(
        _ declaration: APIDeclaration, changes: [APIChange], old: [String: APIDeclaration],
        new: [String: APIDeclaration], conformances: Set<String>, refinements: [String: [String]]
    ) -> Bool {
        let group = new.values.filter { $0.baseKey == declaration.baseKey }
        guard group.count > 1 else { return true }
        // Each overload's requirements on both sides: an unchanged overload is its own old form, an added one has none.
        var pairs: [(old: [String]?, new: [String], head: String, signature: String)] = []
        for overload in group {
            let was =
                changes.first { $0.kind == .changed && $0.new?.key == overload.key }?.old
                ?? old.values.first { $0.baseKey == overload.baseKey && $0.signature == overload.signature }
            let (newHead, newList) = whereSplit(overload.signature)
            pairs.append((was.map { whereSplit($0.signature).1 }, newList, newHead, overload.signature))
        }
        var nominals: Set<String>?
        func implies(_ known: [String], _ requirements: [String]) -> Bool {
            implied(requirements, by: known, conformances: conformances, refinements: refinements)
        }
        /// A third overload that applies wherever both `a` and `b` do and outranks both.
        func settled(_ a: [String], _ b: [String], among lists: [[String]]) -> Bool {
            lists.contains { implies(a + b, $0) && implies($0, a) && implies($0, b) }
        }
        for (index, one) in pairs.enumerated() {
            for (otherIndex, other) in pairs.enumerated() where otherIndex > index {
                let was = one.old, wasOther = other.old
                // Other parameter types or results: which one a call takes weighs the types and the requirements, so
                // the requirements' order must stay as it was, unless no argument list fits both.
                if one.head != other.head {
                    if nominals == nil { nominals = plainValueNames(old: old, new: new) }
                    if neverShareACall(one.signature, other.signature, nominals: nominals ?? []) { continue }
                    guard let was, let wasOther, implies(was, wasOther) == implies(one.new, other.new),
                        implies(wasOther, was) == implies(other.new, one.new)
                    else { return false }
                }
                guard !implies(one.new, other.new), !implies(other.new, one.new) else { continue }
                // Neither outranks the other: fine where a third applies whenever both do and outranks both
                // (`where T: TextOutputStreamable, T: CustomStringConvertible` beside each alone, as
                // `DefaultStringInterpolation` has them), or where a type meeting both was already ambiguous: it met
                // both old lists, neither outranked the other, and no third settled them.
                let rest = pairs.indices.filter { $0 != index && $0 != otherIndex }
                if settled(one.new, other.new, among: rest.map { pairs[$0].new }) { continue }
                guard let was, let wasOther, implies(one.new + other.new, was + wasOther), !implies(was, wasOther),
                    !implies(wasOther, was), !settled(was, wasOther, among: rest.compactMap { pairs[$0].old })
                else { return false }
            }
        }
        return true
    }

    /// The type names that surely mean a value type or class, never a function type: the standard value types and the
    /// nested structs, enums, classes and actors the package declares (`Logger.MetadataValueAttributes`), unless a
    /// typealias or associated type on either side ends in the same name. A signature spells some names bare that
    /// mean something else: a protocol's associated type, a superclass's typealias (`Handler` in a subclass), a
    /// dependency's typealias with its module name dropped (`Dep.Handler` → `Handler`, which is why top-level types
    /// do not count: the adversarial review's three examples, each an "ambiguous use" with swiftc).
    private static func plainValueNames(old: [String: APIDeclaration], new: [String: APIDeclaration]) -> Set<String> {
        func name(_ declaration: APIDeclaration) -> Substring { declaration.baseKey.drop { $0 != " " }.dropFirst() }
        func last(_ name: Substring) -> Substring { name.split(separator: ".").last ?? name }
        var shadowed: Set<Substring> = []
        for declaration in Array(old.values) + Array(new.values)
        where declaration.kind == .typealias || declaration.kind == .associatedtype {
            shadowed.insert(last(name(declaration)))
        }
        var names = standardValueTypes.filter { !shadowed.contains(Substring($0)) }
        for declaration in new.values where [.structure, .enumeration, .class, .actor].contains(declaration.kind) {
            let qualified = name(declaration)
            if qualified.contains("."), !shadowed.contains(last(qualified)) { names.insert(String(qualified)) }
        }
        return names
    }

    /// Whether no call written with literals, closures and values of known types can fit both signatures: at some
    /// parameter both require (same label, no default, not variadic), one takes a closure (a function type, not
    /// `@autoclosure`) and the other an array, a dictionary or a name of `plainValueNames` (`nominals`). No literal or
    /// implicit conversion turns a closure into such a value or a value into a closure (checked with swiftc: a closure
    /// literal passed to a struct parameter, even one expressible by array literal, does not compile; a struct value
    /// passed to a `@Sendable (inout S) -> Void` parameter neither). swift-log 1.13.1's
    /// `appendInterpolation(_:attributes:)` takes `attributes:` as a closure in some overloads and as
    /// `Logger.MetadataValueAttributes` in others. Left: an argument typed by its context (`x: make()` for a `func
    /// make<U>() -> U`) fits both, so such a call may become ambiguous where a requirement change ties the two.
    static func neverShareACall(_ one: String, _ other: String, nominals: Set<String>) -> Bool {
        guard let a = DeclarationSignature.parsed(one)?.parameters,
            let b = DeclarationSignature.parsed(other)?.parameters,
            a.count == b.count
        else { return false }
        for (x, y) in zip(a, b)
        where x.label == y.label && !x.hasDefault && !y.hasDefault && !x.isVariadic && !y.isVariadic {
            if isClosure(x.type) && isPlainValue(y.type, nominals)
                || isClosure(y.type) && isPlainValue(x.type, nominals)
            {
                return true
            }
        }
        return false
    }

    /// A function type taken as a closure: not `@autoclosure` (which takes a value of its result type), not `inout`.
    private static func isClosure(_ type: SwiftType) -> Bool {
        switch type {
        case .function(let function): return !function.attributes.contains("@autoclosure")
        case .attributed(let attributes, let base):
            return !attributes.contains { $0 == "@autoclosure" || $0 == "inout" || $0 == "..." } && isClosure(base)
        default: return false
        }
    }

    /// A type whose values are never closures and that no closure converts to.
    private static func isPlainValue(_ type: SwiftType, _ nominals: Set<String>) -> Bool {
        switch type {
        case .array, .dictionary: return true
        case .named:
            let name = type.description.prefix { $0 != "<" }
            return nominals.contains(String(name))
        default: return false
        }
    }

    private static let standardValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "String", "Substring", "Character", "Array", "Dictionary", "Set", "Range", "ClosedRange",
    ]

    /// Whether generic parameter `name` (`τ_0`) appears in `type` only inside key path types (`KeyPath<τ_0, V>`,
    /// `KeyPath<Self, τ_0>`): a key path argument is a literal whose root comes from elsewhere and whose value is the
    /// member's, or a value of its own type; no constraint finds it.
    private static func onlyInKeyPaths(_ type: SwiftType, _ name: String) -> Bool {
        if case .named(nil, let typeName, _) = type, keyPathTypes.contains(typeName) { return true }
        if type.description == name { return false }
        return type.children.allSatisfy { onlyInKeyPaths($0, name) }
    }

    private static let keyPathTypes: Set<String> = [
        "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "PartialKeyPath",
    ]

    /// The text before ` where ` and the requirements after it.
    private static func whereSplit(_ signature: String) -> (String, [String]) {
        guard let range = signature.range(of: " where ", options: .backwards) else { return (signature, []) }
        return (
            String(signature[..<range.lowerBound]),
            SignatureShape.splitTopLevel(String(signature[range.upperBound...]), at: ",")
        )
    }

    /// A type declaration's requirements: its `where` list and the constraints in its generic clause
    /// (`<τ0_0: P>` as `τ0_0: P`).
    private static func typeRequirements(_ signature: String) -> [String] {
        var result = whereSplit(signature).1
        if let open = signature.firstIndex(of: "<"), let close = signature[open...].firstIndex(of: ">") {
            for parameter in SignatureShape.splitTopLevel(
                String(signature[signature.index(after: open)..<close]), at: ",")
            where parameter.contains(": ") {
                result.append(parameter)
            }
        }
        return result
    }

    /// Whether every requirement of `requirements` holds wherever all of `known` do: listed there, or a conformance
    /// a known conformance of the same subject refines.
    /// `X: P` also holds where `X == C` is known and `C` conforms to `P`: in the standard library's table or by a
    /// conformance the package declares (`conformances`, `C: P`).
    /// `refinements` are the package's own protocols' parents (`Model: [Schema]`): `X: Schema` holds where `X: Model`
    /// does.
    private static func implied(
        _ requirements: [String], by known: [String], conformances declared: Set<String> = [],
        refinements: [String: [String]] = [:]
    ) -> Bool {
        requirements.allSatisfy { requirement in
            if known.contains(requirement) { return true }
            guard !requirement.contains("=="), let colon = requirement.range(of: ": ") else { return false }
            let subject = requirement[..<colon.lowerBound]
            var conformances: Set<String> = []
            var fixed: [String] = []
            for other in known {
                if let equals = other.range(of: " == ") {
                    if other[..<equals.lowerBound] == subject { fixed.append(String(other[equals.upperBound...])) }
                    continue
                }
                guard let otherColon = other.range(of: ": "), other[..<otherColon.lowerBound] == subject else {
                    continue
                }
                conformances.formUnion(
                    other[otherColon.upperBound...].split(separator: "&").map { String($0.filter { $0 != " " }) })
            }
            var work = Array(conformances)
            while let next = work.popLast() {
                for parent in refinements[next] ?? [] where conformances.insert(parent).inserted { work.append(parent) }
            }
            return requirement[colon.upperBound...].split(separator: "&").map { String($0.filter { $0 != " " }) }
                .allSatisfy { proto in
                    StandardConformances.implies(conformances, proto)
                        || fixed.contains {
                            StandardConformances.satisfies($0, proto) || declared.contains($0 + ": " + proto)
                        }
                }
        }
    }
}
