import SourceDiagnostics
import StoreCore

extension StoreAction {
    /// Actions whose first argument is a transaction ID, so `last` and `last PRODUCT` may stand
    /// for it, as in a rehearsal.
    public var takesTransactionID: Bool {
        switch self {
        case .approve, .decline, .refund, .refundRequest, .autoRenew, .priceIncrease, .resolve, .delete,
            .finish, .requestRefund:
            true
        case .products, .buy, .redeem, .transactions, .entitlements, .unfinished, .all, .latest, .statuses,
            .eligibility, .restore, .expire, .renew, .clear, .reset, .advance, .now, .timeRate, .settings,
            .set, .errors, .error, .storefront, .locale, .accounts, .account, .appTransaction, .notifications,
            .manageSubscriptions, .cancelSheet, .retention:
            false
        }
    }
}

extension StoreWords {
    /// The words with a leading `last` (the newest transaction in the Transaction Manager's list)
    /// or `last PRODUCT` (the newest of that product) replaced by the transaction's ID, the
    /// references a rehearsal accepts, so `kiosk store refund last` works as `refund last` does
    /// in a `.rehearsal` file.
    /// - Throws: `StoreWordsError` when there is no such transaction yet, suggesting a product ID
    ///   for a misspelt one.
    public func resolvingLast(in store: any Store & StoreControl) async throws -> StoreWords {
        guard action.takesTransactionID, arguments.first == "last" else { return self }
        let product = arguments.count > 1 && arguments[1].contains(".") ? arguments[1] : nil
        let records = try await store.transactionRecords()
        let matching = records.filter {
            product == nil || $0.transaction.unsafePayloadValue.productID == product
        }
        guard let id = matching.map(\.id).max() else {
            guard let product else { throw StoreWordsError("no transaction yet for 'last'", word: "last") }
            let known = try await store.allProducts().map(\.id)
            let message = "no transaction of \(product) yet for 'last \(product)'"
            throw StoreWordsError(
                known.contains(product)
                    ? message : Suggestion.appending(to: message, word: product, candidates: known),
                word: product)
        }
        var resolved = self
        resolved.arguments.replaceSubrange(0..<(product == nil ? 1 : 2), with: [String(id)])
        return resolved
    }
}
