import Foundation
import Signing
import StoreCore

extension StagedAction {
    /// The other accounts in the purchaser's family.
    func familyMembers(of account: AccountName) -> [AccountName] {
        guard let family = self.account(account)?.account.familyID else { return [] }
        let names = Set(base.accountNames(inFamily: family)).union(changes.accounts.keys)
        return names.filter { $0 != account && self.account($0)?.account.familyID == family }.sorted()
    }

    /// Gives every family member a FAMILY_SHARED copy of a purchase of a shareable product.
    /// Copies of one subscription share an original ID per member, like the purchaser's. Each
    /// member's server hears of its copy with the notification the purchaser's event made
    /// (SUBSCRIBED, DID_RENEW, ONE_TIME_CHARGE ...), carrying the FAMILY_SHARED transaction.
    mutating func shareWithFamily(_ transaction: Transaction, purchaser: AccountName) throws(StoreError) {
        guard transaction.ownershipType == .purchased,
            let product = productIfSold(transaction.productID, for: purchaser), product.isFamilyShareable
        else { return }
        let event = changes.notifications.last {
            $0.account == purchaser && $0.transactionID == transaction.id
        }
        for member in familyMembers(of: purchaser) {
            let earlier = transactions(of: member).first { stored in
                guard let source = stored.sharedFrom.flatMap({ self.transaction($0) }) else { return false }
                return source.transaction.originalID == transaction.originalID
            }
            var copy = try newTransaction(
                account: member, product: product, purchaseDate: transaction.purchaseDate,
                expirationDate: transaction.expirationDate,
                original: earlier.map { ($0.transaction.originalID, $0.transaction.originalPurchaseDate) },
                quantity: transaction.purchasedQuantity, price: 0, reason: transaction.reason,
                ownership: .familyShared)
            copy.webOrderLineItemID = transaction.webOrderLineItemID
            try put(
                StoredTransaction(
                    transaction: copy, account: member, phase: .delivered, isFinished: false,
                    sharedFrom: transaction.id))
            announce(.update(account: member, transactionID: copy.id))
            announce(.event(account: member, .stateChanged))
            if let event {
                notify(event.type, event.subtype, account: member, transaction: copy, at: event.createdAt)
            }
        }
    }

    /// Brings family copies in line with a changed purchase (upgraded, refunded): a refund
    /// revokes every copy with FAMILY_REVOKE and a REVOKE notification for its holder.
    mutating func mirrorToFamily(_ transaction: Transaction) throws(StoreError) {
        for member in familyMembers(of: owner(of: transaction)) {
            for var copy in transactions(of: member) where copy.sharedFrom == transaction.id && copy.isVisible
            {
                copy.transaction.isUpgraded = transaction.isUpgraded
                copy.transaction.expirationDate = transaction.expirationDate
                var revoked = false
                if transaction.isRevoked && !copy.transaction.isRevoked {
                    copy.transaction.revocationDate = transaction.revocationDate
                    copy.transaction.revocationReason = transaction.revocationReason
                    copy.transaction.revocationType = .familyRevoke
                    revoked = true
                } else if !transaction.isRevoked && copy.transaction.revocationType == .familyRevoke {
                    // A reversed refund gives the family its access back.
                    copy.transaction.revocationDate = nil
                    copy.transaction.revocationReason = nil
                    copy.transaction.revocationType = nil
                }
                try update(copy)
                if revoked { notify(.revoke, account: member, transaction: copy.transaction) }
            }
        }
    }

    private func owner(of transaction: Transaction) -> AccountName {
        self.transaction(transaction.id)?.account ?? ""
    }
}
