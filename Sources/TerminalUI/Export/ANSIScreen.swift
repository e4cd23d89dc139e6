/// Reads a screen's ANSI form (``ScreenExport`` `render(.ansi)`: SGR escapes and text, one line a
/// row) back into a ``Buffer``, so a picture kept as text (the QA journal's) can be exported again
/// as SVG in its colours. It reads what the exporter writes: SGR colours (8, 16, 256 and true
/// colour), bold, dim, italic, underline and reverse, and row breaks (`\n` or `\r\n`).
///
/// Any other input is read, never refused: other CSI sequences (cursor moves, erasing) are
/// skipped, an ESC that starts no CSI sequence is dropped and what follows it read as text,
/// other control characters take no cell, and a colour out of range leaves the colour as it was.
/// The buffer is at most `maximumSize`; what lies beyond is cut off.
public enum ANSIScreen {
    /// The largest screen read by default: larger than any terminal a picture was taken on,
    /// small enough that hostile input cannot ask for a huge buffer.
    public static let defaultMaximumSize = Size(columns: 500, rows: 300)

    /// The screen `text` draws, as wide as its widest row (cells past a shorter row's end blank).
    public static func buffer(from text: String, maximumSize: Size = defaultMaximumSize) -> Buffer {
        let rows = parse(text, maximumRows: max(0, maximumSize.rows))
        let widest = rows.map { $0.reduce(0) { $0 + DisplayWidth.of($1.character) } }.max() ?? 0
        var buffer = Buffer(size: Size(columns: min(widest, max(0, maximumSize.columns)), rows: rows.count))
        for (y, row) in rows.enumerated() {
            var x = 0
            for (character, style) in row {
                guard x < buffer.size.columns else { break }
                x = buffer.write(String(character), x: x, y: y, style: style)
            }
        }
        return buffer
    }

    /// The text alone: every escape sequence taken out (for Markdown and plain-text reports).
    public static func plainText(of text: String) -> String {
        parse(text, maximumRows: Int.max).map { row in
            var characters = row.map(\.character)
            while characters.last?.isWhitespace == true { characters.removeLast() }
            return String(characters)
        }.joined(separator: "\n")
    }

    /// Whether `text` holds any escape sequence (a picture in colour, not plain text).
    public static func hasEscapes(_ text: String) -> Bool { text.unicodeScalars.contains("\u{1B}") }

    /// The rows of `text`: each a list of visible characters with the style they were written in.
    static func parse(_ text: String, maximumRows: Int) -> [[(character: Character, style: Style)]] {
        var rows: [[(character: Character, style: Style)]] = [[]]
        var style = Style.plain
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "\n" || character == "\r\n" {
                guard rows.count < maximumRows else { break }
                rows.append([])
                continue
            }
            if character == "\u{1B}" {
                if let (parameters, final, next) = csi(characters, from: index) {
                    if final == "m" { style = sgr(parameters, applyingTo: style) }
                    index = next
                }
                continue
            }
            if isControl(character) || DisplayWidth.of(character) == 0 { continue }
            rows[rows.count - 1].append((character, style))
        }
        // A final row break ends the last row rather than starting an empty one.
        if rows.count > 1, rows[rows.count - 1].isEmpty { rows.removeLast() }
        if rows.count == 1, rows[0].isEmpty { return [] }
        return rows.count > maximumRows ? Array(rows.prefix(maximumRows)) : rows
    }

    /// A CSI sequence after an ESC at `start`: `[`, parameter bytes, intermediate bytes and a
    /// final byte. nil when the characters there are not one (the ESC is then dropped).
    private static func csi(_ characters: [Character], from start: Int) -> (String, Character, Int)? {
        guard start < characters.count, characters[start] == "[" else { return nil }
        var parameters = ""
        var index = start + 1
        // Bounded: a real SGR of ours is short; a runaway sequence is not one.
        while index < characters.count, index - start <= 64 {
            let character = characters[index]
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                scalar.isASCII
            else { return nil }
            index += 1
            switch scalar.value {
            case 0x20...0x3F: parameters.unicodeScalars.append(scalar)
            case 0x40...0x7E: return (parameters, character, index)
            default: return nil
            }
        }
        return nil
    }

    /// `style` changed by the SGR parameters `text` (`1;38;5;33`; empty means reset).
    static func sgr(_ text: String, applyingTo style: Style) -> Style {
        let codes = text.split(separator: ";", omittingEmptySubsequences: false).map { part -> Int in
            part.isEmpty ? 0 : (part.count <= 9 ? Int(part) ?? -1 : -1)
        }
        var style = style
        var index = 0
        while index < codes.count {
            let code = codes[index]
            index += 1
            switch code {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22:
                style.bold = false
                style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .indexed(UInt8(code - 30))
            case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
            case 40...47: style.background = .indexed(UInt8(code - 40))
            case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
            case 39: style.foreground = .default
            case 49: style.background = .default
            case 38, 48:
                let (color, used) = extendedColor(Array(codes[index...]))
                index += used
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            default: break
            }
        }
        return style
    }

    /// `5;N` or `2;R;G;B` after a 38 or 48: the colour (nil when out of range) and how many
    /// codes it took.
    private static func extendedColor(_ codes: [Int]) -> (Color?, Int) {
        func byte(_ index: Int) -> UInt8? {
            index < codes.count && (0...255).contains(codes[index]) ? UInt8(codes[index]) : nil
        }
        switch codes.first {
        case 5: return (byte(1).map(Color.indexed), min(2, codes.count))
        case 2:
            guard let r = byte(1), let g = byte(2), let b = byte(3) else { return (nil, min(4, codes.count)) }
            return (.rgb(r, g, b), 4)
        default: return (nil, 0)
        }
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }
}
