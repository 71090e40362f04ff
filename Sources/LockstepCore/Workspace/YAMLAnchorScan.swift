// libyaml's event parser ships with Yams (its C target); Yams itself exposes no event API, only composed nodes.
internal import CYaml

/// Finds the first YAML construct `lockstep.yml` refuses, in one linear pass over parser events: an anchor
/// (`&a`), an alias (`*a`), a mapping key that is not a plain value (`? [a, b]`), or nesting deeper than
/// `maximumDepth`.
///
/// `lockstep.yml` has no use for any of them, and composing them can take exponential time and memory (alias
/// bombs, aliases as mapping keys; Yams compares duplicate collection keys in time exponential in their depth),
/// so the workspace file is refused before it is composed.
enum YAMLAnchorScan {
    /// A place where the text uses an anchor or an alias; lines and columns count from 1.
    struct Finding: Equatable {
        enum Kind: Equatable { case anchor, alias, collectionKey, tooDeep }
        var line: Int
        var column: Int
        var kind: Kind
        /// The anchor's or alias's name (empty for the other kinds).
        var name: String
        var isAlias: Bool { kind == .alias }
    }

    /// The deepest nesting of lists and mappings accepted; the workspace file needs 4.
    static let maximumDepth = 16

    /// The first anchor or alias in `text`, or nil. Stops at a syntax error: composing reports it better.
    static func first(in text: String) -> Finding? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Finding? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            // One frame per open collection: for a mapping, whether its next node is a key.
            var frames: [(isMapping: Bool, expectsKey: Bool)] = []
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                func finding(_ kind: Finding.Kind, _ name: UnsafeMutablePointer<yaml_char_t>? = nil) -> Finding {
                    Finding(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, kind: kind,
                            name: name.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? "")
                }
                let anchor: UnsafeMutablePointer<yaml_char_t>?
                let isNode: Bool
                switch event.type {
                case YAML_STREAM_END_EVENT: return nil
                case YAML_ALIAS_EVENT: return finding(.alias, event.data.alias.anchor)
                case YAML_SCALAR_EVENT: anchor = event.data.scalar.anchor; isNode = true
                case YAML_SEQUENCE_START_EVENT: anchor = event.data.sequence_start.anchor; isNode = true
                case YAML_MAPPING_START_EVENT: anchor = event.data.mapping_start.anchor; isNode = true
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: _ = frames.popLast(); continue
                default: continue
                }
                if let anchor { return finding(.anchor, anchor) }
                guard isNode else { continue }
                if let last = frames.last, last.isMapping {
                    if last.expectsKey && event.type != YAML_SCALAR_EVENT { return finding(.collectionKey) }
                    frames[frames.count - 1].expectsKey.toggle()
                }
                if event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT {
                    frames.append((isMapping: event.type == YAML_MAPPING_START_EVENT, expectsKey: true))
                    if frames.count > maximumDepth { return finding(.tooDeep) }
                }
            }
        }
    }
}
