/// A small, deliberately incomplete table of what well-known standard library (and Foundation) types
/// conform to, so that a parameter generalized from a concrete type to a constrained generic can be
/// recognised as accepting every argument it accepted before. A type or protocol missing here reads as
/// "does not conform": the diff then stays breaking, which is the safe side.
enum StandardConformances {
    private static let valueBasics: Set<String> = [
        "Equatable", "Hashable", "Sendable", "Codable", "Encodable", "Decodable", "CustomStringConvertible",
        "LosslessStringConvertible",
    ]
    private static let integerCommon: Set<String> = valueBasics.union([
        "BinaryInteger", "FixedWidthInteger", "Numeric", "AdditiveArithmetic", "Strideable", "Comparable",
        "ExpressibleByIntegerLiteral", "CustomDebugStringConvertible",
    ])
    private static let signedIntegers = integerCommon.union(["SignedInteger", "SignedNumeric"])
    private static let unsignedIntegers = integerCommon.union(["UnsignedInteger"])
    private static let floats = valueBasics.union([
        "BinaryFloatingPoint", "FloatingPoint", "SignedNumeric", "Numeric", "AdditiveArithmetic", "Strideable",
        "Comparable", "ExpressibleByFloatLiteral", "ExpressibleByIntegerLiteral", "CustomDebugStringConvertible",
    ])
    private static let strings = valueBasics.union([
        "StringProtocol", "Sequence", "Collection", "BidirectionalCollection", "RangeReplaceableCollection",
        "Comparable", "TextOutputStream", "TextOutputStreamable", "ExpressibleByStringLiteral",
        "ExpressibleByStringInterpolation", "CustomDebugStringConvertible",
    ])
    private static let arrays: Set<String> = [
        "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
        "RangeReplaceableCollection", "ExpressibleByArrayLiteral",
    ]
    private static let byteArrays = arrays.union(["DataProtocol", "MutableDataProtocol", "ContiguousBytes"])

    private static let named: [String: Set<String>] = [
        "Int": signedIntegers, "Int8": signedIntegers, "Int16": signedIntegers, "Int32": signedIntegers,
        "Int64": signedIntegers,
        "UInt": unsignedIntegers, "UInt8": unsignedIntegers, "UInt16": unsignedIntegers, "UInt32": unsignedIntegers,
        "UInt64": unsignedIntegers,
        "Double": floats, "Float": floats,
        "String": strings,
        "Substring": strings.subtracting(["Codable", "Encodable", "Decodable"]),
        "Bool": valueBasics.union(["ExpressibleByBooleanLiteral"]),
        "Character": [
            "Equatable", "Hashable", "Comparable", "Sendable", "CustomStringConvertible", "TextOutputStreamable",
        ],
        "Data": valueBasics.subtracting(["LosslessStringConvertible"]).union(byteArrays).subtracting([
            "ExpressibleByArrayLiteral"
        ]),
    ]

    /// Whether `name` (`Sendable`, `Swift.Hashable`) is a standard library or Foundation protocol the table knows.
    static func isProtocol(_ name: String) -> Bool {
        let name = strip(name)
        return knownProtocols.contains(name) || parents[name] != nil
            || parents.values.contains { $0.contains(name) }
            || named.values.contains { $0.contains(name) }
    }

    private static let knownProtocols: Set<String> = [
        "Sendable", "Error", "Identifiable", "CustomDebugStringConvertible", "CustomReflectable", "CaseIterable",
        "RawRepresentable", "ExpressibleByNilLiteral", "ExpressibleByDictionaryLiteral", "IteratorProtocol",
        "AsyncSequence", "AsyncIteratorProtocol", "Actor", "LocalizedError", "CustomNSError", "ObservableObject",
    ]

    /// The protocols the table knows `type` conforms to, sorted; empty for a type it does not know.
    static func protocols(of type: String) -> [String] {
        let type = strip(type)
        if let set = named[type] { return set.sorted() }
        if let element = arrayElement(type) { return (strip(element) == "UInt8" ? byteArrays : arrays).sorted() }
        // An extension's type, written without its arguments (`extension Array`).
        if ["Array", "ContiguousArray"].contains(type) { return arrays.sorted() }
        return []
    }

    /// Whether `type` conforms to every protocol of `constraint` (`P`, `P & Q`, `Swift.P`); `Any` always holds.
    static func satisfies(_ type: String, _ constraint: String) -> Bool {
        let parts = constraint.split(separator: "&").map { strip($0.trimmingSpaces()) }
        return parts.allSatisfy { conforms(type, to: $0) }
    }

    private static func conforms(_ type: String, to proto: String) -> Bool {
        if proto == "Any" { return true }
        let type = strip(type)
        if let set = named[type] { return set.contains(proto) }
        if let element = arrayElement(type) {
            return (strip(element) == "UInt8" ? byteArrays : arrays).contains(proto)
        }
        if setElement(type) != nil {
            return ["Sequence", "Collection", "SetAlgebra", "ExpressibleByArrayLiteral"].contains(proto)
        }
        return false
    }

