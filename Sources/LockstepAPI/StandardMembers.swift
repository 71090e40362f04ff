/// Members the standard library gives every conformer of one of its protocols (a default implementation or an
/// extension member), written as a conformer's own declaration would be, with `Self` for the conforming type.
/// A type that drops its own copy of one while keeping the conformance still has it: every use compiles; so does a
/// package's own extension of the protocol that drops its copy (a shim for older toolchains, such as `Clock`'s
/// `sleep(for:tolerance:)` before Swift 5.9).
/// Written by hand from the standard library's documented protocol extensions; deliberately small (members whose
/// types do not depend on associated types), so that a member missing here stays a removal, the safe side.
enum StandardMembers {
    /// Protocol → (member key without its type, signature without access level).
    private static let provided: [String: [(member: String, signature: String)]] = [
        "Equatable": [("func !=(_:_:)", "static func != (_: Self, _: Self) -> Bool")],
        "Comparable": [
            ("func >(_:_:)", "static func > (_: Self, _: Self) -> Bool"),
            ("func <=(_:_:)", "static func <= (_: Self, _: Self) -> Bool"),
            ("func >=(_:_:)", "static func >= (_: Self, _: Self) -> Bool"),
        ],
        "Hashable": [("var hashValue", "var hashValue: Int { get }")],
        "Sequence": [("var underestimatedCount", "var underestimatedCount: Int { get }")],
        "Collection": [
            ("var isEmpty", "var isEmpty: Bool { get }"), ("var count", "var count: Int { get }"),
        ],
        "Clock": [
            ("func sleep(for:tolerance:)", "func sleep(for: Duration, tolerance: Duration? = default) async throws")
        ],
        "CustomStringConvertible": [],
        "RawRepresentable": [],
    ]

    /// `text` with every whole identifier `type` (not `Bool` for a type `B`) written `Self`.
    private static func selfSpelled(_ text: String, type: String) -> String {
        func isIdentifier(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        }
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: type) {
            let before = range.lowerBound == rest.startIndex ? out.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            out += rest[..<range.lowerBound]
            out += isIdentifier(before) || isIdentifier(after) ? type : "Self"
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// The protocol (among those `type` conforms to in `conformances`) whose standard extension serves `old`, a
    /// removed member of `type`; nil when none does.
    static func provider(of old: APIDeclaration, type: String, member: String, conformances: [String]) -> String? {
        // Availability is not compared: the standard library's own restricts the member at least as much.
        let words = SignatureShape.topLevelWords(old.signature).filter {
            !["public", "open", "final"].contains($0) && !$0.hasPrefix("@available(")
        }
        let short = String(type.split(separator: ".").last ?? Substring(type))
        let signature = selfSpelled(words.joined(separator: " "), type: short)
        for (proto, members) in provided.sorted(by: { $0.key < $1.key })
        where StandardConformances.implies(Set(conformances), proto) {
            if members.contains(where: { $0.member == member && $0.signature == signature }) { return proto }
        }
        return nil
    }
}
