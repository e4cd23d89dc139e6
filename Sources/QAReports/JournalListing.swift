import Foundation
import Simulator
import StoreCore

/// `kiosk journal`'s two forms of the journal: a table for people and JSON Lines for tools.
public enum JournalListing {
    /// One entry as one line of JSON, times in ISO 8601.
    public static func jsonLine(_ entry: JournalEntry) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(JournalTime.json(date))
        }
        return String(decoding: try encoder.encode(entry), as: UTF8.self)
    }

    /// A readable table: one entry a line, its notifications indented below it.
    public static func table(_ entries: [JournalEntry]) -> String {
        guard !entries.isEmpty else { return "(no journal entries)" }
        let rows = entries.map { entry in
            [
                "\(entry.sequence)", JournalTime.text(entry.wallTime), JournalTime.text(entry.storeTime),
                entry.session,
                entry.source.rawValue + (entry.screen.map { "/" + $0 } ?? ""), entry.account.rawValue,
                entry.action,
                entry.result,
            ]
        }
        let header = ["#", "wall time", "store clock", "session", "from", "account", "action", "result"]
        let widths = (0..<header.count).map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                index == cells.count - 1
                    ? pair.0 : pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        var lines = [line(header)]
        var preset: (session: String, screen: String)?
        for (entry, row) in zip(entries, rows) {
            // A preset's steps fold under one line naming it: the tester did one thing.
            if let screen = entry.screen, screen.hasPrefix("preset ") {
                if preset?.session != entry.session || preset?.screen != screen {
                    preset = (entry.session, screen)
                    let count = entries.filter { $0.session == entry.session && $0.screen == screen }.count
                    var first = row
                    first[4] = entry.source.rawValue
                    first[6] = "Applying \(screen)"
                    first[7] = "\(count) step\(count == 1 ? "" : "s"):"
                    lines.append(line(first))
                }
                lines.append("    \(entry.sequence). \(entry.action): \(entry.result)")
            } else {
                preset = nil
                lines.append(line(row))
            }
            let indent = preset == nil ? "    " : "       "
            for notification in entry.notifications {
                lines.append(
                    indent + "notification \(notification.sequence): \(notification.type.rawValue)"
                        + (notification.subtype.map { "/" + $0.rawValue } ?? ""))
            }
        }
        return lines.joined(separator: "\n")
    }
}
