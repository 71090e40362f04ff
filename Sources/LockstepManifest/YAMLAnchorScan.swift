// libyaml's event parser ships with Yams (its C target); Yams itself exposes no event API, only composed nodes.
internal import CYaml

/// Finds the first YAML construct `lockstep.yml` refuses, in one linear pass over parser events: an anchor
/// (`&a`), an alias (`*a`), a mapping key that is not a plain value (`? [a, b]`), or nesting deeper than
/// `maximumDepth`.
///
/// `lockstep.yml` has no use for any of them, and composing them can take exponential time and memory (alias
/// bombs, aliases as mapping keys; Yams compares duplicate collection keys in time exponential in their depth),
/// so the workspace file is refused before it is composed.
public enum YAMLAnchorScan {
    /// A place where the text uses an anchor or an alias; lines and columns count from 1.
    public struct Finding: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case anchor, alias, collectionKey, tooDeep, tooLarge }
        public var line: Int
        public var column: Int
        public var kind: Kind
        /// The anchor's or alias's name (empty for the other kinds).
        public var name: String
        public var isAlias: Bool { kind == .alias }
    }

    /// The deepest nesting of lists and mappings accepted; the workspace file needs 4.
    public static let maximumDepth = 16

    /// The first anchor or alias in `text`, or nil. Stops at a syntax error: composing reports it better.
    ///
    /// With `expansionLimit`, anchors and aliases are allowed (XcodeGen specs share settings with them) as long as
    /// the composed document stays under that many nodes with every alias expanded (an alias bomb does not), an
    /// alias names an anchor defined before it, and a mapping key is a scalar or an alias of one.
    public static func first(in text: String, maximumDepth: Int = maximumDepth, expansionLimit: Int? = nil) -> Finding?
    {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Finding? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            // One frame per open collection: for a mapping, whether its next node is a key.
            var frames: [(isMapping: Bool, expectsKey: Bool, start: Int, anchor: String?)] = []
            // Nodes the composed document holds with every alias expanded, and each anchor's share of them.
            var expanded = 0
            var anchored: [String: (size: Int, isScalar: Bool)] = [:]
            func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                func finding(_ kind: Finding.Kind, _ name: UnsafeMutablePointer<yaml_char_t>? = nil) -> Finding {
                    Finding(
                        line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, kind: kind,
                        name: name.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                            ?? "")
                }
                let anchor: UnsafeMutablePointer<yaml_char_t>?
                let isNode: Bool
                switch event.type {
                case YAML_STREAM_END_EVENT: return nil
                case YAML_ALIAS_EVENT:
                    guard let limit = expansionLimit, let target = name(event.data.alias.anchor),
                        let known = anchored[target]
                    else {
                        return finding(.alias, event.data.alias.anchor)
                    }
                    if let last = frames.last, last.isMapping {
                        if last.expectsKey && !known.isScalar { return finding(.collectionKey) }
                        frames[frames.count - 1].expectsKey.toggle()
                    }
                    expanded += known.size
                    if expanded > limit { return finding(.tooLarge) }
                    continue
                case YAML_SCALAR_EVENT: anchor = event.data.scalar.anchor; isNode = true
                case YAML_SEQUENCE_START_EVENT: anchor = event.data.sequence_start.anchor; isNode = true
                case YAML_MAPPING_START_EVENT: anchor = event.data.mapping_start.anchor; isNode = true
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let frame = frames.popLast(), let anchor = frame.anchor {
                        anchored[anchor] = (expanded - frame.start, false)
                    }
                    continue
                default: continue
                }
                if let anchor, expansionLimit == nil { return finding(.anchor, anchor) }
                guard isNode else { continue }
                if let last = frames.last, last.isMapping {
                    if last.expectsKey && event.type != YAML_SCALAR_EVENT { return finding(.collectionKey) }
                    frames[frames.count - 1].expectsKey.toggle()
                }
                expanded += 1
                if let limit = expansionLimit, expanded > limit { return finding(.tooLarge) }
                if event.type == YAML_SCALAR_EVENT, let anchor = name(anchor) { anchored[anchor] = (1, true) }
                if event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT {
                    frames.append(
                        (
                            isMapping: event.type == YAML_MAPPING_START_EVENT, expectsKey: true, start: expanded - 1,
                            anchor: name(anchor)
                        ))
                    if frames.count > maximumDepth { return finding(.tooDeep) }
                }
            }
        }
    }
}

extension YAMLAnchorScan {
    /// Refuses, as a `ManifestError` with its place, a YAML file from a repo (project.yml, Podfile.lock) whose
    /// composition could take exponential time or memory: anchors and aliases (with `expansionLimit`: aliases that
    /// expand beyond it), complex keys, nesting deeper than `maximumDepth`.
    public static func requirePlain(
        _ text: String, file: ManifestFile, maximumDepth: Int = 64, expansionLimit: Int? = nil
    ) throws {
        guard let found = first(in: text, maximumDepth: maximumDepth, expansionLimit: expansionLimit) else { return }
        let what: String
        switch found.kind {
        case .anchor: what = "an anchor (`&\(found.name)`)"
        case .alias: what = "an alias (`*\(found.name)`)"
        case .collectionKey: what = "a list or mapping used as a key"
        case .tooDeep: what = "lists and mappings nested more than \(maximumDepth) deep"
        case .tooLarge: what = "aliases that expand to more than \(expansionLimit ?? 0) values"
        }
        throw ManifestError(
            file: file, line: found.line, column: found.column,
            reason:
                """
                \(what): lockstep reads this file without anchors, aliases or complex keys (composing them can \
                take exponential time); write the values out
                """
        )
    }
}
