import Foundation

/// A main app's `Package.resolved` (SwiftPM's pin file, formats 1, 2 and 3) with its pinned entries moved to new
/// versions, every other byte kept.
///
/// Only the values change: the entry's `version` and `revision` strings (SwiftPM writes the release tag's commit
/// there), and in format 3 the `originHash` when it matched the old manifest. SwiftPM computes that hash as the
/// SHA-256 of the root manifest's bytes (plus extra root dependencies an IDE may add); when it matches,
/// SwiftPM trusts the pins without resolving again, so lockstep sets it to the hash of the pinned manifest. A hash
/// that did not match before is left alone: SwiftPM was going to resolve anyway, and still does.
public struct PackageResolvedUpdate: Sendable, Equatable {
    /// The new file.
    public var data: Data
    /// Identities whose entry was updated.
    public var updated: [String]
    /// Identities the file has no version entry for (left out of the file, as SwiftPM would add them on resolving).
    public var missing: [String]
    /// True when `originHash` was rewritten.
    public var originHashUpdated: Bool
}

/// Why a `Package.resolved` cannot be updated without rewriting more than its pins.
public struct PackageResolvedError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// One pin to write: the package identity (lowercased), the version and the commit.
public struct ResolvedPin: Sendable, Equatable {
    public var identity: String
    public var version: String
    public var revision: String

    public init(identity: String, version: String, revision: String) {
        self.identity = identity.lowercased()
        self.version = version
        self.revision = revision
    }
}

/// Reads and updates `Package.resolved` files (see `PackageResolvedUpdate`).
public enum PackageResolved {
    /// SwiftPM's identity of a package URL: its last path component, lowercased, without `.git`.
    public static func identity(ofLocation location: String) -> String {
        var text = location
        while text.hasSuffix("/") { text.removeLast() }
        var last = String(text.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? Substring(text))
        if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// `data` with `pins` applied. `manifest` is the root `Package.swift` before and after the pin, for `originHash`.
    public static func update(_ data: Data, pins: [ResolvedPin], manifest: (old: Data, new: Data)) throws
        -> PackageResolvedUpdate
    {
        var scanner = JSONLeafScanner(bytes: Array(data))
        try scanner.scanDocument()
        let leaves = scanner.leaves
        func leaf(_ path: [String]) -> JSONLeaf? { leaves.first { $0.path == path } }
        guard let versionLeaf = leaf(["version"]), let format = Int(versionLeaf.text), (1...3).contains(format) else {
            throw PackageResolvedError(description: "Package.resolved has no format version lockstep knows (1, 2 or 3)")
        }
        let pinsPath = format == 1 ? ["object", "pins"] : ["pins"]
        var edits: [(range: Range<Int>, text: String)] = []
        var updated: [String] = []
        var indices = Set<String>()
        for item in leaves where item.path.count > pinsPath.count && Array(item.path.prefix(pinsPath.count)) == pinsPath
        {
            indices.insert(item.path[pinsPath.count])
        }
        for index in indices.sorted(by: { (Int($0) ?? 0) < (Int($1) ?? 0) }) {
            let entry = pinsPath + [index]
            let identity: String
            if let value = leaf(entry + ["identity"])?.string {
                identity = value.lowercased()
            } else if let location = leaf(entry + [format == 1 ? "repositoryURL" : "location"])?.string {
                identity = Self.identity(ofLocation: location)
            } else {
                continue
            }
            guard let pin = pins.first(where: { $0.identity == identity }),
                let version = leaf(entry + ["state", "version"]), let revision = leaf(entry + ["state", "revision"])
            else { continue }
            if let branch = leaf(entry + ["state", "branch"]), branch.string != nil {
                throw PackageResolvedError(
                    description:
                        """
                        Package.resolved pins \(identity) to branch \(branch.string ?? ""); resolve the app once \
                        (`swift package resolve`) so it records a version
                        """
                )
            }
            edits.append((version.range, quoted(pin.version)))
            edits.append((revision.range, quoted(pin.revision)))
            updated.append(identity)
        }
        var originHashUpdated = false
        if let origin = leaf(["originHash"]), origin.string == SHA256.hex(manifest.old) {
            edits.append((origin.range, quoted(SHA256.hex(manifest.new))))
            originHashUpdated = true
        }
        var bytes = Array(data)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        let missing = pins.map(\.identity).filter { !updated.contains($0) }
        return PackageResolvedUpdate(
            data: Data(bytes), updated: updated, missing: missing, originHashUpdated: originHashUpdated)
    }

    /// A JSON string literal as SwiftPM writes one (versions and hex hashes need no escaping beyond this).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// A scalar value of a JSON document with where it sits: its key path (array indices as numbers) and byte range.
struct JSONLeaf {
    var path: [String]
    var range: Range<Int>
    var text: String
    /// The decoded value when it is a string.
    var string: String? {
        guard text.hasPrefix("\"") else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) as? String
    }
}

/// Finds the scalar values of a JSON document and their byte ranges, so that values can be replaced in place.
struct JSONLeafScanner {
    let bytes: [UInt8]
    var index = 0
    var leaves: [JSONLeaf] = []
    /// Pin files are shallow; deeper nesting is not a pin file (and must not exhaust the stack).
    static let maximumDepth = 32

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func scanDocument() throws {
        try value(path: [])
        skipSpace()
        guard index == bytes.count else { throw failure("unexpected text after the document") }
    }

    private func failure(_ what: String) -> PackageResolvedError {
        PackageResolvedError(
            description:
                """
                Package.resolved is not valid JSON (\(what) at byte \(index)); resolve the app again (`swift \
                package resolve`) or fix the file
                """
        )
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else {
            throw failure("expected `\(Character(UnicodeScalar(byte)))`")
        }
        index += 1
    }

    private mutating func value(path: [String]) throws {
        guard path.count <= Self.maximumDepth else { throw failure("nesting too deep") }
        skipSpace()
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipSpace()
                let start = index
                try skipString()
                let key =
                    JSONLeaf(
                        path: [], range: start..<index, text: String(decoding: bytes[start..<index], as: UTF8.self)
                    ).string ?? ""
                try expect(UInt8(ascii: ":"))
                try value(path: path + [key])
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"))
                return
            }
        case UInt8(ascii: "["):
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return }
            var position = 0
            while true {
                try value(path: path + [String(position)])
                position += 1
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"))
                return
            }
        case UInt8(ascii: "\""):
            let start = index
            try skipString()
            leaves.append(
                JSONLeaf(path: path, range: start..<index, text: String(decoding: bytes[start..<index], as: UTF8.self)))
        default:
            let start = index
            while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw failure("expected a value") }
            leaves.append(
                JSONLeaf(path: path, range: start..<index, text: String(decoding: bytes[start..<index], as: UTF8.self)))
        }
    }

    private mutating func skipString() throws {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string") }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return
            default: index += 1
            }
        }
        throw failure("unterminated string")
    }
}
