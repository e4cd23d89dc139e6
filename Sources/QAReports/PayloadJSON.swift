import Foundation

/// A signed payload for people to read: `kiosk verify` prints it, the QA report shows each
/// step's transactions with it.
public enum PayloadJSON {
    /// The payload as indented JSON with sorted keys, or as text when it is not JSON.
    public static func pretty(_ payload: [UInt8]) -> String {
        // Not JSON (or not re-encodable) is an answer here, not a failure: the bytes are shown
        // as the text they are, which is what a reader of an odd payload needs to see.
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(payload), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: object,
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return String(decoding: payload, as: UTF8.self) }
        return String(decoding: data, as: UTF8.self)
    }
}
