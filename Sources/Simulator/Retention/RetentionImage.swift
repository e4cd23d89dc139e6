import Foundation

/// Apple's `ImageSize`: a message's main image, or a bullet point's icon.
public enum RetentionImageSize: String, Sendable, Hashable, Codable, CaseIterable {
    case fullSize = "FULL_SIZE"
    case bulletPoint = "BULLET_POINT"
}

/// An uploaded image: its PNG's dimensions, its review state and, once rejected, why. The
/// PNG itself is kept in the ledger beside the record (`Ledger+Retention`).
public struct RetentionImage: Sendable, Hashable, Codable {
    public var id: UUID
    public var size: RetentionImageSize
    public var width: Int
    public var height: Int
    public var byteCount: Int
    public var state: RetentionApprovalState
    public var rejectionReason: String?
    public var uploadedAt: Date

    public init(
        id: UUID, size: RetentionImageSize, width: Int, height: Int, byteCount: Int,
        state: RetentionApprovalState, rejectionReason: String? = nil, uploadedAt: Date
    ) {
        self.id = id
        self.size = size
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.state = state
        self.rejectionReason = rejectionReason
        self.uploadedAt = uploadedAt
    }
}
