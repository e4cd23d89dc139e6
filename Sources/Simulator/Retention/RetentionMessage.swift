import Foundation

/// An uploaded message, as Apple's `UploadMessageRequestBody` gave it, with its review state.
public struct RetentionMessage: Sendable, Hashable, Codable {
    /// Apple's `HeaderPosition`; absent means above the body.
    public enum HeaderPosition: String, Sendable, Hashable, Codable {
        case aboveBody = "ABOVE_BODY"
        case aboveImage = "ABOVE_IMAGE"
    }

    /// An image with its alternative text (`UploadMessageImage`).
    public struct Image: Sendable, Hashable, Codable {
        public var imageIdentifier: UUID
        public var altText: String

        public init(imageIdentifier: UUID, altText: String) {
            self.imageIdentifier = imageIdentifier
            self.altText = altText
        }
    }

    /// One bullet point: its text and its icon (`BulletPoint`).
    public struct BulletPoint: Sendable, Hashable, Codable {
        public var text: String
        public var imageIdentifier: UUID
        public var altText: String

        public init(text: String, imageIdentifier: UUID, altText: String) {
            self.text = text
            self.imageIdentifier = imageIdentifier
            self.altText = altText
        }
    }

    /// What a developer uploads.
    public struct Content: Sendable, Hashable, Codable {
        public var header: String
        public var body: String
        public var image: Image?
        public var headerPosition: HeaderPosition?
        public var bulletPoints: [BulletPoint]?

        public init(
            header: String, body: String, image: Image? = nil, headerPosition: HeaderPosition? = nil,
            bulletPoints: [BulletPoint]? = nil
        ) {
            self.header = header
            self.body = body
            self.image = image
            self.headerPosition = headerPosition
            self.bulletPoints = bulletPoints
        }

        /// Every image it names: the main one, then each bullet point's.
        public var imageIdentifiers: [UUID] {
            (image.map { [$0.imageIdentifier] } ?? []) + (bulletPoints ?? []).map(\.imageIdentifier)
        }
    }

    public var id: UUID
    public var content: Content
    public var state: RetentionApprovalState
    public var rejectionReason: String?
    public var uploadedAt: Date

    public init(
        id: UUID, content: Content, state: RetentionApprovalState, rejectionReason: String? = nil,
        uploadedAt: Date
    ) {
        self.id = id
        self.content = content
        self.state = state
        self.rejectionReason = rejectionReason
        self.uploadedAt = uploadedAt
    }
}
