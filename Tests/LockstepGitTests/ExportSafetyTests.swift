import Foundation
import LockstepGit
import LockstepTestSupport
import XCTest

/// Hostile trees (written with git plumbing, which does not check names) never write outside the build copy.
final class ExportSafetyTests: XCTestCase {
    var folder: TemporaryFolder!
    var repoURL: URL { folder.path("repo") }
    var export: URL { folder.path("export") }
    var outside: URL { folder.path("outside") }

    override func setUpWithError() throws {
        Git.bootstrap()
        folder = try TemporaryFolder("lockstep-export")
        for url in [repoURL, export, outside] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        try GitCLI.run(["init", "-q"], in: repoURL)
    }

    // MARK: plumbing

    func blob(_ text: String) throws -> String {
        let file = folder.path("blob-\(UUID().uuidString)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try GitCLI.run(["hash-object", "-w", file.path], in: repoURL)
    }

    /// A raw tree object, entries in the order given (names as bytes, so anything goes).
    func tree(_ entries: [(mode: String, name: String, id: String)]) throws -> String {
        var data = Data()
        for entry in entries {
            data.append(contentsOf: Array("\(entry.mode) \(entry.name)".utf8) + [0])
            var hex = Substring(entry.id)
            while !hex.isEmpty {
                data.append(UInt8(hex.prefix(2), radix: 16)!)
                hex = hex.dropFirst(2)
            }
        }
        let file = folder.path("tree-\(UUID().uuidString)")
        try data.write(to: file)
        return try GitCLI.run(["hash-object", "-t", "tree", "--literally", "-w", file.path], in: repoURL)
    }

    func commit(_ tree: String) throws -> ObjectID {
        ObjectID(hex: try GitCLI.run(["commit-tree", tree, "-m", "hostile"], in: repoURL))!
    }

    /// Exports `tree` expecting a refusal that names the entry; checks nothing landed outside the export.
    func assertRefused(_ tree: String, entry: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let id = try commit(tree)
        let repository = try Repository.open(at: repoURL.path)
        XCTAssertThrowsError(try repository.exportTree(of: id, to: export), file: file, line: line) { error in
            guard let refusal = error as? ExportError else {
                return XCTFail("not an ExportError: \(error)", file: file, line: line)
            }
            XCTAssertEqual(refusal.entry, entry, "\(refusal)", file: file, line: line)
            XCTAssertEqual(refusal.commit, id, file: file, line: line)
            XCTAssertTrue(
                refusal.description.contains(id.short) && refusal.description.contains(self.repoURL.path)
                    && refusal.description.contains(entry), refusal.description, file: file, line: line)
        }
        assertNothingOutside(file: file, line: line)
    }

    func assertNothingOutside(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [], file: file, line: line)
        let besideExport = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
            .filter { !$0.hasPrefix("blob-") && !$0.hasPrefix("tree-") }
        XCTAssertEqual(besideExport, ["repo", "export", "outside"], file: file, line: line)
    }

    // MARK: tests

    func testRefusesDotAndDotDotEntries() throws {
        let evil = try tree([("100644", "evil", blob("pwned\n"))])
        try assertRefused(try tree([("40000", "..", evil)]), entry: "..")
        try assertRefused(try tree([("40000", ".", evil)]), entry: ".")
        try assertRefused(try tree([("100644", "..", blob("x"))]), entry: "..")
    }

    func testRefusesEverySpellingOfGit() throws {
        let hooks = try tree([("100755", "post-checkout", blob("#!/bin/sh\necho pwned\n"))])
        let spellings = [
            ".git", ".GIT", ".Git", "git~1", "GIT~1", ".git.", ".git ", ".git...", ".g\u{200C}it", "\u{FEFF}.git",
            ".git::$INDEX_ALLOCATION",
        ]
        for name in spellings {
            try assertRefused(try tree([("40000", name, hooks)]), entry: name)
            try assertRefused(try tree([("100644", name, blob("gitdir: /tmp\n"))]), entry: name)
        }
    }

    func testRefusesSlashBackslashInNames() throws {
        try assertRefused(try tree([("100644", "../evil", blob("x"))]), entry: "../evil")
        try assertRefused(try tree([("100644", "a/b", blob("x"))]), entry: "a/b")
        try assertRefused(try tree([("100644", "a\\b", blob("x"))]), entry: "a\\b")
    }

    func testNeverWritesThroughALinkItMade() throws {
        let evil = try tree([("100644", "evil", blob("pwned\n"))])
        // A link to a folder outside, then a folder of the same name: the file would land outside.
        try assertRefused(try tree([("120000", "a", blob(outside.path)), ("40000", "a", evil)]), entry: "a")
        try FileManager.default.removeItem(at: export)
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try assertRefused(try tree([("120000", "a", blob("..")), ("40000", "a", evil)]), entry: "a")
        try FileManager.default.removeItem(at: export)
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        // The same name twice as files: the second would overwrite the first (or a link's target).
        try assertRefused(
            try tree([("120000", "b", blob(outside.appendingPathComponent("x").path)), ("100644", "b", blob("x"))]),
            entry: "b")
    }

    func testKeepsOrdinaryLinksAndFiles() throws {
        let sources = try tree([("100644", "Cart.swift", blob("struct Cart {}\n"))])
        let root = try tree([
            ("100644", ".gitignore", blob(".build\n")), ("100755", "run.sh", blob("#!/bin/sh\n")),
            ("40000", "Sources", sources), ("120000", "up", blob("../outside")),
        ])
        let id = try commit(root)
        try Repository.open(at: repoURL.path).exportTree(of: id, to: export)
        XCTAssertEqual(
            try String(contentsOf: export.appendingPathComponent("Sources/Cart.swift"), encoding: .utf8),
            "struct Cart {}\n")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: export.appendingPathComponent("run.sh").path))
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: export.appendingPathComponent("up").path),
            "../outside")
        XCTAssertTrue(FileManager.default.fileExists(atPath: export.appendingPathComponent(".gitignore").path))
        assertNothingOutside()
    }
}
