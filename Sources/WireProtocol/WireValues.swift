import Foundation
import StoreCore

/// The bodies of the wire protocol that are not domain types already (docs/openapi.yaml).
public enum Wire {
    /// `POST …/purchases` and `…/off-device-purchases`.
    public struct PurchaseRequest: Codable, Sendable, Hashable {
        public var productID: String
        public var options: WirePurchaseOptions?
        /// `confirm` (default) or `cancel`: how the payment sheet is answered.
        public var confirmation: String?

        public init(productID: String, options: [PurchaseOption], confirmation: String? = nil) {
            self.productID = productID
            self.options = WirePurchaseOptions(options)
            self.confirmation = confirmation
        }
    }

    /// `Product.PurchaseResult`: `success` with a transaction, `userCancelled` or `pending`
    /// with the ID of the transaction the purchase left waiting.
    public struct PurchaseOutcome: Codable, Sendable, Hashable {
        public var result: String
        public var transaction: WireSigned?
        /// The waiting transaction of a `pending` purchase (issue 22).
        public var pendingTransactionID: UInt64?

        public init(_ result: PurchaseResult) {
            switch result {
            case .success(let check):
                self.result = "success"
                transaction = WireSigned(check)
            case .userCancelled: self.result = "userCancelled"
            case .pending(let id):
                self.result = "pending"
                pendingTransactionID = id
            }
        }
    }

    public struct PaymentSheetBody: Codable, Sendable, Hashable {
        public var sheet: Sheet?

        public struct Sheet: Codable, Sendable, Hashable {
            public var product: Product
            public var account: AccountName
            public var quantity: Int
            public var offer: SubscriptionOffer?
        }

        public init(_ sheet: PaymentSheet?) {
            self.sheet = sheet.map {
                Sheet(product: $0.product, account: $0.account, quantity: $0.quantity, offer: $0.offer)
            }
        }

        public var paymentSheet: PaymentSheet? {
            sheet.map {
                PaymentSheet(product: $0.product, account: $0.account, quantity: $0.quantity, offer: $0.offer)
            }
        }
    }

    public struct Transactions: Codable, Sendable, Hashable {
        public var transactions: [WireSigned]
        public init(_ transactions: [WireSigned]) { self.transactions = transactions }
    }

    public struct OptionalTransaction: Codable, Sendable, Hashable {
        public var transaction: WireSigned?
        public init(_ transaction: WireSigned?) { self.transaction = transaction }
    }

    public struct Status: Codable, Sendable, Hashable {
        public var state: SubscriptionStatus.RenewalState
        public var transaction: WireSigned
        public var renewalInfo: WireSigned

        public init(_ status: SubscriptionStatus) {
            state = status.state
            transaction = WireSigned(status.transaction)
            renewalInfo = WireSigned(status.renewalInfo)
        }
    }

    public struct Statuses: Codable, Sendable, Hashable {
        public var statuses: [Status]
        public init(_ statuses: [Status]) { self.statuses = statuses }
    }

    public struct Record: Codable, Sendable, Hashable {
        public var transaction: WireSigned
        public var state: TransactionRecord.State
        public var isFinished: Bool
        /// Unsigned: the Transaction Manager shows it, nobody needs to trust it.
        public var renewalInfo: RenewalInfo?
        public var isPendingPriceIncreaseConsent: Bool
        public var refundRequest: RefundRequest?

        public init(_ record: TransactionRecord) {
            transaction = WireSigned(record.transaction)
            state = record.state
            isFinished = record.isFinished
            renewalInfo = record.renewalInfo
            isPendingPriceIncreaseConsent = record.isPendingPriceIncreaseConsent
            refundRequest = record.refundRequest
        }
    }

    public struct Records: Codable, Sendable, Hashable {
        public var records: [Record]
        public init(_ records: [Record]) { self.records = records }
    }

    public struct Products: Codable, Sendable, Hashable {
        public var products: [Product]
        public init(_ products: [Product]) { self.products = products }
    }

    public struct Notifications: Codable, Sendable, Hashable {
        public var notifications: [NotificationSummary]
        public init(_ notifications: [NotificationSummary]) { self.notifications = notifications }
    }

    public struct Accounts: Codable, Sendable, Hashable {
        public var accounts: [StoreAccount]
        public init(_ accounts: [StoreAccount]) { self.accounts = accounts }
    }

