/// Where App Review stands on a message or an image: Apple's `MessageState` and `ImageState`.
/// Apple reviews uploads; in Kiosk the tester approves or rejects them (Transaction Manager,
/// `kiosk retention approve`, a rehearsal step), or the store approves each upload at once
/// when its auto-approve setting is on.
public enum RetentionApprovalState: String, Sendable, Hashable, Codable, CaseIterable {
    case pending = "PENDING"
    case approved = "APPROVED"
    case rejected = "REJECTED"
}

/// A tester's verdict on an upload.
public enum RetentionReview: Sendable, Hashable {
    case approve
    /// Rejected, with the reason App Review would give.
    case reject(reason: String)
}
