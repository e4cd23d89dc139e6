/// A command's `--help`: overview, usage, every option with its help (`--help` last), and the
/// command's discussion.
public enum HelpText {
    public static func render(
        summary: String, usage: String, options: [OptionDefinition], discussion: String = ""
    ) -> String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: \(usage)"]
        let all = options + [.help]
        lines += ["", "OPTIONS:"]
        let width = (all.map(\.label.count).max() ?? 0) + 2
        for option in all {
            lines.append("  " + option.label.padding(toLength: width) + option.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Left-aligned in `width` characters (nothing cut when longer).
    func padding(toLength width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
