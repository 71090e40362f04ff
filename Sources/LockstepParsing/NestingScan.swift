/// One linear pass over Swift text that finds nesting swift-syntax cannot parse in bounded time.
///
/// swift-syntax 602 decides whether `[` starts an inline-array type by looking ahead twice per nested
/// `[` (time doubles with each level: 28 levels take minutes), parses nested generic arguments in
/// more than linear time, and recurses once per `#if`. Real code nests far less than the limits here.
/// Strings and comments are skipped; string interpolations are code and are scanned.
///
/// The same pass can find the bodies of functions, initializers and deinitializers (`blankingBodies(_:)`), which a
/// reader of declarations never walks: blanked out, swift-syntax parses a file without them (most of a library's
/// text).
public struct NestingScan {
    /// Where and why a text nests too deep.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var reason: String
    }

    /// Brackets of any kind open at once (swift-syntax's own release limit).
    public static let maximumDepth = 256
    /// `[` open at once inside one pair of braces: the parser's look-ahead doubles with each.
    public static let maximumSquareDepth = 10
    /// `#if` blocks open at once.
    public static let maximumConditionalDepth = 64
    /// Generic `<` open at once inside one pair of braces.
    public static let maximumAngleDepth = 64

    /// The first place `text` nests beyond a limit, nil when it stays within them.
    public static func check(_ text: String) -> Problem? {
        var scan = NestingScan(Array(text.utf8))
        return scan.run()
    }

    /// `bytes` with the text inside every function, initializer and deinitializer body replaced by spaces (line
    /// breaks kept, so every offset, line and column of the rest stays where it was), or the first place it nests
    /// beyond a limit. Accessor blocks (`var x: Int { … }`, subscripts) and closures outside bodies are kept.
    ///
    /// A body starts at the first `{` after `func`, `init` or `deinit` at the same bracket depth, unless a `;`, a
    /// `#` directive, a declaration keyword or the enclosing scope's `}` comes first (a protocol's requirements have
    /// no bodies: `func f()` followed by `var x: Int { get }` keeps the accessor block), and ends at its matching `}`.
    public static func blankingBodies(_ bytes: [UInt8]) -> Result<[UInt8], Problem> {
        var scan = NestingScan(bytes)
        scan.recordsBodies = true
        if let problem = scan.run() { return .failure(problem) }
        guard !scan.bodies.isEmpty else { return .success(bytes) }
        var blanked = bytes
        blanked.withUnsafeMutableBufferPointer { buffer in
            for body in scan.bodies {
                for index in body where buffer[index] != 10 && buffer[index] != 13 { buffer[index] = 32 }
            }
        }
        return .success(blanked)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Open `(`, `[`, `{`, and `\(` of interpolations (which resume `strings.last` when closed).
    private var opens: [UInt8] = []
    /// Per brace level: `[` and generic `<` open inside it.
    private var levels: [(square: Int, angle: Int)] = [(0, 0)]
    private var conditionals = 0
    /// Strings an open interpolation sits in: their `#` count and whether they are multi-line.
    private var strings: [(hashes: Int, multiline: Bool)] = []
    /// Whether `bodies` is filled (words are read only then).
    private var recordsBodies = false
    /// The text inside each function body's braces, in order; nested bodies are inside their enclosing one.
    private var bodies: [Range<Int>] = []
    /// `opens.count` where a `func`, `init` or `deinit` was read whose body has not started.
    private var pendingBody: Int?
    /// The body being read: `opens.count` inside its `{`, and where its text starts.
    private var openBody: (depth: Int, start: Int)?
    /// Words that start a declaration: after `func f()` without a body (a requirement), the next declaration.
    private static let declarationWords: Set<String> = [
        "var", "let", "subscript", "case", "typealias", "associatedtype", "struct", "class", "enum", "protocol",
        "extension", "actor", "import", "operator", "precedencegroup", "macro",
    ]

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    private static let interpolation = UInt8(ascii: "I")

    private func byte(_ offset: Int = 0) -> UInt8? {
        let at = index + offset
        return at < bytes.count ? bytes[at] : nil
    }

    private func problem(_ reason: String) -> Problem {
        Problem(line: line, column: index - lineStart + 1, reason: reason)
    }

    private mutating func advance() {
        if bytes[index] == 10 { line += 1; lineStart = index + 1 }
        index += 1
    }

    private mutating func run() -> Problem? {
        while index < bytes.count {
            if let problem = step() { return problem }
        }
        return nil
    }

    private static func isIdentifier(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
            || byte >= 128
    }

    /// Handles the token at `index` in code.
    private mutating func step() -> Problem? {
        let current = bytes[index]
        switch current {
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
            while let next = byte(), next != 10 { advance() }
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "/") where startsBareRegex():
            skipRegex(hashes: 0)
        case UInt8(ascii: "`"):
            // A quoted identifier (Swift 6.2's raw identifiers may hold any character but a backtick or a line break).
            advance()
            while let next = byte(), next != UInt8(ascii: "`"), next != 10 { advance() }
            if byte() == UInt8(ascii: "`") { advance() }
        case UInt8(ascii: "\""):
            return string(hashes: 0)
        case UInt8(ascii: "#"):
            var hashes = 0
            while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
            if byte(hashes) == UInt8(ascii: "\"") {
                for _ in 0..<hashes { advance() }
                return string(hashes: hashes)
            }
            if hashes > 0, byte(hashes) == UInt8(ascii: "/") {
                for _ in 0..<hashes { advance() }
                skipRegex(hashes: hashes)
                return nil
            }
            if pendingBody == opens.count { pendingBody = nil }
            if let problem = directive() { return problem }
            advance()
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            if current == UInt8(ascii: "{"), pendingBody == opens.count {
                openBody = (opens.count + 1, index + 1)
                pendingBody = nil
            }
            opens.append(current)
            if opens.count > Self.maximumDepth { return problem("brackets nested more than \(Self.maximumDepth) deep") }
            if current == UInt8(ascii: "{") {
                levels.append((0, 0))
            } else if current == UInt8(ascii: "[") {
                levels[levels.count - 1].square += 1
                if levels[levels.count - 1].square > Self.maximumSquareDepth {
                    return problem("`[` nested more than \(Self.maximumSquareDepth) deep")
                }
            }
            advance()
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            advance()
            guard let open = opens.popLast() else { break }
            if let body = openBody, open == UInt8(ascii: "{"), opens.count == body.depth - 1 {
                bodies.append(body.start..<(index - 1))
                openBody = nil
            }
            if let pending = pendingBody, opens.count < pending { pendingBody = nil }
            if open == UInt8(ascii: "{") || open == Self.interpolation {
                if levels.count > 1 { levels.removeLast() }
            } else if open == UInt8(ascii: "[") {
                levels[levels.count - 1].square = max(0, levels[levels.count - 1].square - 1)
            }
            if open == Self.interpolation, let resumed = strings.popLast() {
                return stringBody(hashes: resumed.hashes, multiline: resumed.multiline)
            }
        case UInt8(ascii: "<"):
            // `Array<Int>` opens a generic argument list; `a < b`, `<<` and `<=` do not.
            if index > 0, Self.isIdentifier(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ">"),
                byte(1) != UInt8(ascii: "<"), byte(1) != UInt8(ascii: "=")
            {
                levels[levels.count - 1].angle += 1
                if levels[levels.count - 1].angle > Self.maximumAngleDepth {
                    return problem("generic `<` nested more than \(Self.maximumAngleDepth) deep")
                }
            }
            advance()
        case UInt8(ascii: ">"):
            if index == 0 || bytes[index - 1] != UInt8(ascii: "-") {
                levels[levels.count - 1].angle = max(0, levels[levels.count - 1].angle - 1)
            }
            advance()
        case UInt8(ascii: ";"):
            if pendingBody == opens.count { pendingBody = nil }
            advance()
        default:
            if recordsBodies, openBody == nil, Self.isIdentifier(current), current > 57 || current < 48 {
                word()
            } else {
                advance()
            }
        }
        return nil
    }

    /// Reads the word at `index` (outside any body): `func`, `init` and `deinit` start one; a declaration keyword at
    /// the same depth ends the wait for one.
    private mutating func word() {
        let start = index
        let previous = index > 0 ? bytes[index - 1] : 0
        while let next = byte(), Self.isIdentifier(next) { advance() }
        // `self.init(…)`, `.init`, `` `init` `` and `$0` are not declarations; a word inside another is not a word.
        if previous == UInt8(ascii: ".") || previous == UInt8(ascii: "`") || previous == UInt8(ascii: "$")
            || previous == UInt8(ascii: "@") || Self.isIdentifier(previous)
        {
            return
        }
        let word = bytes[start..<index]
        if word.elementsEqual(Self.funcWord) || word.elementsEqual(Self.initializer)
            || word.elementsEqual(Self.deinitializer)
        {
            pendingBody = opens.count
        } else if pendingBody == opens.count, word.count <= 15,
            Self.declarationWords.contains(String(decoding: word, as: UTF8.self))
        {
            pendingBody = nil
        }
    }

    private static let funcWord = Array("func".utf8)
    private static let initializer = Array("init".utf8)
    private static let deinitializer = Array("deinit".utf8)

    /// `#if` opens a conditional block, `#endif` closes one.
    private mutating func directive() -> Problem? {
        var end = index + 1
        while end < bytes.count, Self.isIdentifier(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        if word == "if" {
            conditionals += 1
            if conditionals > Self.maximumConditionalDepth {
                return problem("`#if` nested more than \(Self.maximumConditionalDepth) deep")
            }
        } else if word == "endif" {
            conditionals = max(0, conditionals - 1)
        }
        return nil
    }

    /// Whether the `/` at `index` starts a bare regex literal (`/a+b/`), as the compiler tells: not after an operand
    /// (`a / b`, `f() / 2`), not before a space or `=`, and closed on the same line.
    private func startsBareRegex() -> Bool {
        guard let next = byte(1), next != 32, next != 9, next != 10, next != UInt8(ascii: "=") else { return false }
        var back = index - 1
        while back >= 0, bytes[back] == 32 || bytes[back] == 9 { back -= 1 }
        if back >= 0 {
            let previous = bytes[back]
            if Self.isIdentifier(previous) || previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]")
                || previous == UInt8(ascii: "}") || previous == UInt8(ascii: "\"") || previous == UInt8(ascii: "/")
            {
                return false
            }
        }
        var at = index + 1
        while at < bytes.count, bytes[at] != 10 {
            if bytes[at] == UInt8(ascii: "\\") {
                at += 2
                continue
            }
            if bytes[at] == UInt8(ascii: "/") { return bytes[at - 1] != 32 }
            at += 1
        }
        return false
    }

    /// Skips a regex literal from its opening `/` (after `hashes` `#`s, already passed) to its closing `/` and `#`s.
    private mutating func skipRegex(hashes: Int) {
        advance()
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                advance()
                if index < bytes.count { advance() }
                continue
            }
            if current == 10, hashes == 0 { return }
            if current == UInt8(ascii: "/"), (0..<hashes).allSatisfy({ byte(1 + $0) == UInt8(ascii: "#") }) {
                for _ in 0...hashes { advance() }
                return
            }
            advance()
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if byte() == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                depth += 1; advance(); advance()
            } else if byte() == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                depth -= 1; advance(); advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// At the opening `"` of a string with `hashes` leading `#`s.
    private mutating func string(hashes: Int) -> Problem? {
        let multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        return stringBody(hashes: hashes, multiline: multiline)
    }

    /// Skips string text up to its closing delimiter, or up to an interpolation (which is code).
    private mutating func stringBody(hashes: Int, multiline: Bool) -> Problem? {
        let quotes = multiline ? 3 : 1
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ byte(1 + $0) == UInt8(ascii: "#") }) {
                for _ in 0...hashes { advance() }
                if byte() == UInt8(ascii: "(") {
                    strings.append((hashes, multiline))
                    opens.append(Self.interpolation)
                    if opens.count > Self.maximumDepth {
                        return problem("brackets nested more than \(Self.maximumDepth) deep")
                    }
                    levels.append((0, 0))
                    advance()
                    return nil
                }
                if index < bytes.count { advance() }
                continue
            }
            if current == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ byte($0) == UInt8(ascii: "\"") }),
                (0..<hashes).allSatisfy({ byte(quotes + $0) == UInt8(ascii: "#") })
            {
                for _ in 0..<(quotes + hashes) { advance() }
                return nil
            }
            if current == 10 && !multiline { return nil }  // an unterminated string ends at its line
            advance()
        }
        return nil
    }
}
