import Foundation
import Signing
import StoreCore

/// A notification's content, worked out from what the action has staged at the moment it is
/// recorded: every `notify` comes after its event's changes, so this is the state right after
/// the event, before anything later in the same action (a refund after the auto-renew change
/// it caused, the next renewal of a long catch-up) touches it.
extension StagedAction {
    func notificationContent(
        _ type: NotificationType, account: AccountName, transaction given: Transaction?, at date: Date
    ) -> NotificationContent {
        var content = NotificationContent(signedDate: date)
        guard let given else { return content }
        var transaction = self.transaction(given.id)?.transaction ?? given
        transaction.signedDate = date
        content.transaction = transaction
        if type == .consumptionRequest {
            content.consumptionRequestReason =
                self.account(account)?.refundRequests?.last { $0.transactionID == transaction.id }?.reason
                .rawValue
        }
        if let chain = heldChain(of: transaction, account: account) {
            content.renewalInfo = chain.renewalInfo(
                holder: self.account(chain.key.account), products: products, meta: meta, at: date)
            let latestRevoked = self.transaction(chain.latestTransactionID)?.transaction.isRevoked ?? false
            content.status = chain.state(at: date, latestRevoked: latestRevoked)
        }
        return content
    }

    /// The subscription a transaction belongs to as its account holds it: its own chain, or
    /// for a Family Sharing copy the purchaser's chain seen by the member (`familyView`).
    func heldChain(of transaction: Transaction, account: AccountName) -> SubscriptionChain? {
        if let own = chainOf(transaction, account: account) { return own }
        guard transaction.productType == .autoRenewable, let group = transaction.subscriptionGroupID,
            let source = self.transaction(transaction.id)?.sharedFrom.flatMap({ self.transaction($0) }),
            let chain = chain(SubscriptionChain.Key(account: source.account, groupID: group)),
            chain.originalTransactionID == source.transaction.originalID
        else { return nil }
        let latestCopy =
            transactions(of: account).last {
                $0.isVisible && $0.transaction.originalID == transaction.originalID
            }?.transaction ?? transaction
        return chain.familyView(member: account, latestCopy: latestCopy)
    }
}
