import Foundation
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// The error lines of build logs: any bytes, any size (issue 9).
final class BuildLogTests: XCTestCase {
    func write(_ data: Data, in folder: TemporaryFolder) throws -> URL {
        let url = folder.path("build.log")
        try data.write(to: url)
        return url
    }

    func testInvalidUTF8DoesNotHideErrors() throws {
        let folder = try TemporaryFolder()
        var data = Data("Compiling Cart\n".utf8)
        data.append(contentsOf: [0x62, 0x69, 0x6E, 0xFF, 0xC3, 0x0A])  // binary noise and a cut character
        data.append(Data("Sources/Cart/Cart.swift:3:7: error: cannot find 'x' in scope\n".utf8))
        data.append(Data("Sources/Cart/Other.swift:1:1: error: bad name ".utf8))
        data.append(contentsOf: [0xFE, 0x0A])
        let lines = ShellBuildRunner.errorLines(in: try write(data, in: folder))
        XCTAssertEqual(
            lines,
            [
                "Sources/Cart/Cart.swift:3:7: error: cannot find 'x' in scope",
                "Sources/Cart/Other.swift:1:1: error: bad name \u{FFFD}",
            ])
    }

    func testLastLineIsReadFromTheTailLossily() throws {
        let folder = try TemporaryFolder()
        var data = Data(String(repeating: "early line\n", count: 10_000).utf8)
        data.append(Data("[41/90] Compiling ".utf8))
        data.append(contentsOf: [0xFF, 0x20])
        data.append(Data("Cart.swift\n\n".utf8))
        XCTAssertEqual(
            ShellBuildRunner.lastLine(of: try write(data, in: folder)), "[41/90] Compiling \u{FFFD} Cart.swift")
    }

    func testProgressLinesDuplicatesAndTheLimit() throws {
        let folder = try TemporaryFolder()
        var text = "[1/3] Compiling\r[2/3] Compiling\rA.swift:1:1: error: one\n"
        text += "  A.swift:1:1: error: one\n"  // the same error again (another architecture)
        for index in 0..<30 { text += "B.swift:\(index):1: error: e\(index)\n" }
        let lines = ShellBuildRunner.errorLines(in: try write(Data(text.utf8), in: folder))
        XCTAssertEqual(lines.count, 20)
        XCTAssertEqual(lines.first, "A.swift:1:1: error: one")
        XCTAssertEqual(lines.last, "B.swift:18:1: error: e18")
        XCTAssertEqual(ShellBuildRunner.errorLines(in: folder.path("missing.log")), [])
    }

    /// 50 MB with errors at both ends, one across a 64 KB read boundary and one after a 1 MB line.
    func testBigLogIsScannedInChunks() throws {
        let folder = try TemporaryFolder()
        let url = folder.path("big.log")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        var written = 0
        func put(_ text: String) {
            handle.write(Data(text.utf8))
            written += text.utf8.count
        }
        put("First.swift:1:1: error: first\n")
        put(String(repeating: "x", count: 64 * 1024 - written - 10))
        put("\nCross.swift:2:2: error: across the boundary\n")
        put(String(repeating: "y", count: 1024 * 1024) + " error: too far into a huge line\n")
        let filler = String(repeating: "Compiling Module file.swift (warning: none)\n", count: 1000)
        while written < 50 * 1024 * 1024 { put(filler) }
        put("Last.swift:9:9: error: last")  // no final newline
        try handle.close()
        let lines = ShellBuildRunner.errorLines(in: url)
        XCTAssertEqual(
            lines,
            [
                "First.swift:1:1: error: first", "Cross.swift:2:2: error: across the boundary",
                "Last.swift:9:9: error: last",
            ])
    }
}
