/// A compact binary form of the values the API cache keeps (`APIFileSurface`, `[APIChange]`): a cold `check`
/// writes thousands of them, and `JSONEncoder` cost about a tenth of its CPU time (keys spelled out per value,
/// `Codable`'s containers). No library fits better: `PropertyListEncoder` and `JSONEncoder` share the same
/// `Codable` containers, and a schema compiler (swift-protobuf) would add a dependency and generated code for
/// a dozen fields kept only by lockstep itself.
///
/// Unsigned integers are LEB128, signed ones zigzag LEB128, strings their UTF-8 length then bytes, optionals a
/// 0/1 byte then the value, collections their count then the elements. A body starts with `magic` and must be
/// read to its last byte: anything else (truncated, foreign, corrupt) decodes to nil, never traps.
public enum CompactCoding {
    /// Bump with any change of the layout below.
    static let magic: [UInt8] = [0x4C, 0x53, 0x01]  // "LS", version 1

    struct Writer {
        var bytes: [UInt8] = CompactCoding.magic

        mutating func uint(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func int(_ value: Int) {
            let wide = Int64(value)
            uint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
        }

        mutating func count(_ value: Int) { uint(UInt64(value)) }

        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                count(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func optional<T>(_ value: T?, _ write: (inout Writer, T) -> Void) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            write(&self, value)
        }

        mutating func strings(_ values: some Collection<String>) {
            count(values.count)
            for value in values { string(value) }
        }
    }

    struct Failure: Error {}

    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        init?(_ bytes: [UInt8]) {
            guard bytes.starts(with: CompactCoding.magic) else { return nil }
            self.bytes = bytes
            offset = CompactCoding.magic.count
        }

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw Failure() }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try self.byte()
                guard shift < 64 else { throw Failure() }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        mutating func int() throws -> Int {
            let raw = try uint()
            let wide = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
            guard let value = Int(exactly: wide) else { throw Failure() }
            return value
        }

        /// A count of elements still to read: each takes at least one byte, so more than are left is corrupt.
        mutating func count() throws -> Int {
            let value = try uint()
            guard value <= UInt64(bytes.count - offset) else { throw Failure() }
            return Int(value)
        }

        mutating func string() throws -> String {
            let length = try count()
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }

        mutating func optional<T>(_ read: (inout Reader) throws -> T) throws -> T? {
            switch try byte() {
            case 0: return nil
            case 1: return try read(&self)
            default: throw Failure()
            }
        }

        mutating func kind() throws -> DeclarationKind {
            guard let kind = DeclarationKind(rawValue: try string()) else { throw Failure() }
            return kind
        }

        mutating func strings() throws -> [String] {
            let n = try count()
            var result: [String] = []
            result.reserveCapacity(n)
            for _ in 0..<n { result.append(try string()) }
            return result
        }
    }

    static func decode<T>(_ bytes: [UInt8], _ read: (inout Reader) throws -> T) -> T? {
        guard var reader = Reader(bytes), let value = try? read(&reader), reader.isAtEnd else { return nil }
        return value
    }
}

extension APIDeclaration {
    fileprivate func write(to writer: inout CompactCoding.Writer) {
        writer.string(key)
        writer.optional(baseKey == key ? nil : baseKey) { $0.string($1) }
        writer.string(signature)
        writer.string(kind.rawValue)
        writer.optional(container) { $0.string($1.rawValue) }
        writer.string(file)
        writer.int(line)
    }

    fileprivate init(from reader: inout CompactCoding.Reader) throws {
        let key = try reader.string()
        let baseKey = try reader.optional { try $0.string() }
        self.init(
            key: key, baseKey: baseKey ?? key, signature: try reader.string(), kind: try reader.kind(),
            container: try reader.optional { try $0.kind() }, file: try reader.string(), line: try reader.int())
    }
}

extension PlatformMask {
    fileprivate func write(to writer: inout CompactCoding.Writer) { writer.uint(UInt64(bits)) }

    fileprivate init(from reader: inout CompactCoding.Reader) throws {
        guard let bits = UInt32(exactly: try reader.uint()) else { throw CompactCoding.Failure() }
        self.init(bits: bits)
    }
}

extension AliasTarget {
    fileprivate func write(to writer: inout CompactCoding.Writer) {
        writer.string(target)
        writer.optional(scope) { $0.string($1) }
        platforms.write(to: &writer)
        writer.int(parameters)
        writer.count(constrained ? 1 : 0)
    }

    fileprivate init(from reader: inout CompactCoding.Reader) throws {
        self.init(
            target: try reader.string(), scope: try reader.optional { try $0.string() },
            platforms: try PlatformMask(from: &reader), parameters: try reader.int(),
            constrained: try reader.uint() == 1)
    }

    /// Typealiases by qualified name (`APIFileSurface.aliases`, `.genericAliases`).
    fileprivate static func write(_ aliases: [String: AliasTarget], to writer: inout CompactCoding.Writer) {
        writer.count(aliases.count)
        for (name, target) in aliases {
            writer.string(name)
            target.write(to: &writer)
        }
    }

    fileprivate static func read(from reader: inout CompactCoding.Reader) throws -> [String: AliasTarget] {
        var aliases: [String: AliasTarget] = [:]
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            aliases[name] = try AliasTarget(from: &reader)
        }
        return aliases
    }
}

