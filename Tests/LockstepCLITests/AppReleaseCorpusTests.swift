import Foundation
import LockstepManifest
import LockstepTestSupport
import XCTest

/// Real apps' project files, when a folder of them is given (`LOCKSTEP_APP_CORPUS=DIR`, filled by `ci/try-apps`):
/// "plan a release" of every package and pod each file references. For each file a throwaway workspace is made
/// where each referenced remote package or pod is a tiny component repo tagged at the versions the file admits
/// and carrying a release candidate, the file is the main app's manifest (builds run `true`), and
/// `integrate X --dry-run` runs for every component X. `integrate X` itself runs for a sample (`LOCKSTEP_APP_PINS`
/// per file, default 2), checking that the pin commit changes exactly X's requirement(s): the file is byte for
/// byte what `Manifest.pinning` makes of it for X's references. Prints apps, integrations planned, refusals by
/// cause and pins verified.
final class AppReleaseCorpusTests: XCTestCase {
    struct Referenced {
        var name: String
        var url: String?
        var pod: String?
        var versions: Set<String>
    }

    func testEveryReferenceOfEveryAppCanBePlannedAsARelease() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOCKSTEP_APP_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_APP_CORPUS to a folder of app files (ci/try-apps)")
        }
        let pinsPerFile = Int(ProcessInfo.processInfo.environment["LOCKSTEP_APP_PINS"] ?? "") ?? 2
        let cap = Int(ProcessInfo.processInfo.environment["LOCKSTEP_APP_MAX_COMPONENTS"] ?? "") ?? 40
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var apps = Set<String>(), planned = 0, tried = 0, pinsVerified = 0, pinsTried = 0, unreadable = 0
        var refusals: [String: Int] = [:], examples: [String: String] = [:], failures: [String] = []
        // Per format: files, apps, integrations tried, planned, pins verified.
        var byFormat: [String: (files: Int, apps: Set<String>, tried: Int, planned: Int, pins: Int)] = [:]
        for name in files {
            // `owner+name-<blob>.<kind>`: the app, then which file of it.
            // (Owners and names hold `-`; the blob after the last one does not.)
            let appName = name.split(separator: "-").dropLast().joined(separator: "-")
            apps.insert(appName)
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let (manifestPath, format) = Self.placement(of: name)
            let kind = manifestPath.hasSuffix("pbxproj") ? "project.pbxproj" : manifestPath
            byFormat[kind, default: (0, [], 0, 0, 0)].files += 1
            byFormat[kind]?.apps.insert(appName)
            let manifest: Manifest
            do { manifest = try format.read(text, file: ManifestFile(path: manifestPath)) } catch {
                unreadable += 1; continue
            }
            let referenced = Self.referenced(manifest)
            guard !referenced.isEmpty else { continue }
            let workspace = try TemporaryFolder("lockstep-apprelease")
            try Self.makeWorkspace(
                at: workspace.url, app: text, manifestPath: manifestPath, format: format, components: referenced)
            let environment = ["TMPDIR": workspace.url.path]
            var pinned = 0
            for component in referenced.prefix(cap) {
                tried += 1
                byFormat[kind]?.tried += 1
                let result = try Lockstep.run(
                    ["integrate", component.name, "--dry-run", "--workspace", workspace.url.path],
                    environment: environment)
                guard result.status == 0 else {
                    let cause = Self.cause(of: result.stderr + result.stdout)
                    refusals[cause, default: 0] += 1
                    examples[cause] = examples[cause] ?? "\(name) \(component.name): \(result.stderr.prefix(400))"
                    continue
                }
                planned += 1
                byFormat[kind]?.planned += 1
                guard pinned < pinsPerFile else { continue }
                pinned += 1
                pinsTried += 1
                let app = workspace.url.appendingPathComponent("apps/App")
                let before = try String(contentsOf: app.appendingPathComponent(manifestPath), encoding: .utf8)
                let run = try Lockstep.run(
                    ["integrate", component.name, "--workspace", workspace.url.path], environment: environment)
                let after = try String(contentsOf: app.appendingPathComponent(manifestPath), encoding: .utf8)
                let parsed = try format.read(before, file: ManifestFile(path: manifestPath))
                let release = Self.release(of: component)
                let pins = parsed.dependencies.filter {
                    Self.componentName(of: $0) == component.name && $0.requirement != .exact(release)
                }
                .map { (dependency: $0, version: release, url: $0.url) }
                let expected = pins.isEmpty ? before : parsed.pinning(pins)
                if run.status == 0, after == expected {
                    pinsVerified += 1
                    byFormat[kind]?.pins += 1
                } else {
                    failures.append(
                        """
                        \(name) \(component.name): status \(run.status), \
                        \(after == expected ? "pin as expected" : "pin differs") \(run.stderr.suffix(400))
                        """
                    )
                }
            }
        }
        print(
            """
            app release corpus: \(apps.count) apps, \(files.count) files (\(unreadable) unreadable), \(tried) \
            integrations tried, \(planned) planned, \(pinsVerified) of \(pinsTried) pins verified
            """
        )
        for (kind, figures) in byFormat.sorted(by: { $0.key < $1.key }) {
            print(
                "  \(kind): \(figures.apps.count) apps, \(figures.files) files, \(figures.tried) integrations tried, \(figures.planned) planned, \(figures.pins) pins verified"
            )
        }
        for (cause, count) in refusals.sorted(by: { $0.value > $1.value }) {
            print("  refused \(count)×: \(cause)")
            print("    e.g. \(examples[cause] ?? "")".replacingOccurrences(of: "\n", with: " "))
        }
        for failure in failures { print("  pin failure: \(failure)".replacingOccurrences(of: "\n", with: " ")) }
        XCTAssertEqual(failures, [])
    }

    /// Where the file goes in the app repo and which reader reads it, from the corpus file's extension.
    static func placement(of name: String) -> (path: String, format: ManifestFormat) {
        if name.hasSuffix(".pbxproj") { return ("App.xcodeproj/project.pbxproj", .xcodeProject) }
        if name.hasSuffix(".yml") { return ("project.yml", .xcodeGen) }
        return ("Podfile", .podfile)
    }

    /// The component a dependency stands for in the throwaway workspace: the pod's name, else the package identity.
    static func componentName(of dependency: PackageDependency) -> String? {
        if let pod = dependency.podName {
            if case .path = dependency.requirement { return nil }
            return safe(pod)
        }
        guard dependency.url != nil else { return nil }  // local packages stay local
        return safe(dependency.identity)
    }

    static func safe(_ name: String) -> String? {
        let cleaned = String(
            name.unicodeScalars.map {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
                    ? Character($0) : "-"
            })
        guard let first = cleaned.unicodeScalars.first, CharacterSet.alphanumerics.contains(first), cleaned.count <= 100
        else { return nil }
        return cleaned
    }

    /// Every remote package or pod the file references once, with the versions its requirements name.
    static func referenced(_ manifest: Manifest) -> [Referenced] {
        var order: [String] = [], byName: [String: Referenced] = [:], lowered = Set<String>()
        for dependency in manifest.dependencies {
            guard let name = componentName(of: dependency) else { continue }
            if byName[name] == nil {
                // Two names one disk cannot tell apart (case only) would be one folder: keep the first.
                guard lowered.insert(name.lowercased()).inserted else { continue }
                order.append(name)
                byName[name] = Referenced(
                    name: name, url: dependency.podName == nil ? dependency.url : nil, pod: dependency.podName,
                    versions: [])
            }
            byName[name]?.versions.formUnion(admitted(dependency.requirement))
        }
        return order.compactMap { byName[$0] }
    }

    /// Versions a requirement admits (its lower bound), as release tags; 1.0.0 when it names none.
    static func admitted(_ requirement: Requirement) -> [String] {
        let named: [String]
        switch requirement {
        case .exact(let v), .upToNextMajor(let v), .upToNextMinor(let v): named = [v]
        case .range(let low, _), .closedRange(let low, _): named = [low]
        case .branch, .revision, .path: named = []
        }
        let versions = named.compactMap { text -> String? in
            let parts = text.split(separator: "-", maxSplits: 1)
            let numbers = parts[0].split(separator: ".").compactMap { Int($0) }
            guard (1...3).contains(numbers.count), numbers.count == parts[0].split(separator: ".").count else {
                return nil
            }
            return (numbers + Array(repeating: 0, count: 3 - numbers.count)).map(String.init).joined(separator: ".")
        }
        return versions.isEmpty ? ["1.0.0"] : versions
    }

    /// The release of a component's rc: the patch after its highest tagged version.
    static func release(of component: Referenced) -> String {
        let highest =
            component.versions.map { $0.split(separator: ".").map { Int($0) ?? 0 } }.max {
                $0.lexicographicallyPrecedes($1)
            } ?? [1, 0, 0]
        return "\(highest[0]).\(highest[1]).\(highest[2] + 1)"
    }

    /// The workspace, written by one shell script (a git process per step, not per file).
    static func makeWorkspace(
        at root: URL, app: String, manifestPath: String, format: ManifestFormat, components: [Referenced]
    ) throws {
        var config = "components:\n"
        var script = "set -e\n"
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        for component in components {
            let path = "components/\(component.name)"
            let yamlURL =
                component.url.map {
                    ", url: \"\($0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
                } ?? ""
            // A pod whose name is no safe component name (`Artsy+UIColors`) is known by it as an alias.
            let alias = component.pod.flatMap { $0 == component.name ? nil : ", aliases: [\"\($0)\"]" } ?? ""
            config += "  - { name: \"\(component.name)\", path: \(path), kind: base\(yamlURL)\(alias) }\n"
            let module = component.name.filter { $0.isLetter || $0.isNumber }
            let files: [(String, String)] =
                [
                    (
                        "Package.swift",
                        """
                        // swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \
                        \"\(component.name)\", products: [.library(name: \"L\(module)\", targets: \
                        [\"L\(module)\"])], targets: [.target(name: \"L\(module)\")])\n
                        """
                    ),
                    ("Sources/L\(module)/A.swift", "public struct A { public init() {} }\n"),
                ]
                + (component.pod.map { pod in
                    [
                        (
                            "\(component.name).podspec",
                            """
                            Pod::Spec.new do |s|\n  s.name = '\(pod)'\n  s.version = '0.0.0'\n  s.source = { :git \
                            => 'https://example.invalid/\(component.name).git', :tag => s.version.to_s }\n  \
                            s.source_files = 'Sources/**/*.swift'\nend\n
                            """
                        )
                    ]
                } ?? [])
            script += "mkdir -p \(quoted(path))/Sources/L\(module) && cd \(quoted(path)) && git init -q -b main\n"
            for (file, text) in files { script += "printf '%s' \(quoted(text)) > \(quoted(file))\n" }
            script += "git add -A && git commit -q -m init\n"
            for version in component.versions.sorted(by: {
                $0.split(separator: ".").map { Int($0) ?? 0 }.lexicographicallyPrecedes(
                    $1.split(separator: ".").map { Int($0) ?? 0 })
            }) {
                script += "git tag \(quoted(version)) 2>/dev/null || true\n"
            }
            script +=
                """
                echo 'let fix = 1' > Sources/L\(module)/Fix.swift && git add -A && git commit -q -m fix && git \
                tag \(quoted(release(of: component) + "-rc.1"))\n
                """
            script += "cd \(quoted(root.path))\n"
        }
        config += "apps:\n  - { name: App, path: apps/App, role: main, build: \"true\", manifest: \(manifestPath) }\n"
        script += "mkdir -p apps/App/App.xcodeproj && cd apps/App && git init -q -b main\n"
        script += "cd \(quoted(root.path))\n"
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try config.write(to: root.appendingPathComponent("lockstep.yml"), atomically: true, encoding: .utf8)
        let scriptURL = root.appendingPathComponent("make.sh")
        try (("cd \(quoted(root.path))\n") + script).write(to: scriptURL, atomically: true, encoding: .utf8)
        let made = try ProcessRunner.run("/bin/bash", [scriptURL.path], in: root, environment: GitCLI.environment())
        guard made.status == 0 else {
            throw NSError(domain: "corpus", code: 1, userInfo: [NSLocalizedDescriptionKey: made.stderr])
        }
        try app.write(to: root.appendingPathComponent("apps/App/\(manifestPath)"), atomically: true, encoding: .utf8)
        let committed = try ProcessRunner.run(
            "/bin/bash", ["-c", "cd apps/App && git add -A && git commit -q -m app"], in: root,
            environment: GitCLI.environment())
        guard committed.status == 0 else {
            throw NSError(domain: "corpus", code: 2, userInfo: [NSLocalizedDescriptionKey: committed.stderr])
        }
        try? FileManager.default.removeItem(at: scriptURL)
    }

    /// A refusal's cause: its message with places, names and versions taken out, so refusals group by kind.
    static func cause(of output: String) -> String {
        let line =
            output.split(separator: "\n").first { $0.contains("refused") || $0.contains("error") || $0.contains(":") }
            .map(String.init) ?? output
        var text = line.replacingOccurrences(
            of: " names [^ ]+ [0-9]+ times", with: " names … times", options: .regularExpression
        )
        .replacingOccurrences(of: "pod [^ :]+:", with: "pod …:", options: .regularExpression)
        for pattern in [
            "'[^']*'", "`[^`]*`", "\"[^\"]*\"",
            "[A-Za-z0-9_./+-]*(Podfile|\\.pbxproj|\\.yml|\\.swift|\\.podspec)(:[0-9]+)*",
            "\\b[0-9]+(\\.[0-9]+)+(-rc\\.[0-9]+)?\\b", "line [0-9]+", "\\([^)]*\\)",
        ] {
            text = text.replacingOccurrences(of: pattern, with: "…", options: .regularExpression)
        }
        return String(text.prefix(160))
    }
}
