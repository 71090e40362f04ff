internal import CLibgit2
import Foundation

extension Repository {
    /// Makes a bare repository at `path` that shares this repository's objects (no copy) and has its refs.
    ///
    /// The mirror borrows objects through `objects/info/alternates`, so creating one costs a few files.
    /// Refs are copied so that later additions (a speculative release tag) exist only in the mirror.
    @discardableResult
    public func makeSharedMirror(at mirrorPath: String) throws -> Repository {
        let mirror = try Repository.create(at: mirrorPath, bare: true)
        let objects = URL(fileURLWithPath: gitDirectory).appendingPathComponent("objects").path
        let alternates = URL(fileURLWithPath: mirror.gitDirectory).appendingPathComponent("objects/info/alternates")
        try FileManager.default.createDirectory(
            at: alternates.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (objects + "\n").write(to: alternates, atomically: true, encoding: .utf8)
        // Re-open so libgit2 picks up the alternates file we just wrote.
        let reopened = try Repository.open(at: mirrorPath)
        for (name, target) in try referenceTargets() where name.hasPrefix("refs/heads/") || name.hasPrefix("refs/tags/")
        {
            try reopened.setRawReference(name, to: target)
        }
        if let branch = try head().branch {
            try check(
                git_repository_set_head(reopened.pointer, "refs/heads/\(branch)"), "git_repository_set_head",
                path: mirrorPath)
        }
        return reopened
    }

    /// Every direct reference with the object it points to (tag objects are not peeled).
    func referenceTargets() throws -> [(String, git_oid)] {
        var iterator: OpaquePointer?
        try check(git_reference_iterator_new(&iterator, pointer), "git_reference_iterator_new", path: path)
        defer { git_reference_iterator_free(iterator) }
        var result: [(String, git_oid)] = []
        var reference: OpaquePointer?
        while true {
            let code = git_reference_next(&reference, iterator)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_reference_next", path: path)
            defer { git_reference_free(reference) }
            if git_reference_type(reference) == GIT_REFERENCE_DIRECT, let target = git_reference_target(reference) {
                result.append((String(cString: git_reference_name(reference)), target.pointee))
            }
        }
        return result
    }

    func setRawReference(_ name: String, to target: git_oid) throws {
        var oid = target
        var reference: OpaquePointer?
        try check(git_reference_create(&reference, pointer, name, &oid, 1, nil), "git_reference_create", path: path)
        git_reference_free(reference)
    }
}
