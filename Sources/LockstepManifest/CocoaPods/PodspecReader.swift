import Foundation

/// What a podspec says about the pod itself, beside its dependencies: its name and version, and where the
/// `version` and `source` values sit, so a release's spec (version and source tag set to the release) can be
/// written from it with every other byte kept.
public struct PodspecFacts: Sendable, Hashable {
    /// The pod's `name`, when it is a literal.
    public var name: String?
    /// The pod's `version`, when it is a literal.
    public var version: String?
    /// 1-based line of the `version` value.
    public var versionLine: Int?
    /// UTF-8 byte range of the `version` value (the literal with its quotes).
    public var versionRange: Range<Int>?
    /// UTF-8 byte range of the `source` value (the whole hash or JSON object).
    public var sourceRange: Range<Int>?
    /// The `source_files` patterns, when literal: where the pod's Swift files are.
    public var sourceFiles: [String] = []
}

/// Reads a CocoaPods component's own spec statically (no Ruby runs): the `*.podspec` Ruby DSL subset teams write
/// (`s.name`, `s.version`, `s.source`, `s.source_files`, `s.dependency 'X', '~> 1.2'`, platform-specific
/// `s.ios.dependency`, and the same inside `s.subspec … do |ss|` blocks) and the `*.podspec.json` form spec repos hold.
/// Dependencies on the pod's own subspecs (`Name/Core`) are not dependencies. Constraints follow CocoaPods'
/// semantics as in `PodfileReader`. A line Lockstep cannot read statically (a version from a constant, an
/// interpolated constraint) is an unreadable dependency or a missing version, never a crash.
public enum PodspecReader {
    /// Reads a Ruby `*.podspec`.
    public static func parse(_ text: String, file: ManifestFile) throws -> Manifest {
        var manifest = Manifest(packageName: nil, dependencies: [], text: text, file: file)
        manifest.format = .podspec
        var facts = PodspecFacts()
        var unreadable: [(name: String?, error: ManifestError)] = []
        let bytes = Array(text.utf8)
        var lineStart = 0, line = 1
        var heredocEnd: String?
        var sawPodSpec = false
        var rootVariable: String?
        var versionProblem: ManifestError?
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let lineText = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
            var consumed = 1
            defer { lineStart = lineEnd + 1; line += consumed }
            // A heredoc's body (`s.description = <<-DESC` … `DESC`) is text, whatever it says; so is a
            // `=begin` … `=end` comment block.
            if let end = heredocEnd {
                if lineText.trimmingCharacters(in: .whitespaces) == end || (end == "=end" && lineText.hasPrefix("=end"))
                {
                    heredocEnd = nil
                }
                continue
            }
            if lineText.hasPrefix("=begin") { heredocEnd = "=end"; continue }
            heredocEnd = heredocTerminator(in: lineText)
            if lineText.contains("Pod::Spec.new") {
                sawPodSpec = true
                // `Pod::Spec.new do |s|`: `s` is the spec itself; `ss` in a subspec block is not.
                if rootVariable == nil, let open = lineText.firstIndex(of: "|") {
                    let rest = lineText[lineText.index(after: open)...]
                    rootVariable = rest.prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
                }
            }
            guard var call = attributeCall(bytes, lineStart, lineEnd) else { continue }
            if call.isRoot, let rootVariable, call.variable != rootVariable { call.isRoot = false }
            switch call.attribute {
            case "dependency":
                while endsWithComma(bytes, lineStart, lineEnd), lineEnd < bytes.count, consumed < 20 {
                    lineEnd += 1
                    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                    consumed += 1
                }
                let named = firstString(bytes, call.argumentsStart, lineEnd)
                do {
                    manifest.dependencies.append(
                        try PodfileReader.dependency(
                            bytes, from: call.argumentsStart, to: lineEnd, line: line,
                            lineStart: lineStart, file: file))
                } catch let error as ManifestError {
                    unreadable.append((named, error))
                }
            case "name", "version", "source_files":
                guard let value = assignedValue(bytes, call.argumentsStart, lineEnd) else {
                    if call.attribute == "version", call.isRoot {
                        unreadable.append(
                            (
                                nil,
                                ManifestError(
                                    file: file, line: line, column: call.argumentsStart - lineStart + 1,
                                    reason:
                                        """
                                        the podspec's version is not a string literal; Lockstep reads podspecs \
                                        without running Ruby, so write `s.version = '1.2.3'`
                                        """
                                )
                            ))
                    }
                    continue
                }
                if call.attribute == "source_files" {
                    if call.isRoot { facts.sourceFiles += value.strings.map(\.text) }
                    continue
                }
                guard call.isRoot, let literal = value.strings.first, value.strings.count == 1 else { continue }
                if call.attribute == "name", facts.name == nil { facts.name = literal.text }
                if call.attribute == "version" {
                    // Ruby keeps the last assignment it runs (one per `if` branch, say): which one is not in the text.
                    if let first = facts.versionLine {
                        versionProblem = ManifestError(
                            file: file, line: line, column: call.argumentsStart - lineStart + 1,
                            reason:
                                """
                                the podspec sets its version more than once (also on line \(first)); Lockstep \
                                reads podspecs without running Ruby, so keep one `s.version = '1.2.3'`
                                """
                        )
                        continue
                    }
                    facts.version = literal.text
                    facts.versionLine = line
                    facts.versionRange = literal.range
                }
            case "source":
                guard call.isRoot, facts.sourceRange == nil, let range = hashValueRange(bytes, call.argumentsStart)
                else { continue }
                facts.sourceRange = range
                // The hash may span lines: skip them.
                let extra = bytes[lineEnd..<min(range.upperBound, bytes.count)].filter { $0 == UInt8(ascii: "\n") }
                    .count
                for _ in 0..<extra {
                    lineEnd += 1
                    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                }
                consumed += extra
            default:
                continue
            }
        }
        if !sawPodSpec, facts.name == nil {
            throw ManifestError(
                file: file, line: 1, column: 1,
                reason: "no `Pod::Spec.new do |s|` block and no `s.name`: this is not a podspec Lockstep can read")
        }
        if let versionProblem {
            // No version Lockstep can trust: none is written into a release spec.
            facts.version = nil
            facts.versionRange = nil
            unreadable.append((nil, versionProblem))
        }
        finish(&manifest, facts: facts, unreadable: unreadable)
        return manifest
    }

    /// Reads a `*.podspec.json` (the form `pod ipc spec` prints and spec repos hold).
    public static func parseJSON(_ text: String, file: ManifestFile) throws -> Manifest {
        var manifest = Manifest(packageName: nil, dependencies: [], text: text, file: file)
        manifest.format = .podspecJSON
        let bytes = Array(text.utf8)
        var walker = JSONWalker(bytes: bytes, file: file)
        let root: JSONWalker.Value
        do { root = try walker.document() } catch let error as JSONWalker.Failure {
            let (line, column) = Self.position(of: error.offset, in: bytes)
            throw ManifestError(file: file, line: line, column: column, reason: "not valid JSON: \(error.reason)")
        }
        guard case .object(let members, _) = root.kind else {
            throw ManifestError(
                file: file, line: 1, column: 1, reason: "a podspec.json is a JSON object with `name` and `version`")
        }
        let lines = LineOffsets(bytes: bytes)
        var facts = PodspecFacts()
        if case .string(let name)? = members["name"]?.kind { facts.name = name }
        if let version = members["version"], case .string(let text) = version.kind {
            facts.version = text
            facts.versionRange = version.range
            facts.versionLine = lines.position(of: version.range.lowerBound).line
        }
        facts.sourceRange = members["source"]?.range
        if let files = members["source_files"] { facts.sourceFiles = files.strings }
        var unreadable: [(name: String?, error: ManifestError)] = []
        func dependencies(of spec: [String: JSONWalker.Value]) {
            guard case .object(let entries, let order)? = spec["dependencies"]?.kind else { return }
            for key in order {
                guard let value = entries[key] else { continue }
                let (line, column) = lines.position(of: value.keyOffset ?? value.range.lowerBound)
                let constraints = value.strings
                let requirement: Requirement?
                var range = value.range
                if constraints.isEmpty {
                    requirement = .range("0.0.0", "999999.0.0")
                } else {
                    requirement = PodfileReader.requirement(constraints)
                    // The constraint strings themselves, so a pin would replace only them.
                    if case .array(let items) = value.kind, let first = items.first, let last = items.last {
                        range = first.range.lowerBound..<last.range.upperBound
                    }
                }
                guard let requirement else {
                    unreadable.append(
                        (
                            key,
                            ManifestError(
                                file: file, line: line, column: column,
                                reason:
                                    """
                                    pod \(key): the constraint \
                                    \(constraints.map { "'\($0)'" }.joined(separator: ", ")) is not one Lockstep \
                                    reads (=, ~>, >, >=, <, <=, intersected)
                                    """
                            )
                        ))
                    continue
                }
                var dependency = PackageDependency(
                    url: nil, explicitName: nil, requirement: requirement, line: line, column: column,
                    requirementRange: range)
                if !constraints.isEmpty {
                    dependency.writtenRequirement = constraints.map { "'\($0)'" }.joined(separator: ", ")
                }
                dependency.podName = String(key.split(separator: "/").first ?? Substring(key))
                manifest.dependencies.append(dependency)
            }
        }
        dependencies(of: members)
        var pending = [members]
        while let spec = pending.popLast() {
            guard case .array(let subspecs)? = spec["subspecs"]?.kind else { continue }
            for subspec in subspecs {
                guard case .object(let inner, _) = subspec.kind else { continue }
                dependencies(of: inner)
                pending.append(inner)
            }
        }
        finish(&manifest, facts: facts, unreadable: unreadable)
        return manifest
    }

    /// Fills what both forms share: the pod's own name and layout, dependencies without self-references.
    private static func finish(
        _ manifest: inout Manifest, facts: PodspecFacts, unreadable: [(name: String?, error: ManifestError)]
    ) {
        let own = facts.name
        manifest.packageName = own
        manifest.podspec = facts
        if let own {
            manifest.dependencies.removeAll { $0.podName == own }
        }
        manifest.unreadableDependencies = unreadable.filter { entry in
            guard let own, let name = entry.name else { return true }
            return name != own && !name.hasPrefix(own + "/")
        }.map(\.error)
        // One module named after the pod, made of the files its `source_files` names (their folder before the first
        // glob).
        if let own {
            manifest.products = [ManifestProduct(name: own, kind: .library, targets: [own])]
            manifest.targets = [
                // Its patterns may pick some of the folder's files only.
                ManifestTarget(
                    name: own, kind: .regular, path: sourceFolder(facts.sourceFiles),
                    dependencies: manifest.dependencies.compactMap(\.podName), selectsFiles: true)
            ]
        }
    }

    /// The folder before the first wildcard of the first `source_files` pattern (`Sources/Cart/**/*.swift` →
    /// `Sources/Cart`); nil when there is no pattern or it starts with a wildcard.
    static func sourceFolder(_ patterns: [String]) -> String? {
        guard let first = patterns.first else { return nil }
        var folders: [Substring] = []
        for part in first.split(separator: "/") {
            if part.contains(where: { "*?{[".contains($0) }) { break }
            folders.append(part)
        }
        // `Sources/Cart.swift`: a file, so its folder.
        if folders.count == first.split(separator: "/").count { folders.removeLast() }
        return folders.isEmpty ? nil : folders.joined(separator: "/")
    }

    // MARK: Ruby

    private struct AttributeCall {
        var variable: String
        var attribute: String
        var argumentsStart: Int
        /// The spec itself (`s.version`), not a platform proxy (`s.ios.…`); subspec variables count as root
        /// for dependencies only, which the caller decides by attribute.
        var isRoot: Bool
    }

    private static let platforms: Set<String> = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]
    private static let attributes: Set<String> = ["dependency", "name", "version", "source", "source_files"]

    /// `s.version = …`, `ss.dependency '…'`, `s.ios.dependency '…'` at the start of a line (after indentation).
    private static func attributeCall(_ bytes: [UInt8], _ start: Int, _ end: Int) -> AttributeCall? {
        var index = start
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        var words: [String] = []
        while index < end {
            let wordStart = index
            while index < end, isWordByte(bytes[index]) { index += 1 }
            guard index > wordStart else { return nil }
            words.append(String(decoding: bytes[wordStart..<index], as: UTF8.self))
            guard index < end, bytes[index] == UInt8(ascii: "."), words.count < 3 else { break }
            index += 1
        }
        guard words.count >= 2, let attribute = words.last, attributes.contains(attribute) else { return nil }
        if words.count == 3, !platforms.contains(words[1]) { return nil }
        guard
            index == end
                || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "="), UInt8(ascii: "(")].contains(bytes[index])
        else { return nil }
        return AttributeCall(variable: words[0], attribute: attribute, argumentsStart: index, isRoot: words.count == 2)
    }

    /// The string literals of `= 'a'` or `= ['a', 'b']` (a value made only of literals); nil otherwise.
    private static func assignedValue(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (
        strings: [(text: String, range: Range<Int>)], Void
    )? {
        var index = start
        func skipSpace() {
            while index < end,
                bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
                    || bytes[index] == UInt8(ascii: "\r")
            { index += 1 }
        }
        skipSpace()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        var strings: [(text: String, range: Range<Int>)] = []
        while index < end {
            skipSpace()
            guard index < end else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",") {
                index += 1; continue
            }
            guard byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") else { return nil }
            let open = index
            index += 1
            var value: [UInt8] = []
            while index < end, bytes[index] != byte {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < end { index += 1 }
                // `"#{…}"` is Ruby, not a literal.
                if byte == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "#"), index + 1 < end,
                    bytes[index + 1] == UInt8(ascii: "{")
                {
                    return nil
                }
                value.append(bytes[index]); index += 1
            }
            guard index < end else { return nil }
            index += 1
            strings.append((String(decoding: value, as: UTF8.self), open..<index))
        }
        return strings.isEmpty ? nil : (strings, ())
    }

    /// The range of `{ … }` after `=` (strings and nesting respected; may span lines); nil when the value is not a
    /// hash.
    private static func hashValueRange(_ bytes: [UInt8], _ start: Int) -> Range<Int>? {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        let open = index
        var depth = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let q = quote {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "#") {
                // A comment runs to the end of its line (`:git => '…', # don't edit`).
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return open..<(index + 1) }
            }
            index += 1
        }
        return nil
    }

    /// The first string literal's text on a line (the pod a dependency names), even when the rest is unreadable.
    private static func firstString(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String? {
        guard let open = bytes[start..<end].firstIndex(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") }),
            let close = bytes[(open + 1)..<end].firstIndex(of: bytes[open])
        else { return nil }
        return String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
    }

    /// `<<-DESC`, `<<~DESC` or `<<DESC` on a line: the word that ends the heredoc.
    private static func heredocTerminator(in line: String) -> String? {
        guard let marker = line.range(of: "<<") else { return nil }
        var rest = line[marker.upperBound...]
        if rest.first == "-" || rest.first == "~" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "'" || $0 == "\"" }
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = word.first, first.isUppercase else { return nil }
        return String(word)
    }

    private static func endsWithComma(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        PodfileReader.endsWithComma(bytes, start, end)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_")
    }

    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        LineOffsets(bytes: bytes).position(of: offset)
    }
}

