/// asciinema's asciicast v2 format (docs.asciinema.org): a JSON header line, then one JSON
/// array per event, `[seconds, "o", output]`. Pure formatting; the recorder writes the lines.
public enum Asciicast {
    /// How long a pause plays back at most (asciicast v2 `idle_time_limit`): a tester reading
    /// the screen for a minute is two seconds in the replay, as `asciinema rec -i 2` records.
    public static let idleTimeLimit = 2.0

    /// The header line for a `columns`×`rows` terminal, `timestamp` in Unix seconds.
    public static func header(
        size: Size, timestamp: Int, title: String? = nil, idleTimeLimit: Double? = Asciicast.idleTimeLimit
    ) -> String {
        var fields = [
            "\"version\": 2", "\"width\": \(size.columns)", "\"height\": \(size.rows)",
            "\"timestamp\": \(timestamp)",
        ]
        if let idleTimeLimit { fields.append("\"idle_time_limit\": \(idleTimeLimit)") }
        fields.append("\"env\": {\"TERM\": \"xterm-256color\"}")
        if let title { fields.append("\"title\": \(jsonString(title))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// An output event: `data` written to the terminal `seconds` after the start.
    public static func output(_ data: String, at seconds: Double) -> String {
        "[\(time(seconds)), \"o\", \(jsonString(data))]"
    }

    /// A marker (asciicast v2 `"m"`): a chapter a player can jump to, named by `label`.
    public static func marker(_ label: String, at seconds: Double) -> String {
        "[\(time(seconds)), \"m\", \(jsonString(label))]"
    }

    /// What a recording ends with: attributes reset and the cursor shown again, so a replay
    /// leaves the terminal as it found it (the paywall hides the cursor while it runs).
    public static let restore = "\u{1B}[0m\u{1B}[?25h"

    /// A resize event (asciicast v2 `"r"`, `"COLSxROWS"`).
    public static func resize(_ size: Size, at seconds: Double) -> String {
        "[\(time(seconds)), \"r\", \"\(size.columns)x\(size.rows)\"]"
    }

    /// Seconds with microsecond precision, never in exponent notation.
    static func time(_ seconds: Double) -> String {
        let micros = Int((max(0, seconds) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
