import Foundation
import LockstepAPI
@testable import LockstepCore
import LockstepGit
import LockstepTestSupport
import XCTest

/// The persistent API-surface cache saves parsing across runs and never changes a result or fails a command.
final class APISurfaceCacheTests: XCTestCase {
    /// Net with three releases, the last a minor that removes a function (one LS203 error).
    func workspace() throws -> WorkspaceBuilder {
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

    func run(_ ws: WorkspaceBuilder) throws -> (findings: [Finding], statistics: APIReader.Statistics) {
        let context = RuleContext(snapshot: try ws.snapshot())
        let findings = try Rules.run(Rules.all.filter { $0.needsAPIDiff }, on: context)
        return (findings, context.api.statistics)
    }

    func entries(_ ws: WorkspaceBuilder, _ kind: String) throws -> [URL] {
        let folder = ws.root.appendingPathComponent(".lockstep/cache/api-surfaces")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.count == 40 }
            .filter { (try? Data(contentsOf: $0))?.starts(with: Data("lockstep \(kind) ".utf8)) == true }
            .sorted { $0.path < $1.path }
    }

    func testSecondRunReadsNothingAndFindsTheSame() throws {
        let ws = try workspace()
        let cold = try run(ws)
        XCTAssertEqual(cold.findings.map(\.rule), ["LS203"])
        XCTAssertGreaterThan(cold.statistics.filesParsed, 0)
        XCTAssertEqual(cold.statistics.filesFromDiskCache, 0)
        XCTAssertEqual(try entries(ws, "api-surface").count, cold.statistics.filesParsed)
        XCTAssertEqual(try entries(ws, "api-diff").count, 2, "1.0.0 → 1.1.0 and 1.1.0 → 1.2.0")
        let warm = try run(ws)
        XCTAssertEqual(warm.findings, cold.findings)
        XCTAssertEqual(warm.statistics.filesParsed, 0)
        XCTAssertEqual(warm.statistics.treesRead, 0, "a remembered diff needs no tree")
        XCTAssertEqual(warm.statistics.diffsFromDiskCache, 2)
    }

    func testSurfacesServeDiffsNotSeenBefore() throws {
        let ws = try workspace()
        let cold = try run(ws)
        for entry in try entries(ws, "api-diff") { try FileManager.default.removeItem(at: entry) }
        let again = try run(ws)
        XCTAssertEqual(again.findings, cold.findings)
        XCTAssertEqual(again.statistics.filesParsed, 0)
        XCTAssertEqual(again.statistics.filesFromDiskCache, cold.statistics.filesParsed)
        XCTAssertEqual(again.statistics.diffsFromDiskCache, 0)
    }

    func testANewReleaseParsesOnlyItsChangedFiles() throws {
        let ws = try workspace()
        let repo = ws["Net"]
        for release in 3...8 {
            try repo.write("Sources/Net/C\(release).swift", "public struct C\(release) {}\n")
            _ = try repo.release("1.\(release).0")
        }
        let cold = try run(ws)
        XCTAssertLessThan(try entries(ws, "api-surface").count, cold.statistics.filesParsed,
                          "only the newest revisions' files are kept: older diffs are kept whole")
        try repo.write("Sources/Net/B.swift", "public struct B {}\npublic func b() {}\n")
        _ = try repo.release("1.9.0")
        let next = try run(ws)
        XCTAssertEqual(next.findings, cold.findings)
        XCTAssertEqual(next.statistics.filesParsed, 1, "B.swift; the rest of 1.8.0 and 1.9.0 comes from the cache")
        XCTAssertEqual(next.statistics.diffsFromDiskCache, 8)
    }

    func testCorruptAndForeignEntriesAreIgnoredAndRewritten() throws {
        let ws = try workspace()
        let cold = try run(ws)
        let surfaces = try entries(ws, "api-surface")
        let diffs = try entries(ws, "api-diff")
        XCTAssertGreaterThanOrEqual(surfaces.count, 3)
        // Truncated entries, one that is not an entry at all, and ones holding another key's content.
        let first = try Data(contentsOf: surfaces[0])
        try first.prefix(first.count / 2).write(to: surfaces[0])
        try Data("garbage".utf8).write(to: surfaces[1])
        try first.write(to: surfaces[2])
        let firstDiff = try Data(contentsOf: diffs[0])
        try firstDiff.prefix(firstDiff.count - 2).write(to: diffs[0])
        try firstDiff.write(to: diffs[1])
        let repaired = try run(ws)
        XCTAssertEqual(repaired.findings, cold.findings)
        XCTAssertEqual(repaired.statistics.diffsFromDiskCache, 0)
        XCTAssertEqual(repaired.statistics.filesParsed, 3)
        XCTAssertNotEqual(try Data(contentsOf: surfaces[1]), Data("garbage".utf8), "the entry is rewritten")
        let healed = try run(ws)
        XCTAssertEqual(healed.statistics.diffsFromDiskCache, 2)
        XCTAssertEqual(healed.findings, cold.findings)
    }

