import Foundation
import Simulator

/// `kiosk state list`'s two forms of a state's save points: a table for people and JSON Lines
/// for tools, times as the journal shows them.
public enum SavePointListing {
    /// One save point as one line of JSON: name, path, bytes, and its times in ISO 8601 (the
    /// store clock null when the save point does not record it).
    public static func jsonLine(_ point: SavePointInfo) throws -> String {
        let object: [String: Any] = [
            "name": point.name, "path": point.path, "savedAt": JournalTime.json(point.savedAt),
            "storeTime": point.storeTime.map(JournalTime.json) ?? NSNull(), "bytes": point.bytes,
        ]
        let data = try JSONSerialization.data(
            withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// A heading and one line per save point, oldest first as given.
    public static func table(_ points: [SavePointInfo]) -> [String] {
        let width = max(4, points.map(\.name.count).max() ?? 0)
        return [
            "name".padding(toLength: width, withPad: " ", startingAt: 0)
                + "  saved at             store clock"
        ]
            + points.map { point in
                point.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + JournalTime.text(point.savedAt) + "  " + (point.storeTime.map(JournalTime.text) ?? "-")
            }
    }
}
