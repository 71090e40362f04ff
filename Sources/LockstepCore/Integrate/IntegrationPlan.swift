import Foundation
import LockstepGit
import LockstepManifest
import Version

/// A component at the exact version a build uses.
public struct PinnedVersion: Sendable, Equatable, Hashable {
    public var component: String
    public var version: Version
    public var commit: ObjectID
}

/// One app build of an integration.
public struct AppBuild: Sendable {
    public var app: App
    /// The app commit built (its branch tip when planned).
    public var commit: ObjectID
    public var branch: String?
    /// Every component in the app's graph at the version it is built with.
    public var versions: [PinnedVersion]
    /// Direct dependencies the build copy pins; the rest are added to the copy's manifest.
    public var candidates: [String]
}

/// The exact pins a main app receives when the builds are green.
public struct PinChange: Sendable {
    public var app: App
    /// The branch checked out when the run was planned: the pins land there, by name, whatever is checked out later.
    public var branch: String?
    public var pins: [(component: String, version: Version)]
    /// The commit each pinned version's release tag names (for `Package.resolved`).
    public var revisions: [String: ObjectID] = [:]
}

/// What `integrate` will do (SPEC §5): candidates, rules, builds (shells first), tags and pins.
public struct IntegrationPlan: Sendable {
    public var candidates: [Candidate]
    public var builds: [AppBuild]
    public var pinChanges: [PinChange]
    /// Findings the release introduces: on the workspace as it would be after it, and not on the workspace before
    /// (by fingerprint); accepted ones are marked and refuse nothing.
    public var findings: [Finding]
    /// How many findings after the release were there before it (earlier versions): never judged.
    public var earlierFindings: Int = 0
    /// The manifests read while planning (the builds' graphs), for the build copies.
    public var manifests: ManifestStore
    public var errors: [Finding] { findings.filter(\.counts) }

    /// Plans an integration. Reads only.
    public static func make(_ snapshot: WorkspaceSnapshot, candidates arguments: [String], context: RuleContext? = nil,
                            allowDowngrade: Bool = false, unpublished: Set<String> = []) throws -> IntegrationPlan {
        guard !arguments.isEmpty else { throw IntegrationError.usage("name at least one component to integrate") }
        let candidates = try arguments.map { try Candidate.resolve($0, in: snapshot, unpublished: unpublished) }
        let names = candidates.map(\.component.name)
        if Set(names).count != names.count { throw IntegrationError.usage("a component is named twice") }
        // An app manifest (or one `.package(...)` of it) that cannot be read might use a candidate: building or
        // pinning around it would skip that app silently.
        for app in snapshot.apps {
            if let error = app.manifestError ?? app.manifest?.unreadableDependencies.first {
                throw IntegrationError.refused("\(error): lockstep cannot read this part of \(app.app.name)'s manifest, so it cannot tell whether \(app.app.name) uses a candidate. Write it as a plain SwiftPM manifest (string literals or top-level `let` string constants), then rerun")
            }
        }
        let speculative = snapshot.speculativelyReleasing(candidates)
        let ruleContext = RuleContext(snapshot: speculative, focus: Set(names))
        let judged = try introducedFindings(before: snapshot, after: speculative, candidates: Set(names), afterContext: ruleContext)
        let versions = try versionSet(speculative, candidates: candidates)
        var builds: [AppBuild] = []
        for role in [AppRole.shell, .main] {
            for app in snapshot.apps where app.app.role == role {
                guard let head = app.head else { continue }
                let graph = try closure(of: app, versions: versions, manifests: ruleContext.manifests, config: snapshot.config)
                guard candidates.contains(where: { graph.contains($0.component.name) }) else { continue }
                let pinned = try graph.sorted().map { name -> PinnedVersion in
                    guard let version = versions[name] else {
                        throw IntegrationError.refused("\(app.app.name) uses \(name), which has no release to build against; release it first")
                    }
                    return version
                }
                builds.append(AppBuild(app: app.app, commit: head, branch: app.branch, versions: pinned,
                                       candidates: names.filter(graph.contains)))
            }
        }
        var pinChanges: [PinChange] = []
        for main in snapshot.mainApps {
            var pins: [(component: String, version: Version)] = []
            var revisions: [String: ObjectID] = [:]
            for candidate in candidates {
                guard let current = main.dependency(on: candidate.component.name)?.dependency.requirement,
                      current != .exact(candidate.release.description) else { continue }
                if let pinned = current.exactVersion, pinned > candidate.release, !allowDowngrade {
                    throw IntegrationError.refused("\(main.app.name) already pins \(candidate.component.name) \(pinned), newer than \(candidate.release): integrating \(candidate.tag.name) would be a downgrade. Pass --allow-downgrade if that is what you want")
                }
                pins.append((component: candidate.component.name, version: candidate.release))
                revisions[candidate.component.name] = candidate.commit
            }
            if !pins.isEmpty { pinChanges.append(PinChange(app: main.app, branch: main.branch, pins: pins, revisions: revisions)) }
        }
        // What is built must be exactly what is committed: every manifest the run rewrites must be unambiguous.
        for build in builds {
            try requirePinnableVariants(build.app, at: build.commit, components: build.versions.map(\.component), config: snapshot.config)
            guard let manifest = snapshot.app(build.app.name)?.manifest else { continue }
            try requireUnambiguous(manifest, app: build.app, components: build.versions.map(\.component), config: snapshot.config)
            if manifest.format == .podfile { try requirePods(build, manifest: manifest, manifests: ruleContext.manifests, config: snapshot.config) }
        }
        for change in pinChanges {
            guard let manifest = snapshot.app(change.app.name)?.manifest else { continue }
            try requireUnambiguous(manifest, app: change.app, components: change.pins.map(\.component), config: snapshot.config)
        }
        return IntegrationPlan(candidates: candidates, builds: builds, pinChanges: pinChanges, findings: judged.introduced,
                               earlierFindings: judged.earlier, manifests: ruleContext.manifests)
    }

