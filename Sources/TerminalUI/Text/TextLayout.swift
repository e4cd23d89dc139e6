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
        if DisplayWidth.isPrintableASCII(text) {
            return String(decoding: text.utf8.prefix(max(0, width)), as: UTF8.self)
        }
        var used = 0
        var bytes = 0
        if DisplayWidth.isScalarPerCluster(text) {
            for scalar in text.unicodeScalars {
                let scalarWidth = DisplayWidth.of(scalar)
                if used + scalarWidth > width { break }
                used += scalarWidth
                bytes += UTF8.width(scalar)
            }
            return String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
        }
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width { break }
            used += characterWidth
            bytes += character.utf8.count
        }
        // Whole characters were counted, so the cut falls on a character boundary.
        return String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
    }

    /// Splits `text` into lines no wider than `width`: at newlines, then between words; a word
    /// longer than a whole line is broken by grapheme. Spaces at a wrap point are dropped.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return wrapped.value(for: WrapKey(text: TextKey(text), width: width)) {
            wrapUncached($0.text.text, width: $0.width)
        }
    }

    private struct WrapKey: Hashable, Sendable {
        var text: TextKey
        var width: Int
    }

    /// Wrapped texts by text and width (`TextMemo`): a frame wraps the same terms and plan rows
    /// as the frame before it.
    private static let wrapped = TextMemo<WrapKey, [String]>()

    private static func wrapUncached(_ text: String, width: Int) -> [String] {
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
                var piece = prefix(of: String(word), width: width)
                guard !piece.isEmpty else { break }  // a wide glyph in a 1-column line: skip it
                piece = keepingLineBreakRules(piece, before: word.dropFirst(piece.count))
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

    /// `text` wrapped into at most `maxLines` lines; when more would follow, the last line
    /// ends in an ellipsis so the cut shows.
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        let lines = wrap(text, width: width)
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = endingInEllipsis(kept[maxLines - 1], width: width)
        return kept
    }

    /// `line` marked as cut: its end gives way to an ellipsis if need be.
    public static func endingInEllipsis(_ line: String, width: Int) -> String {
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed.removeLast() }
        return prefix(of: String(trimmed), width: max(0, width - DisplayWidth.of(ellipsis))) + ellipsis
    }

    /// Characters a line must not start with in Japanese and Chinese (kinsoku shori): closing
    /// punctuation, the iteration marks and the small kana.
    static let noLineStart: Set<Character> = Set("、。，．・：；？！）］｝〕〉》」』】〙〗ヽヾゝゞ々ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ,.!?:;)]}%")
    /// Characters a line must not end with: opening brackets.
    static let noLineEnd: Set<Character> = Set("（［｛〔〈《「『【〘〖([{")

    /// A piece of a word broken across lines, shortened so the next line does not start with
    /// closing punctuation and this one does not end with an opening bracket (JIS X 4051's
    /// line breaking rules, by pushing a character onto the next line).
    static func keepingLineBreakRules(_ piece: String, before rest: Substring) -> String {
        var piece = piece
        var next = String(rest)
        while piece.count > 1 {
            let nextStartsBadly = next.first.map { noLineStart.contains($0) } ?? false
            let endsBadly = piece.last.map { noLineEnd.contains($0) } ?? false
            guard nextStartsBadly || endsBadly else { break }
            next = String(piece.removeLast()) + next
        }
        return piece
    }
}