    /// A single value: `{"value": …}` (booleans, dates, codes, reasons).
    public struct Value<T: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
        public var value: T
        public init(_ value: T) { self.value = value }
    }

    /// An off-device purchase's answer: `{"value": transaction}`, with `"pendingApproval": true`
    /// when Ask to Buy holds it (the key is left out otherwise, so a purchase answers as it did
    /// before the key, and an answer without it reads as a purchase).
    public struct OffDevicePurchase: Codable, Sendable, Hashable {
        public var value: Transaction
        public var pendingApproval: Bool?

        public init(_ transaction: Transaction, held: Bool) {
            value = transaction
            pendingApproval = held ? true : nil
        }

        public var result: StoreOperationResult {
            pendingApproval == true ? .heldForApproval(value) : .transaction(value)
        }
    }

    public struct ClockAdvance: Codable, Sendable, Hashable {
        public var seconds: Double?
        public var periods: Int?
        public var groupID: String?
        public init(seconds: Double? = nil, periods: Int? = nil, groupID: String? = nil) {
            self.seconds = seconds
            self.periods = periods
            self.groupID = groupID
        }
    }

    /// `{"errors": {"purchase": "generic.networkError"}}`, keyed by `FailableAPI.key`.
    public struct SimulatedErrors: Codable, Sendable, Hashable {
        public var errors: [String: String]

        public init(_ errors: [FailableAPI: SimulatedFailure]) {
            self.errors = Dictionary(uniqueKeysWithValues: errors.map { ($0.key.key, $0.value.code) })
        }

        public var failures: [FailableAPI: SimulatedFailure] {
            var result: [FailableAPI: SimulatedFailure] = [:]
            for (key, code) in errors {
                if let api = FailableAPI(key: key), let failure = SimulatedFailure(code: code) {
                    result[api] = failure
                }
            }
            return result
        }
    }
}

extension Wire {
    /// `GET …/snapshot`: `StoreSnapshot` with its signed values as JWS, for one request.
    public struct Snapshot: Codable, Sendable, Hashable {
        public var products: [Product]
        public var groupID: String?
        public var entitlements: [WireSigned]
        public var statuses: [Status]
        public var isEligibleForIntroOffer: Bool
        public var records: [Record]
        /// How many records the account has; absent from servers before paging (then all
        /// were sent).
        public var recordCount: Int?
        public var notifications: [NotificationSummary]
        public var settings: StoreSettings
        public var account: AccountName
        public var accounts: [StoreAccount]
        public var clock: Date?
        /// The last date the clock can reach (absent from servers before issue 22).
        public var latestClock: Date?
        public var simulatedErrors: SimulatedErrors

        public init(_ snapshot: StoreSnapshot) {
            products = snapshot.products
            groupID = snapshot.groupID
            entitlements = snapshot.entitlements.map(WireSigned.init)
            statuses = snapshot.statuses.map(Status.init)
            isEligibleForIntroOffer = snapshot.isEligibleForIntroOffer
            records = snapshot.records.map(Record.init)
            recordCount = snapshot.recordCount
            notifications = snapshot.notifications
            settings = snapshot.settings
            account = snapshot.account
            accounts = snapshot.accounts
            clock = snapshot.clock
            latestClock = snapshot.latestClock
            simulatedErrors = SimulatedErrors(snapshot.simulatedErrors)
        }
    }
}

extension Wire {
    /// `PATCH …/settings`: the switches to change, each applied as one `StoreSetting`.
    /// A refund: the revocation reason (`value`, 0 or 1) and the refunded share in milliunits
    /// (absent for a full refund).
    public struct Refund: Codable, Sendable, Hashable {
        public var value: Int
        public var percentage: Int?

        public init(value: Int, percentage: Int? = nil) {
            self.value = value
            self.percentage = percentage
        }
    }

    public struct SettingsPatch: Codable, Sendable, Hashable {
        public var storefront: String?
        public var locale: String?
        public var timeRate: TimeRate?
        public var askToBuyEnabled: Bool?
        public var billingRetryOnRenewal: Bool?
        public var billingGracePeriodEnabled: Bool?
        public var interruptedPurchasesEnabled: Bool?
        public var disableDialogs: Bool?
        public var billingGracePeriodDays: Int?
        public var includeFinishedConsumables: Bool?

        public init(_ setting: StoreSetting) {
            switch setting {
            case .storefront(let value): storefront = value
            case .locale(let value): locale = value
            case .timeRate(let value): timeRate = value
            case .askToBuy(let value): askToBuyEnabled = value
            case .billingRetryOnRenewal(let value): billingRetryOnRenewal = value
            case .billingGracePeriod(let value): billingGracePeriodEnabled = value
            case .interruptedPurchases(let value): interruptedPurchasesEnabled = value
            case .disableDialogs(let value): disableDialogs = value
            case .billingGracePeriodDays(let value): billingGracePeriodDays = value
            case .includeFinishedConsumables(let value): includeFinishedConsumables = value
            }
        }

        public var settings: [StoreSetting] {
            var result: [StoreSetting] = []
            if let storefront { result.append(.storefront(storefront)) }
            if let locale { result.append(.locale(locale)) }
            if let timeRate { result.append(.timeRate(timeRate)) }
            if let askToBuyEnabled { result.append(.askToBuy(askToBuyEnabled)) }
            if let billingRetryOnRenewal { result.append(.billingRetryOnRenewal(billingRetryOnRenewal)) }
            if let billingGracePeriodEnabled { result.append(.billingGracePeriod(billingGracePeriodEnabled)) }
            if let interruptedPurchasesEnabled {
                result.append(.interruptedPurchases(interruptedPurchasesEnabled))
            }
            if let disableDialogs { result.append(.disableDialogs(disableDialogs)) }
            if let billingGracePeriodDays { result.append(.billingGracePeriodDays(billingGracePeriodDays)) }
            if let includeFinishedConsumables {
                result.append(.includeFinishedConsumables(includeFinishedConsumables))
            }
            return result
        }
    }
}