    /// Refuses an app whose version-specific manifests (`Package@swift-5.9.swift`) cannot all be pinned: the build
    /// copy and the pin commit rewrite every manifest file, so whichever one SwiftPM loads holds the pins.
    static func requirePinnableVariants(_ app: App, at commit: ObjectID, components: [String], config: WorkspaceConfig) throws {
        let repository = try SnapshotLoader.openRepository(app.path, name: app.name, config: config)
        for file in try SnapshotLoader.manifestFileNames(repository, at: commit, app: app) where file != ManifestSelection.regular {
            let data = try repository.readFile(file, at: commit) ?? Data()
            let manifest: Manifest
            do {
                manifest = try SnapshotLoader.parseManifest(String(decoding: data, as: UTF8.self), file: "\(app.path)/\(file) @ \(commit.short)", config: config)
            } catch let error as ManifestError {
                throw IntegrationError.refused("\(error): lockstep pins every manifest file of \(app.name) (SwiftPM may load this one), so it must be readable")
            }
            try requireUnambiguous(manifest, app: app, components: components, config: config)
        }
    }

    /// Refuses a CocoaPods app build that a temporary spec repo cannot redirect: a component it names by `:git` or
    /// `:path` (the pin is a version in the Podfile), or a component in its graph without a podspec at the version
    /// built (CocoaPods installs pods, not Swift packages).
    static func requirePods(_ build: AppBuild, manifest: Manifest, manifests: ManifestStore, config: WorkspaceConfig) throws {
        let file = manifest.file.components(separatedBy: " @ ").first ?? manifest.file
        for dependency in manifest.dependencies {
            guard let name = config.componentName(for: dependency), build.versions.contains(where: { $0.component == name }) else { continue }
            switch dependency.requirement {
            case .path, .branch, .revision:
                throw IntegrationError.refused("\(file):\(dependency.line): pod '\(dependency.podName ?? name)' comes from a `:path` or a `:git` branch or commit, so lockstep cannot build it at a release nor pin it. Write it as a version (`pod '\(dependency.podName ?? name)', '1.2.3'`) served by your spec repo")
            default:
                if let option = dependency.podOption {
                    throw IntegrationError.refused("\(file):\(dependency.line): pod '\(dependency.podName ?? name)' names its own `:\(option)`, so CocoaPods would not take it from the spec repo lockstep builds with. Drop `:\(option)` and let the Podfile's `source` lines serve it")
                }
                if dependency.url != nil {
                    throw IntegrationError.refused("\(file):\(dependency.line): pod '\(dependency.podName ?? name)' comes from `:git` with a `:tag`; lockstep pins pods as versions from a spec repo. Write it as `pod '\(dependency.podName ?? name)', '1.2.3'`")
                }
            }
        }
        for pinned in build.versions {
            guard let component = config.component(named: pinned.component) else { continue }
            let spec: Manifest
            do {
                guard let found = try manifests.podspec(of: component, at: pinned.commit) else {
                    throw IntegrationError.refused("\(build.app.name) is a CocoaPods app (\(file)) and uses \(component.name), which has no podspec at \(pinned.version); CocoaPods installs pods, so give \(component.name) a podspec at its root (beside its Package.swift if it has one)")
                }
                spec = found
            } catch let error as ManifestError {
                throw IntegrationError.refused("\(error): \(build.app.name) is a CocoaPods app, so lockstep reads \(component.name)'s podspec")
            }
            // CocoaPods knows the pod by its podspec's name: it must be the component's (or one of its aliases).
            guard let podName = spec.podspec?.name, config.componentName(forPod: podName) == component.name, SafeName.problem(with: podName) == nil else {
                let place = spec.file.components(separatedBy: " @ ").first ?? spec.file
                throw IntegrationError.refused("\(place): the podspec names the pod `\(spec.podspec?.name ?? "(none)")`, which is not \(component.name) nor one of its aliases; name the pod \(component.name) (CocoaPods and the spec repo know it by that name) or add `aliases: [\(spec.podspec?.name ?? "Name")]` to \(component.name) in lockstep.yml")
            }
            do {
                _ = try spec.podspecForRelease(version: pinned.version.description, git: "/", commit: pinned.commit.hex)
            } catch let error as ManifestError {
                throw IntegrationError.refused("\(error): lockstep writes \(component.name) \(pinned.version) into a temporary spec repo for \(build.app.name)'s build, so its podspec must have a literal version and a `source` hash")
            }
        }
    }

