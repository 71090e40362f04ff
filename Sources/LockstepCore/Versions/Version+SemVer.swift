import Version

extension Version {
    /// Reads strict SemVer 2.0 (`1.2.3`, `1.2.3-rc.1+build.5`); nil for anything else, never a trap.
    ///
    /// mxcl/Version's `init?(_:)` traps on text like `1.2.+3-rc` (a `+` before the `-` while the numbers still
    /// read, through `Int("+3")`), and it reads `01.2.3` or `1.2.3-` as 1.2.3: a second spelling of a release.
    /// Tag names and manifest requirements are other people's text, so Lockstep reads versions here.
    public init?(semVer text: some StringProtocol) {
        var rest = Array(text.utf8)[...]
        var build: [String] = []
        if let plus = rest.firstIndex(of: UInt8(ascii: "+")) {
            guard let parts = Self.identifiers(rest[(plus + 1)...], numericLeadingZeros: true) else { return nil }
            build = parts
            rest = rest[..<plus]
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: UInt8(ascii: "-")) {
            guard let parts = Self.identifiers(rest[(dash + 1)...], numericLeadingZeros: false) else { return nil }
            prerelease = parts
            rest = rest[..<dash]
        }
        var numbers: [Int] = []
        for part in rest.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard Self.isNumber(part), let value = Int(String(decoding: part, as: UTF8.self)) else { return nil }
            numbers.append(value)
        }
        guard numbers.count == 3 else { return nil }
        self.init(numbers[0], numbers[1], numbers[2], pre: prerelease, build: build)
    }

    /// Dot-separated, non-empty `[0-9A-Za-z-]` identifiers; build metadata may have numeric ones like `001`.
    private static func identifiers(_ bytes: ArraySlice<UInt8>, numericLeadingZeros: Bool) -> [String]? {
        var result: [String] = []
        for part in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.allSatisfy(isIdentifierByte) else { return nil }
            if !numericLeadingZeros, part.allSatisfy(isDigit), !isNumber(part) { return nil }
            result.append(String(decoding: part, as: UTF8.self))
        }
        return result
    }

    /// Digits with no leading zero (`0` itself is fine).
    private static func isNumber(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, bytes.allSatisfy(isDigit) else { return false }
        return first != UInt8(ascii: "0") || bytes.count == 1
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == UInt8(ascii: "-")
    }
}
