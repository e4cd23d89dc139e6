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
    /// it takes, for `action`: after `last`, the next word is the product when the action has
    /// words of its own after it and it is not one of them (`auto-renew last off`, `auto-renew
    /// last PRODUCT off`), not because it looks like a product ID.
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
        guard words.count > 1, action.takesProduct(afterLast: words[1], remaining: words.count - 1) else {
            return (.last(productID: nil), 1)
        }
        return (.last(productID: words[1]), 2)
    }
}

extension StoreAction {
    /// Actions whose first argument is a transaction, so `last` and `last PRODUCT` may stand
    /// for its ID, as in a rehearsal.
    public var takesTransactionID: Bool { afterTransaction != nil }

    /// What an action on a transaction takes after it (nil for an action on none): how many
    /// words at least, and the words it knows there.
    var afterTransaction: (fewest: Int, words: [String])? {
        switch self {
        case .approve, .decline, .refund, .resolve, .delete, .finish, .requestRefund: (0, [])
        case .autoRenew: (1, StoreWords.onOffWords)
        case .priceIncrease: (1, ["request", "accept", "decline"])
        case .refundRequest: (1, ["open", "grant", "decline", "reverse"])
        case .products, .buy, .redeem, .transactions, .entitlements, .unfinished, .all, .latest, .statuses,
            .eligibility, .restore, .expire, .renew, .clear, .reset, .advance, .now, .timeRate, .settings,
            .set, .errors, .error, .storefront, .locale, .accounts, .account, .appTransaction, .notifications,
            .manageSubscriptions, .cancelSheet, .retention:
            nil
        }
    }

    /// Whether `word`, the first of `remaining` positional words after `last`, names the
    /// product: when more words follow than the action needs of its own (so a misspelt `off`
    /// is still refused as one), and `word` is none of them.
    public func takesProduct(afterLast word: String, remaining: Int) -> Bool {
        guard let after = afterTransaction, !word.hasPrefix("-") else { return false }
        return remaining > after.fewest && !after.words.contains(word)
    }
}
