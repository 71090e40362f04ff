import Foundation
import LockstepTestSupport
import XCTest

/// The first hour on a team's existing workspace, with the binary: init → matrix → check (red on old history) →
/// baseline → check → a change → bump → integrate → check, each step's exit status and effect asserted.
final class AdoptionFlowTests: XCTestCase {
    /// components/ with a protocol-set pair, a repo of another owner, a renamed repo the apps name by its old
    /// URL, and Networking's published history breaking the rules: 1.0.1 added public API as a patch (LS203) and
    /// `v1.0.1` names that version again on another commit (LS102). apps/Main pins exact, apps/Shell takes ranges.
    private func teamWorkspace() throws -> WorkspaceBuilder {
        let ws = try WorkspaceBuilder()
        ws.remote = "https://github.com/acme/{name}.git"
        func component(_ name: String, origin: String? = nil, deps: [String] = []) throws -> RepoBuilder {
            let repo = try ws.component(name, dependencies: deps.map { ws.dep($0, "from: \"1.0.0\"") })
            try repo.git("remote", "add", "origin", origin ?? ws.url(name))
            try repo.release("1.0.0")
            return repo
        }
        let networking = try component("Networking")
        try networking.write("Sources/Networking/Retry.swift", "public func retry() -> Int { 1 }\n")
        try networking.release("1.0.1")
        try networking.tag("v1.0.1", at: "HEAD~1")
        _ = try component("LoginProtocols", deps: ["Networking"])
        _ = try component("Login", deps: ["LoginProtocols", "Networking"])
        _ = try component("Analytics", origin: "git@github.com:partner/Analytics.git")
        // Renamed on the server to StorageKit; the apps still use the old URL.
        _ = try component("Storage", origin: "https://github.com/acme/StorageKit.git")
        let pins =
            ["LoginProtocols", "Login", "Storage"].map { ws.dep($0, "exact: \"1.0.0\"") }
            + [
                ws.dep("Networking", "exact: \"1.0.1\""),
                #"url: "https://github.com/partner/Analytics.git", exact: "1.0.0""#,
            ]
        try ws.app("Main", role: "main", dependencies: pins).git(
            "remote", "add", "origin", "https://github.com/acme/Main.git")
        try ws.app(
            "Shell", role: "shell",
            dependencies: ["Networking", "Login", "Storage"].map { ws.dep($0, "from: \"1.0.0\"") })
        try FileManager.default.removeItem(at: ws.root.appendingPathComponent("lockstep.yml"))
        return ws
    }

    /// `lockstep ARGS` in the workspace, asserting its exit status.
    @discardableResult
    private func step(
        _ ws: WorkspaceBuilder, _ status: Int32, _ arguments: String...,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProcessResult {
        let result = try Lockstep.run(arguments, in: ws.root)
        XCTAssertEqual(
            result.status, status, "lockstep \(arguments.joined(separator: " ")):\n\(result.stdout)\n\(result.stderr)",
            file: file, line: line)
        return result
    }

    func testFirstHourOnATeamsWorkspace() throws {
        let ws = try teamWorkspace()
        let config = ws.root.appendingPathComponent("lockstep.yml")

        try step(ws, 0, "init")
        let matrix = try step(ws, 0, "matrix")
        XCTAssertFalse(matrix.stdout.contains("LS404"), matrix.stdout)

        let red = try step(ws, 1, "check")
        XCTAssertTrue(red.stdout.contains("error[LS203]: Networking 1.0.1"), red.stdout)
        XCTAssertTrue(red.stdout.contains("error[LS102]"), red.stdout)

        try step(ws, 0, "baseline")
        let baseline = try String(contentsOf: ws.root.appendingPathComponent("lockstep-baseline.yml"), encoding: .utf8)
        XCTAssertTrue(
            baseline.contains("\"LS203 Networking 1.0.1\"") && baseline.contains("\"LS102 Networking 1.0.1\""), baseline
        )
        try step(ws, 0, "check")

        // A new public function in the renamed repo, then its rc.
        let storage = try XCTUnwrap(ws.repos["Storage"])
        try storage.write("Sources/Storage/Cache.swift", "public func cache() -> Int { 2 }\n")
        try storage.commit("cache")
        let bump = try step(ws, 0, "bump", "StorageKit")
        XCTAssertTrue(bump.stdout.contains("StorageKit 1.0.0 → 1.1.0-rc.1"), bump.stdout)

        // Builds replaced by `true`: the only edit made to the file init wrote.
        let text = try String(contentsOf: config, encoding: .utf8)
        let edited = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.contains("role:") else { return String(line) }
            return line.replacingOccurrences(of: #"build: *[^,}]*"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: ", ,", with: ",").replacingOccurrences(
                    of: #",? *\}"#, with: ", build: \"true\" }", options: .regularExpression)
        }.joined(separator: "\n")
        XCTAssertEqual(edited.components(separatedBy: "build: \"true\"").count, 3, edited)
        try edited.write(to: config, atomically: true, encoding: .utf8)

        try step(ws, 0, "integrate", "StorageKit")
        XCTAssertEqual(try storage.git("tag", "--points-at", "HEAD", "1.1.0"), "1.1.0")
        let main = try XCTUnwrap(ws.repos["Main"])
        let manifest = try main.git("show", "HEAD:Package.swift")
        XCTAssertTrue(manifest.contains(#"url: "https://github.com/acme/Storage.git", exact: "1.1.0""#), manifest)
        XCTAssertEqual(try main.git("status", "--porcelain"), "")

        try step(ws, 0, "check")
        let json = try step(ws, 0, "matrix", "--format", "json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["schemaVersion"] as? Int, 1)
    }
}
