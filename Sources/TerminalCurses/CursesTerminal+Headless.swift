import CNCursesW
import Foundation
import Glibc
import Synchronization
import TerminalUI

/// ncurses keeps one current screen per process, so two headless screens at once (tests run
/// suites in parallel) would draw into each other. Every headless session takes this lock.
private let headlessScreen = Mutex(())

extension CursesTerminal {
    /// Runs `body` with a terminal on a fresh ncurses screen that writes to /dev/null: real
    /// ncurses, no terminal, the screen read back with `mvwin_wch`. Sessions never overlap.
    public static func withHeadlessScreen(
        rows: Int32, columns: Int32, colorCapability: ColorCapability? = nil,
        _ body: (CursesTerminal) throws -> Void
    ) throws {
        try headlessScreen.withLock { _ in
            setenv("TERM", "xterm-256color", 1)
            guard let output = fopen("/dev/null", "w"), let input = fopen("/dev/null", "r") else {
                throw CursesError.cannotOpenTerminal(term: "xterm-256color")
            }
            defer {
                fclose(output)
                fclose(input)
            }
            guard let screen = newterm("xterm-256color", output, input) else {
                throw CursesError.cannotOpenTerminal(term: "xterm-256color")
            }
            defer {
                endwin()
                delscreen(screen)
            }
            let terminal = CursesTerminal(screen: screen, colorCapability: colorCapability)
            resizeterm(rows, columns)
            try body(terminal)
            terminal.end()
        }
    }

    /// The current screen's text, skipping the second column of wide glyphs and trailing
    /// spaces, as `Buffer.plainText` writes it.
    public static func screenText(rows: Int32, columns: Int32) -> String {
        (0..<rows).map { y in
            var line = ""
            var x: Int32 = 0
            while x < columns {
                var character = cchar_t()
                mvwin_wch(cncursesw_stdscr(), y, x, &character)
                var characters = [wchar_t](repeating: 0, count: 8)
                var attributes: attr_t = 0
                var pair: Int16 = 0
                getcchar(&character, &characters, &attributes, &pair, nil)
                let scalars = characters.prefix { $0 != 0 }.compactMap {
                    Unicode.Scalar(UInt32(bitPattern: $0))
                }
                let text = String(String.UnicodeScalarView(scalars))
                line += text
                x += Int32(max(1, DisplayWidth.of(text)))
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
