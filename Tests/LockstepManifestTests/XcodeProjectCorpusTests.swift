import Foundation
import LockstepManifest
import XCTest

/// Real project.pbxproj files, when a folder of them is given (`LOCKSTEP_PBXPROJ_CORPUS=DIR`; `ci/try-xcode`
/// fills one from clones of public apps): every file parses, the reader finds as many package references as the
/// file declares, and pinning each one changes only its requirement block and reads back as that exact version.
final class XcodeProjectCorpusTests: XCTestCase {
    func testEveryProjectOfTheCorpusReadsAndPinsCleanly() throws {
        guard let folder = ProcessInfo.processInfo.environment["LOCKSTEP_PBXPROJ_CORPUS"] else {
            throw XCTSkip("set LOCKSTEP_PBXPROJ_CORPUS to a folder of project.pbxproj files (ci/try-xcode does)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".pbxproj") }
            .sorted()
        XCTAssertFalse(files.isEmpty)
        var references = 0, pins = 0
        let start = Date()
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let manifest: Manifest
            do { manifest = try XcodeProjectReader.parse(text, file: ManifestFile(path: name)) } catch {
                XCTFail("\(name): \(error)")
                continue
            }
            let declared = text.components(separatedBy: "isa = XCRemoteSwiftPackageReference;").count - 1
            let remote = manifest.dependencies.filter { $0.url != nil }
            XCTAssertEqual(remote.count + manifest.unreadableDependencies.count, declared, name)
            XCTAssertEqual(manifest.unreadableDependencies, [], name)
            references += remote.count
            let bytes = Array(text.utf8)
            for dependency in remote {
                let after = Array(manifest.pinning(dependency, toExact: "9.8.7-rc.1").utf8)
                let tail = bytes.count - dependency.requirementRange.upperBound
                XCTAssertTrue(
                    after.prefix(dependency.requirementRange.lowerBound).elementsEqual(
                        bytes.prefix(dependency.requirementRange.lowerBound))
                        && after.suffix(tail).elementsEqual(bytes.suffix(tail)),
                    "\(name): only the requirement block changes")
                pins += 1
            }
            // Every reference pinned at once reads back as that exact version, nothing else changed.
            let all = manifest.pinning(remote.map { (dependency: $0, version: "9.8.7-rc.1", url: nil) })
            let reread = try XcodeProjectReader.parse(all, file: ManifestFile(path: name))
            XCTAssertEqual(
                reread.dependencies.filter { $0.url != nil }.map(\.requirement),
                remote.map { _ in .exact("9.8.7-rc.1") }, name)
            XCTAssertEqual(reread.dependencies.map(\.url), manifest.dependencies.map(\.url), name)
        }
        print(
            """
            pbxproj corpus: \(files.count) files, \(references) package references, \(pins) pins checked in \
            \(String(format: "%.1f", Date().timeIntervalSince(start))) s
            """
        )
    }
}
