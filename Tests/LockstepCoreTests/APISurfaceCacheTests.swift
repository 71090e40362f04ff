import Foundation
import LockstepAPI
@testable import LockstepCore
import LockstepGit
import LockstepTestSupport
import XCTest

/// The persistent API-surface cache saves parsing across runs and never changes a result or fails a command.
final class APISurfaceCacheTests: XCTestCase {
    /// Net with three releases, the last a minor that removes a function (one LS203 error).
    func workspace() throws -> WorkspaceBuilder { try .netWithABreakingMinor() }

    func run(_ ws: WorkspaceBuilder) throws -> (findings: [Finding], statistics: APIReader.Statistics) {
        let context = RuleContext(snapshot: try ws.snapshot())
        let findings = try Rules.run(Rules.all.filter { $0.needsAPIDiff }, on: context)
        return (findings, context.api.statistics)
    }

    /// The cache's pack files (one per component that wrote entries).
    func packs(_ ws: WorkspaceBuilder) throws -> [URL] {
        let folder = ws.root.appendingPathComponent(".lockstep/cache/api-surfaces")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "pack" }
            .sorted { $0.path < $1.path }
    }

    /// Net's two pack files (its file surfaces, its verdicts) and the header each starts with.
    func netPacks(_ ws: WorkspaceBuilder) -> [(url: URL, header: Data)] {
        let cache = APISurfaceCache(workspace: ws.root)
        return ["components/Net", APISurfaceCache.verdicts(of: "components/Net")].map {
            (cache.file(forPack: $0), APISurfaceCache.packHeader($0))
        }
    }

    /// Net's entries by key, from both its packs.
    func pack(_ ws: WorkspaceBuilder) throws -> (urls: [URL], entries: [String: Data]) {
        var entries: [String: Data] = [:]
        for (url, header) in netPacks(ws) where FileManager.default.fileExists(atPath: url.path) {
            entries.merge(APISurfaceCache.entries(in: try Data(contentsOf: url), header: header)) { $1 }
        }
        return (netPacks(ws).map(\.url), entries)
    }

    /// Keys of Net's entries of one kind (`api-surface`, `api-diff`), sorted.
    func entries(_ ws: WorkspaceBuilder, _ kind: String) throws -> [String] {
        try pack(ws).entries.keys.filter { $0.hasPrefix("lockstep \(kind) ") }.sorted()
    }

    /// What a pack entry holds, decoded (bodies encode sets and dictionaries in no fixed order).
    enum Decoded: Equatable {
        case surface(APIFileSurface), changes([APIChange]), undecodable
    }

    func decoded(_ entries: [String: Data]) -> [String: Decoded] {
        entries.mapValues { body in
            if let surface = APIFileSurface(compact: [UInt8](body)) { return .surface(surface) }
            if let changes = APIChange.decodeCompact([UInt8](body)) { return .changes(changes) }
            return .undecodable
        }
    }

    /// Rewrites Net's packs with `change` applied to their entries (framed as lockstep frames them; surfaces in the
    /// first pack, the rest in the verdicts').
    func rewritePack(_ ws: WorkspaceBuilder, _ change: (inout [String: Data]) -> Void) throws {
        var entries = try pack(ws).entries
        change(&entries)
        let surfaces = entries.filter { $0.key.hasPrefix("lockstep api-surface ") }
        for (index, (url, header)) in netPacks(ws).enumerated() {
            let part = index == 0 ? surfaces : entries.filter { surfaces[$0.key] == nil }
            try APISurfaceCache.packData(header: header, entries: part).write(to: url)
        }
    }

    func testSecondRunReadsNothingAndFindsTheSame() throws {
        let ws = try workspace()
        let cold = try run(ws)
        XCTAssertEqual(cold.findings.map(\.rule), ["LS203"])
        XCTAssertGreaterThan(cold.statistics.filesParsed, 0)
        XCTAssertEqual(cold.statistics.filesFromDiskCache, 0)
        XCTAssertEqual(try entries(ws, "api-surface").count, cold.statistics.filesParsed)
        XCTAssertEqual(try entries(ws, "api-diff").count, 2, "1.0.0 → 1.1.0 and 1.1.0 → 1.2.0")
        XCTAssertEqual(try packs(ws).count, 2, "two files for the component's entries: its surfaces, its verdicts")
        let warm = try run(ws)
        XCTAssertEqual(warm.findings, cold.findings)
        XCTAssertEqual(warm.statistics.filesParsed, 0)
        XCTAssertEqual(warm.statistics.treesRead, 0, "a remembered diff needs no tree")
        XCTAssertEqual(warm.statistics.diffsFromDiskCache, 2)
    }

    func testSurfacesServeDiffsNotSeenBefore() throws {
        let ws = try workspace()
        let cold = try run(ws)
        try rewritePack(ws) { entries in entries = entries.filter { !$0.key.hasPrefix("lockstep api-diff ") } }
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
        XCTAssertLessThan(
            try entries(ws, "api-surface").count, cold.statistics.filesParsed,
            "only the newest revisions' files are kept: older diffs are kept whole")
        try repo.write("Sources/Net/B.swift", "public struct B {}\npublic func b() {}\n")
        _ = try repo.release("1.9.0")
        let next = try run(ws)
        XCTAssertEqual(next.findings, cold.findings)
        XCTAssertEqual(next.statistics.filesParsed, 1, "B.swift; the rest of 1.8.0 and 1.9.0 comes from the cache")
        XCTAssertEqual(next.statistics.diffsFromDiskCache, 8)
    }

    /// A release's changed file is parsed after its version in the release before (swift-syntax reuses the
    /// unchanged declarations); the verdicts are those of full parses of both versions.
    func testAChangedFileIsParsedIncrementallyAndJudgedAsInFull() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        func text(_ middle: String, body: String = "return x * 2") -> String {
            var lines = ["public struct Meter {", "    public init() {}"]
            for index in 0..<20 {
                lines.append(
                    "    public func scale\(index)(_ x: Int) -> Int {\n        let y = \"{\\(x)}\"\n        _ = y")
                lines.append(index == 10 ? "        \(body)\n    }\n\(middle)" : "        return x + \(index)\n    }")
            }
            return (lines + ["}"]).joined(separator: "\n") + "\n"
        }
        let versions = [
            ("1.0.0", text("")),
            ("1.0.1", text("", body: "return x * 3")),
            ("1.1.0", text("    public func added() {}", body: "return x * 3")),
            (
                "2.0.0",
                text("    public func added() {}").replacingOccurrences(of: "public func scale3", with: "func scale3")
            ),
        ]
        for (version, text) in versions {
            try repo.write("Sources/Net/Meter.swift", text)
            _ = try repo.release(version)
        }
        let cold = try run(ws)
        XCTAssertEqual(cold.findings, [])
        XCTAssertGreaterThanOrEqual(cold.statistics.filesParsed, 4)
        // Every version after the first is parsed after the first's full parse, and reuses most of it.
        XCTAssertGreaterThan(cold.statistics.bytesReused, cold.statistics.bytesParsed / 2)
        let snapshot = try ws.snapshot()
        let state = try XCTUnwrap(snapshot.component("Net"))
        let reader = APIReader(config: snapshot.config, persistentCache: false)
        XCTAssertEqual(state.releases.count, versions.count)
        for index in 1..<versions.count {
            let incremental = try reader.diff(
                of: state.component, from: state.releases[index - 1].commit, to: state.releases[index].commit)
            let label = "components/Net/Sources/Net/Meter.swift"
            let full = APIDiff(
                old: APISurface.extract(from: [SourceFile(path: label, text: versions[index - 1].1)]),
                new: APISurface.extract(from: [SourceFile(path: label, text: versions[index].1)]))
            XCTAssertEqual(incremental.changes, full.changes, versions[index].0)
        }
        XCTAssertGreaterThan(reader.statistics.bytesReused, 0)
    }

    func testCorruptEntriesAreIgnoredAndRewritten() throws {
        let ws = try workspace()
        let cold = try run(ws)
        let surfaces = try entries(ws, "api-surface")
        let diffs = try entries(ws, "api-diff")
        XCTAssertGreaterThanOrEqual(surfaces.count, 3)
        // A truncated body, one that is not JSON, and bodies of the other kind (JSON, but not what the key holds).
        let original = try pack(ws).entries
        try rewritePack(ws) { entries in
            entries[surfaces[0]] = original[surfaces[0]]!.prefix(original[surfaces[0]]!.count / 2)
            entries[surfaces[1]] = Data("garbage".utf8)
            entries[surfaces[2]] = original[diffs[0]]!
            entries[diffs[0]] = original[diffs[0]]!.dropLast(2)
            entries[diffs[1]] = original[surfaces[1]]!
        }
        let repaired = try run(ws)
        XCTAssertEqual(repaired.findings, cold.findings)
        XCTAssertEqual(repaired.statistics.diffsFromDiskCache, 0)
        XCTAssertEqual(repaired.statistics.filesParsed, 3)
        XCTAssertEqual(decoded(try pack(ws).entries), decoded(original), "the entries are rewritten")
        let healed = try run(ws)
        XCTAssertEqual(healed.statistics.diffsFromDiskCache, 2)
        XCTAssertEqual(healed.findings, cold.findings)
    }

    func testTruncatedGarbageAndForeignPacksAreIgnoredAndReplaced() throws {
        let ws = try workspace()
        let cold = try run(ws)
        let original = try pack(ws).entries
        let files = netPacks(ws).map(\.url)
        let bytes = try files.map { try Data(contentsOf: $0) }

        // Cut inside the last entry of each pack (a surface; in the verdicts, whose keys sort diffs first, a fact about
        // a commit's manifest): the entries before it are still read.
        for (url, data) in zip(files, bytes) { try data.dropLast(3).write(to: url) }
        XCTAssertEqual(try pack(ws).entries.count, original.count - 2)
        let truncated = try run(ws)
        XCTAssertEqual(truncated.findings, cold.findings)
        XCTAssertEqual(truncated.statistics.diffsFromDiskCache, 2)

        // Not a pack at all.
        for url in files { try Data("garbage".utf8).write(to: url) }
        let garbage = try run(ws)
        XCTAssertEqual(garbage.findings, cold.findings)
        XCTAssertEqual(garbage.statistics.filesParsed, cold.statistics.filesParsed)
        XCTAssertEqual(decoded(try pack(ws).entries), decoded(original))

        // Another build's pack (or another format's): its entries are not read, and it is replaced.
        for (url, data) in zip(files, bytes) {
            let text = String(decoding: data, as: UTF8.self)
            try Data(
                text.replacingOccurrences(of: "build \(APISurfaceCache.buildIdentity)\n", with: "build other\n").utf8
            ).write(to: url)
        }
        XCTAssertEqual(try pack(ws).entries.count, 0)
        let foreign = try run(ws)
        XCTAssertEqual(foreign.findings, cold.findings)
        XCTAssertEqual(foreign.statistics.filesParsed, cold.statistics.filesParsed)
        XCTAssertEqual(foreign.statistics.diffsFromDiskCache, 0)
        XCTAssertEqual(decoded(try pack(ws).entries), decoded(original))
        XCTAssertEqual(try run(ws).statistics.diffsFromDiskCache, 2)
    }

    func testAPackIsReadUpToItsFirstBrokenFrame() {
        let header = APISurfaceCache.packHeader("p")
        let entries = ["a": Data("1".utf8), "b": Data("22".utf8), "c": Data("333".utf8)]
        let data = APISurfaceCache.packData(header: header, entries: entries)
        XCTAssertEqual(APISurfaceCache.entries(in: data, header: header), entries)
        XCTAssertEqual(APISurfaceCache.entries(in: data, header: APISurfaceCache.packHeader("q")), [:])
        XCTAssertEqual(
            APISurfaceCache.entries(in: data.dropLast(), header: header), ["a": Data("1".utf8), "b": Data("22".utf8)])
        XCTAssertEqual(
            APISurfaceCache.entries(in: header + Data("1 99999999999999999999\na".utf8), header: header), [:])
        XCTAssertEqual(APISurfaceCache.entries(in: header + Data("-1 1\nab".utf8), header: header), [:])
        XCTAssertEqual(APISurfaceCache.entries(in: header + Data("1 1 1\nab".utf8), header: header), [:])
        XCTAssertEqual(APISurfaceCache.entries(in: header + Data(repeating: 0x31, count: 100), header: header), [:])
        XCTAssertEqual(APISurfaceCache.entries(in: header, header: header), [:])
        XCTAssertEqual(APISurfaceCache.entries(in: Data(), header: header), [:])
        // A byte changed inside an entry (framing intact): that entry alone is left out, not read as another value.
        var flipped = [UInt8](data)
        let body = try! XCTUnwrap(flipped.lastIndex(of: UInt8(ascii: "2")))
        flipped[body] = UInt8(ascii: "3")
        XCTAssertEqual(
            APISurfaceCache.entries(in: Data(flipped), header: header), ["a": Data("1".utf8), "c": Data("333".utf8)])
    }

    func testNeverWritesThroughALink() throws {
        let ws = try workspace()
        let elsewhere = try TemporaryFolder("lockstep-elsewhere")
        try FileManager.default.createDirectory(
            at: ws.root.appendingPathComponent(".lockstep"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: ws.root.appendingPathComponent(".lockstep/cache"), withDestinationURL: elsewhere.url)
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
        XCTAssertEqual(
            try String(contentsOf: cache.appendingPathComponent("api-surfaces"), encoding: .utf8), "not a folder")
    }

    func testEntriesAreKeyedByBlobLabelAndContext() throws {
        let folder = try TemporaryFolder("lockstep-cache")
        let cache = APISurfaceCache(workspace: folder.url)
        let blob = ObjectID.hash(of: Data("public struct A {}\n".utf8))
        let surface = try APIFileSurface.read(from: SourceFile(path: "Net/A.swift", text: "public struct A {}\n"))
        cache.store(surface, blob: blob, label: "Net/A.swift", context: "one", in: "Net")
        cache.flush("Net")
        for reader in [cache, APISurfaceCache(workspace: folder.url)] {
            XCTAssertEqual(reader.surface(blob: blob, label: "Net/A.swift", context: "one", in: "Net"), surface)
            XCTAssertNil(reader.surface(blob: blob, label: "Net/A.swift", context: "two", in: "Net"))
            XCTAssertNil(reader.surface(blob: blob, label: "Other/A.swift", context: "one", in: "Net"))
            XCTAssertNil(
                reader.surface(blob: ObjectID.hash(of: Data("x".utf8)), label: "Net/A.swift", context: "one", in: "Net")
            )
            XCTAssertNil(reader.surface(blob: blob, label: "Net/A.swift", context: "one", in: "Other"), "another pack")
        }
        XCTAssertTrue(
            APISurfaceCache.key(blob: blob, label: "l", context: "c").contains(
                "format \(APISurfaceCache.formatVersion)"))
    }

    /// A cache in a fresh folder holding `Net/A.swift`'s surface under context "one", written to its pack.
    private func cacheWithOneEntry() throws -> (TemporaryFolder, APISurfaceCache, ObjectID, APIFileSurface) {
        let folder = try TemporaryFolder("lockstep-cache")
        let cache = APISurfaceCache(workspace: folder.url)
        let blob = ObjectID.hash(of: Data("public struct A {}\n".utf8))
        let surface = try APIFileSurface.read(from: SourceFile(path: "Net/A.swift", text: "public struct A {}\n"))
        cache.store(surface, blob: blob, label: "Net/A.swift", context: "one", in: "Net")
        cache.flush("Net")
        return (folder, cache, blob, surface)
    }

    func testALinkSwappedInAfterTheCacheOpenedIsNotWrittenThrough() throws {
        let (folder, cache, blob, surface) = try cacheWithOneEntry()  // the flush created the real folder
        let elsewhere = try TemporaryFolder("lockstep-elsewhere")
        let real = folder.url.appendingPathComponent(APISurfaceCache.folderName)
        try FileManager.default.moveItem(at: real, to: folder.url.appendingPathComponent("moved"))
        try FileManager.default.createSymbolicLink(at: real, withDestinationURL: elsewhere.url)
        cache.store(surface, blob: blob, label: "Net/B.swift", context: "one", in: "Net")
        cache.flush("Net")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path), [])
    }

    func testAFIFOInPlaceOfAPackIsIgnored() throws {
        let (folder, _, blob, _) = try cacheWithOneEntry()
        let entry = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(
                at: folder.url.appendingPathComponent(APISurfaceCache.folderName), includingPropertiesForKeys: nil
            ).first)
        try FileManager.default.removeItem(at: entry)
        XCTAssertEqual(mkfifo(entry.path, 0o644), 0)
        // Reading a FIFO without O_NONBLOCK would wait here for a writer forever.
        XCTAssertNil(
            APISurfaceCache(workspace: folder.url).surface(blob: blob, label: "Net/A.swift", context: "one", in: "Net"))
    }

    /// Which manifest file is read depends on `swift-tools-version`: a diff remembered for one must not answer for
    /// another. Package.swift names no product (every target's sources are API); Package@swift-6.0.swift makes only Net
    /// API.
    func testARememberedDiffFollowsTheManifestFileRead() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Net")
        try repo.write("Sources/Extra/E.swift", "public func extra() {}\n")
        try repo.write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(name: "Net", targets: [.target(name: "Net"), .target(name: "Extra")])

            """)
        try repo.write(
            "Package@swift-6.0.swift",
            """
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
        XCTAssertEqual(
            try run(ws).findings.map(\.rule), ["LS203"], "Package.swift: Extra is API, its removal needs a major")
        try (config + "swift-tools-version: \"6.0\"\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(ws).findings.map(\.rule), [], "Package@swift-6.0.swift: Extra is not a product")
    }
}

