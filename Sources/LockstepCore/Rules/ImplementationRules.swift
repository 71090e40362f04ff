import Foundation
import LockstepAPI
import LockstepGit
import LockstepManifest
import Version

/// LS205: an implementation does not implement the protocol set its manifest admits (SPEC §7).
///
/// At every release of an implementation and at its HEAD (when no tag names it), the newest protocol-set release
/// its requirement admits is read (the oldest for a release a newer release of its line supersedes: a protocol set's
/// minor that adds a protocol is implemented by the implementation's next release, not by those before it): every
/// public Swift protocol and every `@protocol` of its public headers must be adopted by some type of the
/// implementation (any access level, any source file outside tests and examples), and each Objective-C class adopting
/// one must implement its `@required` methods and properties.
struct LS205: Rule {
    let id = "LS205"
    let severity = Severity.error
    let summary = "an implementation does not implement the protocols of the protocol-set version its manifest admits"
    var needsAPIDiff: Bool { true }

    func check(_ context: RuleContext) throws -> [Finding] {
        let checker = ImplementationChecker(context: context)
        var findings: [Finding] = []
        for state in context.snapshot.components {
            guard let name = state.component.protocolSet?.name, let protocolSet = context.snapshot.component(name),
                context.isInFocus(state.component.name) || context.isInFocus(name)
            else { continue }
            var seen = Set<Version>()
            // A release candidate on the commit its release tags is the same code: judged once, as the release.
            let released = Set(state.versionTags.filter { !$0.isPrerelease }.map(\.commit))
            for tag in state.versionTags where seen.insert(tag.version).inserted {
                if tag.isPrerelease, released.contains(tag.commit) { continue }
                // A release a newer one of its line supersedes is judged against what it was written for.
                let superseded = state.releases.contains {
                    $0.version.line == tag.version.line && $0.version > tag.version
                }
                findings += try checker.findings(
                    of: state, protocolSet: protocolSet, at: tag.commit,
                    revision: tag.name, version: tag.version,
                    oldestAdmitted: superseded, rule: self)
            }
            if let head = state.head, !state.versionTags.contains(where: { $0.commit == head }) {
                findings += try checker.findings(
                    of: state, protocolSet: protocolSet, at: head,
                    revision: state.branch ?? "HEAD", version: nil, oldestAdmitted: false,
                    rule: self)
            }
        }
        return findings
    }
}

/// What LS205 finds at one implementation commit against one protocol-set commit; kept per pair of commits, so a
/// release whose sources and admitted protocol set did not change is not judged again, and each source file is
/// scanned once per blob.
final class ImplementationChecker {
    /// A protocol of the protocol set: where it is declared and, in Objective-C, what an adopter must implement.
    struct DeclaredProtocol {
        var name: String
        var file: String
        var line: Int
        var isObjC: Bool
        /// `@required` members named as `ImplementationFacts.memberName` (`-sel`, `@name`), own and refined.
        var required: [String] = []
    }

    /// One protocol the implementation does not implement.
    struct Gap {
        var proto: DeclaredProtocol
        /// Nil: no type adopts it; else the Objective-C class that adopts it without the members.
        var adoption: ImplementationFacts.Adoption?
        var missing: [String] = []
    }

    private let context: RuleContext
    private var protocolSets: [ObjectID: ([DeclaredProtocol], [String: Set<String>])] = [:]
    private var facts: [ObjectID: ImplementationFacts] = [:]
    private var files: [String: ImplementationFacts] = [:]
    private var gaps: [String: [Gap]] = [:]
    private var repositories: [String: Repository] = [:]

    init(context: RuleContext) {
        self.context = context
    }

