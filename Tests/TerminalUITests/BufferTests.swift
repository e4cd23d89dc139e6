import Testing

@testable import TerminalUI

@Suite struct BufferTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("会", 2), ("✓", 1), ("✔️", 2), ("😀", 2), ("\u{200D}", 0),
        ("\u{200E}", 0), ("\u{200F}", 0), ("\u{FE0F}", 0), ("ｱ", 1), ("Ａ", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2),
    ])
    func displayWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func wideGlyphsTakeTwoCellsAndTheLastColumnGetsASpace() {
        var buffer = Buffer(size: Size(columns: 5, rows: 1))
        let end = buffer.write("日本語", x: 0, y: 0)
        #expect(end == 6)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[4, 0].symbol == " ")
        #expect(buffer.plainText == "日本")
    }

    @Test func emojiAndCombiningMarksStayWholeAndZeroWidthIsDropped() {
        var buffer = Buffer(size: Size(columns: 10, rows: 1))
        buffer.write("e\u{301}😀\u{200E}x✔️", x: 0, y: 0)
        #expect(buffer[0, 0].symbol == "e\u{301}")
        #expect(buffer[1, 0].symbol == "😀")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].symbol == "x")
        #expect(buffer[4, 0].symbol == "✔️")
        #expect(buffer.plainText == "e\u{301}😀x✔️")
    }

    @Test func writingIsClippedToARectOnBothSides() {
        var buffer = Buffer(size: Size(columns: 8, rows: 2))
        buffer.write("会abcdef", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 4, height: 1))
        // 会 starts at column 1 outside the clip: its visible half becomes a space.
        #expect(buffer.plainText == "   abc\n")
        buffer.write("outside", x: 0, y: 1, clip: Rect(x: 0, y: 0, width: 8, height: 1))
        #expect(buffer.plainText == "   abc\n")
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var buffer = Buffer(size: Size(columns: 4, rows: 1))
        buffer.write("会会", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)  // the right half of the first 会
        #expect(buffer.plainText == " x会")
        buffer.write("y", x: 2, y: 0)  // the left half of the second 会
        #expect(buffer.plainText == " xy")
        #expect(!buffer[3, 0].isContinuation)
    }

    @Test func truncationWithEllipsisCountsDisplayWidth() {
        #expect(TextLayout.truncate("Premium monthly", toWidth: 8) == "Premium…")
        #expect(TextLayout.truncate("会員プラン", toWidth: 6) == "会員…")
        #expect(TextLayout.truncate("会員プラン", toWidth: 5) == "会員…")
        #expect(TextLayout.truncate("short", toWidth: 5) == "short")
        #expect(TextLayout.truncate("abc", toWidth: 0).isEmpty)
    }

    @Test func wrappingBreaksAtSpacesAndInsideLongWords() {
        #expect(
            TextLayout.wrap("Unlock every feature today", width: 10) == [
                "Unlock", "every", "feature", "today",
            ])
        #expect(TextLayout.wrap("日本語のテキスト", width: 6) == ["日本語", "のテキ", "スト"])
        #expect(TextLayout.wrap("a\n\nb", width: 4) == ["a", "", "b"])
    }

    @Test func rightToLeftRunsAreReversedAndNumbersStayLeftToRight() {
        #expect(BidiText.visualOrder("abc אבג def") == "abc גבא def")
        #expect(BidiText.visualOrder("מחיר 120 ש״ח") == "ח״ש 120 ריחמ")
        #expect(BidiText.visualOrder("اشترك الآن") == "نآلا كرتشا")
        #expect(BidiText.visualOrder("Pro (שנתי)") == "Pro (יתנש)")
        #expect(BidiText.visualOrder("plain text") == "plain text")
        #expect(BidiText.baseDirection(of: "123 שלום") == .rightToLeft)
    }

    @Test func rightToLeftLinesAlignToTheTrailingEdge() {
        var buffer = Buffer(size: Size(columns: 12, rows: 2))
        buffer.writeLine("שלום", in: buffer.area.row(0))
        buffer.writeLine("Hi", in: buffer.area.row(1), alignment: .trailing)
        #expect(buffer.plainText == "        םולש\n          Hi")
    }

    @Test func layoutSplitsByFixedPercentageAndFill() {
        let area = Rect(x: 0, y: 0, width: 100, height: 20)
        let rows = area.split(rows: [.fixed(1), .fill(), .fixed(1)])
        #expect(rows.map(\.height) == [1, 18, 1])
        #expect(rows.map(\.y) == [0, 1, 19])
        let columns = area.split(columns: [.percentage(25), .fill(2), .fill(1)], spacing: 1)
        #expect(columns.map(\.width) == [24, 50, 24])
        #expect(columns.map(\.x) == [0, 25, 76])
        #expect(
            Rect(x: 0, y: 0, width: 3, height: 1).split(columns: [.fixed(2), .fixed(2)]).map(\.width) == [
                2, 1,
            ])
        #expect(area.centered(Size(columns: 10, rows: 4)) == Rect(x: 45, y: 8, width: 10, height: 4))
        #expect(area.inset(by: 30).isEmpty)
    }

    @Test func styledTextListsStyleRuns() {
        var buffer = Buffer(size: Size(columns: 6, rows: 2))
        buffer.write("ab", x: 1, y: 1, style: Style(foreground: .indexed(15), bold: true))
        #expect(buffer.styledText == "\n ab\n--- styles\nrow 1: 1..<3 fg=15 bold")
    }
}
