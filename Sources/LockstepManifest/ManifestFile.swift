/// Which file a manifest was read from: its path (from the workspace folder) and the revision it was read at.
/// Messages name it as `path @ revision`; readers that need the path or the revision take the fields, never the text.
public struct ManifestFile: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The file's path, e.g. `components/Cart/Package.swift`.
    public var path: String
    /// The revision it was read at (an abbreviated commit, a tag, `HEAD`); nil for the file as it is on disk.
    public var revision: String?

    public init(path: String, revision: String? = nil) {
        self.path = path
        self.revision = revision
    }

    /// A file on disk (no revision), so tests and callers can write `file: "Package.swift"`.
    public init(stringLiteral path: String) {
        self.init(path: path)
    }

    /// `components/Cart/Package.swift @ 3f2a1c9`, or the path alone: the one place this text is built.
    public var description: String { revision.map { "\(path) @ \($0)" } ?? path }
}
