import Foundation

/// Reads the pods of a CocoaPods `Podfile` statically (no Ruby runs): each `pod 'Name', …` line with its version
/// constraints (`'1.2.3'`, `'~> 1.2'`, `'>= 1.0', '< 2.0'`) or its source (`:git` with `:tag`/`:branch`/`:commit`,
/// `:path`), in both hash spellings (`:tag => 'x'`, `tag: 'x'`), anywhere in the file (targets, abstract targets,
/// `def` blocks). A `pod` line Lockstep cannot read statically (a variable, string interpolation, a method call)
/// is an unreadable dependency with its place; the other pods still count.
///
/// CocoaPods' constraints map onto SwiftPM's requirements exactly for what Podfiles write: `~> 1.2` admits
/// 1.2 ≤ v < 2.0 (up to the next major), `~> 1.2.3` admits 1.2.3 ≤ v < 1.3.0 (up to the next minor), `>= a, < b`
/// is a range, a bare or `=` version is exact; as in SwiftPM, a prerelease is admitted only when named.
public enum PodfileReader {
    public static func parse(_ text: String, file: ManifestFile) throws -> Manifest {
        var manifest = Manifest(packageName: nil, dependencies: [], text: text, file: file)
        manifest.format = .podfile
        let bytes = Array(text.utf8)
        var lineStart = 0, line = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var consumed = 1
            // `=begin` … `=end` is a comment block: its `pod` lines are not pods.
            if bytes[lineStart..<lineEnd].starts(with: Array("=begin".utf8)) {
                while lineEnd < bytes.count {
                    var next = lineEnd + 1
                    while next < bytes.count, bytes[next] != UInt8(ascii: "\n") { next += 1 }
                    consumed += 1
                    let ended = bytes[(lineEnd + 1)..<next].starts(with: Array("=end".utf8))
                    lineEnd = next
                    if ended { break }
                }
            } else if let podStart = podCall(bytes, lineStart, lineEnd) {
                // A call whose line ends with a comma goes on (`pod 'X', git: '…',` / `commit: '…'` below it).
                while endsWithComma(bytes, lineStart, lineEnd), lineEnd < bytes.count, consumed < 20 {
                    lineEnd += 1
                    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                    consumed += 1
                }
                do {
                    manifest.dependencies.append(
                        try dependency(bytes, from: podStart, to: lineEnd, line: line, lineStart: lineStart, file: file)
                    )
                } catch let error as ManifestError {
                    manifest.unreadableDependencies.append(error)
                }
            }
            lineStart = lineEnd + 1
            line += consumed
        }
        return manifest
    }

    /// True when the text before a `#` comment ends with `,` (outside strings, roughly: Podfiles keep `#` out of
    /// their pod names and versions).
    static func endsWithComma(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        var last: UInt8?
        var quote: UInt8?
        for byte in bytes[start..<end] {
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { quote = byte; last = byte; continue }
            if byte == UInt8(ascii: "#") { break }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") { last = byte }
        }
        return last == UInt8(ascii: ",")
    }

    /// The offset just after `pod ` when the line (after indentation) is a `pod` call; nil otherwise.
    private static func podCall(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        var index = start
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        let word = Array("pod".utf8)
        guard index + 3 < end, Array(bytes[index..<index + 3]) == word,
            bytes[index + 3] == UInt8(ascii: " ") || bytes[index + 3] == UInt8(ascii: "(")
                || bytes[index + 3] == UInt8(ascii: "\t")
        else { return nil }
        return index + 3
    }

    /// One argument of a `pod` call: a string literal, a symbol or `key:` label, `=>`, or something else.
    private enum Token: Equatable {
        case string(String, Range<Int>)
        case symbol(String)
        case arrow
        case comma
        case open
        case close
        case other(Int)
    }

    /// The options that say where a pod comes from, which must be literal for Lockstep to read the pod.
    private static let sourceKeys: Set<String> = ["git", "tag", "branch", "commit", "path", "podspec", "source"]

    static func dependency(
        _ bytes: [UInt8], from start: Int, to end: Int, line: Int, lineStart: Int, file: ManifestFile
    ) throws -> PackageDependency {
        let tokens = try tokenize(bytes, start, end, line: line, lineStart: lineStart, file: file)
        var known: String?
        func problem(_ reason: String, at offset: Int) -> ManifestError {
            var error = ManifestError(file: file, line: line, column: offset - lineStart + 1, reason: reason)
            error.dependencyIdentity = known
            return error
        }
        guard case .string(let fullName, let nameRange)? = tokens.first else {
            throw problem(
                "a `pod` whose name is not a string literal; Lockstep reads Podfiles without running Ruby", at: start)
        }
        let podName = String(fullName.split(separator: "/").first ?? Substring(fullName))
        known = podName
        var constraints: [(String, Range<Int>)] = []
        var options: [String: (String, Range<Int>)] = [:]
        var index = 1
        while index < tokens.count {
            switch tokens[index] {
            case .comma:
                index += 1
            case .string(let text, let range) where options.isEmpty:
                constraints.append((text, range))
                index += 1
            case .symbol(let key):
                // `:key => value` or `key: value`
                var next = index + 1
                if next < tokens.count, tokens[next] == .arrow { next += 1 }
                guard next < tokens.count, case .string(let value, let range) = tokens[next] else {
                    if Self.sourceKeys.contains(key), next < tokens.count, case .other(let offset) = tokens[next] {
                        throw problem("`\(key)` of pod \(fullName) is not a string literal", at: offset)
                    }
                    // `:modular_headers => true`, `:configurations => ['Debug']`: options that say nothing of
                    // versions; skipped up to the next argument.
                    var depth = 0
                    while next < tokens.count {
                        if tokens[next] == .open { depth += 1 } else if tokens[next] == .close { depth -= 1 }
                        if depth <= 0, tokens[next] == .comma { break }
                        next += 1
                    }
                    index = next
                    continue
                }
                options[key] = (value, range)
                index = next + 1
            case .other(let offset):
                throw problem(
                    "pod \(fullName): an argument Lockstep cannot read statically (a variable, interpolation or call)",
                    at: offset)
            default:
                index += 1
            }
        }
        let column = start - lineStart - 2
        func make(_ requirement: Requirement, _ range: Range<Int>) -> PackageDependency {
            var dependency = PackageDependency(
                url: options["git"]?.0, explicitName: nil, requirement: requirement, line: line, column: max(column, 1),
                requirementRange: range)
            dependency.podName = podName
            dependency.podOption = ["source", "podspec"].first { options[$0] != nil }
            return dependency
        }
        if let path = options["path"] { return make(.path(path.0), path.1) }
        if options["git"] != nil {
            if let tag = options["tag"] {
                // A pin (the build copy's, or main's for a candidate) takes the pod from a spec repo at a version:
                // it replaces the whole `:git`/`:tag` span after the name, keeping the other options (`pinText`).
                let sources = ["git", "tag", "branch", "commit"].compactMap { options[$0]?.1.upperBound }
                let span = nameRange.upperBound..<(sources.max() ?? tag.1.upperBound)
                return make(.exact(tag.0.hasPrefix("v") ? String(tag.0.dropFirst()) : tag.0), span)
            }
            if let branch = options["branch"] { return make(.branch(branch.0), branch.1) }
            if let commit = options["commit"] { return make(.revision(commit.0), commit.1) }
            return make(.branch("HEAD"), nameRange.upperBound..<nameRange.upperBound)
        }
        guard let first = constraints.first, let last = constraints.last else {
            // No version: any; a pin inserts one after the name.
            return make(.range("0.0.0", "999999.0.0"), nameRange.upperBound..<nameRange.upperBound)
        }
        let range = first.1.lowerBound..<last.1.upperBound
        guard var requirement = requirement(constraints.map(\.0)).map({ make($0, range) }) else {
            throw problem(
                """
                pod \(fullName): the constraint \(constraints.map { "'\($0.0)'" }.joined(separator: ", ")) is not \
                one Lockstep reads (=, ~>, >, >=, <, <=, intersected)
                """,
                at: first.1.lowerBound)
        }
        requirement.writtenRequirement = String(decoding: bytes[range], as: UTF8.self)
        return requirement
    }

    /// CocoaPods constraints as a requirement; nil for a combination without a SwiftPM equivalent (`!=`, or
    /// constraints that admit nothing).
    ///
    /// Several constraints intersect (`'~> 1.6', '>= 1.6.1'` admits 1.6.1 ≤ v < 2.0). `~> 1.2` admits 1.2 ≤ v < 2.0,
    /// `~> 1.2.3` admits 1.2.3 ≤ v < 1.3.0; `> 1.2` admits every release after 1.2.0 (1.2.1 and on), `<= 1.2` every
    /// release up to 1.2.0: exact for releases, which is what a requirement picks from (a prerelease only when named).
    public static func requirement(_ constraints: [String]) -> Requirement? {
        func split(_ text: String) -> (op: String, version: String) {
            let trimmed = text.split(separator: " ", omittingEmptySubsequences: true)
            if trimmed.count == 2 { return (String(trimmed[0]), String(trimmed[1])) }
            for op in ["~>", ">=", "<=", "!=", ">", "<", "="] where text.hasPrefix(op) {
                return (op, String(text.dropFirst(op.count)).filter { $0 != " " })
            }
            return ("=", text.filter { $0 != " " })
        }
        /// `1.2` → (1, 2, 0), prerelease kept; nil for something that is not a version.
        func parts(_ version: String) -> (numbers: [Int], prerelease: String?)? {
            let main = version.split(separator: "-", maxSplits: 1)
            guard let head = main.first else { return nil }
            var numbers: [Int] = []
            for part in head.split(separator: ".", omittingEmptySubsequences: false) {
                guard let number = Int(part), number >= 0 else { return nil }
                numbers.append(number)
            }
            guard (1...3).contains(numbers.count) else { return nil }
            return (numbers, main.count > 1 ? String(main[1]) : nil)
        }
        func text(_ numbers: [Int], _ prerelease: String? = nil) -> String {
            var numbers = numbers
            while numbers.count < 3 { numbers.append(0) }
            return numbers.map(String.init).joined(separator: ".") + (prerelease.map { "-" + $0 } ?? "")
        }
        func padded(_ numbers: [Int]) -> [Int] { numbers + Array(repeating: 0, count: max(0, 3 - numbers.count)) }
        func less(_ a: [Int], _ b: [Int]) -> Bool { padded(a).lexicographicallyPrecedes(padded(b)) }
        let unbounded = [999_999, 0, 0]
        var low: (numbers: [Int], prerelease: String?) = ([0, 0, 0], nil)
        var high = unbounded
        var exact: String?
        for (op, version) in constraints.map(split) {
            guard let (numbers, prerelease) = parts(version) else { return nil }
            let full = padded(numbers)
            var lower: [Int]?, upper: [Int]?
            switch op {
            case "=":
                guard constraints.count == 1 else { return nil }
                exact = text(numbers, prerelease)
            case "~>":
                lower = numbers
                // Up to the next value of the second-to-last part written: `~> 1` and `~> 1.2` → 2.0, `~> 1.2.3` → 1.3.
                upper = numbers.count >= 3 ? [full[0], full[1] + 1, 0] : [full[0] + 1, 0, 0]
            case ">=": lower = numbers
            case ">": lower = prerelease == nil ? [full[0], full[1], full[2] + 1] : full
            case "<": upper = numbers
            case "<=": upper = [full[0], full[1], full[2] + 1]
            default: return nil
            }
            if let lower, !less(padded(lower), padded(low.numbers)) {
                low = (padded(lower), op == "~>" || op == ">=" ? prerelease : low.prerelease)
            }
            if let upper, less(padded(upper), high) { high = padded(upper) }
        }
        if let exact { return .exact(exact) }
        guard less(low.numbers, high) else { return nil }
        let from = text(low.numbers, low.prerelease)
        // Spelled as SwiftPM's own kinds when a `~>` says so; `'>= 1.4', '< 2.0'` stays the range it was written as.
        let pessimistic = constraints.contains { split($0).op == "~>" }
        if pessimistic, high == [low.numbers[0] + 1, 0, 0] { return .upToNextMajor(from) }
        if pessimistic, high == [low.numbers[0], low.numbers[1] + 1, 0] { return .upToNextMinor(from) }
        return .range(from, text(high))
    }

    private static func tokenize(
        _ bytes: [UInt8], _ start: Int, _ end: Int, line: Int, lineStart: Int, file: ManifestFile
    ) throws -> [Token] {
        var tokens: [Token] = []
        var index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "("),
                UInt8(ascii: ")"):
                index += 1
            case UInt8(ascii: "#"):
                return tokens
            case UInt8(ascii: ","):
                tokens.append(.comma); index += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                tokens.append(.open); index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                tokens.append(.close); index += 1
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                let quote = byte, open = index
                index += 1
                var value: [UInt8] = []
                while index < end, bytes[index] != quote {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < end { index += 1 }
                    if quote == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "#"), index + 1 < end,
                        bytes[index + 1] == UInt8(ascii: "{")
                    {
                        tokens.append(.other(open))
                    }
                    value.append(bytes[index]); index += 1
                }
                guard index < end else {
                    throw ManifestError(
                        file: file, line: line, column: open - lineStart + 1,
                        reason: "a string is never closed on this line")
                }
                index += 1
                if tokens.last == .other(open) { continue }
                tokens.append(.string(String(decoding: value, as: UTF8.self), open..<index))
            case UInt8(ascii: "="):
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: ">") {
                    tokens.append(.arrow); index += 2
                } else {
                    tokens.append(.other(index)); index += 1
                }
            case UInt8(ascii: ":"):
                var word = index + 1
                while word < end, isWordByte(bytes[word]) { word += 1 }
                tokens.append(
                    word > index + 1
                        ? .symbol(String(decoding: bytes[(index + 1)..<word], as: UTF8.self)) : .other(index))
                index = max(word, index + 1)
            default:
                if isWordByte(byte) {
                    var word = index
                    while word < end, isWordByte(bytes[word]) { word += 1 }
                    let name = String(decoding: bytes[index..<word], as: UTF8.self)
                    if word < end, bytes[word] == UInt8(ascii: ":") {
                        tokens.append(.symbol(name)); index = word + 1
                    } else if name == "true" || name == "false" || name == "nil" {
                        tokens.append(.symbol(name)); index = word
                    } else {
                        tokens.append(.other(index)); index = word
                    }
                } else {
                    tokens.append(.other(index)); index += 1
                }
            }
        }
        return tokens
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_")
    }

    /// The Podfile with `source '<url>'` before its first `source` line, so CocoaPods looks there first. A Podfile
    /// without `source` lines uses the CocoaPods trunk; naming any source turns that off, so trunk is named after it.
    public static func addingSource(_ url: String, to text: String) -> String {
        let quoted =
            "'" + url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("source ") || trimmed.hasPrefix("source(") || trimmed.hasPrefix("source\t") {
                let indent = String(line.prefix(line.utf8.count - trimmed.utf8.count))
                var bytes = Array(text.utf8)
                bytes.insert(contentsOf: Array("\(indent)source \(quoted)\n".utf8), at: offset)
                return String(decoding: bytes, as: UTF8.self)
            }
            offset += line.utf8.count + 1
        }
        return "source \(quoted)\nsource 'https://cdn.cocoapods.org/'\n" + text
    }

    /// The text a pin puts in place of the dependency's requirement bytes: the version in the quotes the file
    /// uses, with `, ` before it when the pod had no version at all.
    static func pinText(_ version: String, replacing range: Range<Int>, in text: String) -> String {
        let bytes = Array(text.utf8)
        if range.isEmpty { return ", '\(version)'" }
        if bytes[range.lowerBound] != UInt8(ascii: "'"), bytes[range.lowerBound] != UInt8(ascii: "\"") {
            return gitPinText(version, Array(bytes[range]))
        }
        let quote = bytes[range.lowerBound] == UInt8(ascii: "\"") ? "\"" : "'"
        return quote + version + quote
    }

    /// The pin of a `:git` pod with a `:tag`: `span` runs from after the pod's name to the end of its last source
    /// option (`, :git => '…', :tag => '1.2.3'`); it becomes `, '1.2.3'` in the quotes the line uses, followed by the
    /// span's other options (`:modular_headers => true`) as written. Versions and source options are dropped: the pod
    /// now comes from the spec repo at that version.
    static func gitPinText(_ version: String, _ span: [UInt8]) -> String {
        // The span's top-level arguments (split at commas outside quotes and brackets).
        var arguments: [[UInt8]] = [], current: [UInt8] = [], quote: UInt8?, depth = 0, firstQuote: UInt8?
        for byte in span {
            if let open = quote {
                current.append(byte)
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                quote = byte
                firstQuote = firstQuote ?? byte
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "("): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                arguments.append(current); current = []
                continue
            default: break
            }
            current.append(byte)
        }
        arguments.append(current)
        let kept = arguments.map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { argument in
                guard !argument.isEmpty, !argument.hasPrefix("'"), !argument.hasPrefix("\"") else { return false }
                let key = argument.drop { $0 == ":" }.prefix { $0.isLetter || $0 == "_" }
                return !["git", "tag", "branch", "commit"].contains(String(key))
            }
        let mark = firstQuote == UInt8(ascii: "\"") ? "\"" : "'"
        return ", " + ([mark + version + mark] + kept).joined(separator: ", ")
    }
}
