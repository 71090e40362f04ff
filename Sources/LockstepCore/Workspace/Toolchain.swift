import Foundation

/// The running Swift toolchain, asked once per process (`swift --version` takes about a second).
public enum Toolchain {
    /// The first line of `swift --version` (part of integrate's build cache key), "unknown" when it cannot run, for
    /// the process's own PATH.
    public static var versionLine: String { versionLine(environment: nil) }

    /// The first line of `swift --version` run with `environment` (a run's; nil: the process's), asked once per PATH
    /// and process: never before something needs it.
    public static func versionLine(environment: [String: String]?) -> String {
        let path = (environment ?? ProcessInfo.processInfo.environment)["PATH"] ?? ""
        return asked.withLock { lines in
            if let line = lines[path] { return line }
            let line = run(environment: environment)
            lines[path] = line
            return line
        }
    }

    /// `swift --version`'s first line per PATH.
    private static let asked = LockedValue<[String: String]>([:])

    /// The Swift version in `versionLine`, e.g. `[6, 3]`; nil when it names none.
    public static func swiftVersion(in line: String) -> [Int]? {
        guard let range = line.range(of: "Swift version ") else { return nil }
        let numbers = line[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        let parts = numbers.split(separator: ".").prefix(2).compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
    }

    /// What decides which toolchain `swift` runs, on one line: where `swift` resolves on PATH (links followed) with
    /// its size and modification time, and what a wrapper there reads to pick a toolchain, so that a remembered
    /// `swift --version` is reused only while all of it stays the same: `DEVELOPER_DIR`, `TOOLCHAINS` and the
    /// `xcode-select` link for `/usr/bin/swift` on macOS (xcrun); the swiftly configuration and the nearest
    /// `.swift-version` above `directory` for a swiftly proxy. nil without a `swift` on PATH.
    static func executableIdentity(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift").path
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            guard let stamp = fileStamp(resolved) else { return nil }
            var parts = ["\(candidate) -> \(resolved) \(stamp)"]
            for name in ["DEVELOPER_DIR", "TOOLCHAINS", "SWIFTLY_HOME_DIR", "SWIFTLY_TOOLCHAINS_DIR"] {
                if let value = environment[name] { parts.append("\(name)=\(value)") }
            }
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link") {
                parts.append("xcode-select \(link)")
            }
            for config in swiftlyConfigurations(environment) {
                if let stamp = fileStamp(config) { parts.append("\(config) \(stamp)") }
            }
            if let pinned = nearestSwiftVersionFile(from: directory) { parts.append(pinned) }
            return parts.joined(separator: " | ").replacingOccurrences(of: "\n", with: " ")
        }
        return nil
    }

    /// A file's size and modification time, nil when it cannot be read.
    private static func fileStamp(_ path: String) -> String? {
        guard let info = try? FileManager.default.attributesOfItem(atPath: path),
            let size = info[.size] as? NSNumber, let date = info[.modificationDate] as? Date
        else { return nil }
        return "\(size) \(date.timeIntervalSince1970)"
    }

    /// Where swiftly keeps the toolchain in use: `$SWIFTLY_HOME_DIR`, else its default home on Linux and macOS.
    private static func swiftlyConfigurations(_ environment: [String: String]) -> [String] {
        if let home = environment["SWIFTLY_HOME_DIR"] { return [home + "/config.json"] }
        guard let home = environment["HOME"] else { return [] }
        return [home + "/.local/share/swiftly/config.json", home + "/.swiftly/config.json"]
    }

    /// The nearest `.swift-version` at or above `directory` (swiftly's per-project pin), with its path and text.
    private static func nearestSwiftVersionFile(from directory: URL) -> String? {
        var folder = directory.standardizedFileURL
        while true {
            let file = folder.appendingPathComponent(".swift-version")
            if let data = FileManager.default.contents(atPath: file.path) {
                let text = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                return "\(file.path) \(text)"
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `swift --version`'s first line, or "unknown" when it cannot run or does not answer within `timeout`
    /// seconds (a hung `swift` wrapper on PATH must not hang every command that diffs or builds).
    ///
    /// The driver leaves an empty `TemporaryDirectory.*` folder in its temporary folder at every run (thousands
    /// after a day of `check`s): it gets a folder of its own under `scratchParent`, removed once it has answered.
    static func run(
        timeout: Double = 60, environment: [String: String]? = nil,
        scratchParent: URL = FileManager.default.temporaryDirectory
    ) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        var childEnvironment = environment ?? ProcessInfo.processInfo.environment
        let scratch = scratchParent.appendingPathComponent("lockstep-swift-version-\(UUID().uuidString)")
        if (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil {
            childEnvironment["TMPDIR"] = scratch.path
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.environment = childEnvironment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        guard (try? process.run()) != nil else { return "unknown" }
        guard finished.wait(timeout: .now() + timeout) == .success else {
            process.terminate()
            return "unknown"
        }
        // The version is one short line: it fits the pipe's buffer, so reading after the exit cannot block.
        let data = (try? pipe.fileHandleForReading.readToEnd()) ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "unknown"
    }
}

/// A value behind a lock.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
