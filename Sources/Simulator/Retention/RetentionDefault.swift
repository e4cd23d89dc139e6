import Foundation

/// The message the App Store shows for a product in a locale when the real-time endpoint
/// cannot answer (Configure Default Message).
public struct RetentionDefault: Sendable, Hashable, Codable {
    public var productID: String
    public var locale: String
    public var messageID: UUID

    public init(productID: String, locale: String, messageID: UUID) {
        self.productID = productID
        self.locale = locale
        self.messageID = messageID
    }
}
