import LockstepAPI
import LockstepGit
import Version

/// A public-API comparison of one component between two revisions (`lockstep diff`).
public struct APIComparison: Sendable {
    public var component: String
    /// How the revisions were named (`0.1.7`, `HEAD`, a branch or commit).
    public var fromLabel: String
    public var toLabel: String
    public var from: ObjectID
    public var to: ObjectID
    public var diff: APIDiff

    /// Compares `from` (default: the newest release) with `to` (default: HEAD).
    public static func make(
        _ snapshot: WorkspaceSnapshot, component name: String, from: String?, to: String?,
        reader: APIReader
    ) throws -> APIComparison {
        let state = try snapshot.requireComponent(name)
        let repository = try SnapshotLoader.openRepository(state.component.path, name: name, config: snapshot.config)
        func resolve(_ text: String?, fallback: () throws -> (String, ObjectID)) throws -> (String, ObjectID) {
            guard let text else { return try fallback() }
            if let version = VersionTag.parse(text), let tag = state.tag(for: version) { return (tag.name, tag.commit) }
            do {
                return (text, try repository.resolveCommit(text))
            } catch {
                throw WorkspaceError(
                    "\(name): `\(text)` is neither a version tag nor a revision of \(state.component.path)")
            }
        }
        let old = try resolve(from) {
            guard let release = state.newestRelease else {
                throw WorkspaceError(
                    "\(name) has no release to compare with; name a revision: `lockstep diff \(name) FROM [TO]`")
            }
            return (release.name, release.commit)
        }
        let new = try resolve(to) {
            guard let head = state.head else { throw WorkspaceError("\(name) has no commits") }
            return ("HEAD", head)
        }
        return APIComparison(
            component: name, fromLabel: old.0, toLabel: new.0, from: old.1, to: new.1,
            diff: try reader.diff(of: state.component, from: old.1, to: new.1))
    }

    /// The text `lockstep diff` prints.
    public func render(style: Style = .plain) -> String {
        let level = diff.requiredLevel
        var lines = [
            style.bold("\(component) \(fromLabel) (\(from.short)) → \(toLabel) (\(to.short)): ")
                + style.severity(level == .breaking ? .error : level == .minor ? .warning : nil, "\(level)")
        ]
        if diff.changes.isEmpty {
            lines.append("  no public API changes (internal changes only)")
        }
        for change in diff.changes {
            let mark: String
            switch change.kind {
            case .added: mark = style.green("added  ")
            case .removed: mark = style.red("removed")
            case .changed: mark = style.yellow("changed")
            }
            var place = (change.new ?? change.old).map { "  \(style.dim("\($0.file):\($0.line)"))" } ?? ""
            if change.kind == .changed, let old = change.old, let new = change.new {
                // Both places: the declaration may have moved, and a reviewer reads the old one too.
                place = "  " + style.dim("\(old.file):\(old.line) → \(new.file):\(new.line)")
            }
            let platforms = change.platforms.map { " (on \($0.joined(separator: ", ")))" } ?? ""
            lines.append(
                "  \(mark) \(change.key)\(platforms)  [\(change.impact == .breaking ? "breaking" : change.impact == .additive ? "minor" : "none")]\(place)"
            )
            if change.kind == .changed, let old = change.old, let new = change.new {
                lines.append("           - \(old.signature)")
                lines.append("           + \(new.signature)")
            }
            // Why: a compatible change, or whether an added requirement has a default implementation.
            if let note = change.note { lines.append("           (\(note))") }
        }
        lines.append("requires: \(diff.levelReason)")
        return lines.joined(separator: "\n")
    }
}
