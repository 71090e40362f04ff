import Foundation
import LockstepTestSupport
import XCTest

/// `integrate --jobs N`: independent app builds at the same time. Concurrency is proven without timing: each build
/// waits (bounded) for the other's marker, which only a parallel run can provide.
final class IntegrateJobsTests: XCTestCase {
    /// A build script that leaves `<app>.started` in `markers` and waits up to `seconds` for both apps' markers.
    func rendezvous(_ iw: IntegrationWorkspace, seconds: Int) throws -> URL {
        let markers = iw.temporary.url.appendingPathComponent("markers")
        try FileManager.default.createDirectory(at: markers, withIntermediateDirectories: true)
        try iw.setScript(
            """
            touch '\(markers.path)/'"$(basename "$PWD" | cut -d- -f1)".started
            i=0
            while [ "$(ls '\(markers.path)' | wc -l)" -lt 2 ]; do
                i=$((i + 1)); [ "$i" -gt \(seconds * 20) ] && { echo "error: the other build never started"; exit 1; }
                sleep 0.05
            done
            """)
        return markers
    }

    func testJobsTwoRunsShellAndMainAtTheSameTime() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let markers = try rendezvous(iw, seconds: 60)
        let result = try iw.lockstep("integrate", "Cart", "--jobs", "2")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: markers.path).sorted(),
            ["Main.started", "Shell.started"])
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "1.0.1")
    }

    func testJobsOneBuildsShellsFirstOneAfterAnother() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        _ = try rendezvous(iw, seconds: 1)
        let result = try iw.lockstep("integrate", "Cart", "--jobs", "1")
        XCTAssertEqual(result.status, 1, "the shell waited alone: " + result.stdout + result.stderr)
        XCTAssertEqual(iw.builds().map { String($0.prefix(while: { $0 != "-" })) }, ["Shell"], "main never started")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }

    func testARedBuildStopsTheOthersAndNothingIsTagged() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let pid = iw.temporary.url.appendingPathComponent("main.pid")
        try iw.setScript(
            """
            case "$(basename "$PWD")" in
            Main*) sleep 300 & echo $! > '\(pid.path)'; wait ;;
            *) while [ ! -s '\(pid.path)' ]; do sleep 0.05; done; echo "error: shell is broken"; exit 3 ;;
            esac
            """)
        let result = try iw.lockstep("integrate", "Cart", "--jobs", "2", "--timeout", "120")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("Shell"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error: shell is broken"), result.stderr)
        let child = try XCTUnwrap(
            pid_t(String(contentsOf: pid, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertNotEqual(kill(child, 0), 0, "main's build (and its child) was stopped, not left running")
        XCTAssertEqual(try iw.ws["Cart"].git("tag", "--list", "1.0.1"), "")
    }

    func testTheBuildThatWentRedIsTheFailureNotTheOneItStopped() throws {
        let iw = try IntegrationWorkspace()
        try iw.lockstep("bump", "Cart")
        let pid = iw.temporary.url.appendingPathComponent("shell.pid")
        // Shell comes first in the plan but is still building when Main goes red and stops it.
        try iw.setScript(
            """
            case "$(basename "$PWD")" in
            Shell*) sleep 300 & echo $! > '\(pid.path)'; wait ;;
            *) while [ ! -s '\(pid.path)' ]; do sleep 0.05; done; echo "error: main is broken"; exit 3 ;;
            esac
            """)
        let result = try iw.lockstep("integrate", "Cart", "--jobs", "2", "--timeout", "120", "--format", "json")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("error: Main failed: red (exit 3)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Shell failed"), result.stderr)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        let builds = try XCTUnwrap(json["builds"] as? [[String: Any]], result.stdout)
        XCTAssertEqual(
            builds.first { $0["name"] as? String == "Shell" }?["status"] as? String, "stopped", result.stdout)
        XCTAssertEqual(builds.first { $0["name"] as? String == "Main" }?["status"] as? String, "red", result.stdout)
    }

    func testJobsIsValidated() throws {
        let iw = try IntegrationWorkspace()
        let result = try iw.lockstep("integrate", "Cart", "--jobs", "0")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--jobs must be from 1 to 64"), result.stderr)
    }
}