    /// Refuses a manifest whose pins cannot be written unambiguously: a `.package(...)` it cannot read, `Package(...)`
    /// declared more than once (in `#if` branches), or one of `components` named by more than one `.package(...)`.
    static func requireUnambiguous(_ manifest: Manifest, app: App, components: [String], config: WorkspaceConfig) throws {
        if let unreadable = manifest.unreadableDependencies.first {
            let advice = manifest.format == .swiftPackage || manifest.format == .tuist
                ? "this `.package(...)`" : "this dependency"
            let fix = manifest.format.isCocoaPods ? "Write it with literal strings (`pod 'Name', '1.2.3'`)"
                : manifest.format == .swiftPackage || manifest.format == .tuist ? "Write its requirement as a string literal or a top-level `let` string constant"
                : "Write it with literal values"
            throw IntegrationError.refused("\(unreadable.file):\(unreadable.line):\(unreadable.column): lockstep cannot read \(advice) of \(app.name) (\(unreadable.reason)), so it cannot tell whether it names a component to build or pin. \(fix)")
        }
        let declarations = manifest.packageDeclarationCount
        if declarations > 1 {
            throw IntegrationError.refused("\(manifest.file.components(separatedBy: " @ ").first ?? manifest.file) declares `Package(...)` \(declarations) times (e.g. in `#if` branches); lockstep cannot tell which one SwiftPM builds, so it cannot pin it. Declare the package once and put only the differing parts under `#if`")
        }
        let wanted = Set(components)
        var seen: [String: [PackageDependency]] = [:]
        // A Podfile names a pod once per subspec and per target (`pod 'Cart/Core'`, `pod 'Cart/UI'`): every line is
        // pinned to the same version, as CocoaPods resolves one version of a pod.
        guard manifest.format != .podfile else { return }
        for dependency in manifest.dependencies {
            guard let name = config.componentName(for: dependency), wanted.contains(name) else { continue }
            // Alternatives (`#if os(macOS)` … `#else` …) are fine: never both apply, and each is pinned.
            if let first = seen[name]?.first(where: { !$0.isAlternative(to: dependency) }) {
                throw IntegrationError.refused("\(manifest.file.components(separatedBy: " @ ").first ?? manifest.file) names \(name) twice (lines \(first.line) and \(dependency.line)); lockstep would not know which requirement to pin. Keep one `.package(...)` for \(name)")
            }
            seen[name, default: []].append(dependency)
        }
    }

