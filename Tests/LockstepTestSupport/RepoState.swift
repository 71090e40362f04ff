import Foundation

/// Everything git knows about a repo that a refused command must leave alone: refs, tags, index, work tree.
public struct RepoState: Equatable, CustomStringConvertible {
    public var refs: String
    public var status: String
    public var index: Data
    public var files: [String: Data]

    /// Captures the state of the repo at `url`, independently of libgit2.
    public static func capture(_ url: URL) throws -> RepoState {
        let refs = try GitCLI.run(["for-each-ref", "--format=%(refname) %(objectname)"], in: url)
        let status = try GitCLI.run(["status", "--porcelain", "--untracked-files=all"], in: url)
        let index = (try? Data(contentsOf: url.appendingPathComponent(".git/index"))) ?? Data()
        var files: [String: Data] = [:]
        let base = url.standardizedFileURL.path
        if let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) {
            for case let item as URL in enumerator {
                let path = String(item.standardizedFileURL.path.dropFirst(base.count + 1))
                if path == ".git" { enumerator.skipDescendants(); continue }
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: item.path, isDirectory: &isDirectory), !isDirectory.boolValue
                {
                    files[path] = try Data(contentsOf: item)
                }
            }
        }
        return RepoState(refs: refs, status: status, index: index, files: files)
    }

    public var description: String { "refs:\n\(refs)\nstatus:\n\(status)\nfiles: \(files.keys.sorted())" }
}
