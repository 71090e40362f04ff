// libyaml's event parser ships with Yams (its C target); Yams itself exposes no event API, only composed nodes.
internal import CYaml

/// Finds the first YAML anchor (`&a`) or alias (`*a`) in a text, in one linear pass over parser events.
///
/// `lockstep.yml` has no use for them, and composing aliases can take exponential time and memory
/// (alias bombs, aliases as mapping keys), so the workspace file is refused before it is composed.
enum YAMLAnchorScan {
    /// A place where the text uses an anchor or an alias; lines and columns count from 1.
    struct Finding: Equatable {
        var line: Int
        var column: Int
        var isAlias: Bool
        var name: String
    }

    /// The first anchor or alias in `text`, or nil. Stops at a syntax error: composing reports it better.
    static func first(in text: String) -> Finding? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Finding? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let anchor: UnsafeMutablePointer<yaml_char_t>?
                switch event.type {
                case YAML_STREAM_END_EVENT: return nil
                case YAML_ALIAS_EVENT: anchor = event.data.alias.anchor
                case YAML_SCALAR_EVENT: anchor = event.data.scalar.anchor
                case YAML_SEQUENCE_START_EVENT: anchor = event.data.sequence_start.anchor
                case YAML_MAPPING_START_EVENT: anchor = event.data.mapping_start.anchor
                default: anchor = nil
                }
                guard let anchor else { continue }
                return Finding(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
                               isAlias: event.type == YAML_ALIAS_EVENT,
                               name: String(cString: UnsafeRawPointer(anchor).assumingMemoryBound(to: CChar.self)))
            }
        }
    }
}
