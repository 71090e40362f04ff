import Foundation
import LockstepGit
import LockstepTestSupport
import XCTest

final class RepositoryTests: XCTestCase {
    var folder: TemporaryFolder!
    var repo: RepoBuilder!

    override func setUpWithError() throws {
        Git.bootstrap()
        let workspace = try WorkspaceBuilder()
        folder = workspace.folder
        repo = try workspace.component("Cart")
    }

    func testTagsListAnnotatedAndLightweightPeeledToCommits() throws {
        let first = try repo.release("1.0.0", annotated: true)
        try repo.write("Sources/Cart/More.swift", "let x = 1\n")
        let second = try repo.release("v1.1.0")
        try repo.tag("not-a-version")
        let tags = try Repository.open(at: repo.url.path).tags()
        XCTAssertEqual(tags.map(\.name), ["1.0.0", "not-a-version", "v1.1.0"])
        XCTAssertEqual(tags.first { $0.name == "1.0.0" }?.commit.hex, first)
        XCTAssertEqual(tags.first { $0.name == "1.0.0" }?.isAnnotated, true)
        XCTAssertEqual(tags.first { $0.name == "v1.1.0" }?.commit.hex, second)
        XCTAssertEqual(tags.first { $0.name == "v1.1.0" }?.isAnnotated, false)
        // Cross-check with the git CLI.
        XCTAssertEqual(try repo.git("rev-list", "-n", "1", "1.0.0"), first)
    }

    func testTagsFromPackedRefsAndTagsOfTreesSkipped() throws {
        let first = try repo.release("1.0.0", annotated: true)
        try repo.write("x", "1")
        let second = try repo.release("1.1.0")
        try repo.git("tag", "tree-tag", "HEAD^{tree}")
        try repo.git("tag", "-a", "tree-annotated", "-m", "tree", "HEAD^{tree}")
        try repo.git("pack-refs", "--all")
        try repo.write("y", "1")
        let third = try repo.release("1.2.0", annotated: true)  // loose, after packing
        let tags = try Repository.open(at: repo.url.path).tags()
        XCTAssertEqual(tags.map(\.name), ["1.0.0", "1.1.0", "1.2.0"])
        XCTAssertEqual(tags.map(\.commit.hex), [first, second, third])
        XCTAssertEqual(tags.map(\.isAnnotated), [true, false, true])
    }

    func testHeadBranchAndUnbornRepository() throws {
        let empty = folder.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try GitCLI.run(["init", "-q", "-b", "trunk"], in: empty)
        let unborn = try Repository.open(at: empty.path).head()
        XCTAssertNil(unborn.commit)
        XCTAssertEqual(unborn.branch, "trunk")

        let id = try repo.commit("first")
        let head = try Repository.open(at: repo.url.path).head()
        XCTAssertEqual(head.commit?.hex, id)
        XCTAssertEqual(head.branch, "main")
        try repo.git("checkout", "-q", "--detach")
        XCTAssertNil(try Repository.open(at: repo.url.path).head().branch)
    }

    func testCountCommitsMatchesRevList() throws {
        try repo.release("1.0.0")
        for index in 0..<3 { try repo.write("f\(index)", "\(index)"); try repo.commit("c\(index)") }
        let repository = try Repository.open(at: repo.url.path)
        let tip = try repository.resolveCommit("HEAD")
        let base = try repository.resolveCommit("1.0.0")
        XCTAssertEqual(try repository.countCommits(from: tip, excluding: base), 3)
        XCTAssertEqual(
            try repository.countCommits(from: tip, excluding: nil), Int(try repo.git("rev-list", "--count", "HEAD")))
        XCTAssertTrue(try repository.contains(base, in: tip))
        XCTAssertFalse(try repository.contains(tip, in: base))
    }

    func testReadFileAndListTreeAtOldRevisionWithoutCheckout() throws {
        try repo.write("Sources/Cart/A.swift", "old\n")
        let old = try repo.commit("old")
        try repo.write("Sources/Cart/A.swift", "new\n")
        try repo.write("Sources/Cart/Sub/B.swift", "b\n")
        try repo.commit("new")
        let repository = try Repository.open(at: repo.url.path)
        let oldID = try XCTUnwrap(ObjectID(hex: old))
        XCTAssertEqual(
            try repository.readFile("Sources/Cart/A.swift", at: oldID).map { String(decoding: $0, as: UTF8.self) },
            "old\n")
        XCTAssertNil(try repository.readFile("Sources/Cart/Sub/B.swift", at: oldID))
        let head = try repository.resolveCommit("HEAD")
        let files = try repository.listFiles(at: head, under: "Sources").map(\.path)
        XCTAssertEqual(files.sorted(), ["Sources/Cart/A.swift", "Sources/Cart/Cart.swift", "Sources/Cart/Sub/B.swift"])
        XCTAssertEqual(try repository.listFiles(at: head).count, 4)  // + Package.swift
    }