/// A small JSON reader that keeps every value's byte range (Foundation's parser forgets where values were).
struct JSONWalker {
    struct Failure: Error {
        var offset: Int
        var reason: String
    }

    final class Value {
        enum Kind {
            case object([String: Value], [String])
            case array([Value])
            case string(String)
            case other
        }
        let kind: Kind
        let range: Range<Int>
        var keyOffset: Int?
        init(kind: Kind, range: Range<Int>) {
            self.kind = kind
            self.range = range
        }

        /// The value's strings: itself, or an array's string items.
        var strings: [String] {
            switch kind {
            case .string(let text): return [text]
            case .array(let items):
                return items.compactMap { if case .string(let text) = $0.kind { return text } else { return nil } }
            default: return []
            }
        }
    }

    let bytes: [UInt8]
    let file: ManifestFile
    var index = 0
    var depth = 0

    init(bytes: [UInt8], file: ManifestFile) {
        self.bytes = bytes
        self.file = file
    }

    mutating func document() throws -> Value {
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw Failure(offset: index, reason: "text after the JSON value") }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(bytes[index])
        { index += 1 }
    }

    private mutating func value() throws -> Value {
        skipSpace()
        guard index < bytes.count else {
            throw Failure(offset: index, reason: "the file ends where a value was expected")
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            depth += 1
            guard depth < 200 else { throw Failure(offset: index, reason: "nested deeper than 200 levels") }
            defer { depth -= 1 }
            index += 1
            var members: [String: Value] = [:]
            var order: [String] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1; return Value(kind: .object([:], []), range: start..<index)
            }
            while true {
                skipSpace()
                let keyStart = index
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw Failure(offset: index, reason: "expected a key in quotes")
                }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw Failure(offset: index, reason: "expected `:` after a key")
                }
                index += 1
                let member = try value()
                member.keyOffset = keyStart
                if members[key] == nil { order.append(key) }
                members[key] = member
                skipSpace()
                guard index < bytes.count else { throw Failure(offset: index, reason: "an object is never closed") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else {
                    throw Failure(offset: index, reason: "expected `,` or `}`")
                }
                index += 1
                return Value(kind: .object(members, order), range: start..<index)
            }
        case UInt8(ascii: "["):
            depth += 1
            guard depth < 200 else { throw Failure(offset: index, reason: "nested deeper than 200 levels") }
            defer { depth -= 1 }
            index += 1
            var items: [Value] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1; return Value(kind: .array([]), range: start..<index)
            }
            while true {
                items.append(try value())
                skipSpace()
                guard index < bytes.count else { throw Failure(offset: index, reason: "an array is never closed") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else {
                    throw Failure(offset: index, reason: "expected `,` or `]`")
                }
                index += 1
                return Value(kind: .array(items), range: start..<index)
            }
        case UInt8(ascii: "\""):
            let text = try string()
            return Value(kind: .string(text), range: start..<index)
        default:
            while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
                throw Failure(offset: start, reason: "`\(word.prefix(20))` is not a JSON value")
            }
            return Value(kind: .other, range: start..<index)
        }
    }

    /// A quoted string at `index`, escapes decoded (through Foundation, which knows `\u` pairs).
    private mutating func string() throws -> String {
        let open = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            index += 1
        }
        guard index < bytes.count else { throw Failure(offset: open, reason: "a string is never closed") }
        index += 1
        let literal = Data(bytes[open..<index])
        guard let text = try? JSONSerialization.jsonObject(with: literal, options: [.fragmentsAllowed]) as? String
        else {
            throw Failure(offset: open, reason: "a string with an invalid escape")
        }
        return text
    }
}

