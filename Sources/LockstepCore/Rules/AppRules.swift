import LockstepManifest
import Version

/// LS401: a main app pins with anything but an exact version.
struct LS401: Rule {
    let id = "LS401"
    let severity = Severity.error
    let summary = "a main app pins a component with anything but an exact version"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.componentDependencies(of: context.snapshot.mainApps).compactMap { app, name, dependency in
            guard dependency.requirement.exactVersion == nil else { return nil }
            let suggestion = context.snapshot.component(name)?.newestRelease.map { "\($0.version)" } ?? "X.Y.Z"
            return finding(
                name, app: app.app.name,
                """
                \(app.app.name) requires \(name) with `\(dependency.requirementText)`; a main app pins every \
                component exactly
                """,
                help: app.exactPinHint(suggestion), locations: [app.location(of: dependency)])
        }
    }
}

/// LS402: a main app pins a prerelease.
struct LS402: Rule {
    let id = "LS402"
    let severity = Severity.error
    let summary = "a main app pins a prerelease"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.componentDependencies(of: context.snapshot.mainApps).compactMap { app, name, dependency in
            guard let version = dependency.requirement.exactVersion, version.isPrerelease else { return nil }
            return finding(
                name, app: app.app.name, version: "\(version)", "\(app.app.name) pins \(name) to prerelease \(version)",
                help:
                    """
                    run `lockstep integrate \(name)@\(version)` to release it and pin \(version.release), or pin \
                    a release
                    """,
                locations: [app.location(of: dependency)])
        }
    }
}

/// LS403: a shell's requirement does not admit the version main pins.
struct LS403: Rule {
    let id = "LS403"
    let severity = Severity.error
    let summary = "drift: a shell's requirement does not admit the version main pins"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for main in context.snapshot.mainApps {
            for pin in main.dependencies {
                guard let name = pin.component, context.isInFocus(name),
                    let pinned = pin.dependency.requirement.exactVersion
                else { continue }
                for shell in context.snapshot.shellApps {
                    guard let requirement = shell.dependency(on: name)?.dependency else { continue }
                    if requirement.requirement.admits(pinned) { continue }
                    findings.append(
                        finding(
                            name, app: shell.app.name, version: "\(pinned)",
                            """
                            drift: \(shell.app.name) requires \(name) `\(requirement.requirementText)`, which \
                            does not admit \(pinned) that \(main.app.name) pins
                            """,
                            help: Self.help(shell: shell, requirement: requirement.requirement, pinned: pinned),
                            locations: [shell.location(of: requirement)]))
                }
            }
        }
        return findings
    }

    /// How to make the shell admit `pinned`. When main moves to a newer compatibility line than the shell admits (a
    /// coordinated major release), the fix is a range over both lines, committed before the release: it still admits
    /// what main pins today, so no commit of the shell is ever red, and it admits the new line once released.
    static func help(shell: AppSnapshot, requirement: Requirement, pinned: Version) -> String {
        let file = shell.manifestPath
        if let interval = requirement.interval, pinned > interval.lower,
            CompatibilityLine(pinned) > CompatibilityLine(interval.lower),
            let end = CompatibilityLine(pinned).nextLineStart
        {
            let both = Requirement.range(interval.lower.description, end.description).manifestText
            return
                """
                widen the requirement in \(file) to `\(both)`, which admits both lines (commit it before \
                integrating: it still admits what main pins now), then narrow it once \(pinned) is pinned
                """
        }
        return
            """
            change \(file) to admit \(pinned) (e.g. \
            `\(Requirement.upToNextMinor(pinned.description).manifestText)`) so shell and main build the same \
            version
            """
    }
}