    func testTrackedChangesIgnoreUntrackedFiles() throws {
        try repo.commit("first")
        let repository = try Repository.open(at: repo.url.path)
        XCTAssertFalse(try repository.hasTrackedChanges())
        try repo.write("untracked.txt", "x")
        XCTAssertFalse(try repository.hasTrackedChanges())
        try repo.write("Package.swift", "// changed\n")
        XCTAssertEqual(try repository.changedTrackedFiles(), ["Package.swift"])
        try repo.git("add", "Package.swift")
        XCTAssertTrue(try repository.hasTrackedChanges())
    }

    func testAnnotatedTagWrittenWithTaggerAndNeverOverwritten() throws {
        let id = try repo.commit("first")
        let repository = try Repository.open(at: repo.url.path)
        let tagger = Signature(name: "Rel Eng", email: "rel@example.com")
        try repository.createAnnotatedTag(
            named: "0.1.0-rc.1", commit: ObjectID(hex: id)!, message: "Cart 0.1.0-rc.1\n", tagger: tagger)
        let object = try XCTUnwrap(repository.tagObject(named: "0.1.0-rc.1"))
        XCTAssertEqual(object.tagger?.name, "Rel Eng")
        XCTAssertEqual(object.target.hex, id)
        XCTAssertTrue(try repo.git("cat-file", "-p", "0.1.0-rc.1").contains("tagger Rel Eng <rel@example.com>"))
        XCTAssertThrowsError(
            try repository.createAnnotatedTag(
                named: "0.1.0-rc.1", commit: ObjectID(hex: id)!, message: "again", tagger: tagger)
        ) { error in
            XCTAssertTrue((error as? GitError)?.isExists == true, "\(error)")
        }
    }

    func testCommitFileIsCompareAndSwapAndTouchesOnlyThatFile() throws {
        let base = try repo.commit("first")
        let repository = try Repository.open(at: repo.url.path)
        let author = Signature(name: "Pin Bot", email: "pin@example.com")
        let new = try repository.commitFile(
            "Package.swift", contents: Data("// pinned\n".utf8), onBranch: "main",
            expectedTip: ObjectID(hex: base)!, message: "Pin", author: author)
        XCTAssertEqual(try repo.git("rev-parse", "main"), new.hex)
        XCTAssertEqual(try repo.git("diff", "--name-only", base, new.hex), "Package.swift")
        XCTAssertEqual(try repo.git("show", "main:Package.swift"), "// pinned")
        // A second writer that still expects the old tip loses the race and changes nothing.
        XCTAssertThrowsError(
            try repository.commitFile(
                "Package.swift", contents: Data("// other\n".utf8), onBranch: "main",
                expectedTip: ObjectID(hex: base)!, message: "Pin", author: author)
        ) { error in
            XCTAssertTrue((error as? GitError)?.isModified == true, "\(error)")
        }
        XCTAssertEqual(try repo.git("rev-parse", "main"), new.hex)
        // The work tree is not touched (integrate brings a checkout along itself, see MainCheckout).
        XCTAssertNotEqual(
            try? String(contentsOf: repo.url.appendingPathComponent("Package.swift"), encoding: .utf8), "// pinned\n")
    }

    func testSharedMirrorHasRefsAndExtraTagsStayThere() throws {
        let id = try repo.release("1.0.0")
        let repository = try Repository.open(at: repo.url.path)
        let mirrorPath = folder.path("mirror.git").path
        let mirror = try repository.makeSharedMirror(at: mirrorPath)
        XCTAssertEqual(try mirror.tags().map(\.name), ["1.0.0"])
        try mirror.createLightweightTag(named: "1.1.0", commit: ObjectID(hex: id)!)
        XCTAssertEqual(try repo.git("tag"), "1.0.0")
        // The git CLI can clone from the mirror (objects come through alternates).
        let clone = folder.path("clone")
        try GitCLI.run(["clone", "-q", mirrorPath, clone.path], in: folder.url)
        XCTAssertEqual(try GitCLI.run(["tag"], in: clone), "1.0.0\n1.1.0")
        let packs = (try? FileManager.default.contentsOfDirectory(atPath: mirrorPath + "/objects/pack")) ?? []
        XCTAssertEqual(packs, [], "the mirror must borrow objects, not copy them")
    }

    func testErrorsNameTheFunctionAndPath() throws {
        let path = folder.path("nothing-here").path
        XCTAssertThrowsError(try Repository.open(at: path)) { error in
            let git = error as? GitError
            XCTAssertEqual(git?.function, "git_repository_open_ext")
            XCTAssertEqual(git?.path, path)
            XCTAssertTrue(git?.isNotFound == true)
            XCTAssertTrue("\(error)".contains(path))
        }
    }

    func testExportTreeWritesFilesAndModes() throws {
        try repo.write("run.sh", "#!/bin/sh\necho hi\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: repo.url.appendingPathComponent("run.sh").path)
        let id = try repo.commit("script")
        let repository = try Repository.open(at: repo.url.path)
        let target = folder.path("export")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try repository.exportTree(of: ObjectID(hex: id)!, to: target)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: target.appendingPathComponent("run.sh").path))
        XCTAssertEqual(
            try String(contentsOf: target.appendingPathComponent("Sources/Cart/Cart.swift"), encoding: .utf8),
            "public struct Cart { public init() {} }\n")
    }
}
