import Catalog
import Foundation
import Paywall
import QAReports
import Signing
import Simulator
import StoreCore
import TerminalUI
import TestSupport
import Testing

/// The report's pictures: a journaled ANSI picture becomes an inline SVG in its colours, an old
/// line's plain text stays text, the Markdown holds text only; each subscription's timeline is
/// drawn as the Transaction Manager draws it.
@Suite struct QAReportPictureTests {
    static let clock = Date(timeIntervalSince1970: 1_780_000_000)

    func step(_ sequence: Int64, picture: String?) -> QAReport.Step {
        QAReport.Step(
            entry: JournalEntry(
                sequence: sequence, wallTime: Self.clock, storeTime: Self.clock, session: "s1",
                source: .paywall, screen: "subscriptions", account: "tester", action: "Purchasing x",
                result: "purchased 1", picture: picture),
            payloads: [], attempts: [:])
    }

    func report(_ steps: [QAReport.Step], timelines: [QAReport.Timeline] = []) -> QAReport {
        QAReport(
            title: "Kiosk QA report", stateDirectory: "/tmp/state", rootFingerprint: "AB:CD",
            generatedAt: Self.clock, filterDescription: "the whole journal", steps: steps,
            timelines: timelines)
    }

    @Test func anANSIPictureIsAnInlineSVGInItsColoursAndPlainTextStaysText() {
        var screen = Buffer(size: Size(columns: 30, rows: 3))
        screen.write(
            "Subscribe < now", x: 2, y: 1,
            style: Style(foreground: .brightWhite, background: .red, bold: true))
        let colour = ScreenExport(screen).render(.ansi)
        let report = report([step(1, picture: colour), step(2, picture: "OLD SCREEN"), step(3, picture: nil)])

        let html = report.html
        #expect(html.components(separatedBy: "<svg").count - 1 == 1)
        #expect(html.contains("aria-label=\"The paywall at step 1\""))
        #expect(
            html.contains("fill=\"\(ExportPalette.rgb(.red)!)\""), "the button's background in its colour")
        #expect(html.contains("Subscribe &lt; now"))
        #expect(html.contains("<pre class=\"screen\">OLD SCREEN</pre>"))
        #expect(!html.contains("\u{1B}"))

        let markdown = report.markdown
        #expect(markdown.contains("```text\n\n  Subscribe < now\n\n```"))
        #expect(markdown.contains("```text\nOLD SCREEN\n```"))
        #expect(!markdown.contains("\u{1B}"))
    }

    @Test func eachSubscriptionOfTheReportsAccountsHasItsTimeline() async throws {
        let catalog = try LoadedCatalog.load(contentsOf: PackageFiles.catalog("demo"))
        let store = try SimulatedStore.open(
            catalog: catalog, location: .ephemeral(), frozenClock: true, wallClock: { Self.clock })
        _ = try await store.buyOffDevice("com.kiosk.lumen.pro.monthly", options: [])
        _ = try await store.advanceClock(by: 40 * 86_400)
        let theme = try Theme.load(named: "default", in: PackageFiles.themesDirectory)
        // "nobody" has no account: skipped, not an error.
        let timelines = try await QAReport.timelines(
            store: store, accounts: ["tester", "nobody", "tester"], theme: theme)
        let timeline = try #require(timelines.first)
        #expect(timelines.count == 1 && timeline.account == "tester")
        #expect(timeline.plainText.contains("renewed") && timeline.plainText.contains("now"))
        #expect(timeline.screen.plainText.contains("renewed"))

        let html = report([step(1, picture: nil)], timelines: timelines).html
        #expect(html.contains("<section id=\"subscriptions\">"))
        #expect(html.contains("aria-label=\"tester · \(timeline.productName) · group \(timeline.groupID)\""))
        let markdown = report([step(1, picture: nil)], timelines: timelines).markdown
        #expect(markdown.contains("## Subscription timelines") && markdown.contains(timeline.plainText))
        #expect(
            report([step(1, picture: nil)]).markdown.contains("No subscriptions in what the report covers."))
    }
}