extension APIFileSurface {
    /// The surface in `CompactCoding`'s form.
    public var compactEncoded: [UInt8] {
        var w = CompactCoding.Writer()
        w.string(path)
        w.count(declarations.count)
        for item in declarations {
            item.declaration.write(to: &w)
            w.string(item.parameterTypes)
            w.optional(item.extendedType) { $0.string($1) }
            w.optional(item.conformedTo) { $0.string($1) }
            w.optional(item.lookupScope) { $0.string($1) }
            item.platforms.write(to: &w)
            w.optional(item.underscoredOwner) { $0.string($1) }
        }
        w.strings(publicTypes)
        w.strings(protocols)
        w.strings(hiddenTypes)
        w.count(typeGenerics.count)
        for (name, parameters) in typeGenerics {
            w.string(name)
            w.strings(parameters)
        }
        AliasTarget.write(aliases, to: &w)
        w.count(platformAliases.count)
        for (name, targets) in platformAliases {
            w.string(name)
            w.count(targets.count)
            for target in targets { target.write(to: &w) }
        }
        w.count(byBaseKey.count)
        for (key, positions) in byBaseKey {
            w.string(key)
            w.count(positions.count)
            for position in positions { w.int(position) }
        }
        w.strings(platforms)
        w.strings(reexportedModules.sorted())
        w.strings(exposingAliases.sorted())
        unbuildable.write(to: &w)
        AliasTarget.write(genericAliases, to: &w)
        w.count(primaryAssociatedTypes.count)
        for (name, associated) in primaryAssociatedTypes {
            w.string(name)
            w.strings(associated)
        }
        return w.bytes
    }

    /// A surface from `compactEncoded` bytes; nil for anything else.
    public init?(compact bytes: [UInt8]) {
        guard let surface = CompactCoding.decode(bytes, Self.read) else { return nil }
        self = surface
    }

    private static func read(_ r: inout CompactCoding.Reader) throws -> APIFileSurface {
        var surface = APIFileSurface(path: try r.string(), platforms: [])
        let declarations = try r.count()
        surface.declarations.reserveCapacity(declarations)
        for _ in 0..<declarations {
            surface.declarations.append(
                CollectedDeclaration(
                    declaration: try APIDeclaration(from: &r), parameterTypes: try r.string(),
                    extendedType: try r.optional { try $0.string() }, conformedTo: try r.optional { try $0.string() },
                    lookupScope: try r.optional { try $0.string() }, platforms: try PlatformMask(from: &r),
                    underscoredOwner: try r.optional { try $0.string() }))
        }
        surface.publicTypes = Set(try r.strings())
        surface.protocols = Set(try r.strings())
        surface.hiddenTypes = Set(try r.strings())
        for _ in 0..<(try r.count()) {
            let name = try r.string()
            surface.typeGenerics[name] = try r.strings()
        }
        surface.aliases = try AliasTarget.read(from: &r)
        for _ in 0..<(try r.count()) {
            let name = try r.string()
            var targets: [AliasTarget] = []
            for _ in 0..<(try r.count()) { targets.append(try AliasTarget(from: &r)) }
            surface.platformAliases[name] = targets
        }
        for _ in 0..<(try r.count()) {
            let key = try r.string()
            var positions: [Int] = []
            for _ in 0..<(try r.count()) {
                let position = try r.int()
                guard position >= 0, position < surface.declarations.count else { throw CompactCoding.Failure() }
                positions.append(position)
            }
            surface.byBaseKey[key] = positions
        }
        surface.platforms = try r.strings()
        surface.reexportedModules = Set(try r.strings())
        surface.exposingAliases = Set(try r.strings())
        surface.unbuildable = try PlatformMask(from: &r)
        surface.genericAliases = try AliasTarget.read(from: &r)
        for _ in 0..<(try r.count()) {
            let name = try r.string()
            surface.primaryAssociatedTypes[name] = try r.strings()
        }
        surface.byTypeName = APIFileSurface.indexedByTypeName(surface.declarations)
        return surface
    }
}

extension APIChange {
    /// Changes in `CompactCoding`'s form (what the API cache keeps of a diff).
    public static func compactEncoded(_ changes: [APIChange]) -> [UInt8] {
        var w = CompactCoding.Writer()
        w.count(changes.count)
        for change in changes {
            w.string(change.kind.rawValue)
            w.string(change.key)
            w.optional(change.old) { $1.write(to: &$0) }
            w.optional(change.new) { $1.write(to: &$0) }
            w.int(change.impact.rawValue)
            w.optional(change.platforms) { $0.strings($1) }
            w.optional(change.note) { $0.string($1) }
        }
        return w.bytes
    }

    /// Changes from `compactEncoded(_:)` bytes; nil for anything else.
    public static func decodeCompact(_ bytes: [UInt8]) -> [APIChange]? {
        CompactCoding.decode(bytes) { r in
            var changes: [APIChange] = []
            for _ in 0..<(try r.count()) {
                guard let kind = APIChangeKind(rawValue: try r.string()) else { throw CompactCoding.Failure() }
                let key = try r.string()
                let old = try r.optional { try APIDeclaration(from: &$0) }
                let new = try r.optional { try APIDeclaration(from: &$0) }
                guard let impact = APIImpact(rawValue: try r.int()) else { throw CompactCoding.Failure() }
                changes.append(
                    APIChange(
                        kind: kind, key: key, old: old, new: new, impact: impact,
                        platforms: try r.optional { try $0.strings() }, note: try r.optional { try $0.string() }))
            }
            return changes
        }
    }
}
