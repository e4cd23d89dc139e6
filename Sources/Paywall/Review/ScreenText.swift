import Foundation
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// The text of a buffer's rows as UTF-8, with, for every byte, the column its cell starts in.
/// Searched as bytes, with the C library's `memchr` and `memcmp`: a review searches every screen it checks
/// for a dozen texts, and comparing `Character`s, then scalars, cost most of its checking. A
/// byte match of UTF-8 is a scalar match: a needle starts with a lead byte, which no byte inside
/// another scalar equals.
struct ScreenText {
    var rows: [(bytes: [UInt8], columns: [Int])]
    /// All the text with every whitespace removed, rows joined: wrapped sentences read whole.
    let squeezedBytes: [UInt8]

    init(_ buffer: Buffer) {
        let columnCount = buffer.size.columns
        var squeezed: [UInt8] = []
        squeezed.reserveCapacity(buffer.cells.count)
        var rows: [(bytes: [UInt8], columns: [Int])] = []
        rows.reserveCapacity(buffer.size.rows)
        buffer.cells.withUnsafeBufferPointer { cells in
            for y in 0..<buffer.size.rows {
                var bytes: [UInt8] = []
                var columns: [Int] = []
                bytes.reserveCapacity(columnCount)
                columns.reserveCapacity(columnCount)
                for x in 0..<columnCount {
                    let symbol = cells[y * columnCount + x].symbol
                    let utf8 = symbol.utf8
                    if utf8.count == 1, let byte = utf8.first {
                        // One byte (almost every cell): an ASCII scalar.
                        bytes.append(byte)
                        columns.append(x)
                        if !Self.isWhitespace(Unicode.Scalar(byte)) { squeezed.append(byte) }
                        continue
                    }
                    // A continuation (the right half of a wide glyph) holds nothing.
                    for scalar in symbol.unicodeScalars {
                        let start = bytes.count
                        bytes.append(contentsOf: scalar.utf8)
                        columns.append(contentsOf: repeatElement(x, count: bytes.count - start))
                        if !Self.isWhitespace(scalar) { squeezed.append(contentsOf: bytes[start...]) }
                    }
                }
                rows.append((bytes, columns))
            }
        }
        self.rows = rows
        squeezedBytes = squeezed
    }

    /// The squeezed text as a string.
    var squeezed: String { String(decoding: squeezedBytes, as: UTF8.self) }

    /// Whether the squeezed text contains `text` with its whitespace removed.
    func squeezedContains(_ text: String) -> Bool {
        var needle: [UInt8] = []
        needle.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where !Self.isWhitespace(scalar) {
            needle.append(contentsOf: scalar.utf8)
        }
        return Self.firstIndex(of: needle, in: squeezedBytes[...]) != nil
    }

    /// Every place `needle` shows, as (column, row, width), not inside a longer number or
    /// price ("$9.99" is not found in "$19.99").
    func occurrences(of needle: String) -> [(x: Int, y: Int, width: Int)] {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return [] }
        var found: [(Int, Int, Int)] = []
        for (y, row) in rows.enumerated() where row.bytes.count >= pattern.count {
            var from = 0
            while let start = Self.firstIndex(of: pattern, in: row.bytes[from...]) {
                from = start + 1
                if start > 0, Self.continuesNumber(Self.scalar(endingAt: start, in: row.bytes)) { continue }
                let end = start + pattern.count
                if end < row.bytes.count, Self.continuesNumber(Self.scalar(startingAt: end, in: row.bytes)),
                    Self.scalar(endingAt: end, in: row.bytes).properties.numericType != nil
                {
                    continue
                }
                let endColumn = end < row.columns.count ? row.columns[end] : (row.columns.last ?? 0) + 1
                found.append((row.columns[start], y, endColumn - row.columns[start]))
            }
        }
        return found
    }

    /// Where `pattern` first starts in `text` (an index of `text`'s base), nil when nowhere: the
    /// C library's `memchr` finds each candidate first byte, `memcmp` checks the rest.
    static func firstIndex(of pattern: [UInt8], in text: ArraySlice<UInt8>) -> Int? {
        guard let first = pattern.first else { return text.startIndex }
        guard pattern.count <= text.count else { return nil }
        return text.withUnsafeBytes { haystack -> Int? in
            pattern.withUnsafeBytes { needle -> Int? in
                guard let base = haystack.baseAddress, let rest = needle.baseAddress else { return nil }
                let lastStart = haystack.count - needle.count
                var offset = 0
                while offset <= lastStart {
                    guard let hit = memchr(base + offset, Int32(first), lastStart - offset + 1) else {
                        return nil
                    }
                    let position = UnsafeRawPointer(hit) - base
                    if memcmp(hit + 1, rest + 1, needle.count - 1) == 0 { return text.startIndex + position }
                    offset = position + 1
                }
                return nil
            }
        }
    }

    /// The scalar whose UTF-8 starts at `index`.
    private static func scalar(startingAt index: Int, in bytes: [UInt8]) -> Unicode.Scalar {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
        return scalar
    }

    /// The scalar whose UTF-8 ends just before `index`.
    private static func scalar(endingAt index: Int, in bytes: [UInt8]) -> Unicode.Scalar {
        var start = index - 1
        // Back over continuation bytes (10xxxxxx) to the scalar's lead byte.
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(startingAt: start, in: bytes)
    }

    /// Unicode's White_Space property (PropList.txt, unchanged since Unicode 6.3), answered from
    /// the code point: a frame's box-drawing borders made the property lookup a review's hot spot.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default: false
        }
    }

    private static func continuesNumber(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType != nil || scalar == "." || scalar == ","
    }
}