extension Manifest {
    /// The spec of a release as a spec repo holds it: this podspec's text with its `version` set to `version` and
    /// its `source` pointing at `git` (at `tag`, else at `commit`); every other byte kept, in the podspec's own
    /// form (Ruby or JSON). Throws, naming the file, when the podspec has no literal version or no `source` hash.
    public func podspecForRelease(version: String, git: String, tag: String? = nil, commit: String? = nil) throws
        -> String
    {
        guard let facts = podspec, format.isPodspec else {
            throw ManifestError(file: file, line: 1, column: 1, reason: "not a podspec")
        }
        // Lossy decoding put U+FFFD where the file had bytes that are not UTF-8: writing it back would change them.
        guard !text.unicodeScalars.contains("\u{FFFD}") else {
            throw ManifestError(
                file: file, line: 1, column: 1,
                reason:
                    """
                    the podspec holds bytes that are not UTF-8 (or a U+FFFD character); save it as UTF-8 so its \
                    release spec keeps every byte
                    """
            )
        }
        guard let versionRange = facts.versionRange else {
            throw ManifestError(
                file: file, line: 1, column: 1,
                reason: "the podspec has no literal `version` to set to \(version); write `s.version = '\(version)'`")
        }
        guard let sourceRange = facts.sourceRange else {
            throw ManifestError(
                file: file, line: facts.versionLine ?? 1, column: 1,
                reason:
                    """
                    the podspec has no `source` hash to point at the release; write `s.source = { :git => '…', \
                    :tag => s.version.to_s }`
                    """
            )
        }
        let json = format == .podspecJSON
        for value in [version, git, tag ?? "", commit ?? ""]
        where value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ManifestError(
                file: file, line: 1, column: 1,
                reason: "`\(value.debugDescription)` holds a control character; it cannot go into a podspec")
        }
        func quoted(_ text: String) -> String {
            if json {
                let data =
                    (try? JSONSerialization.data(
                        withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data()
                return String(decoding: data, as: UTF8.self)
            }
            // A single-quoted Ruby string: only `\\` and `\'` mean something inside it.
            return "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
                + "'"
        }
        var where_: [(String, String)] = [("git", git)]
        if let tag { where_.append(("tag", tag)) } else if let commit { where_.append(("commit", commit)) }
        let source =
            json
            ? "{ " + where_.map { "\(quoted($0.0)): \(quoted($0.1))" }.joined(separator: ", ") + " }"
            : "{ " + where_.map { ":\($0.0) => \(quoted($0.1))" }.joined(separator: ", ") + " }"
        var bytes = Array(text.utf8)
        // From the end, so the earlier range stays valid.
        for (range, replacement) in [(versionRange, quoted(version)), (sourceRange, source)].sorted(by: {
            $0.0.lowerBound > $1.0.lowerBound
        }) {
            bytes.replaceSubrange(range, with: Array(replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
