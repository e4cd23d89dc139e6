import Foundation

/// Times on the QA commands' command lines and in their output.
public enum JournalTime {
    /// A `--since` value that is neither a time nor a span; its message says what would do.
    public struct Unreadable: Error, Equatable, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// `--since T`: an ISO 8601 date or date-time (`2026-11-30`, `2026-11-30T14:05:00Z`), or a
    /// span back from `now` (`90s`, `15m`, `2h`, `1d`).
    public static func start(since text: String, now: Date = Date()) throws(Unreadable) -> Date {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        if let unit = text.last, let seconds = units[unit], let count = Double(text.dropLast()), count >= 0 {
            // A span longer than the journal can hold (`1e308d`, infinite) means "everything":
            // held at 1970, so the date stays one SQLite can be asked about.
            return now.addingTimeInterval(-min(count * seconds, max(0, now.timeIntervalSince1970)))
        }
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if let date = day.date(from: text) { return date }
        throw Unreadable(
            description:
                "--since needs an ISO 8601 time (2026-11-30 or 2026-11-30T14:05:00Z) or a span back from now "
                + "(90s, 15m, 2h, 1d), got '\(text)'")
    }

    /// `2026-11-30 14:05:09` (UTC).
    public static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [
            .withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime,
        ]
        return formatter.string(from: date)
    }

    /// `2026-11-30T14:05:09.123Z`, for JSON.
    public static func json(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
