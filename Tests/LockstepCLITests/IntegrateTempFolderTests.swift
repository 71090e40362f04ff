import Foundation
import LockstepTestSupport
import XCTest

/// A finished `integrate` leaves nothing in the temp folder, whether it was green, red or refused (issue 9).
final class IntegrateTempFolderTests: XCTestCase {
    func integrate(_ iw: IntegrationWorkspace, temporary: TemporaryFolder) throws -> ProcessResult {
        try Lockstep.run(
            ["integrate", "Cart", "--workspace", iw.root.path], environment: ["TMPDIR": temporary.url.path])
    }

    func assertEmpty(_ temporary: TemporaryFolder, file: StaticString = #filePath, line: UInt = #line) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.url.path)
        XCTAssertEqual(left, [], "left in TMPDIR", file: file, line: line)
    }

    func testGreenRedAndRefusedRunsLeaveAnEmptyTempFolder() throws {
        let iw = try IntegrationWorkspace()
        XCTAssertEqual(try iw.lockstep("bump", "Cart").status, 0)
        let temporary = try TemporaryFolder("lockstep-tmpdir")

        try iw.setScript("echo linking; echo 'ld: undefined symbol _cart'; exit 3")
        let red = try integrate(iw, temporary: temporary)
        XCTAssertEqual(red.status, 1, red.stderr)
        XCTAssertTrue(red.stderr.contains("failed: red (exit 3)"), red.stderr)
        // No `error:` line: the log's last lines say what happened.
        XCTAssertTrue(
            red.stderr.contains("last lines of the log:\n  linking\n  ld: undefined symbol _cart\nlog: "), red.stderr)
        try assertEmpty(temporary)

        try iw.ws["Main"].write("Package.swift", "// local edit\n")
        let refused = try integrate(iw, temporary: temporary)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains(
                "your uncommitted edits to apps/Main/Package.swift touch the lines the pin rewrites"), refused.stderr)
        try assertEmpty(temporary)
        try iw.ws["Main"].git("checkout", "--", "Package.swift")

        try iw.setScript("exit 0")
        let green = try integrate(iw, temporary: temporary)
        XCTAssertEqual(green.status, 0, green.stdout + green.stderr)
        try assertEmpty(temporary)
    }
}
