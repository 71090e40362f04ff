import Yams

extension ConfigParser {
    /// Names become parts of file names (build mirrors `mirrors/<name>.git`, build logs), so a name with a
    /// slash or a name that is `.`/`..` could make integrate write outside its folders.
    func checkNameStaysInFolder(_ name: String, at node: Node) throws {
        let escapes = name == "." || name == ".." || name.contains("/") || name.contains("\\") || name.contains("\0")
        guard escapes else { return }
        throw ConfigError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0,
                          message: "name `\(name)` cannot contain `/` or `\\` or be `.` or `..`; use the repo's folder name, e.g. Networking")
    }
}
