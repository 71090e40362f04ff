import Foundation
import LockstepGit
import LockstepManifest
import Version

/// One app build of an integration.
public struct AppBuild: Sendable {
    public var app: App
    /// The app commit built (its branch tip when planned).
    public var commit: ObjectID
    public var branch: String?
    /// Every component in the app's graph at the version it is built with.
    public var versions: [Pin]
    /// Direct dependencies the build copy pins; the rest are added to the copy's manifest.
    public var candidates: [String]
    /// Components of the graph (never candidates) the build copy leaves as the app writes them: not pinned, not put
    /// in the temporary spec repo (a pod from `:path` or a `:git` branch, a pin with no tag, a pod without a usable
    /// podspec). The plan's `warnings` say why for each.
    public var asWritten: [String] = []
}

/// The pins one main app receives when the builds are green, committed together on its branch. Not a `Pin`: it is
/// the commit that writes several of them into one app.
public struct PinChange: Sendable {
    public var app: App
    /// The branch checked out when the run was planned: the pins land there, by name, whatever is checked out later.
    public var branch: String?
    /// Each candidate the app's manifest moves to, at its release and the commit its release tag names.
    public var pins: [Pin]
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
    /// What the run passes over in the apps because it is not about a candidate (docs/app-refusals.md): each is
    /// built as the app writes it and shown as a warning; `check` reports the same with its rule.
    public var warnings: [Finding] = []
    public var errors: [Finding] { findings.filter(\.counts) }

