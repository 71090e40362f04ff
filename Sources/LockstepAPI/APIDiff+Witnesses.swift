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
                && (changes[$0].new ?? changes[$0].old)?.kind == "typealias"
        }
        guard !candidates.isEmpty else { return }
        var conformances: [String: Set<String>] = [:]
        var associated: Set<String> = []
        for declaration in Array(old.values) + Array(new.values) {
            if declaration.kind == "conformance" {
                let subject = declaration.baseKey.dropFirst("conformance ".count)
                guard let colon = subject.range(of: ": ") else { continue }
                conformances[String(subject[..<colon.lowerBound]), default: []]
                    .insert(String(subject[colon.upperBound...]))
            } else if declaration.kind == "associatedtype" {
                associated.insert(String(declaration.baseKey.dropFirst("associatedtype ".count)))
            }
        }
        var dropped: Set<Int> = []
        for index in candidates {
            let name = changes[index].key.dropFirst("typealias ".count)
            guard let dot = name.lastIndex(of: ".") else { continue }
            let type = String(name[..<dot]), member = String(name[name.index(after: dot)...])
            let protocols = conformances[type] ?? []
            if protocols.contains(where: { associated.contains($0 + "." + member) || standardAssociatedTypes[$0]?.contains(member) == true }) {
                dropped.insert(index)
            }
        }
        if !dropped.isEmpty { changes = changes.indices.filter { !dropped.contains($0) }.map { changes[$0] } }
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
            "ExpressibleByStringLiteral": ["StringLiteralType", "ExtendedGraphemeClusterLiteralType", "UnicodeScalarLiteralType"],
            "ExpressibleByExtendedGraphemeClusterLiteral": ["ExtendedGraphemeClusterLiteralType", "UnicodeScalarLiteralType"],
            "ExpressibleByUnicodeScalarLiteral": ["UnicodeScalarLiteralType"],
            "ExpressibleByStringInterpolation": ["StringInterpolation", "StringLiteralType", "ExtendedGraphemeClusterLiteralType",
                                                 "UnicodeScalarLiteralType"],
        ]
        var table: [String: Set<String>] = [
            "Sequence": sequence, "IteratorProtocol": ["Element"], "Collection": collection,
            "BidirectionalCollection": collection, "RandomAccessCollection": collection,
            "MutableCollection": collection, "RangeReplaceableCollection": collection,
            "LazySequenceProtocol": sequence.union(["Elements"]), "LazyCollectionProtocol": collection.union(["Elements"]),
            "SetAlgebra": ["Element", "ArrayLiteralElement"], "OptionSet": ["Element", "ArrayLiteralElement", "RawValue"],
            "RawRepresentable": ["RawValue"], "CaseIterable": ["AllCases"], "Identifiable": ["ID"],
            "Strideable": ["Stride"], "Numeric": ["Magnitude", "IntegerLiteralType"],
            "SignedNumeric": ["Magnitude", "IntegerLiteralType"],
            "BinaryInteger": ["Magnitude", "IntegerLiteralType", "Stride", "Words"],
            "FixedWidthInteger": ["Magnitude", "IntegerLiteralType", "Stride", "Words"],
            "FloatingPoint": ["Exponent", "Magnitude", "IntegerLiteralType", "Stride"],
            "BinaryFloatingPoint": ["Exponent", "Magnitude", "IntegerLiteralType", "Stride", "RawSignificand", "RawExponent",
                                    "FloatLiteralType"],
            "AsyncSequence": ["Element", "AsyncIterator", "Failure"], "AsyncIteratorProtocol": ["Element", "Failure"],
            "SIMD": ["Scalar", "MaskStorage", "ArrayLiteralElement"],
        ]
        table.merge(literals) { $0.union($1) }
        return table
    }()
}
