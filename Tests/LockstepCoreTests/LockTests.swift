import Foundation
@testable import LockstepCore
import LockstepTestSupport
import XCTest

/// Pin locks and sandbox sweeping decide "is the holder alive" by `flock`, never by pid (issue 9).
final class LockTests: XCTestCase {
    func lockFile(in folder: TemporaryFolder, _ content: Data) throws -> URL {
        let file = folder.path(".lockstep/pin.lock")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: file)
        return file
    }

    func testEmptyGarbageAndOldFormatLockFilesDoNotBlock() throws {
        let contents: [Data] = [
            Data(),
            Data([0xFF, 0x00, 0xFE, 0x0A, 0x41]),
            Data("\(Int32.max - 1) build-host-of-another-machine\n".utf8),  // old format, dead pid elsewhere
            Data("\(getpid()) \(ProcessInfo.processInfo.hostName)\n".utf8),  // old format, a live (reused) pid here
        ]
        for content in contents {
            let folder = try TemporaryFolder()
            _ = try lockFile(in: folder, content)
            let lock = PinLock(workspace: folder.url)
            var waited = false
            try lock.acquire(timeout: 0) { _ in waited = true }
            XCTAssertFalse(waited, "content \(Array(content)) did not block")
            lock.release()
        }
    }

    func testHeldLockBlocksUntilReleasedAndTimesOutWithAClearMessage() throws {
        let folder = try TemporaryFolder()
        let holder = PinLock(workspace: folder.url)
        try holder.acquire(timeout: 0)
        let waiter = PinLock(workspace: folder.url)
        var messages: [String] = []
        XCTAssertThrowsError(try waiter.acquire(timeout: 0.3) { messages.append($0) }) { error in
            let text = "\(error)"
            XCTAssertTrue(
                text.contains(
                    """
                    another lockstep run (pid \(getpid()) on \(ProcessInfo.processInfo.hostName)) has held the \
                    pin lock
                    """
                ), text)
            XCTAssertTrue(text.contains("that process is still running"), text)
        }
        XCTAssertEqual(
            messages,
            [
                """
                waiting for the pin lock held by another lockstep run (pid \(getpid()) on \
                \(ProcessInfo.processInfo.hostName))
                """
            ])
        holder.release()
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: holder.file.path), "the file stays: deleting it would race")
        try waiter.acquire(timeout: 0)
        waiter.release()
    }

    func testLockOfAKilledProcessIsFreeAtOnce() throws {
        let flockTool = ["/usr/bin/flock", "/bin/flock"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let flockTool else { throw XCTSkip("util-linux flock is not installed") }
        let folder = try TemporaryFolder()
        let file = try lockFile(in: folder, Data())
        // One process holds the lock: the shell opens fd 9, locks it with flock(1), then becomes `sleep`.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exec 9>>\"$0\" && \(flockTool) 9 && exec sleep 300", file.path]
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        // Bounded wait until the child holds the lock.
        let probe = FileLock(path: file.path)
        var held = false
        for _ in 0..<400 where !held {
            held = try !probe.tryLock(create: false)
            if !held { probe.unlock(); usleep(25_000) }
        }
        XCTAssertTrue(held, "the flock child took the lock")
        XCTAssertThrowsError(try PinLock(workspace: folder.url).acquire(timeout: 0.2))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let lock = PinLock(workspace: folder.url)
        try lock.acquire(timeout: 0)  // fails if the lock outlived its holder
        lock.release()
    }

    func testSweepRemovesOnlySandboxesWhoseLockIsFree() throws {
        let temporary = try TemporaryFolder()
        func sandbox(_ name: String) throws -> URL {
            let url = temporary.path(name)
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("mirrors"), withIntermediateDirectories: true)
            return url
        }
        // A live run from another PID namespace: its pid means nothing here, but it holds its lock.
        let live = try sandbox("\(BuildSandbox.prefix)\(Int32.max - 1)-aaaaaaaa")
        let liveLock = FileLock(path: live.path + BuildSandbox.lockSuffix)
        XCTAssertTrue(try liveLock.tryLock(create: true))
        // A killed run: its lock file is there, nobody holds it.
        let dead = try sandbox("\(BuildSandbox.prefix)\(getpid())-bbbbbbbb")
        _ = FileManager.default.createFile(atPath: dead.path + BuildSandbox.lockSuffix, contents: Data("garbage".utf8))
        // A killed run's lock whose folder is already gone, and folders of older versions (no lock file).
        _ = FileManager.default.createFile(
            atPath: temporary.path("\(BuildSandbox.prefix)1-cccccccc.lock").path, contents: nil)
        let recentLegacy = try sandbox("\(BuildSandbox.prefix)\(Int32.max - 2)-dddddddd")
        let oldLegacy = try sandbox("\(BuildSandbox.prefix)\(Int32.max - 3)-eeeeeeee")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -2 * BuildSandbox.legacyAge)], ofItemAtPath: oldLegacy.path)
        let unrelated = try sandbox("lockstep-demo-ffffffff")

        BuildSandbox.removeStaleSandboxes(in: temporary.url)

        let left = Set(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path))
        XCTAssertEqual(
            left,
            Set([
                live.lastPathComponent, live.lastPathComponent + BuildSandbox.lockSuffix,
                recentLegacy.lastPathComponent, unrelated.lastPathComponent,
            ]))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: live.appendingPathComponent("mirrors").path),
            "a live run's folder is untouched")
        XCTAssertTrue(liveLock.isHeld)
        liveLock.unlock()
        BuildSandbox.removeStaleSandboxes(in: temporary.url)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: live.path), "once its run ends, the next sweep removes it")
    }
}
