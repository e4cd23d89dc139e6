import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// Reading a screen's ANSI form back: what the exporter writes comes back cell for cell, and
/// no input, however hostile, crashes the reader or asks for a huge buffer.
@Suite struct ANSIScreenTests {
    /// Styled spans in indexed and true colours, a wide glyph, dim and underline, reverse.
    func screen() -> Buffer {
        let surface = Style(foreground: .rgb(0x11, 0x22, 0x33), background: .rgb(0xF0, 0xF0, 0xF0))
        var buffer = Buffer(size: Size(columns: 16, rows: 3), filling: Cell(" ", style: surface))
        buffer.write(
            "<Buy & go>", x: 1, y: 0,
            style: Style(foreground: .indexed(231), background: .indexed(33), bold: true))
        buffer.write("界x", x: 0, y: 1, style: surface)
        buffer.write("d", x: 4, y: 1, style: Style(foreground: .indexed(9), dim: true, underline: true))
        buffer.write("rev", x: 2, y: 2, style: Style(reverse: true, italic: true))
        return buffer
    }

    @Test func theExportersANSIReadsBackToTheSameCells() {
        let original = screen()
        let ansi = ScreenExport(original).render(.ansi)
        #expect(ANSIScreen.hasEscapes(ansi))
        #expect(ANSIScreen.buffer(from: ansi) == original)
        #expect(
            ANSIScreen.plainText(of: ansi)
                == original.plainText.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                .joined(separator: "\n"))
    }

    @Test func sgrCodesOtherTerminalsWriteAreReadToo() {
        let buffer = ANSIScreen.buffer(
            from: "\u{1B}[31ma\u{1B}[92;44mb\u{1B}[1;4mc\u{1B}[22;24;39mdd\u{1B}[mz\r\nq")
        #expect(buffer.size == Size(columns: 6, rows: 2))
        #expect(buffer[0, 0].style == Style(foreground: .red))
        #expect(buffer[1, 0].style == Style(foreground: .indexed(10), background: .blue))
        #expect(
            buffer[2, 0].style
                == Style(foreground: .indexed(10), background: .blue, bold: true, underline: true))
        #expect(buffer[3, 0].style == Style(background: .blue))
        #expect(buffer[5, 0].style == .plain)
        #expect(buffer[0, 1].symbol == "q")
        #expect(buffer[1, 1] == .blank)
    }

    @Test func escapesItDoesNotKnowAreSkippedAndTheTextKept() {
        // A cursor move, a lone ESC, an ESC before a non-CSI byte, a bell, an unfinished sequence.
        let text = ANSIScreen.plainText(of: "\u{1B}[2;5Hab\u{1B}c\u{07}d\u{1B}[38;5;999mé\u{1B}[12")
        #expect(text == "abcdé[12")
        #expect(!ANSIScreen.hasEscapes("plain text\nonly"))
        #expect(ANSIScreen.buffer(from: "").size == Size(columns: 0, rows: 0))
    }

    @Test func outOfRangeColoursAndHugeNumbersLeaveTheColourAsItWas() {
        let buffer = ANSIScreen.buffer(
            from:
                "\u{1B}[34m\u{1B}[38;5;256ma\u{1B}[38;2;1;2ms\u{1B}[48;2;1;2;99999999999999999999mb\u{1B}[38;5m"
        )
        #expect(buffer[0, 0].style.foreground == .blue)
        #expect(buffer[2, 0].style == Style(foreground: .blue))
    }

    @Test func theBufferIsBoundedWhateverTheInputAsksFor() {
        let tall = String(repeating: "x\n", count: 5_000) + String(repeating: "界", count: 5_000)
        let buffer = ANSIScreen.buffer(from: tall, maximumSize: Size(columns: 80, rows: 40))
        #expect(buffer.size == Size(columns: 1, rows: 40))
        let wide = ANSIScreen.buffer(from: String(repeating: "w", count: 9_000))
        #expect(wide.size == Size(columns: ANSIScreen.defaultMaximumSize.columns, rows: 1))
    }

    /// Random bytes, and random strings over an alphabet rich in escape pieces: never a crash,
    /// and the buffer stays inside its bounds.
    @Test func hostileInputNeverCrashes() {
        var random = SplitMix64(seed: 0x15C)
        let pieces = [
            "\u{1B}", "[", ";", "m", "38", "48", "5", "2", "255", "999999999999", "\n", "\r", "界", "é",
            "\u{301}", "a", " ", "H", "\u{7F}", "\u{9B}", ":", "?", "🇫🇷",
        ]
        let limit = Size(columns: 60, rows: 20)
        for round in 0..<1_500 {
            let text: String
            if round.isMultiple(of: 2) {
                let bytes = (0..<Int(random.next() % 400)).map { _ in UInt8(truncatingIfNeeded: random.next())
                }
                text = String(decoding: bytes, as: UTF8.self)
            } else {
                text = (0..<Int(random.next() % 200)).map { _ in
                    pieces[Int(random.next() % UInt64(pieces.count))]
                }
                .joined()
            }
            let buffer = ANSIScreen.buffer(from: text, maximumSize: limit)
            #expect(buffer.size.columns <= limit.columns && buffer.size.rows <= limit.rows)
            _ = ANSIScreen.plainText(of: text)
            _ = ScreenExport(buffer).render(.svg)
        }
    }
}
