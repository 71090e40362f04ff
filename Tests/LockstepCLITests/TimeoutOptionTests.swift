import Foundation
import LockstepTestSupport
import XCTest

/// `integrate --timeout` out of range is bad usage (exit 2), never an arithmetic trap later on.
final class TimeoutOptionTests: XCTestCase {
    func testTimeoutOutOfRangeIsAUsageError() throws {
        let folder = try TemporaryFolder("lockstep-timeout")
        for value in ["9223372036854775807", "604801", "0", "-5"] {
            let result = try Lockstep.run(["integrate", "Cart", "--timeout=\(value)"], in: folder.url)
            XCTAssertEqual(result.status, 2, "\(value): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("--timeout must be a number of seconds from 1 to 604800"),
                "\(value): \(result.stderr)")
        }
        let tooLong = try Lockstep.run(["integrate", "Cart", "--timeout", "99999999999999999999"], in: folder.url)
        XCTAssertEqual(tooLong.status, 2, tooLong.stderr)
        // The largest allowed value gets past validation (then fails for want of a workspace, exit 2 too).
        let largest = try Lockstep.run(["integrate", "Cart", "--timeout", "604800"], in: folder.url)
        XCTAssertFalse(largest.stderr.contains("--timeout must"), largest.stderr)
    }
}
