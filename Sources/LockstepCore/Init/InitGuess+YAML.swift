import Foundation

extension WorkspaceGuess {
    /// The guesses as a commented `lockstep.yml`: each entry preceded by the reasons for it.
    var yaml: String {
        var lines = [
            "# Written by `lockstep init`. Each entry says why it was guessed; review the lines marked REVIEW.",
            "# Kinds: base (foundation), protocols (a business component's public interface), business (its",
            "# implementation, with implements:). Roles: main (pins every component exact:), shell (ranges).",
        ]
        if let remote {
            let count = components.filter { $0.url == nil && $0.origin != nil }.count
            lines.append(
                """
                remote: \(Self.scalar(remote))   # explains the origins of \(count) of \(components.count) \
                components; the others have url:
                """
            )
        }
        lines.append(components.isEmpty ? "components: []" : "components:")
        for entry in components {
            lines += Self.comments(entry)
            var fields = [
                "name: \(Self.scalar(entry.name))", "path: \(Self.scalar(entry.path))", "kind: \(entry.kind!.name)",
            ]
            if let implements = entry.implements { fields.append("implements: \(Self.scalar(implements))") }
            if let url = entry.url { fields.append("url: \(Self.scalar(url))") }
            if !entry.aliases.isEmpty {
                fields.append("aliases: [\(entry.aliases.map(Self.scalar).joined(separator: ", "))]")
            }
            if let podspec = entry.podspec { fields.append("manifest: \(Self.scalar(podspec))") }
            lines.append("  - { \(fields.joined(separator: ", ")) }")
        }
        lines.append(apps.isEmpty ? "apps: []" : "apps:")
        for entry in apps {
            lines += Self.comments(entry)
            if let project = entry.xcodeProject {
                // xcodebuild needs a scheme and a destination; the project's name is the usual scheme.
                let folder = project.split(separator: "/").first.map(String.init) ?? project
                let build: String
                if folder.hasSuffix(".xcodeproj") {
                    let scheme = String(folder.dropLast(".xcodeproj".count))
                    build =
                        """
                        xcodebuild -project \(folder) -scheme \(scheme) -destination 'generic/platform=iOS \
                        Simulator' build
                        """
                } else if project == "Tuist/Package.swift" {
                    // Tuist: packages fetched, the project generated, in the build copy.
                    build =
                        """
                        tuist install && tuist generate --no-open && xcodebuild -scheme \(entry.name) \
                        -destination 'generic/platform=iOS Simulator' build
                        """
                } else if project == "Project.swift" {
                    build =
                        """
                        tuist generate --no-open && xcodebuild -scheme \(entry.name) -destination \
                        'generic/platform=iOS Simulator' build
                        """
                } else if project == "Podfile" {
                    build =
                        """
                        pod install && xcodebuild -workspace \(entry.name).xcworkspace -scheme \(entry.name) \
                        -destination 'generic/platform=iOS Simulator' build
                        """
                } else {
                    // An XcodeGen spec: the project is generated first, in the build copy.
                    build =
                        """
                        xcodegen generate && xcodebuild -scheme \(entry.name) -destination 'generic/platform=iOS \
                        Simulator' build
                        """
                }
                lines.append(
                    "  - { name: \(Self.scalar(entry.name)), path: \(Self.scalar(entry.path)), role: \(entry.role!.rawValue), manifest: \(Self.scalar(project)), build: \(Self.scalar(build)) }   # REVIEW: the scheme and destination (runs on macOS)"
                )
            } else {
                lines.append(
                    "  - { name: \(Self.scalar(entry.name)), path: \(Self.scalar(entry.path)), role: \(entry.role!.rawValue) }   # build: swift build (the default; add build: to change it)"
                )
            }
        }
        if !leftOut.isEmpty {
            lines.append("# Not listed:")
            lines += leftOut.map { "#   \(Self.oneLine($0))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What init prints about its guesses, one line per entry (printable: origins and paths are not trusted).
    var summary: [String] {
        (components.map {
            """
            \($0.name) (\($0.path)): \($0.kind!.name)\($0.implements.map { " implementing \($0)" } ?? "") — \
            \($0.reasons.joined(separator: "; "))
            """
        }
            + apps.map { "\($0.name) (\($0.path)): app, \($0.role!.rawValue) — \($0.reasons.joined(separator: "; "))" }
            + leftOut).map(Self.oneLine)
    }

    private static func comments(_ entry: GuessedEntry) -> [String] {
        ["  # \(oneLine(entry.name)):"] + entry.reasons.map { "  #   \(oneLine($0))" }
    }

    /// One line of printable text: YAML refuses control characters even in comments, and a terminal would obey them.
    static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if scalar.properties.isWhitespace {
                result.append(" ")
            } else if category == .control || category == .format || category == .unassigned
                || category == .surrogate || category == .privateUse
            {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A plain YAML scalar when it is unambiguous in a flow mapping, else a double-quoted one.
    static func scalar(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./".unicodeScalars.contains($0)
        }
        let typed =
            ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"].contains(text.lowercased())
            || Double(text) != nil
        if plain, let first = text.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first),
            !typed
        {
            return text
        }
        return YAMLText.quoted(text)
    }
}
