import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads what a build wrote to its log without holding the log in memory: logs of big builds run to hundreds
/// of megabytes, and may carry bytes that are not UTF-8 (binary output, a cut multi-byte character).
enum BuildLog {
    /// Bytes read at a time.
    static let chunkSize = 64 * 1024
    /// Longer lines are cut here; an `error:` past this point of one line is not seen.
    static let maxLineBytes = 16 * 1024

    /// The compiler's `error:` lines, in order, without duplicates, at most `limit`; invalid UTF-8 is
    /// replaced, never a reason to drop a line. Memory stays bounded by the chunk and line sizes.
    static func errorLines(in log: URL, limit: Int = 20) -> [String] {
        let fd = open(log.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, limit > 0 else { return [] }
        defer { close(fd) }
        var collector = ErrorCollector(limit: limit)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var pending: [UInt8] = []  // the start of a line that continues in the next chunk, at most maxLineBytes
        while !collector.isFull {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            chunk.withUnsafeBytes { buffer in
                var start = 0
                while start < count && !collector.isFull {
                    let rest = UnsafeRawBufferPointer(rebasing: buffer[start..<count])
                    guard let newline = memchr(rest.baseAddress!, 0x0A, rest.count) else {
                        append(rest, to: &pending)
                        break
                    }
                    let end = start + rest.baseAddress!.distance(to: UnsafeRawPointer(newline))
                    let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                    if pending.isEmpty {
                        collector.take(line)
                    } else {
                        append(line, to: &pending)
                        pending.withUnsafeBytes { collector.take($0) }
                        pending.removeAll(keepingCapacity: true)
                    }
                    start = end + 1
                }
            }
        }
        if !collector.isFull && !pending.isEmpty { pending.withUnsafeBytes { collector.take($0) } }
        return collector.lines
    }

    /// The log's last non-empty line (of its last 4 KB), for the progress display.
    static func lastLine(of log: URL) -> String {
        tail(of: log, bytes: 4096, lines: 1).last ?? ""
    }

    /// The last non-empty lines of the log's last `bytes` bytes, lossily decoded; the first may be cut.
    static func tail(of log: URL, bytes: Int = 8192, lines: Int = 20) -> [String] {
        guard let handle = try? FileHandle(forReadingFrom: log) else { return [] }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > UInt64(bytes) ? size - UInt64(bytes) : 0)
        let data = (try? handle.read(upToCount: bytes)) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).suffix(lines).map(String.init)
    }

    private static func append(_ bytes: UnsafeRawBufferPointer, to pending: inout [UInt8]) {
        let room = maxLineBytes - pending.count
        guard room > 0 else { return }
        pending.append(contentsOf: bytes.prefix(room))
    }

    /// Collects distinct `error:` lines up to a limit.
    private struct ErrorCollector {
        let limit: Int
        var lines: [String] = []
        var seen = Set<String>()

        var isFull: Bool { lines.count >= limit }

        /// Looks at one line (without its newline); only lines holding `error:` are decoded.
        mutating func take(_ line: UnsafeRawBufferPointer) {
            guard Self.containsError(line) else { return }
            // Carriage returns (progress output) split what a terminal shows as separate lines.
            for piece in String(decoding: line, as: UTF8.self).split(whereSeparator: \.isNewline)
            where piece.contains("error:") {
                let trimmed = piece.trimmingCharacters(in: .whitespaces)
                if seen.insert(trimmed).inserted { lines.append(trimmed) }
                if isFull { return }
            }
        }

        /// Finds `error:` by its colon (memchr is fast on long lines), then compares the five bytes before it.
        static func containsError(_ line: UnsafeRawBufferPointer) -> Bool {
            guard let base = line.baseAddress, line.count >= 6 else { return false }
            var offset = 5
            while offset < line.count {
                guard let colon = memchr(base + offset, 0x3A, line.count - offset) else { return false }
                let index = base.distance(to: UnsafeRawPointer(colon))
                if memcmp(base + index - 5, "error", 5) == 0 { return true }
                offset = index + 1
            }
            return false
        }
    }
}

extension BuildOutcome {
    /// The log's last non-empty line: `--verbose` shows it when a build ends, so its final words are never missed
    /// between two progress polls.
    public var lastLogLine: String { BuildLog.lastLine(of: log) }
}
