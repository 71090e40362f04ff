import Foundation
import LockstepTestSupport
import XCTest

/// `lockstep demo` as an installed binary runs it: the binary and its resource bundle copied to a folder of their
/// own, far from the source checkout (the end-to-end binary, not in-process: where the binary is matters).
final class InstalledDemoTests: XCTestCase {
    func testAnInstalledBinaryReplaysTheSampleFromItsResourceBundle() throws {
        let built = Lockstep.executable.deletingLastPathComponent()
        let bundles = ["Lockstep_LockstepSample.resources", "Lockstep_LockstepSample.bundle"]
        let bundle = try XCTUnwrap(
            bundles.first { FileManager.default.fileExists(atPath: built.appendingPathComponent($0).path) },
            "swift build puts the sample's resource bundle beside the binary")
        let folder = try TemporaryFolder("lockstep-installed")
        let install = folder.url.appendingPathComponent("libexec")
        try FileManager.default.createDirectory(at: install, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Lockstep.executable, to: install.appendingPathComponent("lockstep"))
        try FileManager.default.copyItem(
            at: built.appendingPathComponent(bundle), to: install.appendingPathComponent(bundle))
        // Mark the installed copy's sample, so the test sees which fixture was replayed.
        let configs = [
            install.appendingPathComponent("\(bundle)/Fixtures/sample/lockstep.yml"),
            install.appendingPathComponent("\(bundle)/Contents/Resources/Fixtures/sample/lockstep.yml"),
        ]
        let config = try XCTUnwrap(configs.first { FileManager.default.fileExists(atPath: $0.path) })
        let marked = "# installed copy\n" + (try String(contentsOf: config, encoding: .utf8))
        try marked.write(to: config, atomically: true, encoding: .utf8)
        // A link in bin/ to libexec/lockstep, as Homebrew and Mint install it.
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("lockstep"), withDestinationURL: install.appendingPathComponent("lockstep"))

        var environment = GitCLI.environment()
        environment["LOCKSTEP_FIXTURES"] = nil
        environment["NO_COLOR"] = "1"
        let demo = folder.url.appendingPathComponent("demo")
        let result = try ProcessRunner.run(
            bin.appendingPathComponent("lockstep").path, ["demo", "--replay-only", "--dir", demo.path],
            in: folder.url, environment: environment)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(
            try String(contentsOf: demo.appendingPathComponent("lockstep.yml"), encoding: .utf8), marked,
            "the sample came from the bundle beside the binary")

        // Without its bundle the binary says where it looked and how to fix it, and writes nothing.
        try FileManager.default.removeItem(at: install.appendingPathComponent(bundle))
        let alone = folder.url.appendingPathComponent("alone")
        let bare = try ProcessRunner.run(
            bin.appendingPathComponent("lockstep").path, ["demo", "--replay-only", "--dir", alone.path],
            in: folder.url, environment: environment)
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if FileManager.default.fileExists(
            atPath: checkout.appendingPathComponent("Sources/LockstepSample/Fixtures/sample/history.yml").path)
        {
            // The source checkout is the last place looked in: this machine has it, so the demo still runs.
            XCTAssertEqual(bare.status, 0, bare.stdout + bare.stderr)
        } else {
            XCTAssertNotEqual(bare.status, 0)
            XCTAssertTrue(bare.stderr.contains("LOCKSTEP_FIXTURES"), bare.stderr)
        }
    }
}
