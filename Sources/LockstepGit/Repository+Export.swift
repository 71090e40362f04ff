internal import CLibgit2
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A commit's tree that cannot be written out safely (a name `git checkout` refuses), or a write that failed.
public struct ExportError: Error, CustomStringConvertible, Sendable {
    /// The repository the tree comes from.
    public var repository: String
    /// The commit being exported.
    public var commit: ObjectID
    /// The entry's path in the tree, as far as it can be shown.
    public var entry: String
    /// Why the entry was not written.
    public var reason: String

    public var description: String {
        "cannot export \(repository) at commit \(commit.short): the entry `\(entry)` \(reason)"
    }
}

extension Repository {
    /// Writes `commit`'s whole tree into `directory` (which must exist and be empty), like `git archive | tar x`.
    ///
    /// Refuses, before writing it, every entry `git checkout` refuses (`.`, `..`, `.git` in any spelling a
    /// case-insensitive or NTFS/HFS disk would read as `.git`, names with `/`, `\` or NUL) and never writes
    /// through a link or over an entry it wrote before: nothing lands outside `directory`.
    public func exportTree(of commit: ObjectID, to directory: URL) throws {
        try withTree(of: commit) { root in
            // Folders to fill, each with its tree; iterative so a deeply nested tree cannot exhaust the stack.
            var pending: [(tree: git_oid?, folder: String, prefix: String)] = [(nil, directory.path, "")]
            while let item = pending.popLast() {
                let (id, folder, prefix) = item
                var owned: OpaquePointer?
                if var id {
                    try check(git_tree_lookup(&owned, pointer, &id), "git_tree_lookup", path: path)
                }
                defer { if let owned { git_tree_free(owned) } }
                let tree = owned ?? root
                for index in 0..<git_tree_entrycount(tree) {
                    guard let entry = git_tree_entry_byindex(tree, index) else { continue }
                    let raw = Array(
                        UnsafeBufferPointer(
                            start: UnsafeRawPointer(git_tree_entry_name(entry)).assumingMemoryBound(to: UInt8.self),
                            count: strlen(git_tree_entry_name(entry))))
                    let name = String(decoding: raw, as: UTF8.self)
                    let entryPath = prefix + name
                    func refuse(_ reason: String) -> ExportError {
                        ExportError(repository: path, commit: commit, entry: entryPath, reason: reason)
                    }
                    if let problem = Self.checkoutProblem(raw) { throw refuse(problem) }
                    let target = folder + "/" + name
                    switch git_tree_entry_filemode(entry) {
                    case GIT_FILEMODE_TREE:
                        // mkdir fails on anything already there (also a link, or a name equal ignoring case
                        // on such a disk), so later entries are only ever written into folders made here.
                        guard mkdir(target, 0o777) == 0 else { throw refuse(Self.writeProblem(errno)) }
                        pending.append((git_tree_entry_id(entry).pointee, target, entryPath + "/"))
                    case GIT_FILEMODE_BLOB, GIT_FILEMODE_BLOB_EXECUTABLE:
                        let data = try blobData(git_tree_entry_id(entry).pointee)
                        let mode: mode_t =
                            git_tree_entry_filemode(entry) == GIT_FILEMODE_BLOB_EXECUTABLE ? 0o777 : 0o666
                        if let problem = Self.writeNewFile(target, data, mode: mode) { throw refuse(problem) }
                    case GIT_FILEMODE_LINK:
                        let destination = String(
                            decoding: try blobData(git_tree_entry_id(entry).pointee), as: UTF8.self)
                        guard symlink(destination, target) == 0 else { throw refuse(Self.writeProblem(errno)) }
                    default:
                        // Submodule commits: like `git archive`, nothing to write.
                        continue
                    }
                }
            }
        }
    }

    /// Why `git checkout` would refuse an entry with this name, or nil when the name is fine.
    static func checkoutProblem(_ raw: [UInt8]) -> String? {
        if raw.isEmpty { return "has an empty name, which git refuses to check out" }
        if raw == [0x2E] || raw == [0x2E, 0x2E] {
            return "is named `\(String(decoding: raw, as: UTF8.self))`, which git refuses to check out"
        }
        if raw.contains(0x2F) || raw.contains(0x5C) || raw.contains(0) {
            return "has a `/`, `\\` or NUL in its name, which git refuses to check out"
        }
        if isGitFolderName(String(decoding: raw, as: UTF8.self)) {
            return
                """
                would be read as `.git` on some disks; git refuses to check it out, as it could replace the \
                repository's own data
                """
        }
        return nil
    }

    /// True for `.git` in every spelling a disk may treat as `.git`: any case, with characters HFS+ ignores,
    /// with trailing dots or spaces or an alternate data stream (NTFS), or the 8.3 short name `git~1`.
    static func isGitFolderName(_ name: String) -> Bool {
        let ignorable: Set<UInt32> = Set(0x200C...0x200F).union(0x202A...0x202E).union(0x206A...0x206F).union([0xFEFF])
        var text = String(String.UnicodeScalarView(name.unicodeScalars.filter { !ignorable.contains($0.value) }))
            .lowercased()
        if text.hasPrefix(".git:") { return true }
        while let last = text.last, last == "." || last == " " { text.removeLast() }
        return text == ".git" || text == "git~1"
    }

    /// Creates `path` (which must not exist, not even as a link) with `data`; nil on success, else why not.
    static func writeNewFile(_ path: String, _ data: Data, mode: mode_t) -> String? {
        let descriptor = createFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { return writeProblem(errno) }
        defer { close(descriptor) }
        return data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return writeProblem(errno)
                }
                offset += written
            }
            return nil
        }
    }

    static func writeProblem(_ code: Int32) -> String {
        if code == EEXIST {
            return
                """
                clashes with an entry written before (the same name twice, or names equal ignoring case on this \
                disk); git refuses such a tree too
                """
        }
        return "could not be written: \(String(cString: strerror(code)))"
    }
}

/// open(2) with a mode; `Repository.open` hides the C function's name inside the type.
private func createFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
        return Glibc.open(path, flags, mode)
    #else
        return Darwin.open(path, flags, mode)
    #endif
}
