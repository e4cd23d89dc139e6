import Foundation

/// A one-line progress bar on standard error, for long work (advancing the clock a year,
/// applying a preset): drawn only when standard error is a terminal, so scripts, pipes and CI
/// logs get nothing extra. The work reports through a callback; `render` is pure.
public struct ProgressBar: Sendable {
    let label: String
    /// The terminal's width in columns.
    let columns: Int

    /// A bar for standard error, or nil when standard error is not a terminal.
    public static func onStandardError(_ label: String) -> ProgressBar? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        var size = winsize()
        let columns =
            ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        return ProgressBar(label: label, columns: columns)
    }

    /// Draws `done` of `total` over the line (carriage return, no newline).
    public func update(_ done: Int, of total: Int) {
        write("\r" + Self.render(label: label, done: done, total: total, columns: columns) + "\u{1B}[K")
    }

    /// Clears the bar's line, so what the command prints next starts clean.
    public func finish() { write("\r\u{1B}[K") }

    /// The `update` callback, for work that reports progress.
    public var callback: @Sendable (Int, Int) -> Void { { done, total in self.update(done, of: total) } }

    /// A bar that cannot be drawn (standard error closed) is no reason to fail the work it shows.
    private func write(_ text: String) { try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) }

    /// `label [#######-------]  50% 6/12`, at most `columns - 1` wide (the last column would
    /// wrap on some terminals); the label is cut first, then the bar shrinks.
    public static func render(label: String, done: Int, total: Int, columns: Int) -> String {
        let total = max(total, 1)
        let done = min(max(done, 0), total)
        let percent = done * 100 / total
        let counts =
            " \(String(repeating: " ", count: 3 - String(percent).count))\(percent)% \(done)/\(total)"
        let room = max(0, columns - 1 - counts.count)
        let labelText = String(label.prefix(max(0, room - 12)))
        let barWidth = max(0, room - labelText.count - (labelText.isEmpty ? 2 : 3))
        guard barWidth > 0 else { return String((labelText + counts).prefix(max(0, columns - 1))) }
        let filled = barWidth * done / total
        let bar =
            "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
            + "]"
        return (labelText.isEmpty ? "" : labelText + " ") + bar + counts
    }
}
