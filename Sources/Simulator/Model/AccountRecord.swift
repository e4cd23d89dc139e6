import Foundation
import StoreCore

/// A sandbox account and what the store remembers about it across purchases.
struct AccountRecord: Sendable, Hashable, Codable {
    var account: StoreAccount
    var appTransactionID: String
    var createdAt: Date
    /// Offer codes redeemed, by reference name (one redemption per code and account).
    var redeemedCodes: Set<String> = []
    /// Nonces of promotional-offer signatures already used (replays are refused).
    var usedOfferNonces: Set<String> = []
    /// Refund requests, open and decided (optional: ledgers written before have none).
    var refundRequests: [RefundRequest]?
}