/// LS404: an app pins or requires a version no tag provides.
struct LS404: Rule {
    let id = "LS404"
    let severity = Severity.error
    let summary = "an app pins or requires a version that no tag of that component provides"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.componentDependencies(of: context.snapshot.apps).compactMap { app, name, dependency in
            guard let component = context.snapshot.component(name), let interval = dependency.requirement.interval,
                !component.versionTags.contains(where: { interval.admits($0.version) })
            else { return nil }
            let known = component.releases.suffix(3).map(\.name).joined(separator: ", ")
            return finding(
                name, app: app.app.name, version: dependency.requirement.exactVersion.map(\.description),
                """
                \(app.app.name) requires \(name) `\(dependency.requirementText)` but no tag of \(name) provides \
                such a version
                """,
                help: known.isEmpty
                    ? "tag a release of \(name) first (`lockstep bump \(name)` then `lockstep integrate \(name)`)"
                    : "use a version \(name) has (newest: \(known))",
                locations: [app.location(of: dependency)])
        }
    }
}

/// LS407: a release tagged but pinned by no main app: an `integrate` that stopped between tag and pin.
struct LS407: Rule {
    let id = "LS407"
    let severity = Severity.warning
    let summary = "a release is tagged but no main app pins it (an integrate stopped between tag and pin)"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.components.compactMap { state -> Finding? in
            guard let release = state.newestRelease, state.newestReleaseIsFromIntegrate,
                context.snapshot.isReleasedButUnpinned(state.component.name, release.version)
            else { return nil }
            let mains = context.snapshot.mainApps.filter { $0.dependency(on: state.component.name) != nil }
            let apps = mains.map(\.app.name)
            let waiting = mains.flatMap { app in
                PinBranches.pinning(state.component.name, at: release.version, in: app, config: context.snapshot.config)
                    .map { "\(app.app.name) \($0)" }
            }
            if !waiting.isEmpty {
                return finding(
                    state.component.name, version: "\(release.version)",
                    """
                    \(state.component.name) \(release.version) is tagged; its pin waits on branch \
                    \(waiting.joined(separator: ", ")), not on the checked-out branch
                    """,
                    help:
                        """
                        merge that branch's pull/merge request (or run `lockstep integrate \
                        \(state.component.name)` to pin here)
                        """
                )
            }
            return finding(
                state.component.name, version: "\(release.version)",
                """
                \(state.component.name) \(release.version) is tagged but \(apps.joined(separator: ", ")) still \
                pin\(apps.count == 1 ? "s" : "") an older version
                """,
                help:
                    """
                    run `lockstep integrate \(state.component.name)` to finish the release (builds that went \
                    green are not run again)
                    """
            )
        }
    }
}

/// LS410: an app names a component in a way `integrate` builds as written and would refuse only when releasing that
/// component: several references whose requirements disagree, or (outside what LS401 says of main apps) a pod from
/// `:path`, a `:git` branch, commit or non-version tag, or its own `:source`/`:podspec`. See docs/app-refusals.md.
struct LS410: Rule {
    let id = "LS410"
    let severity = Severity.warning
    let summary = "an app names a component in a way integrate builds as written and refuses only when releasing it"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        let config = context.snapshot.config
        for app in context.snapshot.apps {
            guard let manifest = app.manifest else { continue }
            var named: [String: [PackageDependency]] = [:]
            for dependency in manifest.dependencies {
                guard let name = config.componentName(for: dependency), context.isInFocus(name) else { continue }
                named[name, default: []].append(dependency)
            }
            for (name, references) in named.sorted(by: { $0.key < $1.key }) {
                let disagreeing = IntegrationPlan.disagreeing(references, format: manifest.format)
                if !disagreeing.isEmpty {
                    let listed = disagreeing.prefix(6).map { "line \($0.line): `\($0.requirementText)`" }.joined(
                        separator: ", ")
                    let lines = disagreeing.count > 6 ? listed + " and \(disagreeing.count - 6) more" : listed
                    findings.append(
                        finding(
                            name, app: app.app.name,
                            """
                            \(app.app.name) names \(name) \(references.count) times with requirements that \
                            disagree (\(lines)); integrate builds them as they are and refuses to release \(name) \
                            until they agree
                            """,
                            help: "make them one requirement (or keep one reference to \(name)) in \(app.manifestPath)",
                            locations: disagreeing.map { app.location(of: $0) }, key: "duplicate"))
                }
                guard manifest.format == .podfile else { continue }
                for dependency in references {
                    let pod = dependency.podName ?? name
                    var how: String?
                    switch dependency.requirement {
                    case .path, .branch, .revision:
                        // LS401 already says it of a main app.
                        if app.app.role != .main { how = "from `:path` or a `:git` branch or commit" }
                    case .exact(let tag) where dependency.url != nil && Version(tag) == nil:
                        how = "from `:git` with the tag `\(tag)`, which is not a version"
                    default:
                        if let option = dependency.podOption { how = "with its own `:\(option)`" }
                    }
                    guard let how else { continue }
                    findings.append(
                        finding(
                            name, app: app.app.name,
                            """
                            \(app.app.name) takes pod '\(pod)' \(how); integrate builds it as the Podfile writes \
                            it and refuses to release \(name) until it is a version from the spec repo
                            """,
                            help: "write it as `pod '\(pod)', '1.2.3'` served by your spec repo",
                            locations: [app.location(of: dependency)], key: "pod:\(dependency.line)"))
                }
            }
        }
        return findings
    }
}

