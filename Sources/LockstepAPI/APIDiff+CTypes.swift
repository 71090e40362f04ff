extension APIDiff {
    /// The C typedefs the SDKs import as Swift integer types, per platform (`mode_t` is `UInt16` on Apple platforms,
    /// `UInt32` with Glibc): a signature spelling one is the same as one spelling what it is there.
    static let cTypedefs: [String: [String: String]] = [
        "Apple": [
            "mode_t": "UInt16", "pid_t": "Int32", "uid_t": "UInt32", "gid_t": "UInt32", "size_t": "Int",
            "ssize_t": "Int",
            "off_t": "Int64", "time_t": "Int", "dev_t": "Int32", "ino_t": "UInt64", "nlink_t": "UInt16",
            "socklen_t": "UInt32", "in_port_t": "UInt16", "useconds_t": "UInt32",
        ],
        "Linux": [
            "mode_t": "UInt32", "pid_t": "Int32", "uid_t": "UInt32", "gid_t": "UInt32", "size_t": "Int",
            "ssize_t": "Int",
            "off_t": "Int", "time_t": "Int", "socklen_t": "UInt32", "in_port_t": "UInt16", "useconds_t": "UInt32",
        ],
    ]

    /// Drops the changes whose two signatures read alike once the C typedefs are written as what they are on each
    /// of `platforms` (a change compared on every platform at once must read alike on all of them).
    static func reviseCTypedefs(_ changes: inout [APIChange], platforms: [String]) {
        let tables = platforms.map { platform -> [String: String]? in
            APIContext.applePlatforms.contains(platform) ? cTypedefs["Apple"] : cTypedefs[platform]
        }
        guard !tables.isEmpty, tables.allSatisfy({ $0 != nil }) else { return }
        changes.removeAll { change in
            guard change.kind == .changed, let old = change.old?.signature, let new = change.new?.signature,
                old.contains("_t") || new.contains("_t")
            else { return false }
            return tables.allSatisfy { table in substituting(table!, in: old) == substituting(table!, in: new) }
        }
    }

    /// `text` with each whole identifier found in `table` replaced.
    private static func substituting(_ table: [String: String], in text: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            out += table[word] ?? word
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }
}