    /// LS205's findings for the implementation at `commit` (`version` nil: its HEAD, named by `revision`).
    func findings(
        of state: ComponentSnapshot, protocolSet: ComponentSnapshot, at commit: ObjectID, revision: String,
        version: Version?, oldestAdmitted: Bool, rule: LS205
    ) throws -> [Finding] {
        let implementation = state.component
        guard let dependencies = try context.manifests.readableDependencies(of: implementation, at: commit)
        else { return [] }  // LS103
        var admitted: (release: VersionTag, line: Int)?
        for resolved in dependencies where resolved.component == protocolSet.component.name {
            let requirement = resolved.dependency.requirement
            let candidates = protocolSet.releases.filter { requirement.admits($0.version) }
            guard requirement.isVersioned,
                let best = oldestAdmitted
                    ? candidates.min(by: { $0.version < $1.version })
                    : candidates.max(by: { $0.version < $1.version })
            else { continue }
            admitted = (best, resolved.dependency.line)
            break
        }
        guard let admitted else { return [] }  // LS202 and LS402 say why nothing is admitted
        let key = "\(commit.hex) \(admitted.release.commit.hex)"
        let found =
            try gaps[key]
            ?? computeGaps(
                implementation, at: commit, protocolSet: protocolSet.component,
                at: admitted.release.commit)
        gaps[key] = found
        let who = version.map { "\(implementation.name) \($0)" } ?? "\(implementation.name) at \(revision)"
        let setName = "\(protocolSet.component.name) \(admitted.release.version)"
        let manifest = context.manifests.file(of: implementation, at: commit, revision: revision)
        return found.map { gap in
            let proto = gap.proto
            let declared = ManifestLocation(
                file: proto.file, revision: admitted.release.name, line: proto.line,
                label: "protocol")
            guard let adoption = gap.adoption else {
                let other = "or require a \(protocolSet.component.name) version without it"
                let help =
                    proto.isObjC
                    ? "adopt it on the class that implements it (`@interface … : NSObject <\(proto.name)>`) and "
                        + "implement its @required methods, \(other)"
                    : "declare the conformance on the type that implements it (`final class …: \(proto.name)` or "
                        + "`extension …: \(proto.name)`), \(other)"
                return rule.finding(
                    implementation.name, version: version.map { "\($0)" },
                    "\(who) does not implement \(proto.name) of \(setName): "
                        + "no type declares the conformance",
                    help: help, locations: [ManifestLocation(manifest, line: admitted.line), declared],
                    key: version == nil ? "HEAD \(proto.name)" : proto.name)
            }
            let list = gap.missing.map(Self.spelled).joined(separator: ", ")
            let them = gap.missing.count == 1 ? "it" : "them"
            let place = ManifestLocation(file: adoption.file, revision: revision, line: adoption.line, label: "adopted")
            return rule.finding(
                implementation.name, version: version.map { "\($0)" },
                "\(who): \(adoption.type) adopts \(proto.name) of \(setName) but does not implement "
                    + "its @required \(list)",
                help: "implement \(them) in `@implementation \(adoption.type)` "
                    + "(or declare \(them) in its `@interface`)",
                locations: [place, declared],
                key: (version == nil ? "HEAD " : "") + "\(proto.name) \(adoption.type)")
        }
    }

    /// `-sel` → `-sel`, `@name` → `@property name`, `@@name` → `@property (class) name`.
    static func spelled(_ member: String) -> String {
        if member.hasPrefix("@@") { return "@property (class) \(member.dropFirst(2))" }
        if member.hasPrefix("@") { return "@property \(member.dropFirst())" }
        return member
    }

    private func computeGaps(
        _ implementation: Component, at commit: ObjectID, protocolSet: Component,
        at setCommit: ObjectID
    ) throws -> [Gap] {
        let (protocols, refinements) = try declaredProtocols(protocolSet, at: setCommit)
        guard !protocols.isEmpty else { return [] }
        let scanned = try implementationFacts(implementation, at: commit)
        var result: [Gap] = []
        for proto in protocols {
            let adopters = scanned.adopters(of: proto.name, knownRefinements: refinements)
            guard !adopters.isEmpty else {
                result.append(Gap(proto: proto))
                continue
            }
            guard proto.isObjC else { continue }  // Swift's compiler checks a conformance's members
            var judged = Set<String>()
            for adoption in adopters where adoption.isObjC && judged.insert(adoption.type).inserted {
                let members = scanned.allMembers(of: adoption.type)
                let missing = proto.required.filter { !ImplementationFacts.satisfies(members, $0) }
                if !missing.isEmpty { result.append(Gap(proto: proto, adoption: adoption, missing: missing)) }
            }
        }
        return result
    }