    /// Plans an integration. Reads only.
    public static func make(
        _ snapshot: WorkspaceSnapshot, candidates arguments: [String], context: RuleContext? = nil,
        allowDowngrade: Bool = false, unpublished: Set<String> = []
    ) throws -> IntegrationPlan {
        guard !arguments.isEmpty else { throw IntegrationError.usage("name at least one component to integrate") }
        let candidates = try arguments.map { try Candidate.resolve($0, in: snapshot, unpublished: unpublished) }
        let names = candidates.map(\.component.name)
        if Set(names).count != names.count { throw IntegrationError.usage("a component is named twice") }
        // An app manifest (or one `.package(...)` of it) that cannot be read might use a candidate: building or
        // pinning around it would skip that app silently. One whose identity was read (a `pod 'Name', version_var`
        // line) and is no candidate is not the release's: built as written, warned (LS103).
        var warnings: [Finding] = []
        for app in snapshot.apps {
            if let error = app.manifestError
                ?? app.manifest?.unreadableDependencies.first(where: {
                    !isPassable($0, candidates: Set(names), config: snapshot.config)
                })
            {
                let fix =
                    app.manifest?.format.isCocoaPods == true
                    ? "Write it with literal strings (`pod 'Name', '1.2.3'`)"
                    : app.manifest?.format == .xcodeProject || app.manifest?.format == .xcodeGen
                        ? "Fix the reference (or let Xcode rewrite it)"
                        : "Write it as a plain SwiftPM manifest (string literals or top-level `let` string constants)"
                throw IntegrationError.refused(
                    """
                    \(error): lockstep cannot read this part of \(app.app.name)'s manifest, so it cannot tell \
                    whether \(app.app.name) uses a candidate. \(fix), then rerun
                    """
                )
            }
            for error in app.manifest?.unreadableDependencies ?? [] {
                let identity = error.dependencyIdentity ?? "?"
                warnings.append(
                    passedOver(
                        snapshot.config.componentName(forPod: identity) ?? identity, in: app,
                        """
                        \(error.reason); it names \(identity), no candidate, so \(app.app.name)'s build takes it \
                        as written
                        """,
                        help: "write it with literal values", rule: "LS103", line: error.line))
            }
        }
        let speculative = snapshot.speculativelyReleasing(candidates)
        let ruleContext = RuleContext(snapshot: speculative, focus: Set(names))
        let judged = try introducedFindings(
            before: snapshot, after: speculative, candidates: Set(names), afterContext: ruleContext)
        let (versions, unversioned) = versionSet(speculative, candidates: candidates)
        var builds: [AppBuild] = []
        for role in [AppRole.shell, .main] {
            for app in snapshot.apps where app.app.role == role {
                guard let head = app.head else { continue }
                let graph = try closure(
                    of: app, versions: versions, manifests: ruleContext.manifests, config: snapshot.config)
                guard candidates.contains(where: { graph.contains($0.component.name) }) else { continue }
                // A component with no version to build against is not the release's: built as the app writes it.
                var asWritten: [String] = []
                let pinned = graph.sorted().compactMap { name -> Pin? in
                    if let version = versions[name] { return version }
                    asWritten.append(name)
                    let why = unversioned[name] ?? "\(name) has no release to build against"
                    warnings.append(
                        Self.passedOver(
                            name, in: app, "\(why); \(app.app.name)'s build takes \(name) as its manifest writes it",
                            help: "release \(name) (or fetch its tags) so builds use a version", rule: "LS404"))
                    return nil
                }
                builds.append(
                    AppBuild(
                        app: app.app, commit: head, branch: app.branch, versions: pinned,
                        candidates: names.filter(graph.contains), asWritten: asWritten))
            }
        }
        var pinChanges: [PinChange] = []
        for main in snapshot.mainApps {
            var pins: [Pin] = []
            for candidate in candidates {
                guard let current = main.dependency(on: candidate.component.name)?.dependency.requirement,
                    current != .exact(candidate.release.description)
                else { continue }
                if let pinned = current.exactVersion, pinned > candidate.release, !allowDowngrade {
                    throw IntegrationError.refused(
                        """
                        \(main.app.name) already pins \(candidate.component.name) \(pinned), newer than \
                        \(candidate.release): integrating \(candidate.tag.name) would be a downgrade. Pass \
                        --allow-downgrade if that is what you want
                        """
                    )
                }
                pins.append(candidate.pin)
            }
            if !pins.isEmpty { pinChanges.append(PinChange(app: main.app, branch: main.branch, pins: pins)) }
        }
        // What is built must be exactly what is committed: every manifest the run rewrites must be unambiguous about
        // the candidates. What is not about a candidate is built as the app writes it and reported (`warnings`).
        let candidateNames = Set(names)
        for index in builds.indices {
            let build = builds[index]
            try requirePinnableVariants(
                build.app, at: build.commit, components: build.versions.map(\.component), candidates: candidateNames,
                config: snapshot.config)
            guard let app = snapshot.app(build.app.name), let manifest = app.manifest else { continue }
            warnings += try requireUnambiguous(
                manifest, app: build.app, components: build.versions.map(\.component), candidates: candidateNames,
                config: snapshot.config
            ).map { passedOver($0.component, in: app, $0.message, help: $0.help, rule: "LS410", line: $0.line) }
            if manifest.format == .podfile {
                for skipped in try requirePods(
                    build, manifest: manifest, candidates: candidateNames, manifests: ruleContext.manifests,
                    config: snapshot.config)
                {
                    if !builds[index].asWritten.contains(skipped.component) {
                        builds[index].asWritten.append(skipped.component)
                    }
                    warnings.append(
                        passedOver(
                            skipped.component, in: app, skipped.message, help: skipped.help, rule: "LS410",
                            line: skipped.line))
                }
            }
        }
        for change in pinChanges {
            guard let manifest = snapshot.app(change.app.name)?.manifest else { continue }
            _ = try requireUnambiguous(
                manifest, app: change.app, components: change.pins.map(\.component), candidates: candidateNames,
                config: snapshot.config)
        }
        // One warning per place (a shell and a main, or a build and a pin, may meet the same line).
        var seenWarnings = Set<String>()
        warnings = warnings.filter {
            seenWarnings.insert("\($0.rule) \($0.app ?? "") \($0.subject) \($0.message)").inserted
        }
        return IntegrationPlan(
            candidates: candidates, builds: builds, pinChanges: pinChanges, findings: judged.introduced,
            earlierFindings: judged.earlier, manifests: ruleContext.manifests, warnings: warnings)
    }

    /// Something in an app that the run passes over (not about a candidate), as a warning of `rule` at the app's line.
    static func passedOver(
        _ component: String, in app: AppSnapshot, _ message: String, help: String?, rule: String, line: Int? = nil
    ) -> Finding {
        let place = line ?? app.dependency(on: component)?.dependency.line
        var finding = Finding(
            rule: rule, severity: .warning, subject: component, app: app.app.name, message: message, help: help,
            locations: place.map { [ManifestLocation(file: app.manifestPath, line: $0)] } ?? [])
        finding.key = "integrate"
        return finding
    }

