import Foundation
import Testing

@testable import TerminalUI

/// Japanese and Chinese lines never start with closing punctuation; prices stay one
/// left-to-right run inside Arabic and Hebrew; a wrap cut short ends in an ellipsis.
@Suite struct LineBreakingAndBidiTests {
    @Test func noLineStartsWithClosingPunctuation() {
        let japanese = "2週間の無料体験の終了後、体験終了の24時間前までに解約しない限り、料金が請求されます。自動更新されます。"
        for width in 6...30 {
            for line in TextLayout.wrap(japanese, width: width).dropFirst() {
                let first = line.first.map(String.init) ?? ""
                #expect(!["、", "。", "，", "）", "」"].contains(first), "width \(width): \(line)")
            }
        }
        let chinese = "免费试用2周，之后每年US$79.99。除非在试用结束前至少24小时取消，否则将自动续订。"
        for width in 6...30 {
            for line in TextLayout.wrap(chinese, width: width).dropFirst() {
                #expect(!["，", "。"].contains(line.first.map(String.init) ?? ""), "width \(width): \(line)")
            }
        }
    }

    @Test func theTextIsKeptWhole() {
        let text = "体験終了の24時間前までに、解約してください。"
        #expect(TextLayout.wrap(text, width: 12).joined() == text)
    }

    @Test func aPriceStaysOneLeftToRightRunInsideArabic() throws {
        let price = BidiText.leftToRightIsolate("\u{200F}1.99 US$") + "/شهر"
        let regular = BidiText.leftToRightIsolate("\u{200F}4.99 US$") + "/شهر"
        let terms = "\(price) لمدة 3 أشهر، ثم \(regular)"
        let shown = BidiText.visualOrder(terms).filter { $0 != "\u{200F}" }
        #expect(shown.contains("1.99\u{00A0}US$") && shown.contains("4.99\u{00A0}US$"), "\(shown)")
        #expect(!shown.contains("US$/4.99"), "two prices run together: \(shown)")
        // Right to left: the regular price is read last, so it is drawn leftmost.
        let first = try #require(shown.range(of: "4.99"))
        let second = try #require(shown.range(of: "1.99"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(BidiText.baseDirection(of: terms) == .rightToLeft)
    }

    @Test func aWrapCutShortEndsInAnEllipsis() {
        let lines = TextLayout.wrap("$29.99 for 3 months, then $179.99/year", width: 14, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines.last?.hasSuffix(TextLayout.ellipsis) == true)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 14 })
        #expect(TextLayout.wrap("short", width: 14, maxLines: 2) == ["short"])
    }
}
