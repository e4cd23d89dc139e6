/// The transaction an action on one names, typed when the words are read: a transaction ID,
/// or `last` (the newest in the Transaction Manager's list) or `last PRODUCT` (the newest of
/// that product), which the runner resolves against the store before the action runs.
public enum TransactionArgument: Sendable, Hashable, CustomStringConvertible {
    case id(UInt64)
    case last(productID: String?)

    public var description: String {
        switch self {
        case .id(let id): String(id)
        case .last(let product): product.map { "last \($0)" } ?? "last"
        }
    }

    /// The reference at the start of `words` (an action's positional words) and how many words
    /// it takes, for `action`: after `last`, the next word is the product unless it is the word
    /// the action takes next (`auto-renew last off`), not because it looks like a product ID.
    /// - Throws: `StoreWordsError` for a word that is neither `last` nor a number.
    public static func read(_ words: [String], for action: StoreAction) throws(StoreWordsError) -> (
        TransactionArgument, used: Int
    )? {
        guard let first = words.first else { return nil }
        guard first == "last" else {
            guard let id = UInt64(first) else {
                throw StoreWordsError("'\(first)' is not a transaction ID (a number)", word: first)
            }
            return (.id(id), 1)
        }
        guard words.count > 1, action.takesProduct(afterLast: words[1]) else {
            return (.last(productID: nil), 1)
        }
        return (.last(productID: words[1]), 2)
    }
}

extension StoreAction {
    /// Actions whose first argument is a transaction, so `last` and `last PRODUCT` may stand
    /// for its ID, as in a rehearsal.
    public var takesTransactionID: Bool { wordsAfterTransaction != nil }

    /// The words an action on a transaction takes right after it (nil for an action that takes
    /// no transaction): what `last WORD` reads as the action's own word rather than a product.
    var wordsAfterTransaction: [String]? {
        switch self {
        case .approve, .decline, .refund, .resolve, .delete, .finish, .requestRefund: []
        case .autoRenew: StoreWords.onOffWords
        case .priceIncrease: ["request", "accept", "decline"]
        case .refundRequest: ["open", "grant", "decline", "reverse"]
        case .products, .buy, .redeem, .transactions, .entitlements, .unfinished, .all, .latest, .statuses,
            .eligibility, .restore, .expire, .renew, .clear, .reset, .advance, .now, .timeRate, .settings,
            .set, .errors, .error, .storefront, .locale, .accounts, .account, .appTransaction, .notifications,
            .manageSubscriptions, .cancelSheet, .retention:
            nil
        }
    }

    /// Whether `word`, after `last`, names the product: it does unless it is the action's own
    /// next word, or an option.
    public func takesProduct(afterLast word: String) -> Bool {
        guard let own = wordsAfterTransaction, !word.hasPrefix("-") else { return false }
        return !own.contains(word)
    }
}