extension APISurfaceCacheTests {
    /// A component without a Package.swift reads the podspec named like it: renamed in lockstep.yml (same path), it
    /// reads another podspec, and a diff remembered under the old name must not answer.
    func testARememberedDiffFollowsThePodspecRead() throws {
        let ws = try WorkspaceBuilder()
        let repo = try ws.component("Det")
        try repo.remove("Package.swift")
        try repo.remove("Sources/Det/Det.swift")
        func spec(_ name: String, _ folder: String) -> String {
            """
            Pod::Spec.new do |s|
              s.name = '\(name)'
              s.version = '1.0.0'
              s.ios.deployment_target = '12.0'
              s.source_files = '\(folder)/**/*.{h,m,swift}'
            end

            """
        }
        try repo.write("Det.podspec", spec("Det", "Classes"))
        try repo.write("Other.podspec", spec("Other", "Other"))
        try repo.write("Classes/A.swift", "public struct A {}\npublic func a() {}\n")
        try repo.write("Other/B.swift", "public struct B {}\n")
        _ = try repo.release("1.0.0")
        try repo.write("Classes/A.swift", "public struct A {}\n")
        _ = try repo.release("1.1.0")
        XCTAssertEqual(try run(ws).findings.map(\.rule), ["LS203"], "Det.podspec: a() removed in a minor release")
        let file = ws.root.appendingPathComponent("lockstep.yml")
        let config = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(config.contains("name: Det,"), config)
        try config.replacingOccurrences(of: "name: Det,", with: "name: Other,")
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(ws).findings.map(\.rule), [], "Other.podspec: Classes/ is not its source")
    }
}
