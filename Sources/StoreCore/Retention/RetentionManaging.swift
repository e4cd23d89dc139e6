import Foundation

/// A tester's change to Retention Messaging's content (docs/retention.md), in the words
/// `kiosk store retention ...`, rehearsals and the Transaction Manager share. Apple's own
/// management API (`/inApps/v1/messaging/`, on `kiosk serve`) does the same for a developer's
/// server.
public enum RetentionManagement: Sendable, Hashable {
    /// What a review is about.
    public enum Upload: String, Sendable, Hashable, CaseIterable {
        case message, image
    }

    /// Upload Message, with an optional full-size image and its alt text.
    case uploadMessage(id: UUID, header: String, body: String, image: UUID?, altText: String?)
    /// Upload Image: a PNG's bytes, full size or a bullet point's icon.
    case uploadImage(id: UUID, png: [UInt8], bulletPoint: Bool)
    /// Configure Realtime URL.
    case setRealtimeURL(String)
    /// Configure Default Message for a product in a locale (`en-US`).
    case setDefault(productID: String, locale: String, messageID: UUID)
    /// App Review's verdict: approved when `rejection` is nil, else rejected with that reason.
    case review(Upload, id: UUID, rejection: String?)
    /// The verdict on the oldest upload still PENDING, messages before images (the
    /// Transaction Manager's keys, which have no list to choose from).
    case reviewNextPending(rejection: String?)
    /// Approve every upload at once, or leave them to the tester.
    case autoApprove(Bool)

    /// A PNG of just its signature, `IHDR` (8-bit RGB, no transparency) and `IEND`: all Upload
    /// Image reads (the size and transparency), for rehearsing a layout without an image file.
    public static func placeholderPNG(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8)
            + bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + bigEndian(0)
            + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }
}

/// A store that manages retention content: the simulator in this process, or a client of a
/// server that can do what the server's control routes allow. The paywall and `kiosk store`
/// ask for the capability instead of naming the simulator (as `NotificationSigning`).
public protocol RetentionManaging: Sendable {
    /// Carries out the change and says what it did ("Approved retention message 1f0e… \"Before
    /// you go\"").
    /// - Throws: `StoreError.invalidArgument` with Apple's error and what to fix when the change
    ///   is refused; nothing is stored then.
    func manageRetention(_ change: RetentionManagement) async throws(StoreError) -> String
}
