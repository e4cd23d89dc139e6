/// The start offset of every line of a file, to turn byte offsets into line and column.
public struct LineTable: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.starts = starts
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    public func location(ofOffset offset: Int, file: String) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        // The last line start not after the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        // UTF-8 continuation bytes do not start a scalar, so they do not advance the column.
        let column = bytes[starts[low]..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return SourceLocation(file: file, line: low + 1, column: column, offset: offset)
    }
}
