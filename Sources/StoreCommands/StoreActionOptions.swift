import CommandLineOptions
import Foundation
import StoreCore

/// The options of the `kiosk store` actions, declared once, typed, in the groups of the actions
/// that read them. The CLI places them in its own options (`@OptionGroup`), a rehearsal's store
/// line is read against them (`StoreWords.parse`): both go through CommandLineOptions, so a
/// value is refused the same way, with the same words, wherever it is written, and `--help`,
/// the man page and the completion scripts list what is declared here.
public struct StoreActionOptions: ParsableOptions {
    @OptionGroup public var output: Output
    @OptionGroup public var purchase: Purchase
    @OptionGroup public var refund: Refund
    @OptionGroup public var advance: Advance
    @OptionGroup public var account: Account
    @OptionGroup public var notifications: Notifications
    @OptionGroup public var retention: Retention

    public init() {}

    /// How every action prints.
    public struct Output: ParsableOptions {
        @Flag("json", help: "Print machine-readable JSON.") public var json: Bool
        @Flag(
            "jws",
            help:
                "Print only the signed values, one JWS a line (for kiosk verify -); notifications: signed now."
        )
        public var jws: Bool

        public init() {}
    }

    /// `buy`: the purchase options, in the order `purchaseOptions` hands them to the store.
    public struct Purchase: ParsableOptions {
        @Option(
            "quantity", value: "N", help: "buy: how many (consumables, 1 to 10).",
            transform: StoreActionOptions.quantity)
        public var quantity: Int?
        @Option("offer-code", value: "REF", help: "buy: apply an offer code by reference name.")
        public var offerCode: String?
        @Option(
            "promo", value: "ID", help: "buy: apply a promotional offer by ID (no signature, as in testing).")
        public var promo: String?
        @Option("winback", value: "ID", help: "buy: apply a win-back offer.") public var winBack: String?
        @Option(
            "token", value: "UUID", help: "buy: the appAccountToken.", transform: StoreActionOptions.token)
        public var token: UUID?
        @Option(
            "date", value: "ISO8601", help: "buy: a backdated purchase date.",
            transform: StoreActionOptions.date)
        public var date: Date?
        @Flag(
            "cancel-immediately", help: "buy: with --date, stop after one period (default: renew until now).")
        public var cancelImmediately: Bool
        @Option(
            "plan", value: "PLAN", help: "buy: billing plan, upfront or monthly.",
            completion: .words(StoreActionOptions.planWords.map(\.word)), transform: StoreActionOptions.plan)
        public var plan: BillingPlan.PlanType?
        @Flag("ask-to-buy", help: "buy: simulate Ask to Buy for this purchase.") public var askToBuy: Bool
        @Flag("no-intro", help: "buy: treat the account as ineligible for the introductory offer.")
        public var noIntro: Bool
        @Option("key", value: "KEY", help: "buy: an idempotency key.") public var key: String?
        @Flag("off-device", help: "buy: purchase outside the app (arrives on updates).") public var offDevice:
            Bool
        @Flag("cancel", help: "buy: cancel the payment sheet.") public var cancel: Bool

        public init() {}
    }

    /// `refund`, `request-refund` and `refund-request grant`.
    public struct Refund: ParsableOptions {
        @Option(
            "reason", value: "R", help: "refund: developer-issue or other (default).",
            completion: .words(StoreActionOptions.reasonWords.map(\.word)),
            transform: StoreActionOptions.reason)
        public var reason: Transaction.RevocationReason?
        /// `--percentage P`, as Apple's milliunits (100 percent is `RefundRequest.fullRefund`).
        @Option(
            "percentage", value: "P",
            help: "refund, refund-request grant: the share refunded, 0 to 100 (default 100).",
            transform: StoreActionOptions.share)
        public var share: Int?

        public init() {}
    }

    /// `advance --periods N --group G`.
    public struct Advance: ParsableOptions {
        @Option(
            "periods", value: "N", help: "advance: renewal periods instead of a duration.",
            transform: StoreActionOptions.periods)
        public var periods: Int?
        @Option(
            "group", value: "ID", help: "advance --periods: the subscription group.",
            completion: .dynamic("groups"))
        public var group: String?

        public init() {}
    }

    /// `account add NAME`.
    public struct Account: ParsableOptions {
        @Option("storefront", value: "CODE", help: "account add: the account's storefront.")
        public var storefront: String?
        @Option("family", value: "ID", help: "account add: the account's family.") public var family: String?

        public init() {}
    }

    /// `notifications`.
    public struct Notifications: ParsableOptions {
        @Option(
            "after", value: "N", help: "notifications: only after this sequence number.",
            transform: StoreActionOptions.sequence)
        public var after: Int64?
        @Option(
            "limit", value: "N", help: "notifications: at most the newest N (default 100).",
            transform: StoreActionOptions.limit)
        public var limit: Int?

        public init() {}
    }

    /// `retention message` and `retention image`.
    public struct Retention: ParsableOptions {
        @Option(
            "image", value: "UUID", help: "retention message: its full-size image.",
            transform: StoreActionOptions.image)
        public var image: UUID?
        @Option("alt", value: "TEXT", help: "retention message --image: the image's alternative text.")
        public var alt: String?
        @Flag("bullet", help: "retention image: a bullet point's icon rather than a full-size image.")
        public var bullet: Bool

        public init() {}
    }
}

extension StoreAction {
    /// The options the action reads: the output's, and its own family's. Any other is refused
    /// rather than ignored (`refund 7 --quantity 2` says `--quantity` is not refund's).
    public var options: [OptionDefinition] {
        let own: [OptionDefinition] =
            switch self {
            case .buy: StoreActionOptions.Purchase.definitions
            case .refund, .requestRefund, .refundRequest: StoreActionOptions.Refund.definitions
            case .advance: StoreActionOptions.Advance.definitions
            case .account: StoreActionOptions.Account.definitions
            case .notifications: StoreActionOptions.Notifications.definitions
            case .retention: StoreActionOptions.Retention.definitions
            case .products, .redeem, .transactions, .entitlements, .unfinished, .all, .latest, .statuses,
                .eligibility, .finish, .restore, .approve, .decline, .expire, .renew, .autoRenew,
                .priceIncrease,
                .resolve, .delete, .clear, .reset, .now, .timeRate, .settings, .set, .errors, .error,
                .storefront,
                .locale, .accounts, .appTransaction, .manageSubscriptions, .cancelSheet:
                []
            }
        return StoreActionOptions.Output.definitions + own
    }
}

extension StoreActionOptions {
    /// Refuses an option given to an action that does not read it.
    /// - Throws: `StoreWordsError` naming the option, the action and the options it takes.
    func check(for action: StoreAction) throws(StoreWordsError) {
        let taken = action.options
        guard let stray = givenOptions.first(where: { given in !taken.contains { $0.name == given.name } })
        else { return }
        throw StoreWordsError(
            "'--\(stray.name)' is not an option of '\(action.rawValue)', which takes "
                + taken.map { "--\($0.name)" }.joined(separator: ", "),
            word: "--\(stray.name)")
    }
}