    /// Refuses an app whose version-specific manifests (`Package@swift-5.9.swift`) cannot all be pinned: the build
    /// copy and the pin commit rewrite every manifest file, so whichever one SwiftPM loads holds the pins.
    static func requirePinnableVariants(
        _ app: App, at commit: ObjectID, components: [String], candidates: Set<String>, config: WorkspaceConfig
    ) throws {
        let repository = try SnapshotLoader.openRepository(app.path, name: app.name, config: config)
        for file in try SnapshotLoader.manifestFileNames(repository, at: commit, app: app)
        where file != ManifestSelection.regular {
            let data = try repository.readFile(file, at: commit) ?? Data()
            let manifest: Manifest
            do {
                manifest = try SnapshotLoader.parseManifest(
                    String(decoding: data, as: UTF8.self),
                    file: ManifestFile(path: "\(app.path)/\(file)", revision: commit.short), config: config)
            } catch let error as ManifestError {
                throw IntegrationError.refused(
                    """
                    \(error): lockstep pins every manifest file of \(app.name) (SwiftPM may load this one), so it \
                    must be readable
                    """
                )
            }
            _ = try requireUnambiguous(
                manifest, app: app, components: components, candidates: candidates, config: config)
        }
    }

    /// Something in an app's manifest that a run builds as written instead of refusing: it is not about a candidate.
    struct PassedOver {
        var component: String
        var message: String
        var help: String?
        var line: Int?
    }

    /// Refuses a CocoaPods app build that a temporary spec repo cannot redirect for a candidate: a candidate named
    /// by `:path`, a `:git` branch or commit, or its own `:source`/`:podspec` (the pin is a version in the Podfile),
    /// or a candidate without a usable podspec at its release. The same about another component is not the
    /// release's: that pod is built as the Podfile writes it and returned. A `:git` pod with a `:tag` is the tag's
    /// version: the build copy takes it from the spec repo at that version, and a candidate's pin writes the version.
    static func requirePods(
        _ build: AppBuild, manifest: Manifest, candidates: Set<String>, manifests: ManifestStore,
        config: WorkspaceConfig
    ) throws -> [PassedOver] {
        let file = manifest.file.path
        var passed: [PassedOver] = []
        func pass(_ name: String, _ message: String, help: String?, line: Int?) {
            guard !passed.contains(where: { $0.component == name }) else { return }
            passed.append(PassedOver(component: name, message: message, help: help, line: line))
        }
        for dependency in manifest.dependencies {
            guard let name = config.componentName(for: dependency),
                build.versions.contains(where: { $0.component == name })
            else { continue }
            let pod = dependency.podName ?? name
            let isCandidate = candidates.contains(name)
            var problem: (message: String, fix: String)?
            switch dependency.requirement {
            case .path, .branch, .revision:
                problem = (
                    """
                    pod '\(pod)' comes from a `:path` or a `:git` branch or commit, so lockstep cannot build it \
                    at a release nor pin it
                    """,
                    "Write it as a version (`pod '\(pod)', '1.2.3'`) served by your spec repo"
                )
            case .exact(let tag) where dependency.url != nil && Version(tag) == nil && !isCandidate:
                problem = (
                    "pod '\(pod)' comes from `:git` with the tag `\(tag)`, which is not a version",
                    "Tag \(name) with versions and name one"
                )
            default:
                if let option = dependency.podOption {
                    problem = (
                        """
                        pod '\(pod)' names its own `:\(option)`, so CocoaPods would not take it from the spec \
                        repo lockstep builds with
                        """,
                        "Drop `:\(option)` and let the Podfile's `source` lines serve it"
                    )
                }
            }
            guard let problem else { continue }
            if isCandidate {
                throw IntegrationError.refused("\(file):\(dependency.line): \(problem.message). \(problem.fix)")
            }
            pass(
                name,
                """
                \(problem.message); \(build.app.name)'s build takes it as the Podfile writes it, and only \
                integrating \(name) itself would refuse
                """,
                help: problem.fix, line: dependency.line)
        }
        for pinned in build.versions where !passed.contains(where: { $0.component == pinned.component }) {
            guard let component = config.component(named: pinned.component) else { continue }
            let isCandidate = candidates.contains(component.name)
            let line = manifest.dependencies.first { config.componentName(for: $0) == component.name }?.line
            func refuse(_ message: String, fix: String) throws {
                if isCandidate { throw IntegrationError.refused("\(message); \(fix)") }
                pass(
                    component.name,
                    """
                    \(message); \(build.app.name)'s build takes \(component.name) as the Podfile writes it (from \
                    its own sources)
                    """,
                    help: fix, line: line)
            }
            let spec: Manifest
            do {
                guard let found = try manifests.podspec(of: component, at: pinned.commit) else {
                    try refuse(
                        """
                        \(build.app.name) is a CocoaPods app (\(file)) and uses \(component.name), which has no \
                        podspec at \(pinned.version)
                        """,
                        fix:
                            """
                            CocoaPods installs pods, so give \(component.name) a podspec at its root (beside its \
                            Package.swift if it has one)
                            """
                    )
                    continue
                }
                spec = found
            } catch let error as ManifestError {
                try refuse(
                    "\(error): \(build.app.name) is a CocoaPods app, so lockstep reads \(component.name)'s podspec",
                    fix: "make the podspec readable")
                continue
            }
            // CocoaPods knows the pod by its podspec's name: it must be the component's (or one of its aliases).
            let place = spec.file.path
            if let podName = spec.podspec?.name, config.componentName(forPod: podName) == component.name,
                let problem = SafeName.problem(with: podName)
            {
                // Known by that name, but lockstep writes the spec repo's `Name/X.Y.Z/` folders only for safe names.
                try refuse(
                    "\(place): the pod `\(podName)` cannot name a folder of the spec repo lockstep writes (\(problem))",
                    fix: "release it under a pod name of letters, digits, `-`, `_` and `.`")
                continue
            }
            guard let podName = spec.podspec?.name, config.componentName(forPod: podName) == component.name else {
                try refuse(
                    """
                    \(place): the podspec names the pod `\(spec.podspec?.name ?? "(none)")`, which is not \
                    \(component.name) nor one of its aliases
                    """,
                    fix:
                        """
                        name the pod \(component.name) (CocoaPods and the spec repo know it by that name) or add \
                        `aliases: [\(spec.podspec?.name ?? "Name")]` to \(component.name) in lockstep.yml
                        """
                )
                continue
            }
            do {
                _ = try spec.podspecForRelease(version: pinned.version.description, git: "/", commit: pinned.commit.hex)
            } catch let error as ManifestError {
                try refuse(
                    """
                    \(error): lockstep writes \(component.name) \(pinned.version) into a temporary spec repo for \
                    \(build.app.name)'s build
                    """,
                    fix: "give its podspec a literal version and a `source` hash")
            }
        }
        return passed
    }

