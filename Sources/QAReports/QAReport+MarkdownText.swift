import SourceDiagnostics

/// Text from the state (catalog names, account names, results, payloads) placed in the
/// Markdown report so that it reads as the text it is: never as HTML a renderer would run
/// (`<img src=x onerror=…>` in a product's name), a link, emphasis, or a code fence that ends
/// early, and never with a control character a terminal would obey (issue 22).
extension QAReport {
    /// Running text, escaped as CommonMark requires so that no element comes of it (issue 38):
    /// `&`, `<` and `>` as entities (no HTML, no autolink); the marks of links, code, emphasis
    /// and strikethrough (`[ ] ` * ~ \\`) backslash-escaped; an underscore too, unless it sits
    /// inside a word, where CommonMark never reads it as emphasis (`DID_FAIL_TO_RENEW` reads as
    /// itself in the plain text); a leading character that could open a block after a list
    /// marker (`- x`, `1. x`, `# x`, `+`, `=`) escaped, a space at either end as an entity; controls spelled out.
    public static func inline(_ text: String) -> String {
        let characters = Array(VisibleControls.visible(text, keeping: []))
        var escaped = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\", "`", "[", "]", "*", "~":
                escaped += "\\" + String(character)
            case "_" where !isInsideWord(underscoreAt: index, in: characters):
                escaped += "\\_"
            case let mark where index == 0 && "-+#=".contains(mark):
                escaped += "\\" + String(character)
            // A space opening or closing the text would keep the report's own `**` around a
            // result from being emphasis, or start an indented block after a list marker.
            case " " where index == 0 || index == characters.count - 1:
                escaped += "&#32;"
            case "." where startsWithOrdinal(characters, markAt: index),
                ")" where startsWithOrdinal(characters, markAt: index):
                escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Whether the run of underscores around `index` has a letter or digit on both sides: then
    /// it can neither open nor close emphasis (CommonMark's flanking rules for `_`).
    private static func isInsideWord(underscoreAt index: Int, in characters: [Character]) -> Bool {
        var start = index
        while start > 0, characters[start - 1] == "_" { start -= 1 }
        var end = index
        while end + 1 < characters.count, characters[end + 1] == "_" { end += 1 }
        guard start > 0, end + 1 < characters.count else { return false }
        return characters[start - 1].isLetter || characters[start - 1].isNumber
            ? characters[end + 1].isLetter || characters[end + 1].isNumber : false
    }

    /// Whether `1.` or `1)` opens the text: an ordered list's marker where a block may start.
    private static func startsWithOrdinal(_ characters: [Character], markAt index: Int) -> Bool {
        index > 0 && index <= 9 && characters[..<index].allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Inline code: delimited by one backtick more than the longest run inside, so no text
    /// can close it early.
    public static func code(_ text: String) -> String {
        let visible = VisibleControls.visible(text, keeping: [])
        let ticks = String(repeating: "`", count: longestBacktickRun(in: visible) + 1)
        let padding = visible.hasPrefix("`") || visible.hasSuffix("`") ? " " : ""
        return ticks + padding + visible + padding + ticks
    }

    /// A fenced block of `text`, its fence longer than any run of backticks inside.
    public static func fenced(_ text: String, info: String) -> [String] {
        let visible = VisibleControls.visible(text)
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: visible) + 1))
        return [fence + info, visible, fence]
    }

    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
