import Foundation

/// One repo of a test workspace, written and committed with the `git` CLI.
public final class RepoBuilder {
    public let url: URL
    private var clock = 0

    init(url: URL) throws {
        self.url = url
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try GitCLI.run(["init", "-q", "-b", "main"], in: url)
        // libgit2 in the tool reads repo config, not the hermetic GIT_CONFIG_GLOBAL: give each repo its identity.
        try GitCLI.run(["config", "user.name", "Test Author"], in: url)
        try GitCLI.run(["config", "user.email", "test@lockstep.invalid"], in: url)
    }

    /// Writes a file (creating folders).
    @discardableResult
    public func write(_ path: String, _ text: String) throws -> RepoBuilder {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return self
    }

    /// Removes a file.
    public func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: url.appendingPathComponent(path))
    }

    /// Stages everything and commits; returns the commit id.
    @discardableResult
    public func commit(_ message: String = "change") throws -> String {
        clock += 1
        let date = String(format: "2026-01-01T%02d:%02d:00Z", 10 + clock / 60, clock % 60)
        try GitCLI.run(["add", "-A"], in: url, date: date)
        try GitCLI.run(["commit", "-q", "--allow-empty", "-m", message], in: url, date: date)
        return try head()
    }

    /// Tags HEAD (annotated when `annotated`).
    public func tag(_ name: String, annotated: Bool = false, at revision: String = "HEAD") throws {
        if annotated {
            try GitCLI.run(["tag", "-a", name, "-m", "release \(name)", revision], in: url)
        } else {
            try GitCLI.run(["tag", name, revision], in: url)
        }
    }

    /// Commits and tags in one step.
    @discardableResult
    public func release(_ version: String, annotated: Bool = false, message: String? = nil) throws -> String {
        let id = try commit(message ?? "release \(version)")
        try tag(version, annotated: annotated)
        return id
    }

    /// HEAD's commit id.
    public func head() throws -> String { try GitCLI.run(["rev-parse", "HEAD"], in: url) }

    /// Runs any git command in this repo.
    @discardableResult
    public func git(_ arguments: String...) throws -> String { try GitCLI.run(arguments, in: url) }

    /// A manifest text depending on `dependencies` (`.package(...)` argument lists, e.g. `url: "…", from: "1.0.0"`).
    public func writeManifest(name: String, dependencies: [String], executable: Bool = false) throws {
        let deps = dependencies.map { "        .package(\($0))," }.joined(separator: "\n")
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "\(name)",
                dependencies: [
            \(deps)
                ],
                targets: [
                    .\(executable ? "executableTarget" : "target")(name: "\(name)"),
                ]
            )

            """
        try write("Package.swift", manifest)
    }
}

/// A workspace of real repos in a temporary folder, for tests.
public final class WorkspaceBuilder {
    public let folder: TemporaryFolder
    public var root: URL { folder.url }
    public var remote = "https://git.example.com/ios/{name}.git"
    private var componentLines: [String] = []
    private var appLines: [String] = []
    public private(set) var repos: [String: RepoBuilder] = [:]

    public init() throws { folder = try TemporaryFolder("lockstep-ws") }

    /// The remote URL of a component.
    public func url(_ name: String) -> String { remote.replacingOccurrences(of: "{name}", with: name) }

    /// Declares and creates a component repo (with a manifest of `dependencies` if given).
    @discardableResult
    public func component(
        _ name: String, kind: String = "base", implements: String? = nil,
        dependencies: [String] = []
    ) throws -> RepoBuilder {
        let path = "components/\(name)"
        var line = "  - { name: \(name), path: \(path), kind: \(kind)"
        if let implements { line += ", implements: \(implements)" }
        componentLines.append(line + " }")
        let repo = try RepoBuilder(url: root.appendingPathComponent(path))
        try repo.writeManifest(name: name, dependencies: dependencies)
        try repo.write("Sources/\(name)/\(name).swift", "public struct \(name) { public init() {} }\n")
        repos[name] = repo
        try writeConfig()
        return repo
    }

    /// Declares and creates an app repo depending on `dependencies`, committed once.
    @discardableResult
    public func app(_ name: String, role: String, dependencies: [String], build: String? = nil) throws -> RepoBuilder {
        let path = "apps/\(name)"
        appLines.append(
            "  - { name: \(name), path: \(path), role: \(role)" + (build.map { ", build: \"\($0)\"" } ?? "") + " }")
        let repo = try RepoBuilder(url: root.appendingPathComponent(path))
        try repo.writeManifest(name: name, dependencies: dependencies, executable: true)
        try repo.write("Sources/\(name)/main.swift", "print(\"\(name)\")\n")
        try repo.commit("app \(name)")
        repos[name] = repo
        try writeConfig()
        return repo
    }

    /// A workspace with one base component, Net, released at 1.0.0 (`struct A`, `func a()`), 1.1.0 (adds `struct B`)
    /// and 1.2.0, a minor that removes `a()`: one LS203 error.
    public static func netWithABreakingMinor() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        try repo.write("Sources/Net/A.swift", "public struct A {}\npublic func a() {}\n")
        _ = try repo.release("1.0.0")
        try repo.write("Sources/Net/B.swift", "public struct B {}\n")
        _ = try repo.release("1.1.0")
        try repo.write("Sources/Net/A.swift", "public struct A {}\n")
        _ = try repo.release("1.2.0")
        return ws
    }

    /// A workspace with one protocol set, CartProtocols (`CartService` with `count` and `clear()`), released at
    /// `version`.
    public static func cartProtocols(released version: String) throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("CartProtocols", kind: "protocols")
        try repo.write(
            "Sources/CartProtocols/CartService.swift",
            "public protocol CartService {\n    var count: Int { get }\n    func clear()\n}\n")
        try repo.release(version)
        return ws
    }

    /// `.package(url:…, <requirement>)` arguments for a component, e.g. `dep("Cart", "exact: \"0.1.7\"")`.
    public func dep(_ name: String, _ requirement: String) -> String {
        "url: \"\(url(name))\", \(requirement)"
    }

    /// The repo called `name`.
    public subscript(_ name: String) -> RepoBuilder { repos[name]! }

    /// `specs:` of lockstep.yml, set by `specRepo()`.
    public private(set) var specs: String?

    /// Creates the spec repo `Specs` (one commit) and names it in lockstep.yml as `specs:`.
    @discardableResult
    public func specRepo() throws -> RepoBuilder {
        let repo = try RepoBuilder(url: root.appendingPathComponent("Specs"))
        try repo.write("README.md", "The team's CocoaPods specs.\n")
        try repo.commit("Specs")
        repos["Specs"] = repo
        specs = "Specs"
        try writeConfig()
        return repo
    }

    public func writeConfig() throws {
        var text = "remote: \(remote)\ncomponents:\n" + componentLines.joined(separator: "\n") + "\n"
        if let specs { text += "specs: \(specs)\n" }
        if !appLines.isEmpty {
            text += "apps:\n" + appLines.joined(separator: "\n") + "\n"
        } else {
            text += "apps: []\n"
        }
        try text.write(to: root.appendingPathComponent("lockstep.yml"), atomically: true, encoding: .utf8)
    }
}
