/// One Swift source file, as read from disk or from a git tree.
public struct SourceFile: Sendable, Hashable {
    /// The path reported in declarations (repository-relative by convention).
    public var path: String
    /// The file's full text.
    public var text: String

    /// Creates a source file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// A source file Lockstep refuses to read (nested too deep to parse in bounded time), with where.
public struct SourceFileError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    public var reason: String

    public var description: String { "\(file):\(line):\(column): \(reason)" }
}
