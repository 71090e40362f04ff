import Foundation

/// Component and app names become file names (logs, mirrors, build copies) and parts of URLs, so only names
/// that are safe as a single file name on macOS and Linux are accepted.
public enum SafeName {
    /// Longest accepted name, in characters; leaves room for suffixes within the 255-byte file name limit.
    public static let maximumLength = 100

    /// Why `name` cannot be a component or app name, or nil when it can.
    ///
    /// Allowed: ASCII letters, digits, `-`, `_` and `.`, starting with a letter or digit (so never `.`, `..`
    /// or a hidden file), no `/`, `\`, spaces or control characters.
    public static func problem(with name: String) -> String? {
        guard !name.isEmpty else { return "a name must not be empty" }
        if name.count > maximumLength { return "a name must be at most \(maximumLength) characters long" }
        guard let first = name.unicodeScalars.first, isAlphanumeric(first) else {
            return "a name must start with an ASCII letter or digit (not `.`, `-` or `_`)"
        }
        if let bad = name.unicodeScalars.first(where: { !isAlphanumeric($0) && !"-_.".unicodeScalars.contains($0) }) {
            return "a name may contain only ASCII letters, digits, `-`, `_` and `.`; found \(describe(bad))"
        }
        return nil
    }

    /// `name` as a file name, after checking it again: a config built in code never went through the parser.
    public static func fileName(_ name: String) throws -> String {
        if let problem = problem(with: name) {
            throw WorkspaceError(
                """
                the name `\(name.debugDescription.dropFirst().dropLast())` cannot be used as a file name: \
                \(problem). Rename it in \(WorkspaceConfig.fileName)
                """
            )
        }
        return name
    }

    /// The key two names share when they differ only in case (one file on a case-insensitive disk).
    static func collisionKey(_ name: String) -> String {
        name.lowercased()
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// A character people can see in a message, even a control character or a space.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .control
        {
            return "U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        return "`\(scalar)`"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
