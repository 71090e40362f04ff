import Foundation

/// A small workspace for integrate tests whose app builds run `build.sh` (a script the test writes).
///
/// Components: Base (base), CartProtocols (protocols), Cart (business, with an rc on top of 1.0.0);
/// apps: Shell (ranges, uses Cart), Main (exact pins), Tools (a shell that does not use Cart).
public final class IntegrationWorkspace {
    public let ws: WorkspaceBuilder
    public var root: URL { ws.root }
    public var script: URL { root.appendingPathComponent("build.sh") }
    public var buildLog: URL { root.appendingPathComponent("builds.log") }
    /// The TMPDIR every lockstep run of this workspace gets: its build sandboxes land here, so a test that counts
    /// them is not fooled by other test processes sharing the machine's temporary folder.
    public let temporary: TemporaryFolder

    /// `podspecs`: components (Base, CartProtocols, Cart) released with this podspec text instead of a Package.swift
    /// (a `{` first means `<name>.podspec.json`).
    /// `keepPackages`: the podspecs go beside the Package.swift (a component shipped both ways).
    public init(extraComponents: Int = 0, podspecs: [String: String] = [:], keepPackages: Bool = false) throws {
        ws = try WorkspaceBuilder()
        temporary = try TemporaryFolder("lockstep-tmp")
        let build = "sh \(ws.root.appendingPathComponent("build.sh").path)"
        let ws = ws
        func podspec(_ repo: RepoBuilder, _ name: String) throws -> RepoBuilder {
            guard let text = podspecs[name] else { return repo }
            if !keepPackages { try repo.remove("Package.swift") }
            try repo.write(text.hasPrefix("{") ? "\(name).podspec.json" : "\(name).podspec", text)
            return repo
        }
        try podspec(ws.component("Base"), "Base").release("1.0.0")
        try podspec(
            ws.component("CartProtocols", kind: "protocols", dependencies: [ws.dep("Base", "from: \"1.0.0\"")]),
            "CartProtocols"
        ).release("1.0.0")
        try podspec(
            ws.component(
                "Cart", kind: "business", implements: "CartProtocols",
                dependencies: [ws.dep("CartProtocols", "from: \"1.0.0\""), ws.dep("Base", "from: \"1.0.0\"")]), "Cart"
        ).release("1.0.0")
        var mainPins = [
            ws.dep("Base", "exact: \"1.0.0\""), ws.dep("CartProtocols", "exact: \"1.0.0\""),
            ws.dep("Cart", "exact: \"1.0.0\""),
        ]
        for index in 0..<extraComponents {
            let name = String(format: "Comp%02d", index + 1)
            try ws.component(name, dependencies: [ws.dep("Base", "from: \"1.0.0\"")]).release("1.0.0")
            try ws[name].write("Sources/\(name)/Fix.swift", "let fix = 1\n")
            try ws[name].commit("fix")
            mainPins.append(ws.dep(name, "exact: \"1.0.0\""))
        }
        try ws.app(
            "Shell", role: "shell",
            dependencies: [
                ws.dep("Base", "from: \"1.0.0\""), ws.dep("CartProtocols", "from: \"1.0.0\""),
                ws.dep("Cart", "from: \"1.0.0\""),
            ], build: build)
        try ws.app("Main", role: "main", dependencies: mainPins, build: build)
        try ws.app("Tools", role: "shell", dependencies: [ws.dep("Base", "from: \"1.0.0\"")], build: build)
        try ws["Cart"].write("Sources/Cart/Internal.swift", "func helper() -> Int { 2 }\n")
        try ws["Cart"].commit("internal fix")
        try setScript("exit 0")
    }

    /// Writes build.sh: it logs "<app folder> <pid>" to builds.log, then runs `body`.
    public func setScript(_ body: String) throws {
        let text = """
            #!/bin/sh
            echo "$(basename "$PWD") $$" >> '\(buildLog.path)'
            \(body)

            """
        try text.write(to: script, atomically: true, encoding: .utf8)
    }

    /// The build log's lines (one per build run).
    public func builds() -> [String] {
        ((try? String(contentsOf: buildLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Runs `lockstep args…` with the workspace.
    @discardableResult
    public func lockstep(_ arguments: String...) throws -> ProcessResult {
        try Lockstep.run(arguments + ["--workspace", root.path], environment: ["TMPDIR": temporary.url.path])
    }

    /// The build sandboxes (`lockstep-integrate-*`) currently in this workspace's TMPDIR.
    public func sandboxes() throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).filter {
                $0.hasPrefix("lockstep-integrate-")
            })
    }
}