    /// The `Element` a type has as a `Sequence`, when the table knows it.
    static func element(of type: String) -> String? {
        let type = strip(type)
        if type == "String" || type == "Substring" { return "Character" }
        if type == "Data" { return "UInt8" }
        return arrayElement(type) ?? setElement(type)
    }

    private static func arrayElement(_ type: String) -> String? {
        if type.hasPrefix("["), type.hasSuffix("]"), !type.dropFirst().dropLast().contains(":") || isNested(type) {
            return String(type.dropFirst().dropLast())
        }
        for generic in ["Array<", "ContiguousArray<", "ArraySlice<"]
        where type.hasPrefix(generic) && type.hasSuffix(">") {
            return String(type.dropFirst(generic.count).dropLast())
        }
        return nil
    }

    private static func setElement(_ type: String) -> String? {
        guard type.hasPrefix("Set<"), type.hasSuffix(">") else { return nil }
        return String(type.dropFirst(4).dropLast())
    }

    /// `[[String: Int]]` is an array (its colon is nested), `[String: Int]` a dictionary.
    private static func isNested(_ type: String) -> Bool {
        SignatureShape.splitTopLevel(String(type.dropFirst().dropLast()), at: ":").count == 1
    }

    /// The standard library's protocol refinements (`Numeric: AdditiveArithmetic`), one level each.
    private static let parents: [String: [String]] = [
        "Hashable": ["Equatable"], "Comparable": ["Equatable"], "Strideable": ["Comparable"],
        "Codable": ["Encodable", "Decodable"], "Error": ["Sendable"],
        "Numeric": ["AdditiveArithmetic", "ExpressibleByIntegerLiteral"], "SignedNumeric": ["Numeric"],
        "BinaryInteger": ["Numeric", "Hashable", "Strideable", "CustomStringConvertible"],
        "FixedWidthInteger": ["BinaryInteger", "LosslessStringConvertible"],
        "SignedInteger": ["BinaryInteger", "SignedNumeric"], "UnsignedInteger": ["BinaryInteger"],
        "FloatingPoint": ["SignedNumeric", "Strideable", "Hashable"],
        "BinaryFloatingPoint": ["FloatingPoint", "ExpressibleByFloatLiteral"],
        "Collection": ["Sequence"], "BidirectionalCollection": ["Collection"],
        "RandomAccessCollection": ["BidirectionalCollection"], "MutableCollection": ["Collection"],
        "RangeReplaceableCollection": ["Collection"], "LazySequenceProtocol": ["Sequence"],
        "LazyCollectionProtocol": ["Collection", "LazySequenceProtocol"],
        "StringProtocol": [
            "BidirectionalCollection", "Comparable", "Hashable", "TextOutputStream", "TextOutputStreamable",
            "LosslessStringConvertible", "ExpressibleByStringInterpolation",
        ],
        "LosslessStringConvertible": ["CustomStringConvertible"],
        "ExpressibleByStringInterpolation": ["ExpressibleByStringLiteral"],
        "ExpressibleByStringLiteral": ["ExpressibleByExtendedGraphemeClusterLiteral"],
        "ExpressibleByExtendedGraphemeClusterLiteral": ["ExpressibleByUnicodeScalarLiteral"],
        "SetAlgebra": ["Equatable", "ExpressibleByArrayLiteral"], "OptionSet": ["SetAlgebra", "RawRepresentable"],
        // Concurrency: a clock, an instant, a duration, an actor and an executor are Sendable by their protocol.
        "Clock": ["Sendable"], "InstantProtocol": ["Comparable", "Hashable", "Sendable"],
        "DurationProtocol": ["Comparable", "AdditiveArithmetic", "Sendable"], "Actor": ["Sendable"],
        "Executor": ["Sendable"], "SerialExecutor": ["Executor"], "TaskExecutor": ["Executor"],
    ]

    /// Whether a type known to conform to all of `protocols` also conforms to `proto`: one of them is it or refines it.
    /// A suppression (`~Copyable`, `~Escapable`) requires nothing: it lifts the implicit requirement, so it always
    /// holds.
    static func implies(_ protocols: Set<String>, _ proto: String) -> Bool {
        if proto.hasPrefix("~") { return true }
        var seen: Set<String> = []
        var work = protocols.map(strip)
        while let next = work.popLast() {
            if next == strip(proto) { return true }
            guard seen.insert(next).inserted else { continue }
            work += parents[next] ?? []
        }
        return false
    }

    private static func strip(_ name: String) -> String {
        for module in ["Swift.", "Foundation."] where name.hasPrefix(module) {
            return String(name.dropFirst(module.count))
        }
        return name
    }
}
