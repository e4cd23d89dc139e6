import SourceDiagnostics
import StoreCore

/// The actions of `kiosk store`, with their synopsis for help and errors.
public enum StoreAction: String, CaseIterable, Sendable {
    case products, buy, redeem, transactions, entitlements, unfinished, all, latest, statuses, eligibility
    case finish, restore, refund, refundRequest = "refund-request", approve, decline, expire, renew,
        autoRenew = "auto-renew"
    case priceIncrease = "price-increase", resolve, delete, clear, reset, advance, now
    case timeRate = "time-rate", settings, set, errors, error, storefront, locale, accounts, account
    case appTransaction = "app-transaction", notifications
    case requestRefund = "request-refund", manageSubscriptions = "manage-subscriptions"
    case cancelSheet = "cancel-sheet", retention

    public var synopsis: String {
        switch self {
        case .products: "products                       the catalog's products, localized"
        case .buy: "buy PRODUCT [purchase options]  buy as the app would"
        case .redeem: "redeem CODE                    redeem an offer code"
        case .transactions: "transactions                   the Transaction Manager's list"
        case .entitlements: "entitlements                   current entitlements"
        case .unfinished: "unfinished                     transactions not finished"
        case .all: "all                            every transaction the app can see"
        case .latest: "latest PRODUCT                 the product's latest transaction"
        case .statuses: "statuses GROUP                 subscription statuses of a group"
        case .eligibility: "eligibility GROUP              introductory-offer eligibility"
        case .finish: "finish ID                      finish a transaction"
        case .restore: "restore                        AppStore.sync()"
        case .refund:
            "refund ID [--reason R] [--percentage P]  refund now (developer-issue | other; P% prorated)"
        case .refundRequest:
            "refund-request ID open [REASON] | grant [--percentage P] | decline | reverse"
        case .approve: "approve ID                     approve an Ask to Buy request"
        case .decline: "decline ID                     decline an Ask to Buy request"
        case .expire: "expire PRODUCT                 expire a subscription now"
        case .renew: "renew PRODUCT                  force a renewal now"
        case .autoRenew: "auto-renew ID on|off           turn auto-renew on or off"
        case .priceIncrease: "price-increase ID request|accept|decline"
        case .resolve: "resolve ID                     resolve an interrupted purchase or billing issue"
        case .delete: "delete ID                      delete a transaction"
        case .clear: "clear                          delete every transaction of the account"
        case .reset: "reset                          back to the catalog's defaults, all history cleared"
        case .advance:
            "advance DURATION | --periods N --group G   move the clock (30s, 10m, 2h, 3d, 2w, 1mo, 1y)"
        case .now: "now                            the store's clock"
        case .timeRate: "time-rate RATE                 a rate name or _timeRate number (0, 13, 1002, ...)"
        case .settings: "settings                       show the store settings"
        case .set:
            "set SETTING VALUE              "
                + StoreSettingName.onOffNames.map(\.rawValue).joined(separator: ", ")
                + ": on|off; \(StoreSettingName.graceDays.rawValue): 3|16|28"
        case .errors: "errors                         simulated errors per API"
        case .error: "error API FAILURE|none         simulate a failure (e.g. purchase networkError)"
        case .storefront: "storefront [CODE]              show or change the account's storefront"
        case .locale: "locale [ID]                    show or change the locale"
        case .accounts: "accounts                       sandbox accounts"
        case .account: "account add NAME [--storefront C] [--family F]"
        case .appTransaction: "app-transaction                the signed app transaction"
        case .requestRefund:
            "request-refund ID [--reason R]  Transaction.beginRefundRequest: the app's refund sheet"
        case .manageSubscriptions:
            "manage-subscriptions           AppStore.showManageSubscriptions: the sheet"
        case .notifications:
            "notifications [--after N]      App Store Server Notifications and their delivery"
        case .cancelSheet:
            "cancel-sheet PRODUCT           the customer opens the cancel sheet: the retention message shown"
        case .retention:
            "retention message|image|url|default|approve|reject|approve-next|reject-next|auto-approve ..."
        }
    }
}

extension StoreAction {
    /// The action nearest to a misspelt word, for "did you mean".
    static func closest(to word: String) -> String? {
        Suggestion.closest(to: word, in: allCases.map(\.rawValue))
    }
}
