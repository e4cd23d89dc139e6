import Foundation
import QAReports
import Simulator
import SourceDiagnostics
import StoreCore
import Testing

/// Text from a catalog, an account or a journal reaches a report or a terminal as the text it
/// is (issue 22, item 8): no HTML a Markdown renderer runs, no code fence closed early, no
/// escape sequence a terminal obeys.
@Suite struct HostileTextOutputTests {
    static let clock = Date(timeIntervalSince1970: 1_780_000_000)
    static let html = "<img src=x onerror=alert(1)>"
    static let escape = "\u{1B}]0;pwned\u{07}\u{1B}[31mred"

    func report(account: AccountName, action: String, result: String, picture: String) -> QAReport {
        let entry = JournalEntry(
            sequence: 1, wallTime: Self.clock, storeTime: Self.clock, session: "s`1", source: .cli,
            account: account, action: action, result: result, picture: picture)
        return QAReport(
            title: "QA " + Self.html, stateDirectory: "/tmp/`state`", rootFingerprint: "AB:CD",
            generatedAt: Self.clock, filterDescription: "the whole journal",
            steps: [
                QAReport.Step(
                    entry: entry,
                    payloads: [QAReport.Payload(transactionID: 1, json: "{\"name\": \"```\\n<b>x</b>\"}")],
                    attempts: [:])
            ])
    }

    @Test func theMarkdownReportHoldsNoRawHTMLNoControlsAndNoEarlyFence() {
        let markdown = report(
            account: AccountName(Self.html), action: "Purchasing " + Self.html,
            result: "purchased [x](javascript:alert(1))",
            picture: "```\nthe screen"
        ).markdown
        // HTML only inside code blocks (the payload's JSON), where it is text.
        #expect(!markdown.contains("<img"), "\(markdown)")
        #expect(
            markdown.contains("````text\n```\nthe screen\n````"), "the picture's ``` does not close its block"
        )
        #expect(!markdown.contains("\u{1B}") && !markdown.contains("\u{07}"))
        #expect(markdown.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!markdown.contains("[x](javascript"), "a link made of a result")
        // The payload's ``` sits inside a longer fence.
        #expect(markdown.contains("````json\n{\"name\": \"```"))
        #expect(
            markdown.contains("- State: ``/tmp/`state```") || markdown.contains("- State: `` /tmp/`state` ``")
        )
    }

    @Test func controlsInAReportStepAreSpelledOut() {
        let markdown = report(account: AccountName(Self.escape), action: "x", result: "y", picture: "")
            .markdown
        #expect(!markdown.contains("\u{1B}"))
        #expect(markdown.contains("\\\\u{1B}\\]0;pwned\\\\u{7}\\\\u{1B}\\[31mred"), "\(markdown)")
    }

    @Test func theHTMLReportSpellsControlsOutToo() {
        let html = report(account: AccountName(Self.escape), action: Self.html, result: "y", picture: "").html
        #expect(!html.contains("\u{1B}") && !html.contains("<img src=x"))
        #expect(html.contains("\\u{1B}]0;pwned\\u{7}\\u{1B}[31mred"))
    }

    @Test func controlsAreSpelledOutAndLinesKept() {
        #expect(
            VisibleControls.visible("a\u{1B}[2Jb\u{9B}c\rd\ne\tf\u{7F}")
                == "a\\u{1B}[2Jb\\u{9B}c\\u{D}d\ne\tf\\u{7F}")
        #expect(VisibleControls.visible("Lumen Pro — 月額 ✓") == "Lumen Pro — 月額 ✓")
        #expect(VisibleControls.visible("a\nb", keeping: []) == "a\\u{A}b")
    }
}
