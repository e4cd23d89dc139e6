import Foundation
import Signing
import StoreCore

/// Renewal-date extensions, as the App Store Server API grants them to a customer.
extension StagedAction {
    /// Moves the subscription's renewal date `days` later: the latest transaction's
    /// `expiresDate` and the chain's next renewal both move, and RENEWAL_EXTENDED is recorded.
    /// - Throws: `transactionNotFound` when no subscription has this original ID;
    ///   `invalidAction` when it cannot be extended (expired, in billing retry, refunded or
    ///   shared by Family Sharing), as Apple's SUBSCRIPTION_EXTENSION_INELIGIBLE.
    /// - Returns: the extended transaction.
    mutating func extendRenewalDate(originalTransactionID: UInt64, account: AccountName, days: Int)
        throws(StoreError) -> Transaction
    {
        guard
            let key = chainKeys(of: account).first(where: {
                chain($0)?.originalTransactionID == originalTransactionID
            }),
            var chain = chain(key), var latest = transaction(chain.latestTransactionID)
        else { throw StoreError.transactionNotFound(originalTransactionID) }
        guard !chain.isExpired, !chain.isInBillingRetry, !latest.transaction.isRevoked,
            latest.transaction.ownershipType == .purchased, (latest.transaction.expirationDate ?? now) > now
        else {
            throw StoreError.invalidAction(
                "subscription \(originalTransactionID) is not active, so its renewal date cannot be extended")
        }
        let interval = TimeInterval(days) * 86_400
        chain.expirationDate = chain.expirationDate.addingTimeInterval(interval)
        put(chain)
        latest.transaction.expirationDate = latest.transaction.expirationDate?.addingTimeInterval(interval)
        try update(latest)
        try mirrorToFamily(latest.transaction)
        notify(.renewalExtended, account: account, transaction: latest.transaction)
        return latest.transaction
    }

    /// Extends every active subscription to `productID` (in `storefronts`, or everywhere when
    /// empty) and records one RENEWAL_EXTENSION SUMMARY for the request.
    mutating func extendRenewalDates(
        productID: String, days: Int, storefronts: Set<String>, requestIdentifier: String
    ) throws(StoreError) -> (succeeded: Int, failed: Int) {
        var succeeded = 0
        var failed = 0
        for key in allChainKeys.sorted(by: { ($0.account, $0.groupID) < ($1.account, $1.groupID) }) {
            guard let chain = chain(key), chain.currentProductID == productID, !chain.isExpired else {
                continue
            }
            let storefront = account(key.account)?.account.storefront ?? settings.storefront
            guard storefronts.isEmpty || storefronts.contains(storefront) else { continue }
            do {
                _ = try extendRenewalDate(
                    originalTransactionID: chain.originalTransactionID, account: key.account, days: days)
                succeeded += 1
            } catch {
                failed += 1
            }
        }
        record(
            MassExtension(
                requestIdentifier: requestIdentifier, productID: productID, days: days,
                storefronts: storefronts.sorted(), succeeded: succeeded, failed: failed, completedAt: now))
        notify(
            .renewalExtension, .summary, account: "", productID: productID,
            requestIdentifier: requestIdentifier)
        return (succeeded, failed)
    }
}
