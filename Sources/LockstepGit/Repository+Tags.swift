internal import CLibgit2
import Foundation

/// A tag reference and the commit it names.
public struct Tag: Sendable, Equatable {
    /// The tag's short name, e.g. `1.2.0` or `v1.2.0`.
    public var name: String
    /// The commit the tag points to (annotated tags are peeled).
    public var commit: ObjectID
    /// True for an annotated tag (a tag object), false for a lightweight one.
    public var isAnnotated: Bool
    /// What the ref names: the tag object of an annotated tag (a new one when the tag is rewritten, message
    /// included, even on the same commit), the commit of a lightweight one.
    public var object: ObjectID
}

/// The parts of an annotated tag object.
public struct TagObject: Sendable, Equatable {
    public var name: String
    public var target: ObjectID
    public var message: String
    public var tagger: Signature?
}

extension Repository {
    /// Lists every tag with the commit it names. Tags that do not point at a commit are skipped.
    ///
    /// Reads refs, not objects, where it can: packed-refs record the commit an annotated tag peels to, and a
    /// lightweight tag's type comes from the object header. Only loose annotated tags are read and peeled.
    public func tags() throws -> [Tag] {
        var iterator: OpaquePointer?
        try check(
            git_reference_iterator_glob_new(&iterator, pointer, "refs/tags/*"), "git_reference_iterator_glob_new",
            path: path)
        defer { git_reference_iterator_free(iterator) }
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb", path: path)
        defer { git_odb_free(odb) }
        var result: [Tag] = []
        var reference: OpaquePointer?
        while true {
            let code = git_reference_next(&reference, iterator)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_reference_next", path: path)
            defer { git_reference_free(reference) }
            guard let target = git_reference_target(reference) else { continue }  // symbolic
            let name = String(cString: git_reference_name(reference)).dropFirst("refs/tags/".count)
            var size = 0
            var type = GIT_OBJECT_INVALID
            if let peeled = git_reference_target_peel(reference) {
                // packed-refs name the fully peeled object: usually a commit, sometimes a tree.
                var id = peeled.pointee
                try check(git_odb_read_header(&size, &type, odb, &id), "git_odb_read_header", path: path)
                if type == GIT_OBJECT_COMMIT {
                    result.append(
                        Tag(
                            name: String(name), commit: ObjectID(id), isAnnotated: true,
                            object: ObjectID(target.pointee)))
                }
                continue
            }
            var id = target.pointee
            try check(git_odb_read_header(&size, &type, odb, &id), "git_odb_read_header", path: path)
            if type == GIT_OBJECT_COMMIT {
                result.append(Tag(name: String(name), commit: ObjectID(id), isAnnotated: false, object: ObjectID(id)))
            } else if type == GIT_OBJECT_TAG, let commit = try peelTag(id) {
                result.append(Tag(name: String(name), commit: commit, isAnnotated: true, object: ObjectID(id)))
            }
            // A tag of a tree or blob is not a version of anything: skipped.
        }
        return result.sorted { $0.name < $1.name }
    }

    /// The commit an annotated tag object finally points at, nil for a tag of a tree or blob.
    private func peelTag(_ id: git_oid) throws -> ObjectID? {
        var oid = id
        var object: OpaquePointer?
        try check(git_object_lookup(&object, pointer, &oid, GIT_OBJECT_TAG), "git_object_lookup", path: path)
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        guard git_object_peel(&commit, object, GIT_OBJECT_COMMIT) == 0 else { return nil }
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit).pointee)
    }

    /// Reads the annotated tag object behind `refs/tags/<name>`; nil for a lightweight or missing tag.
    public func tagObject(named name: String) throws -> TagObject? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, "refs/tags/\(name)")
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_name_to_id", path: path)
        var tag: OpaquePointer?
        guard git_tag_lookup(&tag, pointer, &oid) == 0 else { return nil }
        defer { git_tag_free(tag) }
        let tagger = git_tag_tagger(tag).map { Signature($0) }
        return TagObject(
            name: String(cString: git_tag_name(tag)),
            target: ObjectID(git_tag_target_id(tag).pointee),
            message: String(cString: git_tag_message(tag)),
            tagger: tagger)
    }

    /// Creates an annotated tag; fails with `isExists` when the name is taken (never overwrites).
    @discardableResult
    public func createAnnotatedTag(named name: String, commit: ObjectID, message: String, tagger: Signature) throws
        -> ObjectID
    {
        var target: OpaquePointer?
        var id = commit.raw
        try check(git_object_lookup(&target, pointer, &id, GIT_OBJECT_COMMIT), "git_object_lookup", path: path)
        defer { git_object_free(target) }
        var out = git_oid()
        _ = try tagger.withGitSignature { signature in
            try check(git_tag_create(&out, pointer, name, target, signature, message, 0), "git_tag_create", path: path)
        }
        return ObjectID(out)
    }

    /// Creates a lightweight tag; fails with `isExists` when the name is taken.
    public func createLightweightTag(named name: String, commit: ObjectID) throws {
        var target: OpaquePointer?
        var id = commit.raw
        try check(git_object_lookup(&target, pointer, &id, GIT_OBJECT_COMMIT), "git_object_lookup", path: path)
        defer { git_object_free(target) }
        var out = git_oid()
        try check(git_tag_create_lightweight(&out, pointer, name, target, 0), "git_tag_create_lightweight", path: path)
    }

    /// The signature git would use here: `user.name` and `user.email` from the repo's configuration.
    public func defaultSignature() throws -> Signature {
        var signature: UnsafeMutablePointer<git_signature>?
        try check(git_signature_default(&signature, pointer), "git_signature_default", path: path)
        defer { git_signature_free(signature) }
        var result = Signature(signature!)
        result.time = nil
        return result
    }
}
