internal import CLibgit2
import Foundation

extension Repository {
    /// The folder a remote name or URL stands for when it is on this machine (a path or a `file://` URL, as CI
    /// tests and some monorepo setups use); nil for a network remote.
    func localRemotePath(_ remote: String) throws -> String? {
        let url = try remoteURL(named: remote) ?? remote
        if url.hasPrefix("file://") { return URL(string: url)?.path }
        if url.hasPrefix("/") || url.hasPrefix("./") || url.hasPrefix("../") { return url }
        return nil
    }

    /// Opens a remote that is a folder on this machine; one that is not a repository is a `TransferError` (not
    /// found), like a server without the repository.
    static func openLocalRemote(_ path: String) throws -> Repository {
        do {
            return try Repository.open(at: path)
        } catch let error as GitError {
            throw TransferError(kind: .notFound, url: path, message: error.message)
        }
    }

    /// Pushes to a repository on this machine with the same guarantees a git server gives: the objects are
    /// written first, then each reference moves only from the value this push checked (compare-and-swap), so two
    /// runs racing to the same folder can never overwrite each other. libgit2's own local transport writes
    /// references unconditionally, which loses one of two racing pushes; this path replaces it.
    func pushLocally(_ refspecs: [String], to remotePath: String) throws -> [PushRejection] {
        let target = try Repository.openLocalRemote(remotePath)
        var updates: [(source: String, destination: String, new: ObjectID)] = []
        for spec in refspecs {
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].hasPrefix("+") else {
                throw GitError(
                    code: -1, errorClass: 0, message: "refspec `\(spec)` must be SOURCE:DESTINATION without `+`",
                    function: "push", path: path)
            }
            guard let new = try referenceTarget(parts[0]) else {
                throw GitError(
                    code: GIT_ENOTFOUND.rawValue, errorClass: 0, message: "no reference \(parts[0]) to push",
                    function: "push", path: path)
            }
            updates.append((parts[0], parts[1], new))
        }
        try copyObjects(reaching: updates.map(\.new), into: target)
        var rejections: [PushRejection] = []
        for update in updates {
            let current = try target.referenceTarget(update.destination)
            if current == update.new { continue }
            if let current {
                if update.destination.hasPrefix("refs/tags/") {
                    rejections.append(
                        PushRejection(
                            reference: update.destination,
                            reason: "already exists on the remote (a tag is never rewritten)",
                            isNonFastForward: true))
                    continue
                }
                guard try isDescendant(update.new, of: current) else {
                    rejections.append(
                        PushRejection(
                            reference: update.destination,
                            reason: "non-fast-forward: the remote has commits this clone does not have (fetch first)",
                            isNonFastForward: true))
                    continue
                }
            }
            if let raced = try target.moveReference(update.destination, to: update.new, from: current) {
                rejections.append(PushRejection(reference: update.destination, reason: raced, isNonFastForward: true))
            }
        }
        return rejections
    }

    /// True when `commit` has `ancestor` in its history (false when `ancestor` is not in this repository).
    private func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var database: OpaquePointer?
        try check(git_repository_odb(&database, pointer), "git_repository_odb", path: path)
        defer { git_odb_free(database) }
        var old = ancestor.raw
        // A remote tip this clone has never fetched cannot be in its history.
        guard git_odb_exists(database, &old) == 1 else { return false }
        return try contains(ancestor, in: commit)
    }

    /// Creates or moves `name` to `new` only if it still is `current` (nil: only if it does not exist); the reason
    /// when another writer got there first, nil on success.
    private func moveReference(_ name: String, to new: ObjectID, from current: ObjectID?) throws -> String? {
        var id = new.raw
        var reference: OpaquePointer?
        let code: Int32
        if let current {
            var expected = current.raw
            code = git_reference_create_matching(&reference, pointer, name, &id, 1, &expected, "lockstep: push")
        } else {
            code = git_reference_create(&reference, pointer, name, &id, 0, "lockstep: push")
        }
        if code == GIT_EMODIFIED.rawValue || code == GIT_EEXISTS.rawValue || code == GIT_ELOCKED.rawValue {
            return "non-fast-forward: another push moved it at the same moment (fetch first)"
        }
        try check(code, "git_reference_create_matching", path: path)
        git_reference_free(reference)
        return nil
    }

    /// Writes every object reachable from `tips` that `target` lacks into `target` as one pack (its references'
    /// history is hidden from the walk, so only what is new travels).
    private func copyObjects(reaching tips: [ObjectID], into target: Repository) throws {
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), "git_packbuilder_new", path: path)
        defer { git_packbuilder_free(builder) }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new", path: path)
        defer { git_revwalk_free(walk) }
        for tip in tips {
            var oid = tip.raw
            var object: OpaquePointer?
            try check(git_object_lookup(&object, pointer, &oid, GIT_OBJECT_ANY), "git_object_lookup", path: path)
            defer { git_object_free(object) }
            if git_object_type(object) == GIT_OBJECT_TAG {
                try check(git_packbuilder_insert(builder, &oid, nil), "git_packbuilder_insert", path: path)
            }
            var peeled: OpaquePointer?
            try check(git_object_peel(&peeled, object, GIT_OBJECT_COMMIT), "git_object_peel", path: path)
            defer { git_object_free(peeled) }
            try check(git_revwalk_push(walk, git_object_id(peeled)), "git_revwalk_push", path: path)
        }
        for (_, known) in try target.referenceTargets() {
            var oid = known
            var object: OpaquePointer?
            guard git_object_lookup(&object, pointer, &oid, GIT_OBJECT_ANY) == 0 else { continue }
            defer { git_object_free(object) }
            var peeled: OpaquePointer?
            guard git_object_peel(&peeled, object, GIT_OBJECT_COMMIT) == 0 else { continue }
            defer { git_object_free(peeled) }
            _ = git_revwalk_hide(walk, git_object_id(peeled))
        }
        try check(git_packbuilder_insert_walk(builder, walk), "git_packbuilder_insert_walk", path: path)
        guard git_packbuilder_object_count(builder) > 0 else { return }
        let packs = URL(fileURLWithPath: target.gitDirectory).appendingPathComponent("objects/pack").path
        try check(git_packbuilder_write(builder, packs, 0, nil, nil), "git_packbuilder_write", path: target.path)
        var database: OpaquePointer?
        try check(git_repository_odb(&database, target.pointer), "git_repository_odb", path: target.path)
        defer { git_odb_free(database) }
        try check(git_odb_refresh(database), "git_odb_refresh", path: target.path)
    }
}
