import Yams

extension ConfigParser {
    /// `swift-tools-version: "6.0"`: one to three numbers joined by dots, as a `// swift-tools-version:` comment
    /// spells them; nil when the key is absent.
    func toolsVersion(_ node: Node?) throws -> [Int]? {
        guard let node else { return nil }
        let line = node.mark?.line ?? 0, column = node.mark?.column ?? 0
        guard let text = node.scalar?.string else {
            throw ConfigError(
                file: file, line: line, column: column, message: "`swift-tools-version` must be a version like \"6.0\"")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in
            part.allSatisfy({ $0.isASCII && $0.isNumber }) && !part.isEmpty && part.count < 6 ? Int(part) : nil
        }
        guard (1...3).contains(parts.count), numbers.count == parts.count, numbers[0] >= 1 else {
            throw ConfigError(
                file: file, line: line, column: column,
                message:
                    """
                    `swift-tools-version: \(text)` is not a Swift version; write it as in `// \
                    swift-tools-version:`, e.g. \"6.0\" or \"5.10\" (quoted, so YAML keeps it text)
                    """
            )
        }
        return numbers
    }
}
