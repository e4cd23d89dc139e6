import Foundation
import StoreCore
import TerminalUI

/// A run of text in one theme role: a line of styled text is a list of them.
public struct StyledRun: Sendable, Hashable {
    public var text: String
    public var role: ThemeRole

    public init(_ text: String, _ role: ThemeRole) {
        self.text = text
        self.role = role
    }
}

/// Draws a `SubscriptionTimeline` as lines of styled text for any width from 40 columns up:
/// a date axis, one bar whose cells are the periods, the moments under it, where now is, a
/// legend of what the picture uses, and the events in words. Pure, so the Transaction
/// Manager, `kiosk report` and tests draw the same thing; `plainText` is the same without style.
public enum TimelineRenderer {
    /// Cells of the bar and their roles, per kind of span.
    static func symbol(_ kind: SubscriptionTimeline.SpanKind) -> (Character, ThemeRole, String) {
        switch kind {
        case .trial: ("░", .accent, "trial")
        case .introductory: ("▒", .accent, "intro")
        case .offer: ("▓", .accent, "offer")
        case .paid: ("█", .success, "paid")
        case .gracePeriod: ("≈", .warning, "grace")
        case .billingRetry: ("~", .error, "retry")
        }
    }

    static func symbol(_ kind: SubscriptionTimeline.MarkKind) -> (Character, ThemeRole, String) {
        switch kind {
        case .purchase: ("●", .text, "bought")
        case .renewal: ("+", .text, "renewed")
        case .upgrade: ("↑", .accent, "upgraded")
        case .downgrade: ("↓", .accent, "downgraded")
        case .crossgrade: ("↔", .accent, "changed plan")
        case .recovery: ("✓", .success, "recovered")
        case .refund: ("✗", .error, "refunded")
        case .revocation: ("⊘", .error, "revoked")
        case .expiry: ("×", .error, "expired")
        }
    }

    /// Which of two marks in one cell shows: the one that changes access most.
    static func weight(_ kind: SubscriptionTimeline.MarkKind) -> Int {
        switch kind {
        case .renewal: 0
        case .purchase: 1
        case .upgrade, .downgrade, .crossgrade, .recovery: 2
        case .expiry: 3
        case .refund, .revocation: 4
        }
    }

    /// The picture at `width` columns (at least 20), and the events in words after it.
    public static func lines(_ timeline: SubscriptionTimeline, width: Int, names: [String: String] = [:])
        -> [[StyledRun]]
    {
        picture(timeline, width: width) + events(timeline, names: names, width: max(20, width))
    }

    /// The axis, the bar, the moments, now, and the legend.
    public static func picture(_ timeline: SubscriptionTimeline, width: Int) -> [[StyledRun]] {
        let width = max(20, width)
        let range = timeline.range
        let low = range.lowerBound
        let span = max(range.upperBound.timeIntervalSince(low), 86_400)
        func column(_ date: Date) -> Int {
            min(
                width - 1,
                max(0, Int((date.timeIntervalSince(low) / span * Double(width - 1)).rounded(.down))))
        }
        var lines: [[StyledRun]] = [axisLabels(low: low, high: low.addingTimeInterval(span), width: width)]
        lines.append([StyledRun("├" + String(repeating: "─", count: width - 2) + "┤", .muted)])
        // The bar: lapsed time in muted dots, each span over it in order.
        var bar = [(Character, ThemeRole)](repeating: (" ", .muted), count: width)
        if let first = timeline.spans.map(\.start).min() {
            for index in column(first)...column(timeline.now) { bar[index] = ("·", .muted) }
        }
        for span in timeline.spans {
            let (character, role, _) = symbol(span.kind)
            let start = column(span.start)
            let end = max(start + 1, column(span.end))
            for index in start..<min(end, width) { bar[index] = (character, role) }
        }
        lines.append(runs(bar))
        var marks = [(Character, ThemeRole)](repeating: (" ", .text), count: width)
        var weights = [Int](repeating: -1, count: width)
        for mark in timeline.marks {
            let index = column(mark.date)
            guard weight(mark.kind) > weights[index] else { continue }
            weights[index] = weight(mark.kind)
            let (character, role, _) = symbol(mark.kind)
            marks[index] = (character, role)
        }
        lines.append(runs(marks))
        let now = "now " + dateText(timeline.now, time: true)
        let nowColumn = column(timeline.now)
        let pointer =
            nowColumn + 2 + now.count <= width
            ? String(repeating: " ", count: nowColumn) + "^ " + now
            : String(repeating: " ", count: max(0, nowColumn - now.count - 1)) + now + " ^"
        lines.append([StyledRun(pointer, .accent)])
        return lines + legend(timeline, width: width)
    }

