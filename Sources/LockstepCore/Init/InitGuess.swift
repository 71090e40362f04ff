import LockstepManifest

/// What `lockstep init` guessed for one repo, with the reasons it prints and writes as comments.
struct GuessedEntry: Sendable {
    var name: String
    var path: String
    /// Nil for an app; a business guess names the protocol set it implements.
    var kind: ComponentKind?
    var implements: String? { kind?.implements }
    var role: AppRole?
    var url: String?
    var aliases: [String] = []
    var reasons: [String] = []
    /// The origin URL, for choosing the remote pattern.
    var origin: String?
    /// An app's Xcode project file, when it is built with Xcode.
    var xcodeProject: String?
    /// A CocoaPods component's podspec, when it has no Package.swift.
    var podspec: String?
}

/// The guesses for a whole workspace: components, apps, the remote pattern, and what was left out.
struct WorkspaceGuess: Sendable {
    var remote: String?
    var components: [GuessedEntry] = []
    var apps: [GuessedEntry] = []
    var leftOut: [String] = []
}

/// Turns scanned repos into guesses. Pure: no I/O, so every rule is tested on plain values.
enum InitGuesser {
    /// Suffixes that mark a protocol set `XProtocols` of an implementation `X` (also `X-API`, `X_Interface`).
    static let protocolSuffixes = ["protocols", "interface", "api"]

    static func guess(_ scanned: [FoundRepo]) -> WorkspaceGuess {
        var result = WorkspaceGuess()
        var repos: [FoundRepo] = []
        for repo in scanned {
            if let why = repo.leftOut {
                result.leftOut.append("\(repo.path): left out, \(why)")
            } else {
                repos.append(repo)
            }
        }
        var names = [String]()
        var notes = [[String]](repeating: [], count: repos.count)
        for (index, repo) in repos.enumerated() {
            let (name, note) = uniqueName(for: repo, taken: names)
            names.append(name)
            if let note { notes[index].append(note) }
        }
        // Which repo each package identity means: names and origins first, then folder and package names (a
        // manifest that reaches a repo only through those still uses an old name: that becomes an alias).
        var primary: [String: Int] = [:]
        var secondary: [String: Int] = [:]
        for (index, repo) in repos.enumerated() {
            for key in [names[index].lowercased(), repo.origin.map(PackageIdentity.of(location:))].compactMap({ $0 })
            where primary[key] == nil {
                primary[key] = index
            }
        }
        for (index, repo) in repos.enumerated() {
            for key in [repo.folderName.lowercased(), repo.manifest?.packageName?.lowercased()].compactMap({ $0 })
            where primary[key] == nil && secondary[key] == nil {
                secondary[key] = index
            }
        }
        var dependents = [Set<Int>](repeating: [], count: repos.count)
        var requirements = [[(target: Int, requirement: Requirement)]](repeating: [], count: repos.count)
        var aliases = [[String]](repeating: [], count: repos.count)
        for (index, repo) in repos.enumerated() {
            for dependency in repo.manifest?.dependencies ?? [] {
                var target: Int?
                if let id = dependency.registryID {
                    target =
                        primary[PackageIdentity.of(registryID: id)]
                        ?? PackageIdentity.namePart(ofRegistryID: id).flatMap { primary[$0] }
                } else {
                    let key = dependency.identity.lowercased()
                    target = primary[key]
                    if target == nil, let old = secondary[key] {
                        target = old
                        if ConfigParser.firstNonURLCharacter(in: dependency.identity) != nil {
                            notes[old].append(
                                """
                                \(repo.path)/Package.swift names it by an old name that cannot be an alias (line \
                                \(dependency.line)); REVIEW that requirement
                                """
                            )
                        } else if !aliases[old].contains(dependency.identity) {
                            aliases[old].append(dependency.identity)
                            notes[old].append(
                                """
                                alias `\(dependency.identity)`: \(repo.path)/Package.swift still names it so \
                                (line \(dependency.line))
                                """
                            )
                        }
                    }
                }
                guard let target, target != index else { continue }
                dependents[target].insert(index)
                requirements[index].append((target, dependency.requirement))
            }
        }
        // Components: depended on, or offering a library (unless it looks like an app that depends on components).
        var isComponent = [Bool](repeating: false, count: repos.count)
        for (index, repo) in repos.enumerated() {
            let libraries = repo.manifest?.products.filter { $0.kind == .library }.map(\.name) ?? []
            let users = dependents[index].sorted().map { names[$0] }
            if let project = repo.xcodeProject {
                // A package cannot depend on an Xcode project: it is an app whatever its requirements.
                notes[index].append("built with Xcode: requirements read from \(project)")
            } else if !users.isEmpty {
                isComponent[index] = true
                notes[index].insert(
                    "component: \(users.joined(separator: ", ")) depend\(users.count == 1 ? "s" : "") on it", at: 0)
            } else if repo.manifestProblem != nil {
                isComponent[index] = true
                notes[index].insert(
                    """
                    component: its manifest cannot be read (\(repo.manifestProblem!)), so nothing tells it apart \
                    from a component
                    """,
                    at: 0)
            } else if requirements[index].isEmpty {
                isComponent[index] = true
                let why =
                    libraries.isEmpty
                    ? """
                    nothing depends on it and it depends on no repo here; listed so the matrix shows it (remove \
                    it if it is not part of the workspace)
                    """
                    : """
                    it has the library product\(libraries.count == 1 ? "" : "s") \
                    \(libraries.joined(separator: ", "))
                    """
                notes[index].insert("component: \(why)", at: 0)
            } else if !libraries.isEmpty && !looksLikeApp(repo, name: names[index]) {
                isComponent[index] = true
                notes[index].insert(
                    """
                    component: it has the library product\(libraries.count == 1 ? "" : "s") \
                    \(libraries.joined(separator: ", ")) (nothing here depends on it; if it is an app, move it to \
                    apps:)
                    """,
                    at: 0)
            }
        }
        // Apps depend only on components here; a requirement on another app makes that app a component.
        for index in repos.indices where !isComponent[index] {
            for (target, _) in requirements[index] where !isComponent[target] && repos[target].xcodeProject == nil {
                isComponent[target] = true
                notes[target].insert("component: the app \(names[index]) depends on it", at: 0)
            }
        }
        var kinds = [ComponentKind?](repeating: nil, count: repos.count)
        for index in repos.indices where isComponent[index] {
            kinds[index] = .base
        }
        for index in repos.indices where isComponent[index] {
            guard let base = implementationName(ofProtocolSet: names[index]),
                let implementation = repos.indices.first(where: {
                    isComponent[$0] && $0 != index && names[$0].lowercased() == base.lowercased()
                })
            else { continue }
            if let already = kinds[implementation]?.implements {
                notes[index].append(
                    """
                    named like a protocol set of `\(names[implementation])`, which already implements \
                    `\(already)`; left base
                    """
                )
                continue
            }
            kinds[index] = .protocols
            kinds[implementation] = .business(implements: names[index])
            notes[index].append("kind protocols: its name is `\(names[implementation])` plus a protocol-set suffix")
            notes[implementation].append(
                "kind business, implements \(names[index]): `\(names[index])` is named as its protocol set")
        }
        for index in repos.indices where kinds[index] == .base {
            notes[index].append(
                """
                kind base: nothing in its name marks a protocol set or an implementation (REVIEW: protocols or \
                business?)
                """
            )
        }
        for (index, repo) in repos.enumerated() {
            var entry = GuessedEntry(name: names[index], path: repo.path, origin: repo.origin)
            entry.xcodeProject = repo.xcodeProject
            entry.podspec = repo.podspec
            entry.aliases = aliases[index]
            if isComponent[index] {
                entry.kind = kinds[index]
                entry.reasons = notes[index]
                result.components.append(entry)
            } else {
                let loose = requirements[index].filter { $0.requirement.exactVersion == nil }.map { names[$0.target] }
                entry.role = loose.isEmpty ? .main : .shell
                let on = requirements[index].map { names[$0.target] }
                entry.reasons =
                    ["app: nothing depends on it and it depends on \(on.joined(separator: ", "))"]
                    + [
                        loose.isEmpty
                            ? "role main: every requirement on a component is exact:"
                            : """
                            role shell: \(loose.joined(separator: ", ")) \(loose.count == 1 ? "is" : "are") \
                            required by a range, not exact:
                            """
                    ]
                    + notes[index]
                result.apps.append(entry)
            }
        }
        chooseRemote(&result)
        return result
    }

