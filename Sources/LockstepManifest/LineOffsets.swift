/// Where each line of a text starts (UTF-8 offsets): line and column of a byte offset, and back, without rescanning
/// the text for each (the pbxproj and podspec.json readers place every value, the XcodeGen reader turns Yams'
/// marks into byte ranges).
struct LineOffsets {
    let bytes: [UInt8]
    let starts: [Int]

    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        self.starts = starts
    }

    /// 1-based line and column (in bytes) of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before `offset` (binary search).
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// The byte offset of (line, column), columns counted in Unicode scalars as libyaml counts them.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= starts.count else { return nil }
        var offset = starts[line - 1], remaining = column - 1
        while remaining > 0, offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }
}
