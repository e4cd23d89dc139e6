import Foundation
import StoreCore

/// The words of `kiosk store retention ...` and `kiosk store cancel-sheet PRODUCT`
/// (docs/retention.md): a tester's Retention Messaging set-up and App Review, and the
/// customer's cancel sheet, for the CLI and rehearsals alike.
extension StoreWords {
    /// What `retention` takes, for errors and help.
    static let retentionUsage =
        "retention message ID HEADER BODY [--image IMAGE --alt TEXT] | image ID FILE.png|WxH [--bullet] | "
        + "url URL | default PRODUCT LOCALE MESSAGE | approve message|image ID | "
        + "reject message|image ID REASON | approve-next | reject-next REASON | auto-approve on|off"

    /// The change `retention ...` names. `readFile` reads an image's PNG (the runner reads the
    /// file; a check before running passes a reader that reads nothing).
    /// - Throws: `StoreWordsError` naming the word that does not parse.
    public func retentionManagement(readFile: (String) throws -> [UInt8]) throws(StoreWordsError)
        -> RetentionManagement
    {
        switch try argument(0, "what to do: \(Self.retentionUsage)") {
        case "message":
            return .uploadMessage(
                id: try Self.uuid(try argument(1, "a message ID (a UUID)"), "the message ID"),
                header: try argument(2, "the header"), body: try argument(3, "the body"),
                image: options.retention.image, altText: options.retention.alt)
        case "image":
            let id = try Self.uuid(try argument(1, "an image ID (a UUID)"), "the image ID")
            let source = try argument(2, "a PNG file, or WIDTHxHEIGHT for a placeholder PNG of that size")
            return .uploadImage(
                id: id, png: try Self.png(source, readFile: readFile), bulletPoint: options.retention.bullet)
        case "url": return .setRealtimeURL(try argument(1, "the real-time URL"))
        case "default":
            return .setDefault(
                productID: try argument(1, "a product ID"), locale: try argument(2, "a locale (en-US)"),
                messageID: try Self.uuid(try argument(3, "a message ID"), "the message ID"))
        case "approve", "reject":
            let verb = try argument(0, "approve or reject")
            let kindWord = try argument(1, "message or image")
            guard let kind = RetentionManagement.Upload(rawValue: kindWord) else {
                throw StoreWordsError(
                    "retention \(verb) takes message or image, got '\(kindWord)'", word: kindWord)
            }
            let id = try Self.uuid(try argument(2, "the \(kind.rawValue)'s ID"), "the \(kind.rawValue) ID")
            return .review(kind, id: id, rejection: verb == "reject" ? try argument(3, "the reason") : nil)
        case "approve-next": return .reviewNextPending(rejection: nil)
        case "reject-next": return .reviewNextPending(rejection: try argument(1, "the reason"))
        case "auto-approve": return .autoApprove(try Self.onOff(try argument(1, "on or off")))
        case let other:
            throw StoreWordsError("retention takes \(Self.retentionUsage); got '\(other)'", word: other)
        }
    }

    private static func uuid(_ text: String, _ name: String) throws(StoreWordsError) -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw StoreWordsError(
                "\(name) must be a UUID (Apple's identifiers are), got '\(text)'", word: text)
        }
        return id
    }

    /// A PNG file's bytes, or for `WIDTHxHEIGHT` a PNG of just its signature, header and end:
    /// what Upload Image reads (its size and transparency), to rehearse a layout without a file.
    static func png(_ source: String, readFile: (String) throws -> [UInt8]) throws(StoreWordsError) -> [UInt8]
    {
        let sides = source.split(separator: "x").compactMap { Int($0) }
        if sides.count == 2, !source.hasSuffix(".png") {
            return RetentionManagement.placeholderPNG(width: sides[0], height: sides[1])
        }
        do {
            return try readFile(source)
        } catch {
            throw StoreWordsError(
                "cannot read the image \(source): \(error.localizedDescription)", word: source)
        }
    }
}
