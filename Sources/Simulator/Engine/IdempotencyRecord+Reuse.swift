import Foundation
import StoreCore

extension IdempotencyRecord {
    /// Refuses a key given again for a different purchase: answering with the first result
    /// would tell the caller a product it did not ask for was bought. The product and quantity
    /// are compared with what the key's transaction records (a non-consumable bought again
    /// returns the owned transaction, so other options are not comparable after the fact).
    /// `stored` is the key's transaction as the store holds it (nil: none, nothing to compare).
    func refuseReuse(for request: PurchaseRequest, earlier stored: StoredTransaction?) throws(StoreError) {
        guard let stored else { return }
        let earlier =
            stored.pendingPurchase.map { ($0.productID, $0.quantity, $0.appAccountToken) }
            ?? (
                stored.transaction.productID, stored.transaction.purchasedQuantity,
                stored.transaction.appAccountToken
            )
        var differences: [String] = []
        if earlier.0 != request.productID {
            differences.append("product \(request.productID), not \(earlier.0)")
        }
        if earlier.1 != request.quantity, stored.transaction.productType == .consumable {
            differences.append("quantity \(request.quantity), not \(earlier.1)")
        }
        // The token names the app's user the purchase is for: another user's purchase is
        // another purchase (issue 22). The key's record keeps the token its purchase asked for
        // (schema 8). A record from before keeps none, so the token is compared with the key's
        // transaction where that is surely the one its first purchase made: a waiting purchase,
        // a consumable or a non-renewing subscription (a non-consumable bought again, or a
        // subscription bought while active, answers with the transaction already owned, which
        // carries its first buyer's token).
        let asked: UUID?
        let comparable: Bool
        switch requestedToken {
        case .token(let token): (asked, comparable) = (token, true)
        case .absent: (asked, comparable) = (nil, true)
        case .unrecorded:
            asked = earlier.2
            comparable =
                stored.pendingPurchase != nil
                || [.consumable, .nonRenewable].contains(stored.transaction.productType)
        }
        if asked != request.appAccountToken, comparable {
            func text(_ token: UUID?) -> String {
                token.map { "appAccountToken \($0.uuidString)" } ?? "no appAccountToken"
            }
            differences.append("\(text(request.appAccountToken)), not \(text(asked))")
        }
        guard !differences.isEmpty else { return }
        throw .idempotencyKeyReused(
            "idempotency key '\(key)' was already used for a different purchase (this one asks for "
                + differences.joined(separator: " and ")
                + "); use a new key for a new purchase")
    }
}
