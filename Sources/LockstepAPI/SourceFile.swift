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
