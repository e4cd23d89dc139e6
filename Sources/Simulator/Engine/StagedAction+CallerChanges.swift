import Foundation
import StoreCore

/// Small changes the store makes for its callers, each one action.
extension StagedAction {
    /// The payment sheet for `request`, showing which offer applies. Resolves without keeping
    /// anything: an offer refused here shows none; the purchase itself then throws the refusal.
    func paymentSheet(for request: PurchaseRequest, account: AccountName) throws(StoreError) -> PaymentSheet {
        let product = try self.product(request.productID, for: account)
        var preview = self
        let offer = try? preview.resolveOffer(for: request, product: product, account: account, checker: nil)
        return PaymentSheet(
            product: product, account: account, quantity: request.quantity, offer: offer ?? nil)
    }

    /// Sets the app account token of a subscription (and of its transactions from now on).
    mutating func setAppAccountToken(_ token: UUID, originalTransactionID: UInt64, account: AccountName)
        throws(StoreError)
    {
        for var chain in chainKeys(of: account).compactMap({ self.chain($0) })
        where chain.originalTransactionID == originalTransactionID {
            chain.appAccountToken = token
            put(chain)
        }
        guard var latest = transaction(originalTransactionID) else { return }
        latest.transaction.appAccountToken = token
        try update(latest)
    }

    /// Records that messages reached a listener, so they are not shown again.
    mutating func markShown(_ messages: [(account: AccountName, message: StoreMessage)]) {
        for (account, message) in messages {
            for key in chainKeys(of: account) {
                guard var chain = self.chain(key), chain.pendingMessage == message else { continue }
                chain.pendingMessage = nil
                put(chain)
            }
        }
    }
}
