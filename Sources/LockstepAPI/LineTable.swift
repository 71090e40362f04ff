/// Line numbers for UTF-8 offsets. A plain scan of the text: swift-syntax's
/// `SourceLocationConverter` walks the whole tree and also resolves columns and `#sourceLocation`,
/// none of which a declaration's line needs.
struct LineTable {
    /// UTF-8 offset at which each line after the first starts.
    private var starts: [Int] = []

    init(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for (offset, byte) in bytes.enumerated() {
                // "\n", "\r\n" and a lone "\r" each end a line, as in the Swift lexer.
                if byte == 0x0A {
                    starts.append(offset + 1)
                } else if previous == 0x0D {
                    starts.append(offset)
                }
                previous = byte
            }
            if previous == 0x0D { starts.append(bytes.count) }
        }
    }

    /// The 1-based line holding the byte at `offset`.
    func line(at offset: Int) -> Int {
        // Lines before the offset's line are those starting at or before it.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}
