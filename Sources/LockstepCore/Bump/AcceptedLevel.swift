/// A reviewed decision to release at a lower level than the public-API diff asks for (`bump --level L --reason TEXT`),
/// kept in the tag annotation as one trailer line that LS203 honours:
/// `Lockstep-Accepted-Level: patch (required: major): the removed API was never used`.
public struct AcceptedLevel: Sendable, Equatable {
    /// The trailer's key.
    public static let key = "Lockstep-Accepted-Level"

    /// The level released.
    public var chosen: BumpLevel
    /// The level the diff required when the decision was made.
    public var required: BumpLevel
    /// Why, on one line.
    public var reason: String

    public init(chosen: BumpLevel, required: BumpLevel, reason: String) {
        self.chosen = chosen
        self.required = required
        // One trailer is one line: line breaks in the reason would end it.
        self.reason = reason.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The trailer line.
    public var trailer: String { "\(Self.key): \(chosen.flagName) (required: \(required.flagName)): \(reason)" }

    /// Reads one trailer line; nil for any other line.
    public static func parse(_ line: Substring) -> AcceptedLevel? {
        guard line.hasPrefix(key + ": ") else { return nil }
        let body = line.dropFirst(key.count + 2)
        guard let open = body.range(of: " (required: "),
            let close = body.range(of: "): ", range: open.upperBound..<body.endIndex),
            let chosen = BumpLevel(flagName: body[..<open.lowerBound]),
            let required = BumpLevel(flagName: body[open.upperBound..<close.lowerBound])
        else { return nil }
        return AcceptedLevel(chosen: chosen, required: required, reason: String(body[close.upperBound...]))
    }

    /// Every trailer line in a tag message.
    public static func all(in message: String) -> [AcceptedLevel] {
        message.split(whereSeparator: \.isNewline).compactMap { parse($0) }
    }

    /// The raw trailer lines of a tag message, to carry them into the release tag.
    public static func lines(in message: String) -> [String] {
        message.split(whereSeparator: \.isNewline).filter { parse($0) != nil }.map(String.init)
    }
}

extension BumpLevel {
    /// The level a flag name (`patch`, `minor`, `major`) names.
    public init?<S: StringProtocol>(flagName: S) {
        switch flagName {
        case "patch": self = .patch
        case "minor": self = .minor
        case "major": self = .breaking
        default: return nil
        }
    }
}
