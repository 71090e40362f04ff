import LockstepManifest
import XCTest

/// Which of `Package.swift` and `Package@swift-X.Y.swift` SwiftPM loads, as a table.
final class ManifestSelectionTests: XCTestCase {
    struct Case {
        let files: [String: String]  // file name → its tools version ("" = no tools-version comment)
        let current: [Int]?
        let expected: String
        let line: UInt
        init(_ files: [String: String], _ current: [Int]?, _ expected: String, line: UInt = #line) {
            self.files = files
            self.current = current
            self.expected = expected
            self.line = line
        }
    }

    func testSelectionTable() throws {
        let cases: [Case] = [
            // Only the regular manifest.
            Case(["Package.swift": "5.9"], [6, 0], "Package.swift"),
            // The highest version-specific file at or below the toolchain, newer tools than Package.swift.
            Case(
                ["Package.swift": "5.5", "Package@swift-5.9.swift": "5.9", "Package@swift-6.0.swift": "6.0"], [6, 0],
                "Package@swift-6.0.swift"),
            Case(
                ["Package.swift": "5.5", "Package@swift-5.9.swift": "5.9", "Package@swift-6.0.swift": "6.0"], [5, 10],
                "Package@swift-5.9.swift"),
            // A version-specific file above the toolchain is never eligible.
            Case(["Package.swift": "5.5", "Package@swift-6.1.swift": "6.1"], [6, 0], "Package.swift"),
            // Package.swift's own tools version is as new or newer: it wins.
            Case(
                ["Package.swift": "6.0", "Package@swift-5.10.swift": "5.10", "Package@swift-5.9.swift": "5.9"], [6, 0],
                "Package.swift"),
            Case(["Package.swift": "5.9", "Package@swift-5.9.swift": "5.9"], [6, 0], "Package.swift"),
            // ... unless this toolchain cannot read Package.swift (tools newer than it): the candidate is loaded.
            Case(["Package.swift": "6.0", "Package@swift-5.9.swift": "5.9"], [5, 10], "Package@swift-5.9.swift"),
            // Short and long names: 6 is 6.0.0, 5.9.1 sits between 5.9 and 5.10.
            Case(["Package.swift": "5.0", "Package@swift-6.swift": "6.0"], [6, 0], "Package@swift-6.swift"),
            Case(
                ["Package.swift": "5.0", "Package@swift-5.9.1.swift": "5.9", "Package@swift-5.9.swift": "5.8"],
                [5, 9, 2], "Package@swift-5.9.1.swift"),
            Case(
                ["Package.swift": "5.0", "Package@swift-5.9.1.swift": "5.9", "Package@swift-5.9.swift": "5.8"], [5, 9],
                "Package@swift-5.9.swift"),
            // A version-specific file below 4 counts as 3.1 whatever it says: never newer than a 4+ Package.swift.
            Case(["Package.swift": "4.0", "Package@swift-3.swift": "5.0"], [6, 0], "Package.swift"),
            // Package.swift without a tools-version comment counts as 3.1 (unreadable for a modern toolchain).
            Case(["Package.swift": "", "Package@swift-5.swift": "5.0"], [6, 0], "Package@swift-5.swift"),
            // Names that are not version-specific manifests.
            Case(
                [
                    "Package.swift": "5.0", "Package@swift-x.swift": "6.0", "Package@swift-.swift": "6.0",
                    "Package@swift-6.0.0.0.swift": "6.0",
                ], [6, 0], "Package.swift"),
            // No toolchain known: the newest version-specific file is the candidate.
            Case(
                ["Package.swift": "5.5", "Package@swift-5.9.swift": "5.9", "Package@swift-6.2.swift": "6.2"], nil,
                "Package@swift-6.2.swift"),
        ]
        for entry in cases {
            let chosen = ManifestSelection.select(names: Array(entry.files.keys).sorted(), current: entry.current) {
                name in
                let declared = entry.files[name]!
                return ManifestSelection.toolsVersion(
                    of: declared.isEmpty
                        ? "import PackageDescription\n"
                        : "// swift-tools-version:\(declared)\nimport PackageDescription\n")
            }
            XCTAssertEqual(
                chosen, entry.expected, "\(entry.files) on \(entry.current.map { "\($0)" } ?? "nil")", line: entry.line)
        }
    }

    func testToolsVersionComment() {
        XCTAssertEqual(ManifestSelection.toolsVersion(of: "// swift-tools-version:5.9\n"), [5, 9, 0])
        XCTAssertEqual(ManifestSelection.toolsVersion(of: "// swift-tools-version: 6.0.1\nimport X"), [6, 0, 1])
        XCTAssertEqual(ManifestSelection.toolsVersion(of: "//swift-tools-version:5.7; (unsafe)\n"), [5, 7, 0])
        XCTAssertEqual(ManifestSelection.toolsVersion(of: "import PackageDescription\n"), [3, 1, 0])
        XCTAssertEqual(ManifestSelection.toolsVersion(of: "\n// swift-tools-version:5.9\n"), [3, 1, 0])
    }
}