    /// The same lines without style.
    public static func plainText(_ timeline: SubscriptionTimeline, width: Int, names: [String: String] = [:])
        -> String
    {
        lines(timeline, width: width, names: names).map { line in
            line.map(\.text).joined().replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }

    /// Runs of equal role from cells.
    static func runs(_ cells: [(Character, ThemeRole)]) -> [StyledRun] {
        var runs: [StyledRun] = []
        for (character, role) in cells {
            if let last = runs.last, last.role == role {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append(StyledRun(String(character), role))
            }
        }
        return runs
    }

    /// The first, middle and last dates over the axis, as room allows.
    static func axisLabels(low: Date, high: Date, width: Int) -> [StyledRun] {
        let left = dateText(low, time: false)
        let right = dateText(high, time: false)
        var cells = [Character](repeating: " ", count: width)
        func put(_ text: String, at column: Int) {
            for (offset, character) in text.enumerated() where column + offset < width {
                cells[column + offset] = character
            }
        }
        put(left, at: 0)
        if width >= left.count + right.count + 1 { put(right, at: width - right.count) }
        let middle = dateText(low.addingTimeInterval(high.timeIntervalSince(low) / 2), time: false)
        if width >= 3 * middle.count + 4 { put(middle, at: (width - middle.count) / 2) }
        return [StyledRun(String(cells), .muted)]
    }

    /// What the symbols mean, only those the picture uses, wrapped to the width.
    static func legend(_ timeline: SubscriptionTimeline, width: Int) -> [[StyledRun]] {
        var items: [StyledRun] = []
        for kind in SubscriptionTimeline.SpanKind.allCases
        where timeline.spans.contains(where: { $0.kind == kind }) {
            let (character, role, word) = symbol(kind)
            items.append(StyledRun("\(character) \(word)", role))
        }
        items.append(StyledRun("· lapsed", .muted))
        for kind in SubscriptionTimeline.MarkKind.allCases
        where timeline.marks.contains(where: { $0.kind == kind }) {
            let (character, role, word) = symbol(kind)
            items.append(StyledRun("\(character) \(word)", role))
        }
        items.append(StyledRun("^ now", .accent))
        var lines: [[StyledRun]] = []
        var line: [StyledRun] = []
        var used = 0
        for item in items {
            let needed = item.text.count + (line.isEmpty ? 0 : 2)
            if used + needed > width, !line.isEmpty {
                lines.append(line)
                line = []
                used = 0
            }
            if !line.isEmpty { line.append(StyledRun("  ", .muted)) }
            line.append(item)
            used += item.text.count + (line.count > 1 ? 2 : 0)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// One line per moment and span start, in date order: `2026-05-29 00:00 ● bought Pro (trial)`.
    static func events(_ timeline: SubscriptionTimeline, names: [String: String], width: Int) -> [[StyledRun]]
    {
        var entries: [(Date, Int, [StyledRun])] = []
        for mark in timeline.marks {
            let (character, role, word) = symbol(mark.kind)
            var text = "\(character) \(word) \(names[mark.productID] ?? mark.productID)"
            if let period = timeline.spans.first(where: {
                $0.start == mark.date && $0.productID == mark.productID
            }),
                period.kind != .paid
            {
                text += " (\(symbol(period.kind).2))"
            }
            entries.append(
                (
                    mark.date, 0,
                    [StyledRun(dateText(mark.date, time: true) + " ", .muted), StyledRun(text, role)]
                ))
        }
        for span in timeline.spans where span.kind == .gracePeriod || span.kind == .billingRetry {
            let (character, role, word) = symbol(span.kind)
            let until = span.end > timeline.now ? "until " : "to "
            entries.append(
                (
                    span.start, 1,
                    [
                        StyledRun(dateText(span.start, time: true) + " ", .muted),
                        StyledRun("\(character) \(word) \(until)\(dateText(span.end, time: true))", role),
                    ]
                ))
        }
        return entries.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { entry in
            var used = 0
            return entry.2.map { run in
                let text = String(run.text.prefix(max(0, width - used)))
                used += text.count
                return StyledRun(text, run.role)
            }
        }
    }

    /// `2026-05-29` or `2026-05-29 14:03` (UTC).
    static func dateText(_ date: Date, time: Bool) -> String {
        let text = date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
        return String(text.replacingOccurrences(of: "T", with: " ").prefix(time ? 16 : 10))
    }
}