/// LS411: a release or pin `integrate --push` made that the remote does not have: the push failed (or the run was
/// stopped) after the release was made here.
struct LS411: Rule {
    let id = "LS411"
    let severity = Severity.error
    let summary = "a release tag or pin commit exists only in this clone: integrate --push did not get it to the remote"

    func check(_ context: RuleContext) throws -> [Finding] {
        var findings: [Finding] = []
        for state in context.components {
            for mark in state.unpublishedTags {
                let remoteOption = mark.remote == "origin" ? "" : " --remote \(mark.remote)"
                findings.append(
                    finding(
                        state.component.name, version: mark.name,
                        """
                        \(state.component.name) \(mark.name) was released in this clone by integrate --push, and the \
                        remote `\(mark.remote)` does \
                        not have the tag (the push failed or was stopped)
                        """,
                        help:
                            """
                            run `lockstep integrate \(state.component.name) --push\(remoteOption)` once the \
                            remote works: it pushes the tag and the pins, and builds nothing that went green
                            """
                    ))
            }
        }
        for app in context.snapshot.mainApps {
            for mark in app.unpublishedPins {
                findings.append(
                    finding(
                        app.app.name, app: app.app.name,
                        """
                        \(app.app.name): the pin commit integrate --push made on \(mark.name) is not on the remote \
                        `\(mark.remote)` (the push \
                        failed or was refused)
                        """,
                        help:
                            """
                            run the same `lockstep integrate … --push` once the remote takes it (a protected \
                            branch: use --pin-branch)
                            """
                    ))
            }
        }
        return findings
    }
}

extension RuleContext {
    /// Every dependency of `apps` that names a component in focus, with the app and the component's name.
    func componentDependencies(of apps: [AppSnapshot]) -> [(
        app: AppSnapshot, name: String, dependency: PackageDependency
    )] {
        apps.flatMap { app in
            app.dependencies.compactMap { resolved in
                guard let name = resolved.component, isInFocus(name) else { return nil }
                return (app: app, name: name, dependency: resolved.dependency)
            }
        }
    }
}

extension AppSnapshot {
    /// The path of the manifest file read (Package.swift, a Package@swift-X.Y.swift or an Xcode project).
    var manifestPath: String {
        manifest?.file.path ?? "\(app.path)/Package.swift"
    }

    /// Where a dependency is declared in this app's manifest.
    func location(of dependency: PackageDependency) -> ManifestLocation {
        ManifestLocation(file: manifestPath, line: dependency.line)
    }

    /// How to write an exact pin in this app's manifest, for a finding's help.
    func exactPinHint(_ version: String) -> String {
        if manifest?.format == .xcodeProject {
            return
                """
                set the package's rule to Exact Version \(version) in Xcode (`kind = exactVersion; version = \
                \(version);` in \(manifestPath))
                """
        }
        return "write `exact: \"\(version)\"` in \(manifestPath)"
    }
}
