import Foundation
import KioskStoreKit
import StoreCore

/// A transaction as the test environment knows it, as StoreKitTest's `SKTestTransaction`
/// (developer.apple.com/documentation/storekittest/sktesttransaction): the same properties, a
/// value rather than Apple's class.
public struct SKTestTransaction: Sendable, Hashable {
    public let identifier: Int
    public let originalTransactionIdentifier: Int
    public let productIdentifier: String
    /// Where the purchase stands: Apple's `var state: SKPaymentTransactionState { get }`.
    public let state: SKPaymentTransactionState
    public let purchaseDate: Date
    public let expirationDate: Date?
    /// When the transaction was refunded or revoked.
    public let cancelDate: Date?
    public let autoRenewingEnabled: Bool
    public let hasPurchaseIssue: Bool
    public let isPendingPriceIncreaseConsent: Bool
    public let pendingAskToBuyConfirmation: Bool
    /// Whether the app finished it (Kiosk's addition).
    public let isFinished: Bool

    init(_ record: TransactionRecord) {
        let transaction = record.transaction.unsafePayloadValue
        identifier = Int(clamping: transaction.id)
        originalTransactionIdentifier = Int(clamping: transaction.originalID)
        productIdentifier = transaction.productID
        purchaseDate = transaction.purchaseDate
        expirationDate = transaction.expirationDate
        cancelDate = transaction.revocationDate
        autoRenewingEnabled = record.renewalInfo?.willAutoRenew ?? false
        hasPurchaseIssue = record.state == .interrupted || record.state == .billingRetry
        isPendingPriceIncreaseConsent = record.isPendingPriceIncreaseConsent
        pendingAskToBuyConfirmation = record.state == .pendingApproval
        isFinished = record.isFinished
        switch record.state {
        case .pendingApproval: state = .deferred
        case .declined, .interrupted: state = .failed
        case .purchased, .refunded, .expired, .billingRetry, .gracePeriod, .upgraded: state = .purchased
        }
    }
}