    /// Refuses a manifest whose pins cannot be written unambiguously: a `.package(...)` it cannot read, `Package(...)`
    /// declared more than once (in `#if` branches), or a candidate named by several references whose requirements
    /// disagree (lockstep would not know which one the release replaces). References that agree are all pinned,
    /// as Xcode, SwiftPM and CocoaPods resolve one version for them; a component that is not a candidate with
    /// references that disagree is returned, to be reported and built as the app writes it.
    @discardableResult
    static func requireUnambiguous(
        _ manifest: Manifest, app: App, components: [String], candidates: Set<String>? = nil,
        config: WorkspaceConfig
    ) throws -> [PassedOver] {
        if let unreadable = manifest.unreadableDependencies.first(where: { error in
            candidates.map { !isPassable(error, candidates: $0, config: config) } ?? true
        }) {
            let advice =
                manifest.format == .swiftPackage || manifest.format == .tuist
                ? "this `.package(...)`" : "this dependency"
            let fix =
                manifest.format.isCocoaPods
                ? "Write it with literal strings (`pod 'Name', '1.2.3'`)"
                : manifest.format == .swiftPackage || manifest.format == .tuist
                    ? "Write its requirement as a string literal or a top-level `let` string constant"
                    : "Write it with literal values"
            throw IntegrationError.refused(
                """
                \(unreadable.file):\(unreadable.line):\(unreadable.column): lockstep cannot read \(advice) of \
                \(app.name) (\(unreadable.reason)), so it cannot tell whether it names a component to build or \
                pin. \(fix)
                """
            )
        }
        let file = manifest.file.path
        let declarations = manifest.packageDeclarationCount
        if declarations > 1 {
            throw IntegrationError.refused(
                """
                \(file) declares `Package(...)` \(declarations) times (e.g. in `#if` branches); lockstep cannot \
                tell which one SwiftPM builds, so it cannot pin it. Declare the package once and put only the \
                differing parts under `#if`
                """
            )
        }
        let wanted = Set(components)
        var named: [String: [PackageDependency]] = [:]
        for dependency in manifest.dependencies {
            guard let name = config.componentName(for: dependency), wanted.contains(name) else { continue }
            named[name, default: []].append(dependency)
        }
        var passed: [PassedOver] = []
        for (name, references) in named.sorted(by: { $0.key < $1.key }) where references.count > 1 {
            let disagreeing = Self.disagreeing(references, format: manifest.format)
            guard !disagreeing.isEmpty else { continue }
            let listed = disagreeing.prefix(6).map { "line \($0.line): `\($0.requirementText)`" }.joined(
                separator: ", ")
            let lines = disagreeing.count > 6 ? listed + " and \(disagreeing.count - 6) more" : listed
            let isCandidate = candidates?.contains(name) ?? true
            if isCandidate {
                throw IntegrationError.refused(
                    """
                    \(file) names \(name) \(references.count) times with requirements that disagree (\(lines)); \
                    lockstep would not know which requirement the release replaces. Make them one requirement (or \
                    keep one reference to \(name)), then rerun
                    """
                )
            }
            passed.append(
                PassedOver(
                    component: name,
                    message:
                        """
                        \(file) names \(name) \(references.count) times with requirements that disagree \
                        (\(lines)); \(app.name)'s build pins each to the version it builds, and only integrating \
                        \(name) itself would refuse
                        """,
                    help: "make them one requirement (or keep one reference to \(name))", line: disagreeing[0].line))
        }
        return passed
    }