    /// The public Swift protocols and public-header `@protocol`s of the protocol set at `commit`, with the
    /// protocols each refines.
    private func declaredProtocols(_ component: Component, at commit: ObjectID) throws
        -> ([DeclaredProtocol], [String: Set<String>])
    {
        if let known = protocolSets[commit] { return known }
        var protocols: [DeclaredProtocol] = []
        var refinements: [String: Set<String>] = [:]
        // A file that cannot be read is LS203's and LS103's to report; the rest is judged.
        let surface = try? context.api.surface(of: component, at: commit)
        for declaration in surface?.declarations.values.map({ $0 }) ?? [] {
            if declaration.kind == .protocol, let name = declaration.key.split(separator: " ").last {
                protocols.append(
                    DeclaredProtocol(
                        name: String(name), file: declaration.file, line: declaration.line,
                        isObjC: false))
            } else if let parts = declaration.conformanceParts {
                refinements[parts.type, default: []].insert(parts.proto)
            }
        }
        let manifest = try? context.manifests.manifest(of: component, at: commit)
        let folders = manifest.flatMap(APILayout.init(manifest:))?.modules.flatMap(\.folders) ?? []
        if let headers = try context.api.objc.surface(of: component, at: commit, moduleFolders: folders) {
            var merged: [String: ObjCDeclaration] = [:]
            for platform in headers.platforms.keys.sorted() {
                merged.merge(headers.platforms[platform] ?? [:]) { first, _ in first }
            }
            var required: [String: [String]] = [:]
            for declaration in merged.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
                guard declaration.inProtocol, let owner = declaration.owner else { continue }
                if declaration.kind == .conformance, let proto = declaration.key.split(separator: " ").last {
                    refinements[owner, default: []].insert(String(proto))
                } else if !declaration.optional, let member = ImplementationFacts.memberName(declaration.key) {
                    required[owner, default: []].append(member)
                }
            }
            let names = Set(protocols.map(\.name))
            for declaration in merged.values where declaration.kind == .protocol {
                guard let name = declaration.key.split(separator: " ").last.map(String.init), !names.contains(name)
                else { continue }
                var proto = DeclaredProtocol(name: name, file: declaration.file, line: declaration.line, isObjC: true)
                // Its own requirements and those of the protocols it refines, as the compiler asks an adopter.
                var seen = Set<String>()
                var queue = [name]
                while let next = queue.popLast() {
                    guard seen.insert(next).inserted else { continue }
                    for member in required[next] ?? [] where !proto.required.contains(member) {
                        proto.required.append(member)
                    }
                    queue += refinements[next] ?? []
                }
                protocols.append(proto)
            }
        }
        protocols.sort { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
        protocolSets[commit] = (protocols, refinements)
        return (protocols, refinements)
    }

    /// What the implementation's source files say at `commit`; each blob is scanned once.
    private func implementationFacts(_ component: Component, at commit: ObjectID) throws -> ImplementationFacts {
        if let known = facts[commit] { return known }
        let repository =
            try repositories[component.name]
            ?? SnapshotLoader.openRepository(component.path, name: component.name, config: context.snapshot.config)
        repositories[component.name] = repository
        let platform = ObjCSurface.applePlatforms(component.platforms ?? [])[0]
        var result = ImplementationFacts()
        for file in try repository.listFiles(at: commit) where !file.isSymlink && Self.isSource(file.path) {
            let isSwift = file.path.hasSuffix(".swift")
            let cacheKey = "\(file.blob.hex) \(isSwift ? "swift" : "objc")"
            if let known = files[cacheKey] {
                result.merge(Self.relocated(known, to: "\(component.path)/\(file.path)"))
                continue
            }
            let label = "\(component.path)/\(file.path)"
            let text = String(decoding: try repository.readBlob(file.blob), as: UTF8.self)
            let source = SourceFile(path: label, text: text)
            let scanned =
                isSwift
                ? ImplementationFacts.swift(source) : ImplementationFacts.objc(source, platform: platform)
            files[cacheKey] = scanned
            result.merge(scanned)
        }
        facts[commit] = result
        return result
    }

    /// Facts scanned under another path (the same blob moved or copied) with this path.
    private static func relocated(_ facts: ImplementationFacts, to path: String) -> ImplementationFacts {
        var moved = facts
        for index in moved.adoptions.indices { moved.adoptions[index].file = path }
        return moved
    }

    /// Swift and Objective-C sources of the implementation itself: not its manifests, tests, examples or vendored pods.
    static func isSource(_ path: String) -> Bool {
        guard [".swift", ".h", ".m", ".mm"].contains(where: path.hasSuffix) else { return false }
        let parts = path.split(separator: "/")
        guard let name = parts.last, !name.hasPrefix("Package.swift"), !name.hasPrefix("Package@swift")
        else { return false }
        if ["Tests.swift", "Tests.m", "Test.swift", "Test.m", "Spec.swift", "Spec.m"].contains(where: name.hasSuffix) {
            return false
        }
        let excluded: Set<String> = [
            "Example", "Examples", "Demo", "Demos", "Pods", "Carthage", ".build", "Fixtures",
            "Test", "Tests", "Specs",
        ]
        return !parts.dropLast().contains { excluded.contains(String($0)) || $0.hasSuffix("Tests") }
    }
}
