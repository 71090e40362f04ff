/// LS101: a tag that is not a SemVer version is ignored for versioning.
struct LS101: Rule {
    let id = "LS101"
    let severity = Severity.warning
    let summary = "a tag that is not a SemVer version"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.components.flatMap { component in
            component.otherTags.map { tag in
                finding(
                    component.component.name, "tag `\(tag.name)` is not a SemVer version and is ignored for versioning",
                    help:
                        """
                        rename it to MAJOR.MINOR.PATCH (e.g. `1.2.0` or `v1.2.0`) if it marks a release, or leave \
                        it if it does not
                        """,
                    key: "tag \(tag.name)")
            }
        }
    }
}

/// LS102: two tags name the same version on different commits.
struct LS102: Rule {
    let id = "LS102"
    let severity = Severity.error
    let summary = "two tags name the same version on different commits"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.components.flatMap { component -> [Finding] in
            // Tags are sorted by version: a version named twice has neighbours with equal versions.
            let tags = component.versionTags
            guard zip(tags, tags.dropFirst()).contains(where: { $0.version == $1.version }) else { return [] }
            let groups = Dictionary(grouping: tags, by: \.version)
            return groups.keys.sorted().compactMap { version in
                let tags = groups[version]!
                guard Set(tags.map(\.commit)).count > 1 else { return nil }
                let list = tags.map { "`\($0.name)` → \($0.commit.short)" }.joined(separator: ", ")
                return finding(
                    component.component.name, version: "\(version)",
                    "tags \(list) name version \(version) on different commits",
                    help:
                        """
                        delete the tag that does not mark the real release (`git tag -d NAME` and on the remote), \
                        keeping one style
                        """
                )
            }
        }
    }
}

/// LS201: protocol sets have no patch releases.
struct LS201: Rule {
    let id = "LS201"
    let severity = Severity.error
    let summary = "a protocol set has a version with PATCH ≠ 0"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.components.filter { $0.component.kind == .protocols }.flatMap { component in
            component.versionTags.filter { $0.version.patch != 0 }.map { tag in
                finding(
                    component.component.name, version: "\(tag.version)",
                    """
                    protocol set version \(tag.name) has PATCH \(tag.version.patch); protocol sets have no patch \
                    releases
                    """,
                    help:
                        """
                        release interface changes as minor or breaking \
                        versions\(BumpLevel.minor.next(after: tag.version.release).map { " (\($0) or later)" } ?? "") \
                        and delete tag `\(tag.name)`
                        """
                )
            }
        }
    }
}

/// LS405: commits after the newest release ("ahead").
struct LS405: Rule {
    /// The next step: `bump` while HEAD carries no release candidate, `integrate` (with every component whose rc
    /// it needs) once it does — bumping again would only make another rc of the same commits.
    static func advice(_ component: ComponentSnapshot, snapshot: WorkspaceSnapshot) -> String {
        let name = component.component.name
        guard let head = component.head, let rc = try? component.releaseCandidateToIntegrate(), rc.commit == head else {
            return "run `lockstep bump \(name)` to make a release candidate of them"
        }
        return
            """
            HEAD is release candidate \(rc.name): run \
            `\((try? snapshot.integrateCommand(for: name, at: rc.commit)) ?? "lockstep integrate \(name)")` to \
            build the apps against it, release and pin it
            """
    }

    let id = "LS405"
    let severity = Severity.info
    let summary = "a component has commits after its newest release"

    func check(_ context: RuleContext) throws -> [Finding] {
        context.components.compactMap { component in
            guard component.commitsAhead > 0, let release = component.newestRelease else { return nil }
            return finding(
                component.component.name, version: "\(release.version)",
                "\(component.commitsAhead) commit(s) on \(component.branch ?? "HEAD") after release \(release.name)",
                help: Self.advice(component, snapshot: context.snapshot))
        }
    }
}