    /// The version of every component a build uses: candidates at their release, others at main's pin.
    static func versionSet(_ snapshot: WorkspaceSnapshot, candidates: [Candidate]) throws -> [String: PinnedVersion] {
        var result: [String: PinnedVersion] = [:]
        for state in snapshot.components {
            let name = state.component.name
            if let candidate = candidates.first(where: { $0.component.name == name }) {
                result[name] = PinnedVersion(component: name, version: candidate.release, commit: candidate.commit)
                continue
            }
            let pinned = snapshot.mainApps.lazy.compactMap { app in
                app.dependency(on: name)?.dependency.requirement.exactVersion.map { (app: app.app.name, version: $0) }
            }.first
            if let pinned {
                // Build exactly what main pins; a pin without a tag here is a missing fetch, never a fallback.
                guard let tag = state.tag(for: pinned.version) else {
                    throw IntegrationError.refused("\(pinned.app) pins \(name) \(pinned.version), but \(state.component.path) has no tag for it (LS404); fetch its tags (git fetch --tags) and rerun")
                }
                result[name] = PinnedVersion(component: name, version: pinned.version, commit: tag.commit)
            } else if let release = state.newestRelease {
                // Used by shells only: build with its newest release, as a range would resolve.
                result[name] = PinnedVersion(component: name, version: release.version, commit: release.commit)
            }
        }
        return result
    }

    /// The components an app's build reaches, through manifests read at the versions it builds with.
    static func closure(of app: AppSnapshot, versions: [String: PinnedVersion], manifests: ManifestStore,
                        config: WorkspaceConfig) throws -> Set<String> {
        var seen = Set<String>()
        var queue = app.dependencies.compactMap(\.component)
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let version = versions[name], let component = config.component(named: name) else { continue }
            queue += try manifests.dependencies(of: component, at: version.commit).compactMap(\.component)
        }
        return seen
    }
}

extension WorkspaceSnapshot {
    /// The workspace as it would be with the candidates released and pinned in main apps.
    public func speculativelyReleasing(_ candidates: [Candidate]) -> WorkspaceSnapshot {
        var copy = self
        for candidate in candidates where !candidate.isAlreadyReleased {
            guard let index = copy.components.firstIndex(where: { $0.component.name == candidate.component.name }) else { continue }
            copy.components[index].versionTags.append(VersionTag(name: candidate.releaseTagName, version: candidate.release,
                                                                  commit: candidate.commit, isAnnotated: true))
            copy.components[index].versionTags.sort { ($0.version, $0.name) < ($1.version, $1.name) }
        }
        for index in copy.apps.indices where copy.apps[index].app.role == .main {
            for dependency in copy.apps[index].dependencies.indices {
                guard let name = copy.apps[index].dependencies[dependency].component,
                      let candidate = candidates.first(where: { $0.component.name == name }) else { continue }
                copy.apps[index].dependencies[dependency].dependency.requirement = .exact(candidate.release.description)
            }
        }
        return copy
    }
}
