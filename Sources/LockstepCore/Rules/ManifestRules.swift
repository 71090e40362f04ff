import LockstepGit
import LockstepManifest

/// LS103: a component manifest that cannot be read (the rules that need it skip it).
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
            if state.component.kind == .business { revisions += state.versionTags.map { ($0.name, $0.commit) } }
            for main in context.snapshot.mainApps {
                if let pinned = main.dependency(on: state.component.name)?.dependency.requirement.exactVersion,
                   let tag = state.tag(for: pinned) { revisions.append((tag.name, tag.commit)) }
            }
            // One finding per distinct problem, listing every revision that has it.
            var order: [String] = []
            var groups: [String: (error: ManifestError, labels: [String])] = [:]
            var seen = Set<ObjectID>()
            for (label, commit) in revisions where seen.insert(commit).inserted {
                guard let error = context.manifests.manifestError(of: state.component, at: commit) else { continue }
                let key = "\(error.line):\(error.column):\(error.reason)"
                if groups[key] == nil { order.append(key); groups[key] = (error, []) }
                groups[key]!.labels.append(label)
            }
            for key in order {
                let (error, labels) = groups[key]!
                findings.append(finding(state.component.name, version: labels[0],
                    "\(state.component.path)/Package.swift cannot be read at \(labels.joined(separator: ", ")): \(error.reason) (line \(error.line), column \(error.column)); rules that need its dependencies skip it",
                    help: "fix the manifest so it parses as a plain SwiftPM manifest, then release the fix",
                    locations: [FindingLocation(file: "\(state.component.path)/Package.swift @ \(labels[0])", line: error.line)]))
            }
        }
        return findings
    }
}
