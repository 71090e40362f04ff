extension APIContext {
    /// The part of the context that can change what `APIFileSurface.read` extracts from `text`.
    ///
    /// A module matters only where the file names it (`canImport(M)`, `M.Type`), and the Swift version and
    /// language mode only where it has an `#if`: a file's surface parsed under one release's context is then
    /// reused under the next one's when its manifest only added a dependency or moved to a newer tools
    /// version. Narrowing never changes a result: what it drops cannot be read by the extraction.
    public func relevant(to text: String) -> APIContext {
        var copy = text
        let (named, hasConditions) = copy.withUTF8 { Self.scan($0, for: modules) }
        var narrowed = self
        narrowed.modules = named
        if !hasConditions {
            narrowed.swiftVersion = APIContext.default.swiftVersion
            narrowed.languageMode = APIContext.default.languageMode
            narrowed.traits = []
            narrowed.defines = [:]
            narrowed.features = []
        }
        narrowed.minimumVersions = [:]
        return narrowed
    }

    /// One pass over the bytes: which of `modules` occur as whole identifiers, and whether `#if` occurs.
    /// (Foundation's `String.contains` per module cost more than the parse it was meant to save.)
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, for modules: Set<String>) -> (Set<String>, Bool) {
        // Candidates by length in an array, not a dictionary: hashing every identifier's length cost more than
        // the rest of the scan.
        let longest = modules.lazy.map(\.utf8.count).max() ?? 0
        var byLength = [[[UInt8]]](repeating: [], count: longest + 1)
        for module in modules { byLength[module.utf8.count].append(Array(module.utf8)) }
        var named = Set<String>()
        var hasConditions = false
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                if index + 2 < count, bytes[index + 1] == UInt8(ascii: "i"), bytes[index + 2] == UInt8(ascii: "f") {
                    hasConditions = true
                }
                index += 1
                continue
            }
            guard isIdentifierByte(byte) else { index += 1; continue }
            let start = index
            while index < count, isIdentifierByte(bytes[index]) { index += 1 }
            let length = index - start
            guard length <= longest else { continue }
            for candidate in byLength[length]
            where candidate.withUnsafeBufferPointer({ $0.elementsEqual(bytes[start..<index]) }) {
                named.insert(String(decoding: candidate, as: UTF8.self))
            }
        }
        return (named, hasConditions)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }
}
