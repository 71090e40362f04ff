import LockstepGit
import LockstepManifest

/// LS103: a component manifest that cannot be read (the rules that need it skip it), or one `.package(...)` of a
/// component or app manifest that cannot (the rules use the others).
struct LS103: Rule {
    let id = "LS103"
    let severity = Severity.error
    let summary = "a manifest that cannot be read"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for state in context.components {
            // The revisions the other rules read: newest release and HEAD (layering), every version of an
            // implementation (the tie), and the versions main apps pin (LS406).
            var revisions: [(label: String, commit: ObjectID)] = []
            if let release = state.newestRelease { revisions.append((release.name, release.commit)) }
            if let head = state.head { revisions.append(("HEAD", head)) }
            if state.component.kind.isBusiness { revisions += state.versionTags.map { ($0.name, $0.commit) } }
            for main in context.snapshot.mainApps {
                if let pinned = main.dependency(on: state.component.name)?.dependency.requirement.exactVersion,
                    let tag = state.tag(for: pinned)
                {
                    revisions.append((tag.name, tag.commit))
                }
            }
            // One finding per distinct problem, listing every revision that has it: a manifest that cannot be
            // read at all, or one `.package(...)` in it that cannot (the others are still used).
            var order: [String] = []
            var groups: [String: (error: ManifestError, whole: Bool, labels: [String])] = [:]
            var seen = Set<ObjectID>()
            for (label, commit) in revisions where seen.insert(commit).inserted {
                var problems: [(ManifestError, Bool)] = []
                if let error = context.manifests.manifestError(of: state.component, at: commit) {
                    problems = [(error, true)]
                } else if let manifest = try? context.manifests.manifest(of: state.component, at: commit) {
                    problems = manifest.unreadableDependencies.map { ($0, false) }
                }
                for (error, whole) in problems {
                    let key = "\(error.line):\(error.column):\(error.reason)"
                    if groups[key] == nil { order.append(key); groups[key] = (error, whole, []) }
                    groups[key]!.labels.append(label)
                }
            }
            for key in order {
                let (error, whole, labels) = groups[key]!
                // The file SwiftPM would load there: Package.swift or a Package@swift-X.Y.swift.
                let file = "\(state.component.path)/\(Self.fileName(error))"
                let revisionList = "\(labels.joined(separator: ", "))"
                let message =
                    whole
                    ? """
                    \(file) cannot be read at \(revisionList): \(error.reason) (line \(error.line), column \
                    \(error.column)); rules that need its dependencies skip it
                    """
                    : """
                    a `.package(...)` of \(file) cannot be read at \(revisionList): \(error.reason) (line \
                    \(error.line), column \(error.column)); rules use its other dependencies and cannot judge \
                    this one
                    """
                findings.append(
                    finding(
                        state.component.name, version: labels[0], message,
                        help: whole
                            ? "fix the manifest so it parses as a plain SwiftPM manifest, then release the fix"
                            : """
                            write the requirement as a string literal or a top-level `let` string constant of the \
                            manifest (`let v = \"1.2.0\"`), then release the fix
                            """,
                        locations: [
                            ManifestLocation(file: file, revision: labels[0], line: error.line, column: error.column)
                        ]))
            }
        }
        findings += appFindings(context)
        findings += headerFindings(context)
        return findings
    }

    /// An app manifest, or one `.package(...)` of it, that cannot be read: `integrate` cannot tell whether it uses
    /// a candidate.
    private func appFindings(_ context: RuleContext) -> [Finding] {
        context.snapshot.apps.flatMap { app -> [Finding] in
            guard context.focus.isEmpty else { return [] }
            if let error = app.manifestError {
                let file = "\(app.app.path)/\(Self.fileName(error))"
                return [
                    finding(
                        app.app.name, app: app.app.name,
                        """
                        \(file) cannot be read at HEAD: \(error.reason) (line \(error.line), column \
                        \(error.column)); rules see no dependencies of \(app.app.name) and integrate refuses to \
                        run
                        """,
                        help: "fix the manifest so it parses as a plain SwiftPM manifest",
                        locations: [
                            ManifestLocation(file: file, revision: "HEAD", line: error.line, column: error.column)
                        ])
                ]
            }
            guard let manifest = app.manifest else { return [] }
            let file = "\(app.app.path)/\(Self.fileName(manifest.unreadableDependencies.first))"
            return manifest.unreadableDependencies.map { error in
                finding(
                    app.app.name, app: app.app.name,
                    """
                    a `.package(...)` of \(file) cannot be read: \(error.reason) (line \(error.line), column \
                    \(error.column)); rules and integrate skip it
                    """,
                    help:
                        """
                        write the requirement as a string literal or a top-level `let` string constant of the \
                        manifest
                        """,
                    locations: [ManifestLocation(file: file, revision: "HEAD", line: error.line, column: error.column)])
            }
        }
    }

    /// The manifest file's name in a `ManifestError` (`Package.swift` or a `Package@swift-X.Y.swift`).
    static func fileName(_ error: ManifestError?) -> String {
        guard let error else { return "Package.swift" }
        return error.file.path.split(separator: "/").last.map(String.init) ?? "Package.swift"
    }
}
