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

    /// Where `swift` resolves on PATH (links followed) with its size and modification time: a change of
    /// toolchain changes it, so a remembered `swift --version` is reused only for the same binary.
    static func executableIdentity(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift").path
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            guard let info = try? FileManager.default.attributesOfItem(atPath: resolved),
                let size = info[.size] as? NSNumber, let date = info[.modificationDate] as? Date
            else { return nil }
            return "\(candidate) -> \(resolved) \(size) \(date.timeIntervalSince1970)"
        }
        return nil
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
