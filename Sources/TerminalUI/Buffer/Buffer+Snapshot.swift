extension Buffer {
    /// The text of the buffer, one line per row, continuations skipped and trailing spaces trimmed:
    /// the format of plain snapshot files.
    public var plainText: String {
        (0..<size.rows).map { line(at: $0) }.joined(separator: "\n")
    }

    /// ``plainText`` followed by a run-length map of every non-plain style, one line per styled row:
    /// `row 3: 2..<13 fg=15 bg=4 bold; 15..<24 reverse`. Snapshots in this format catch a focus or
    /// colour change that the text alone would not show.
    public var styledText: String {
        var map: [String] = []
        for y in 0..<size.rows {
            var runs: [String] = []
            var x = 0
            while x < size.columns {
                let style = self[x, y].style
                var end = x + 1
                while end < size.columns && self[end, y].style == style { end += 1 }
                if style != .plain { runs.append("\(x)..<\(end) \(style)") }
                x = end
            }
            if !runs.isEmpty { map.append("row \(y): " + runs.joined(separator: "; ")) }
        }
        return plainText + "\n--- styles\n" + map.joined(separator: "\n")
    }

    private func line(at y: Int) -> String {
        var line = ""
        for x in 0..<size.columns where !self[x, y].isContinuation { line += self[x, y].symbol }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}

extension Style: CustomStringConvertible {
    /// A compact spelling for snapshots and diagnostics: `fg=15 bg=#1e90ff bold`, or `plain`.
    public var description: String {
        var parts: [String] = []
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        let names: [(Modifiers, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
            (.italic, "italic"),
        ]
        for (modifier, name) in names where modifiers.contains(modifier) { parts.append(name) }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
