extension ScreenExport {
    /// The screen as terminal output, one line a row: each span opens with a full SGR sequence
    /// (reset, then its attributes and colours, so spans never depend on each other) and every
    /// row ends reset. Colours are written as the cells hold them: 256-colour or true colour.
    func ansi() -> String {
        (0..<buffer.size.rows).map { y in
            spans(row: y).map { Self.sgr($0.style) + $0.text }.joined() + "\u{1B}[0m"
        }.joined(separator: "\n") + "\n"
    }

    /// Output that turns a terminal showing `previous` into this screen: every changed run placed
    /// with a cursor move (rows and columns from 1). Without a previous screen of the same size,
    /// the screen is cleared and every row written. Used for recordings.
    public func ansiUpdate(from previous: Buffer?) -> String {
        var output = ""
        if previous?.size != buffer.size {
            output += "\u{1B}[0m\u{1B}[2J"
            for y in 0..<buffer.size.rows {
                output += "\u{1B}[\(y + 1);1H"
                output += spans(row: y).map { Self.sgr($0.style) + $0.text }.joined()
            }
        } else if let previous {
            buffer.forEachRun(from: previous) { run in
                output += "\u{1B}[\(run.y + 1);\(run.x + 1)H"
                output += spans(of: run.cells, x: run.x).map { Self.sgr($0.style) + $0.text }.joined()
            }
        }
        return output.isEmpty ? "" : output + "\u{1B}[0m"
    }

    /// `ESC [ 0 ; attributes ; colours m` for a style.
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        codes += colorCodes(style.foreground, base: 38)
        codes += colorCodes(style.background, base: 48)
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func colorCodes(_ color: Color, base: Int) -> [String] {
        switch color {
        case .default: []
        case .indexed(let index): ["\(base)", "5", "\(index)"]
        case .rgb(let r, let g, let b): ["\(base)", "2", "\(r)", "\(g)", "\(b)"]
        }
    }
}