    /// The repo's name: its origin's last path component (what manifests use), else its folder's name; made safe
    /// and unique (ignoring case).
    static func uniqueName(for repo: FoundRepo, taken: [String]) -> (String, String?) {
        let wanted =
            repo.origin.map(PackageIdentity.name(ofLocation:)).flatMap { $0.isEmpty ? nil : $0 } ?? repo.folderName
        var name = sanitized(wanted)
        var note: String? = name == wanted ? nil : "named `\(name)`: `\(wanted)` is not a valid Lockstep name"
        let lowered = Set(taken.map { $0.lowercased() })
        if lowered.contains(name.lowercased()) {
            var candidate = sanitized(repo.folderName)
            var counter = 2
            while lowered.contains(candidate.lowercased()) {
                candidate = "\(sanitized(repo.folderName))-\(counter)"
                counter += 1
            }
            note = "named `\(candidate)`: another repo is already called `\(name)` (REVIEW: two clones of one package?)"
            name = candidate
        }
        return (name, note)
    }

    /// Keeps ASCII letters, digits, `-`, `_`, `.`; anything else becomes `-`; starts with a letter or digit.
    static func sanitized(_ text: String) -> String {
        var scalars = text.unicodeScalars.map { scalar -> Character in
            let ok =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-_.".unicodeScalars.contains(scalar)
            return ok ? Character(scalar) : "-"
        }
        while let first = scalars.first, !(first.isLetter || first.isNumber) { scalars.removeFirst() }
        let name = String(scalars.prefix(SafeName.maximumLength))
        return name.isEmpty ? "repo" : name
    }

    /// `LoginProtocols`, `Login-API`, `login_interface` → `Login`/`login`; nil for other names.
    static func implementationName(ofProtocolSet name: String) -> String? {
        let lowered = name.lowercased()
        for suffix in protocolSuffixes where lowered.hasSuffix(suffix) && lowered.count > suffix.count {
            var base = String(name.dropLast(suffix.count))
            if base.hasSuffix("-") || base.hasSuffix("_") { base.removeLast() }
            return base.isEmpty ? nil : base
        }
        return nil
    }

    /// An app folder (`apps/…`) or an `…App` name: a library product there is the app's own module.
    static func looksLikeApp(_ repo: FoundRepo, name: String) -> Bool {
        repo.path.split(separator: "/").dropLast().contains { $0.lowercased() == "apps" || $0.lowercased() == "app" }
            || name.lowercased().hasSuffix("app")
    }
}