    /// True when an unreadable dependency is known not to name a candidate: its identity was read and is no
    /// candidate's (not a component at all, or another one).
    static func isPassable(_ error: ManifestError, candidates: Set<String>, config: WorkspaceConfig) -> Bool {
        guard let identity = error.dependencyIdentity else { return false }
        guard let component = config.componentName(forPod: identity) else { return true }
        return !candidates.contains(component)
    }

    /// The references of one component whose requirements disagree (empty when they all agree). Alternatives
    /// (`#if os(macOS)` … `#else` …) never both apply, so they may differ; a Podfile's `pod 'X/Sub'` without a
    /// version adds no requirement of its own (CocoaPods intersects the lines).
    static func disagreeing(_ references: [PackageDependency], format: ManifestFormat) -> [PackageDependency] {
        let constraining = references.filter { reference in
            !(format == .podfile && reference.requirementRange.isEmpty && reference.url == nil)
        }
        for (index, first) in constraining.enumerated() {
            for second in constraining[(index + 1)...]
            where !first.isAlternative(to: second) && first.requirement != second.requirement {
                return constraining.filter { !$0.isAlternative(to: first) || $0 == first }
            }
        }
        return []
    }

    /// The version of every component a build uses: candidates at their release, others at main's pin. A pin
    /// without a tag (a missing fetch) is never a fallback: that component has no version, and why is returned
    /// (builds take it as the app writes it, warned; it is not the release's).
    static func versionSet(_ snapshot: WorkspaceSnapshot, candidates: [Candidate]) -> (
        versions: [String: Pin], unversioned: [String: String]
    ) {
        var result: [String: Pin] = [:]
        var unversioned: [String: String] = [:]
        for state in snapshot.components {
            let name = state.component.name
            if let candidate = candidates.first(where: { $0.component.name == name }) {
                result[name] = candidate.pin
                continue
            }
            let pinned = snapshot.mainApps.lazy.compactMap { app in
                app.dependency(on: name)?.dependency.requirement.exactVersion.map { (app: app.app.name, version: $0) }
            }.first
            if let pinned {
                guard let tag = state.tag(for: pinned.version) else {
                    unversioned[name] =
                        """
                        \(pinned.app) pins \(name) \(pinned.version), but \(state.component.path) has no tag for \
                        it (LS404)
                        """
                    continue
                }
                result[name] = Pin(component: name, version: pinned.version, commit: tag.commit)
            } else if let release = state.newestRelease {
                // Used by shells only: build with its newest release, as a range would resolve.
                result[name] = Pin(component: name, version: release.version, commit: release.commit)
            }
        }
        return (result, unversioned)
    }

    /// The components an app's build reaches, through manifests read at the versions it builds with.
    static func closure(
        of app: AppSnapshot, versions: [String: Pin], manifests: ManifestStore,
        config: WorkspaceConfig
    ) throws -> Set<String> {
        var seen = Set<String>()
        var queue = app.dependencies.compactMap(\.component)
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let version = versions[name],
                let component = config.component(named: name)
            else { continue }
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
            guard let index = copy.components.firstIndex(where: { $0.component.name == candidate.component.name })
            else { continue }
            copy.components[index].versionTags.append(
                VersionTag(
                    name: candidate.releaseTagName, version: candidate.release,
                    commit: candidate.commit, isAnnotated: true))
            copy.components[index].versionTags.sort { ($0.version, $0.name) < ($1.version, $1.name) }
        }
        for index in copy.apps.indices where copy.apps[index].app.role == .main {
            for dependency in copy.apps[index].dependencies.indices {
                guard let name = copy.apps[index].dependencies[dependency].component,
                    let candidate = candidates.first(where: { $0.component.name == name })
                else { continue }
                copy.apps[index].dependencies[dependency].dependency.requirement = .exact(candidate.release.description)
            }
        }
        return copy
    }
}
