import Foundation
import StoreCore

/// What a notification says, fixed in the ledger transaction of the event it reports: the
/// transaction and renewal info as they stood right after the event, the subscription's
/// status then, and the `signedDate` (the event's moment). Apple signs when the event
/// happens; a delivery an hour later, a retry or Get Notification History must not say
/// anything else. The JWS is made from this the first time anyone needs it, and kept.
public struct NotificationContent: Sendable, Hashable {
    /// The event's moment: the notification's `signedDate`, and that of the payloads in it.
    public var signedDate: Date
    public var transaction: Transaction?
    public var renewalInfo: RenewalInfo?
    public var status: SubscriptionStatus.RenewalState?
    /// `consumptionRequestReason`, for a CONSUMPTION_REQUEST.
    public var consumptionRequestReason: String?

    public init(
        signedDate: Date, transaction: Transaction? = nil, renewalInfo: RenewalInfo? = nil,
        status: SubscriptionStatus.RenewalState? = nil, consumptionRequestReason: String? = nil
    ) {
        self.signedDate = signedDate
        self.transaction = transaction
        self.renewalInfo = renewalInfo
        self.status = status
        self.consumptionRequestReason = consumptionRequestReason
    }
}
