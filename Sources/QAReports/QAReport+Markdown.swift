import Foundation
import Simulator
import StoreCore

/// The report as Markdown: readable as plain text, rendered anywhere a bug tracker renders it.
extension QAReport {
    public var markdown: String {
        var lines = [
            "# \(Self.inline(title))", "",
            "- State: \(Self.code(stateDirectory))",
            "- Covers: \(Self.inline(filterDescription)): \(steps.count) steps",
            "- Root certificate: SHA-256 \(Self.code(rootFingerprint))",
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
                Self.inline(Self.origin(entry)), Self.inline(entry.account.rawValue),
                Self.inline(entry.action),
                Self.inline(entry.result),
                Self.inline(entry.notifications.map(Self.name).joined(separator: ", ")),
            ]
            lines.append("| " + cells.map(Self.cell).joined(separator: " | ") + " |")
        }
        lines += ["", "## Subscription timelines", ""]
        if let timelineProblem { lines.append("Not drawn: \(Self.inline(timelineProblem))") }
        if timelines.isEmpty && timelineProblem == nil {
            lines.append("No subscriptions in what the report covers.")
        }
        for timeline in timelines {
            lines += [
                "### \(Self.inline(timeline.account.rawValue)) · \(Self.inline(timeline.productName)) · group "
                    + Self.inline(timeline.groupID), "",
            ]
            lines += Self.fenced(timeline.plainText, info: "text") + [""]
        }
        lines += ["", "## Steps"]
        for step in steps { lines += Self.markdown(step) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func markdown(_ step: Step) -> [String] {
        let entry = step.entry
        var lines = [
            "", "### \(entry.sequence). \(inline(entry.action))", "",
            "\(JournalTime.text(entry.wallTime)) UTC · store clock \(JournalTime.text(entry.storeTime)) · "
                + "\(inline(origin(entry))) · session \(code(entry.session)) · account \(inline(entry.account.rawValue))",
            "",
            "Result: **\(inline(entry.result))**",
        ]
        if !entry.notifications.isEmpty {
            lines += ["", "Notifications:", ""]
            for notification in entry.notifications {
                lines.append("- \(inline(name(notification)))")
                let attempts = step.attempts[notification.sequence] ?? []
                if attempts.isEmpty { lines.append("  - no delivery attempt (no webhook, or not yet due)") }
                for attempt in attempts { lines.append("  - \(inline(describe(attempt)))") }
            }
        }
        for payload in step.payloads {
            let verdict = payload.problem.map { "not verified: " + $0 } ?? "verified against the state's root"
            lines += ["", "Signed transaction \(payload.transactionID): \(inline(verdict))", ""]
            lines += fenced(payload.json, info: "json")
        }
        if let picture = picture(of: entry) {
            lines +=
                ["", "Screen (\(inline(entry.screen ?? "paywall"))):", ""]
                + fenced(picture.text, info: "text")
        }
        return lines
    }

    /// A table cell: pipes escaped, one line.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
