import Foundation
import Simulator

/// The report as Markdown: readable as plain text, rendered anywhere a bug tracker renders it.
extension QAReport {
    var markdown: String {
        var lines = [
            "# \(title)", "",
            "- State: `\(stateDirectory)`",
            "- Covers: \(filterDescription): \(steps.count) steps",
            "- Root certificate: SHA-256 `\(rootFingerprint)`",
            "- Generated: \(JournalTime.text(generatedAt)) UTC", "",
        ]
        if summary != nil { lines += ["## Summary", ""] + summaryLines + [""] }
        lines += [
            "## Timeline", "",
            "| # | Wall time (UTC) | Store clock | From | Account | Action | Result | Notifications |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for step in steps {
            let entry = step.entry
            let cells = [
                "\(entry.sequence)", JournalTime.text(entry.wallTime), JournalTime.text(entry.storeTime),
                Self.origin(entry), entry.account, entry.action, entry.result,
                entry.notifications.map(Self.name).joined(separator: ", "),
            ]
            lines.append("| " + cells.map(Self.cell).joined(separator: " | ") + " |")
        }
        lines += ["", "## Subscription timelines", ""]
        if let timelineProblem { lines.append("Not drawn: \(timelineProblem)") }
        if timelines.isEmpty && timelineProblem == nil {
            lines.append("No subscriptions in what the report covers.")
        }
        for timeline in timelines {
            lines += [
                "### \(timeline.account) · \(timeline.productName) · group \(timeline.groupID)", "",
                "```text",
                timeline.plainText, "```", "",
            ]
        }
        lines += ["", "## Steps"]
        for step in steps { lines += Self.markdown(step) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func markdown(_ step: Step) -> [String] {
        let entry = step.entry
        var lines = [
            "", "### \(entry.sequence). \(entry.action)", "",
            "\(JournalTime.text(entry.wallTime)) UTC · store clock \(JournalTime.text(entry.storeTime)) · "
                + "\(origin(entry)) · session `\(entry.session)` · account \(entry.account)", "",
            "Result: **\(entry.result)**",
        ]
        if !entry.notifications.isEmpty {
            lines += ["", "Notifications:", ""]
            for notification in entry.notifications {
                lines.append("- \(name(notification))")
                let attempts = step.attempts[notification.sequence] ?? []
                if attempts.isEmpty { lines.append("  - no delivery attempt (no webhook, or not yet due)") }
                for attempt in attempts { lines.append("  - \(describe(attempt))") }
            }
        }
        for payload in step.payloads {
            let verdict = payload.problem.map { "not verified: " + $0 } ?? "verified against the state's root"
            lines += [
                "", "Signed transaction \(payload.transactionID): \(verdict)", "", "```json", payload.json,
                "```",
            ]
        }
        if let picture = picture(of: entry) {
            lines += ["", "Screen (\(entry.screen ?? "paywall")):", "", "```text", picture.text, "```"]
        }
        return lines
    }

    /// A table cell: pipes escaped, one line.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
