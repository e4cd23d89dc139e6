import SourceDiagnostics

/// Text from the state (catalog names, account names, results, payloads) placed in the
/// Markdown report so that it reads as the text it is: never as HTML a renderer would run
/// (`<img src=x onerror=…>` in a product's name), a link, emphasis, or a code fence that ends
/// early, and never with a control character a terminal would obey (issue 22).
extension QAReport {
    /// Running text: `&`, `<` and `>` as entities (no HTML, no autolink), the brackets of a
    /// link and the backtick of code escaped, controls (line breaks too) spelled out. Emphasis
    /// marks stay: `DID_FAIL_TO_RENEW` must read as itself in the plain text.
    public static func inline(_ text: String) -> String {
        var escaped = ""
        for character in VisibleControls.visible(text, keeping: []) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\", "`", "[", "]":
                escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        return escaped
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
