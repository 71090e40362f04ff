/// A value of an old-style (NeXTSTEP) property list, the format of Xcode's `project.pbxproj`, with where it sits
/// in the text: enough to read package references and to rewrite one value in place, every other byte kept.
public struct PropertyListValue: Sendable {
    public enum Kind: Sendable {
        /// A quoted or unquoted string (escapes decoded), or `<hex data>` as written.
        case string(String)
        case array([PropertyListValue])
        /// Key–value pairs in file order (a key written twice keeps both; `subscript` takes the last, as Xcode).
        case dictionary([(key: String, value: PropertyListValue)])
    }

    public var kind: Kind
    /// UTF-8 byte range of the value in the text (a dictionary from `{` to `}` inclusive).
    public var range: Range<Int>
    /// 1-based line and column (in bytes) where the value starts.
    public var line: Int
    public var column: Int

    /// The string, when this is one.
    public var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The value of `key` when this is a dictionary holding it (the last one written).
    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let pairs) = kind else { return nil }
        return pairs.last { $0.key == key }?.value
    }

    /// The pairs, when this is a dictionary.
    public var pairs: [(key: String, value: PropertyListValue)] {
        if case .dictionary(let pairs) = kind { return pairs }
        return []
    }
}

/// Parses an old-style property list strictly: dictionaries `{ k = v; }`, arrays `( a, b, )`, quoted strings
/// with escapes, unquoted strings, `<hex>` data, `//` and `/* */` comments. Nesting is bounded, so a hostile
/// file cannot exhaust the stack; every error names line and column. No regular expressions over the file.
public struct PropertyListParser {
    /// Deeper than any real project (Xcode nests about 6 levels).
    public static let maximumDepth = 64

    public struct Failure: Error, Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var reason: String
    }

    private let bytes: [UInt8]
    private var offset = 0
    private let lines: LineOffsets

    /// Parses `text`, which must hold exactly one value (a project file's root dictionary) plus comments.
    public static func parse(_ text: String) throws(Failure) -> PropertyListValue {
        var parser = PropertyListParser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        try parser.skipTrivia()
        guard parser.offset == parser.bytes.count else {
            throw parser.failure("unexpected text after the property list's end")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineOffsets(bytes: bytes)
    }

    /// 1-based line and column of a byte offset.
    func position(_ at: Int) -> (line: Int, column: Int) { lines.position(of: at) }

    func failure(_ reason: String, at: Int? = nil) -> Failure {
        let place = position(at ?? offset)
        return Failure(line: place.line, column: place.column, reason: reason)
    }

    private mutating func skipTrivia() throws(Failure) {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                let start = offset
                offset += 2
                while offset + 1 < bytes.count,
                    !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
                { offset += 1 }
                guard offset + 1 < bytes.count else { throw failure("a `/*` comment is never closed", at: start) }
                offset += 2
            } else {
                return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> PropertyListValue {
        try skipTrivia()
        guard offset < bytes.count else { throw failure("the file ends where a value was expected") }
        guard depth < Self.maximumDepth else {
            throw failure("nested deeper than \(Self.maximumDepth) levels; not a project file Xcode writes")
        }
        let start = offset
        let place = position(start)
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var pairs: [(key: String, value: PropertyListValue)] = []
            while true {
                try skipTrivia()
                guard offset < bytes.count else { throw failure("a `{` dictionary is never closed", at: start) }
                if bytes[offset] == UInt8(ascii: "}") { offset += 1; break }
                let key = try value(depth: depth + 1)
                guard let name = key.string else {
                    throw failure("a dictionary key must be a string", at: key.range.lowerBound)
                }
                try expect("=", after: "the key `\(name)`")
                let item = try value(depth: depth + 1)
                try expect(";", after: "the value of `\(name)`")
                pairs.append((name, item))
            }
            return PropertyListValue(
                kind: .dictionary(pairs), range: start..<offset, line: place.line, column: place.column)
        case UInt8(ascii: "("):
            offset += 1
            var items: [PropertyListValue] = []
            while true {
                try skipTrivia()
                guard offset < bytes.count else { throw failure("a `(` array is never closed", at: start) }
                if bytes[offset] == UInt8(ascii: ")") { offset += 1; break }
                items.append(try value(depth: depth + 1))
                try skipTrivia()
                guard offset < bytes.count else { throw failure("a `(` array is never closed", at: start) }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else if bytes[offset] != UInt8(ascii: ")") {
                    throw failure("expected `,` or `)` in an array")
                }
            }
            return PropertyListValue(kind: .array(items), range: start..<offset, line: place.line, column: place.column)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let text = try quoted()
            return PropertyListValue(kind: .string(text), range: start..<offset, line: place.line, column: place.column)
        case UInt8(ascii: "<"):
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") { offset += 1 }
            guard offset < bytes.count else { throw failure("a `<` data value is never closed", at: start) }
            offset += 1
            return PropertyListValue(
                kind: .string(String(decoding: bytes[start..<offset], as: UTF8.self)), range: start..<offset,
                line: place.line, column: place.column)
        default:
            while offset < bytes.count, Self.isUnquoted(bytes[offset]) { offset += 1 }
            guard offset > start else {
                throw failure("unexpected `\(String(decoding: [bytes[start]], as: UTF8.self))`; expected a value")
            }
            return PropertyListValue(
                kind: .string(String(decoding: bytes[start..<offset], as: UTF8.self)), range: start..<offset,
                line: place.line, column: place.column)
        }
    }

    /// The characters a string may hold without quotes (NeXTSTEP's set, as Xcode writes and reads it).
    static func isUnquoted(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private mutating func expect(_ token: Character, after what: String) throws(Failure) {
        try skipTrivia()
        guard offset < bytes.count, bytes[offset] == token.asciiValue! else {
            throw failure("expected `\(token)` after \(what)")
        }
        offset += 1
    }

    /// A quoted string with its escapes decoded (`\"`, `\\`, `\n`, `\t`, `\r`, `\U1234`, octal `\012`).
    private mutating func quoted() throws(Failure) -> String {
        let start = offset
        let quote = bytes[offset]
        offset += 1
        var result: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw failure("a quoted string is never closed", at: start) }
            let byte = bytes[offset]
            offset += 1
            if byte == quote { break }
            guard byte == UInt8(ascii: "\\") else { result.append(byte); continue }
            guard offset < bytes.count else { throw failure("a quoted string is never closed", at: start) }
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "a"): result.append(0x07)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "v"): result.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0, digits = 0
                while digits < 4, offset < bytes.count, let digit = Self.hexValue(bytes[offset]) {
                    scalar = scalar * 16 + digit
                    offset += 1
                    digits += 1
                }
                guard digits > 0, let unicode = Unicode.Scalar(scalar) else {
                    throw failure("a `\\U` escape needs up to four hex digits of a character", at: offset)
                }
                result.append(contentsOf: Array(String(Character(unicode)).utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0")), digits = 1
                while digits < 3, offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset])
                {
                    value = value * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                    offset += 1
                    digits += 1
                }
                guard value <= 0xFF else { throw failure("an octal escape above \\377", at: offset) }
                result.append(UInt8(value))
            default: result.append(escaped)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
