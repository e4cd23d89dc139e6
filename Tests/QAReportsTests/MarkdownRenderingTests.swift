import Foundation
import QAReports
import Simulator
import StoreCore
import Subprocess
import Testing

/// The Markdown report rendered by a real CommonMark renderer (markdown-it-py, through
/// Tests/Interop/render_markdown.py): text from a catalog, the copy, a header or an account
/// becomes text, never an element (issue 38, item 1). A report made of hostile text must
/// render to the same elements as the same report made of plain words, and read as the
/// hostile text itself.
@Suite struct MarkdownRenderingTests {
    /// Text a catalog, an account or a client's header may hold, each a CommonMark construct.
    static let hostile = [
        "Film F <script>alert(1)</script>", "ev<il", "*strong* and **bold**", "_em_ and __strong__",
        "~~struck~~", "[link](javascript:alert(1))", "![image](x.png)", "<https://auto.link>",
        "`code` and ``more``", "- a list", "1. ordered", "2) ordered", "# heading", "+ plus", "= under",
        "    indented", "> quote", "---", "a\\", "&amp; &#60; entities", "| pipe | cell |",
        "<!-- comment -->", "line\nbreak", "trailing  ",
    ]

    /// One report with `text(i)` in every place the state's text goes.
    static func report(_ text: (Int) -> String) -> QAReport {
        let clock = Date(timeIntervalSince1970: 1_780_000_000)
        var next = 0
        func take() -> String {
            defer { next += 1 }
            return text(next % hostile.count)
        }
        var steps: [QAReport.Step] = []
        for sequence in 1...3 {
            // A source is one of Kiosk's words (an enum); the text it took is skipped, as below.
            let (session, _, screen, account) = (take(), take(), take(), take())
            let (action, result) = (take(), take())
            // A notification's type and subtype are Apple's words (enums), no client's text; the two
            // texts they took are skipped, so every later field keeps the text it had.
            _ = (take(), take())
            let entry = JournalEntry(
                sequence: Int64(sequence), wallTime: clock, storeTime: clock, session: session,
                source: .cli,
                screen: screen, account: AccountName(account), action: action, result: result,
                notifications: [
                    .init(sequence: Int64(sequence), type: .didFailToRenew, subtype: .gracePeriod)
                ],
                transactionIDs: [UInt64(sequence)], picture: take())
            steps.append(
                QAReport.Step(
                    entry: entry,
                    payloads: [
                        QAReport.Payload(transactionID: UInt64(sequence), json: take(), problem: take())
                    ],
                    attempts: [:]))
        }
        var report = QAReport(
            title: take(), stateDirectory: take(), rootFingerprint: take(), generatedAt: clock,
            filterDescription: take(), steps: steps)
        report.timelineProblem = take()
        var accounts: [QAReport.Summary.Account] = []
        for _ in 0..<hostile.count {
            accounts.append(
                QAReport.Summary.Account(
                    name: AccountName(take()), entitlements: [take(), take()], subscriptions: [take()]))
        }
        // The version is Kiosk's own word (`Kiosk.version`), never the state's: its text is taken
        // (so every later field keeps the text it had) and a release's number used instead.
        _ = take()
        report.summary = QAReport.Summary(
            version: "1.0.0", catalog: take(), accounts: accounts, expected: [take()])
        return report
    }

    struct Rendered: Decodable {
        var elements: [[Element]]
        var text: String
        var html: String

        /// A tag or its attribute list, as the script writes them.
        enum Element: Decodable, Equatable {
            case tag(String)
            case attributes([[String?]])

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let tag = try? container.decode(String.self) {
                    self = .tag(tag)
                } else {
                    self = .attributes(try container.decode([[String?]].self))
                }
            }
        }
    }

    static func render(_ markdown: String) throws -> Rendered {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-report-\(UUID()).md")
        try markdown.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let python = ProcessInfo.processInfo.environment["KIOSK_PYTHON"] ?? root.path + "/.venv/bin/python3"
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "no Python at \(python): run scripts/setup, or set KIOSK_PYTHON")
        let output = try Subprocess.run([
            python, root.appendingPathComponent("Tests/Interop/render_markdown.py").path, file.path,
        ])
        try #require(
            output.status == 0,
            "render_markdown.py: \(output.status) \(output.standardError) (run scripts/setup)")
        return try JSONDecoder().decode(Rendered.self, from: Data(output.standardOutput.utf8))
    }

    /// Every rotation of the hostile texts, so each text lands in every field once (a code
    /// span, a table cell, a heading, running text...).
    @Test(arguments: 0..<hostile.count)
    func hostileTextRendersToTheElementsPlainWordsDo(rotation: Int) throws {
        let hostile = try Self.render(
            Self.report { Self.hostile[($0 + rotation) % Self.hostile.count] }.markdown)
        let plain = try Self.render(Self.report { "word\($0)" }.markdown)
        #expect(
            hostile.elements == plain.elements,
            "rotation \(rotation): elements came from the text:\n\(hostile.html)")
        // And each reads as itself (a line break and the controls spelled out, spaces collapsed
        // by HTML).
        for text in Self.hostile where !text.contains("\n") {
            let shown = text.trimmingCharacters(in: .whitespaces)
            #expect(
                hostile.text.contains(shown),
                "rotation \(rotation): '\(shown)' does not read as itself:\n\(hostile.html)")
        }
    }

    /// A word with underscores inside reads as itself in the plain text too: no backslashes.
    @Test func underscoresInsideWordsAreLeftAlone() {
        #expect(QAReport.inline("DID_FAIL_TO_RENEW/GRACE_PERIOD") == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
        #expect(QAReport.inline("_em_") == "\\_em\\_")
    }
}