    func testNeverWritesThroughALink() throws {
        let ws = try workspace()
        let elsewhere = try TemporaryFolder("lockstep-elsewhere")
        try FileManager.default.createDirectory(at: ws.root.appendingPathComponent(".lockstep"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: ws.root.appendingPathComponent(".lockstep/cache"), withDestinationURL: elsewhere.url)
        let result = try run(ws)
        XCTAssertEqual(result.findings.map(\.rule), ["LS203"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path), [])
        let again = try run(ws).statistics
        XCTAssertEqual(again.filesFromDiskCache + again.diffsFromDiskCache, 0)
    }

    func testAnUnusableFolderNeverFailsTheCommand() throws {
        let ws = try workspace()
        let cache = ws.root.appendingPathComponent(".lockstep/cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: cache.appendingPathComponent("api-surfaces"))
        XCTAssertEqual(try run(ws).findings.map(\.rule), ["LS203"])
        XCTAssertEqual(try String(contentsOf: cache.appendingPathComponent("api-surfaces"), encoding: .utf8), "not a folder")
    }

    func testEntriesAreKeyedByBlobLabelAndContext() throws {
        let folder = try TemporaryFolder("lockstep-cache")
        let cache = APISurfaceCache(workspace: folder.url)
        let blob = ObjectID.hash(of: Data("public struct A {}\n".utf8))
        let surface = try APIFileSurface.read(from: SourceFile(path: "Net/A.swift", text: "public struct A {}\n"))
        cache.store(surface, blob: blob, label: "Net/A.swift", context: "one")
        XCTAssertEqual(cache.surface(blob: blob, label: "Net/A.swift", context: "one"), surface)
        XCTAssertNil(cache.surface(blob: blob, label: "Net/A.swift", context: "two"))
        XCTAssertNil(cache.surface(blob: blob, label: "Other/A.swift", context: "one"))
        XCTAssertNil(cache.surface(blob: ObjectID.hash(of: Data("x".utf8)), label: "Net/A.swift", context: "one"))
        XCTAssertTrue(APISurfaceCache.key(blob: blob, label: "l", context: "c").contains("format \(APISurfaceCache.formatVersion)"))
    }

    /// A cache in a fresh folder holding `Net/A.swift`'s surface under context "one".
    private func cacheWithOneEntry() throws -> (TemporaryFolder, APISurfaceCache, ObjectID, APIFileSurface) {
        let folder = try TemporaryFolder("lockstep-cache")
        let cache = APISurfaceCache(workspace: folder.url)
        let blob = ObjectID.hash(of: Data("public struct A {}\n".utf8))
        let surface = try APIFileSurface.read(from: SourceFile(path: "Net/A.swift", text: "public struct A {}\n"))
        cache.store(surface, blob: blob, label: "Net/A.swift", context: "one")
        return (folder, cache, blob, surface)
    }

    func testALinkSwappedInAfterTheCacheOpenedIsNotWrittenThrough() throws {
        let (folder, cache, blob, surface) = try cacheWithOneEntry() // the store created the real folder
        let elsewhere = try TemporaryFolder("lockstep-elsewhere")
        let real = folder.url.appendingPathComponent(APISurfaceCache.folderName)
        try FileManager.default.moveItem(at: real, to: folder.url.appendingPathComponent("moved"))
        try FileManager.default.createSymbolicLink(at: real, withDestinationURL: elsewhere.url)
        cache.store(surface, blob: blob, label: "Net/B.swift", context: "one")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path), [])
    }

    func testAFIFOInPlaceOfAnEntryIsIgnored() throws {
        let (folder, cache, blob, _) = try cacheWithOneEntry()
        let entry = try XCTUnwrap(FileManager.default.contentsOfDirectory(
            at: folder.url.appendingPathComponent(APISurfaceCache.folderName), includingPropertiesForKeys: nil).first)
        try FileManager.default.removeItem(at: entry)
        XCTAssertEqual(mkfifo(entry.path, 0o644), 0)
        // Reading a FIFO without O_NONBLOCK would wait here for a writer forever.
        XCTAssertNil(cache.surface(blob: blob, label: "Net/A.swift", context: "one"))
    }

    /// Which manifest file is read depends on `swift-tools-version`: a diff remembered for one must not answer for
    /// another. Package.swift names no product (every target's sources are API); Package@swift-6.0.swift makes only Net API.
    func testARememberedDiffFollowsTheManifestFileRead() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        try repo.write("Sources/Extra/E.swift", "public func extra() {}\n")
        try repo.write("Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(name: "Net", targets: [.target(name: "Net"), .target(name: "Extra")])

            """)
        try repo.write("Package@swift-6.0.swift", """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Net",
                products: [.library(name: "Net", targets: ["Net"])],
                targets: [.target(name: "Net"), .target(name: "Extra")]
            )

            """)
        _ = try repo.release("1.0.0")
        try repo.write("Sources/Extra/E.swift", "func extra() {}\n")
        _ = try repo.release("1.0.1")
        let file = ws.root.appendingPathComponent("lockstep.yml")
        let config = try String(contentsOf: file, encoding: .utf8)
        try (config + "swift-tools-version: \"5.9\"\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(ws).findings.map(\.rule), ["LS203"], "Package.swift: Extra is API, its removal needs a major")
        try (config + "swift-tools-version: \"6.0\"\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(ws).findings.map(\.rule), [], "Package@swift-6.0.swift: Extra is not a product")
    }
}
