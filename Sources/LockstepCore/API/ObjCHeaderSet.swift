import Foundation
import LockstepAPI
import LockstepGit

/// Which headers of a component are public at one revision (SPEC §7), read from the podspecs at its root:
/// `public_header_files` of every (sub)spec, else every `.h` their `source_files` match, minus `private_header_files`
/// and `exclude_files`; and for a SwiftPM package, the `include/` folders of the modules behind its library products.
struct ObjCHeaderSet {
    /// The podspec's patterns, all subspecs together, and the platforms it names.
    struct PodspecRules: Equatable {
        var publicHeaders: [String] = []
        var sources: [String] = []
        var privateHeaders: [String] = []
        var excluded: [String] = []
        var platforms: [String] = []

        var isEmpty: Bool { publicHeaders.isEmpty && sources.isEmpty }
    }

    /// The patterns of a Ruby podspec (`s.public_header_files = 'A/*.h'`, `ss.source_files = ['A', 'B/*.{h,m}']`,
    /// `%w[…]`), or of a JSON one. Ruby is not evaluated: a value computed at run time is not seen.
    static func rules(podspec text: String, json: Bool) -> PodspecRules {
        var rules = PodspecRules()
        if json, let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) {
            collect(json: object, into: &rules)
        } else {
            let attributes = ["public_header_files", "source_files", "private_header_files", "exclude_files"]
            let scalars = text
            for attribute in attributes {
                var searchRange = scalars.startIndex..<scalars.endIndex
                while let found = scalars.range(of: attribute, range: searchRange) {
                    searchRange = found.upperBound..<scalars.endIndex
                    // `s.source_files = …`, or the early DSL's `source_files 'AFNetworking'` at the start of a line.
                    let before = scalars[..<found.lowerBound].reversed().prefix { $0 == " " || $0 == "\t" }
                    let preceding = scalars[..<found.lowerBound].dropLast(before.count).last
                    let dotted = scalars[..<found.lowerBound].last == "."
                    guard dotted || preceding == nil || preceding == "\n" else { continue }
                    var rest = scalars[found.upperBound...].drop { $0 == " " || $0 == "\t" }
                    if rest.first == "=" {
                        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                    } else if dotted
                        || !(rest.first == "'" || rest.first == "\"" || rest.first == "[" || rest.first == "%")
                    {
                        continue
                    }
                    let value: Substring
                    if rest.first == "[" || rest.hasPrefix("%w") || rest.hasPrefix("%W") {
                        let close: Character =
                            rest.hasPrefix("%w{") || rest.hasPrefix("%W{") ? "}" : (rest.hasPrefix("%w(") ? ")" : "]")
                        let end = rest.firstIndex(of: close) ?? rest.endIndex
                        value = rest[rest.startIndex..<end]
                    } else {
                        value = rest.prefix { $0 != "\n" }
                    }
                    let patterns =
                        rest.hasPrefix("%w") || rest.hasPrefix("%W")
                        ? value.dropFirst(3).split(whereSeparator: \.isWhitespace).map(String.init)
                        : quoted(value)
                    switch attribute {
                    case "public_header_files": rules.publicHeaders += patterns
                    case "source_files": rules.sources += patterns
                    case "private_header_files": rules.privateHeaders += patterns
                    default: rules.excluded += patterns
                    }
                }
            }
        }
        let lowered = text.lowercased()
        for (names, platform) in [
            (["ios"], "iOS"), (["osx", "macos"], "macOS"), (["tvos"], "tvOS"), (["watchos"], "watchOS"),
        ] {
            if names.contains(where: {
                lowered.contains(".\($0).deployment_target") || lowered.contains(":\($0)")
                    || lowered.contains("\"\($0)\"")
            }) {
                rules.platforms.append(platform)
            }
        }
        return rules
    }

    private static func quoted(_ text: Substring) -> [String] {
        var result: [String] = []
        var current: String?
        var quote: Character = "'"
        for character in text {
            if var open = current {
                if character == quote {
                    result.append(open); current = nil
                } else {
                    open.append(character); current = open
                }
            } else if character == "'" || character == "\"" {
                quote = character
                current = ""
            } else if character == "#" {
                break
            }
        }
        return result
    }

    private static func collect(json: Any, into rules: inout PodspecRules) {
        guard let object = json as? [String: Any] else { return }
        func strings(_ value: Any?) -> [String] {
            if let text = value as? String { return [text] }
            return (value as? [Any])?.compactMap { $0 as? String } ?? []
        }
        rules.publicHeaders += strings(object["public_header_files"])
        rules.sources += strings(object["source_files"])
        rules.privateHeaders += strings(object["private_header_files"])
        rules.excluded += strings(object["exclude_files"])
        for platform in ["ios", "osx", "tvos", "watchos"] {
            if let specific = object[platform] { collect(json: specific, into: &rules) }
        }
        if let platforms = object["platforms"] as? [String: Any] {
            rules.platforms += platforms.keys.compactMap { APIContext.osName($0) }
        }
        for subspec in (object["subspecs"] as? [Any]) ?? [] { collect(json: subspec, into: &rules) }
    }

    /// A path in a folder of tests, examples, demos or vendored dependencies (`Tests/`, `MantleTests/`, `Demo/`,
    /// `Pods/`).
    static func isSampleOrTest(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { folder in
            let name = folder.lowercased()
            return [
                "test", "tests", "example", "examples", "demo", "demos", "carthage", "pods", "vendor", "docs",
                "benchmark",
                "benchmarks", "benchmarking", "external", "xcode", "samples", "sample",
            ].contains(name)
                || name.hasSuffix("tests") || name.hasSuffix("demo") || name.hasSuffix("example")
                || name.hasSuffix("examples")
        }
    }

    /// The public headers among `files` under `rules`.
    static func publicHeaders(_ files: [TreeFile], rules: PodspecRules) -> [TreeFile] {
        let headers = files.filter { $0.path.hasSuffix(".h") && !$0.isSymlink }
        let chosen = rules.publicHeaders.isEmpty ? rules.sources : rules.publicHeaders
        let matchers = chosen.map(Glob.init)
        let removed = (rules.privateHeaders + rules.excluded).map(Glob.init)
        return headers.filter { file in
            matchers.contains { $0.matches(file.path) } && !removed.contains { $0.matches(file.path) }
        }
    }

    /// A CocoaPods file pattern: `*` within a folder, `**` across folders, `?`, `{a,b}`, `[abc]`; a pattern naming a
    /// folder takes every file under it.
    struct Glob {
        let regex: NSRegularExpression?
        let folder: String?

        init(_ pattern: String) {
            var pattern = pattern
            while pattern.hasPrefix("./") { pattern.removeFirst(2) }
            let isPlain = !pattern.contains(where: { "*?{[".contains($0) })
            folder = isPlain ? (pattern.hasSuffix("/") ? pattern : pattern + "/") : nil
            var expression = "^"
            var characters = Array(pattern)[...]
            var braces = 0
            while let character = characters.first {
                characters = characters.dropFirst()
                switch character {
                case "*":
                    if characters.first == "*" {
                        characters = characters.dropFirst()
                        if characters.first == "/" {
                            characters = characters.dropFirst(); expression += "(?:.*/)?"
                        } else {
                            expression += ".*"
                        }
                    } else {
                        expression += "[^/]*"
                    }
                case "?": expression += "[^/]"
                case "{": braces += 1; expression += "(?:"
                case "}" where braces > 0: braces -= 1; expression += ")"
                case "," where braces > 0: expression += "|"
                case "[":
                    let body = characters.prefix { $0 != "]" }
                    characters = characters.dropFirst(body.count + 1)
                    expression += "[" + String(body).replacingOccurrences(of: "\\", with: "\\\\") + "]"
                default: expression += NSRegularExpression.escapedPattern(for: String(character))
                }
            }
            expression += "$"
            regex = try? NSRegularExpression(pattern: expression)
        }

        func matches(_ path: String) -> Bool {
            if let folder, path.hasPrefix(folder) { return true }
            guard let regex else { return false }
            return regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
    }

    /// The podspecs' rules at `commit` (those named after the component, else all at the root); nil when it has none.
    static func podspecRules(_ repository: Repository, component: Component, files all: [TreeFile]) throws
        -> PodspecRules?
    {
        // The suffixes first: Foundation's `contains`, asked of every file of the tree, was 2 % of a cold `check`.
        let podspecs = all.filter {
            ($0.path.hasSuffix(".podspec") || $0.path.hasSuffix(".podspec.json")) && !$0.path.contains("/")
        }
        guard !podspecs.isEmpty else { return nil }
        let own = podspecs.filter { $0.path.lowercased().hasPrefix(component.name.lowercased() + ".podspec") }
        var rules = PodspecRules()
        for podspec in own.isEmpty ? podspecs : own {
            let text = String(decoding: try repository.readBlob(podspec.blob), as: UTF8.self)
            let found = Self.rules(podspec: text, json: podspec.path.hasSuffix(".json"))
            rules.publicHeaders += found.publicHeaders
            rules.sources += found.sources
            rules.privateHeaders += found.privateHeaders
            rules.excluded += found.excluded
            rules.platforms += found.platforms.filter { !rules.platforms.contains($0) }
        }
        return rules
    }

    /// The public headers among a revision's `files` and the platforms its podspec names; nil when it has neither a
    /// podspec nor an `include/` folder in a library module.
    ///
    /// A revision without a podspec of its own (the pod's spec lived only in the CocoaPods Specs repo then) borrows
    /// `neighbour`'s, the rules of the release it is compared with, which rarely differ between adjacent releases;
    /// without one either, every header outside tests, examples and demos is taken.
    /// `hasPackage` says whether the revision has a `Package.swift` when `all` is not its whole tree.
    static func headers(
        _ all: [TreeFile], rules own: PodspecRules?, neighbour: PodspecRules?, moduleFolders: [String],
        hasPackage known: Bool? = nil
    ) -> (files: [TreeFile], platforms: [String])? {
        let hasPackage = known ?? all.contains { $0.path == "Package.swift" }
        let rules = own ?? (hasPackage ? PodspecRules() : neighbour ?? PodspecRules())
        var files = rules.isEmpty ? [] : publicHeaders(all, rules: rules)
        var seen = Set(files.map(\.path))
        for folder in moduleFolders {
            let include = folder + "/include/"
            files += all.filter {
                $0.path.hasPrefix(include) && $0.path.hasSuffix(".h") && !$0.isSymlink && seen.insert($0.path).inserted
            }
        }
        if rules.isEmpty, own == nil, !hasPackage {
            files = all.filter { $0.path.hasSuffix(".h") && !$0.isSymlink && !Self.isSampleOrTest($0.path) }
            return files.isEmpty ? nil : (files.sorted { $0.path < $1.path }, [])
        }
        if files.isEmpty && rules.isEmpty { return nil }
        return (files.sorted { $0.path < $1.path }, rules.platforms)
    }
}
