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
}

/// The parts of an annotated tag object.
public struct TagObject: Sendable, Equatable {
    public var name: String
    public var target: ObjectID
    public var message: String
    public var tagger: Signature?
}

private final class TagCollector {
    var names: [(String, git_oid)] = []
}

extension Repository {
    /// Lists every tag with the commit it names. Tags that do not point at a commit are skipped.
    public func tags() throws -> [Tag] {
        let collector = TagCollector()
        let box = Unmanaged.passUnretained(collector).toOpaque()
        let code = git_tag_foreach(pointer, { name, oid, payload in
            guard let name, let oid, let payload else { return 0 }
            let collector = Unmanaged<TagCollector>.fromOpaque(payload).takeUnretainedValue()
            collector.names.append((String(cString: name), oid.pointee))
            return 0
        }, box)
        try check(code, "git_tag_foreach", path: path)
        var result: [Tag] = []
        result.reserveCapacity(collector.names.count)
        for (fullName, oid) in collector.names {
            var id = oid
            var object: OpaquePointer?
            try check(git_object_lookup(&object, pointer, &id, GIT_OBJECT_ANY), "git_object_lookup", path: path)
            defer { git_object_free(object) }
            let annotated = git_object_type(object) == GIT_OBJECT_TAG
            var commit: OpaquePointer?
            // A tag of a tree or blob is not a version of anything: skip it.
            guard git_object_peel(&commit, object, GIT_OBJECT_COMMIT) == 0 else { continue }
            defer { git_object_free(commit) }
            let name = fullName.hasPrefix("refs/tags/") ? String(fullName.dropFirst(10)) : fullName
            result.append(Tag(name: name, commit: ObjectID(git_object_id(commit).pointee), isAnnotated: annotated))
        }
        return result.sorted { $0.name < $1.name }
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
        return TagObject(name: String(cString: git_tag_name(tag)),
                         target: ObjectID(git_tag_target_id(tag).pointee),
                         message: String(cString: git_tag_message(tag)),
                         tagger: tagger)
    }

    /// Creates an annotated tag; fails with `isExists` when the name is taken (never overwrites).
    @discardableResult
    public func createAnnotatedTag(named name: String, commit: ObjectID, message: String, tagger: Signature) throws -> ObjectID {
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
