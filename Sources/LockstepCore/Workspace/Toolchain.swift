import Foundation

/// The running Swift toolchain, asked once per process (`swift --version` takes about a second).
public enum Toolchain {
    /// The first line of `swift --version` (part of integrate's build cache key), "unknown" when it cannot run.
    /// Swift runs a static's initializer once, lazily and thread-safely: never before something needs it.
    public static let versionLine: String = run()

    /// The Swift version in `versionLine`, e.g. `[6, 3]`; nil when it names none.
    public static func swiftVersion(in line: String) -> [Int]? {
        guard let range = line.range(of: "Swift version ") else { return nil }
        let numbers = line[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        let parts = numbers.split(separator: ".").prefix(2).compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
    }

    /// Where `swift` resolves on PATH (links followed) with its size and modification time: a change of
    /// toolchain changes it, so a remembered `swift --version` is reused only for the same binary.
    static func executableIdentity() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift").path
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            guard let info = try? FileManager.default.attributesOfItem(atPath: resolved),
                  let size = info[.size] as? NSNumber, let date = info[.modificationDate] as? Date else { return nil }
            return "\(candidate) -> \(resolved) \(size) \(date.timeIntervalSince1970)"
        }
        return nil
    }

    private static func run() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "unknown"
    }
}
