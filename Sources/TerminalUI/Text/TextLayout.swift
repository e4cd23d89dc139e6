/// Display-width aware string helpers: truncation with an ellipsis and word wrapping.
public enum TextLayout {
    /// The ellipsis used when text is cut short.
    public static let ellipsis = "…"

    /// `text` cut to at most `width` columns, ending in `ellipsis` when anything was removed.
    /// A wide glyph that would straddle the limit is dropped whole.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = ellipsis) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let budget = width - DisplayWidth.of(ellipsis)
        guard budget >= 0 else { return prefix(of: ellipsis, width: width) }
        return prefix(of: text, width: budget) + ellipsis
    }

    /// The longest prefix of `text` that fits in `width` columns.
    public static func prefix(of text: String, width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let characterWidth = DisplayWidth.of(text[index])
            if used + characterWidth > width { break }
            used += characterWidth
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// Splits `text` into lines no wider than `width`: at newlines, then between words; a word
    /// longer than a whole line is broken by grapheme. Spaces at a wrap point are dropped.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrapParagraph(paragraph, width: width)
        }
        return lines
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            var wordWidth = DisplayWidth.of(word)
            let gap = line.isEmpty ? 0 : 1
            if lineWidth + gap + wordWidth <= width {
                if gap == 1 { line += " " }
                line += word
                lineWidth += gap + wordWidth
                continue
            }
            if !line.isEmpty {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            // Break words wider than a line into line-sized pieces.
            while wordWidth > width {
                let piece = prefix(of: String(word), width: width)
                guard !piece.isEmpty else { break }  // a wide glyph in a 1-column line: skip it
                lines.append(piece)
                word = word.dropFirst(piece.count)
                wordWidth = DisplayWidth.of(word)
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }
}
